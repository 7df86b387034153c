"""What the window's actions share: bundled icons, the Quit keys, a passing line in the status
bar, the busy cursor over a long edit, a dock's switch in the View menu."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtGui import QAction, QIcon, QKeySequence
from PySide6.QtWidgets import QFrame, QGraphicsView, QScrollArea, QWidget

from tabletop.resources import resource


def scrolling(pane: QWidget) -> QScrollArea:
    """A tall pane in a dock scrolls: several such docks at their full height made the window
    taller than a 1080-pixel screen, its status bar and last buttons off the glass."""
    area = QScrollArea()
    area.setWidget(pane)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    return area


def icon(name: str) -> QIcon:
    """A bundled icon: the desktop's icon theme is empty on bare Linux."""
    return QIcon(str(resource("icons", f"{name}.svg")))


def quit_keys() -> list:
    """The platform's Quit key, and Ctrl+Q where the platform has none."""
    keys = [QKeySequence(QKeySequence.StandardKey.Quit)]
    if keys[0].isEmpty():
        keys = []
    if QKeySequence("Ctrl+Q") not in keys:
        keys.append(QKeySequence("Ctrl+Q"))
    return keys


MESSAGE_MS = 6000
"""How long a passing status-bar message stays: long enough to read, then the tool's hint is back."""


def say(window, text: str) -> None:
    """A passing message in the status bar of a main window; it clears itself instead of going stale."""
    window.statusBar().showMessage(text, MESSAGE_MS)


IMAGE_FILTERS = "PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"


def with_extension(path: str, name_filter: str) -> str:
    """The chosen file with the extension of the chosen filter, as Save adds .tabletop; a
    name that already ends in one of the image extensions is kept."""
    known = [part.split(")")[0].lstrip("*") for part in IMAGE_FILTERS.split("(")[1:]]
    if Path(path).suffix.lower() in known:
        return path
    wanted = name_filter.split("(*")[-1].rstrip(")") if "(*" in name_filter else known[0]
    return path + wanted


def busily(views: Callable[[], Iterable[QGraphicsView]], slot: Callable[[], object]) -> Callable[[], None]:
    """The slot run under the busy cursor, kept until the map is painted again in `views` (the
    GM's canvas and the players'): Fog All, Select All or Delete on a big map holds the
    window for a while, a good part of them in the frames after the edit. The frames are the ones
    the event loop would paint, painted sooner (a repaint() of its own, then the scene's update,
    stroked a whole map's selection marks twice)."""

    def run() -> None:
        from tabletop.ui.opening import busy  # deferred: the reading's module, loaded after the first frame

        with busy():
            slot()
            for view in views():
                if view.isVisible():  # what the event loop does next, now:
                    QCoreApplication.sendPostedEvents(view.scene(), QEvent.Type.MetaCall)  # the scene's updates
                    QCoreApplication.sendPostedEvents(view.window(), QEvent.Type.UpdateRequest)  # the paint

    return run


def dock_action(dock) -> QAction:
    """View ▸ a dock: shown and raised to the front of its tabs when it is not what the GM
    sees (hidden, or behind another tab), hidden when it is. Qt's own toggle hid a dock that
    was behind a tab, where the GM meant to bring it forward. A dock behind a tab still says
    it is visible; its visibilityChanged tells when its tab comes to the front or goes back."""
    act = QAction(dock.windowTitle(), dock)
    act.setCheckable(True)
    act.setChecked(dock.isVisible())

    def chosen() -> None:
        in_front = not act.isChecked()  # the click toggled it already
        if in_front:
            dock.hide()
        else:
            dock.show()
            dock.raise_()
        act.setChecked(not in_front)

    act.triggered.connect(lambda _checked=False: chosen())
    dock.visibilityChanged.connect(act.setChecked)
    return act
