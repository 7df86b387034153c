"""How the map window gets to its first frame sooner: parts a GM cannot see yet are built just
after it (the Grid and Play menus' docks, hidden until asked for), and the canvas is a widget
Python made (finding the type of one Qt made loads every widget class PySide6 has)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QGraphicsView, QMainWindow, QMenu, QWidget


class AfterFirstFrame(QObject):
    """Runs the builders once the canvas has painted its first frame, in the order given, an
    event each, or the rest at once when code asks for a part first (`finish`). A timer set in
    the paint runs after the frame is on the screen; one set when the window is shown would run
    before it, as Qt hands out zero-delay timers before the platform's first expose."""

    def __init__(self, window: QMainWindow, canvas: QWidget, builders: list[Callable[[], list | None]]) -> None:
        super().__init__(window)
        self._builders = list(builders)
        self._canvas = canvas
        self._held = False
        canvas.installEventFilter(self)

    @property
    def done(self) -> bool:
        return not self._builders

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._canvas and event.type() == QEvent.Type.Paint:
            self._canvas.removeEventFilter(self)
            QTimer.singleShot(0, self, self._after_frame)
        return False

    def _after_frame(self) -> None:
        """One builder an event (all of them in one were 50 ms after a big map's first frame,
        which a click or a drag then waited for), unless held."""
        if self._held:  # the frame that counts is still to come: wait for the next one
            self._canvas.installEventFilter(self)
        elif self._builders:
            self._run(self._builders.pop(0))
            if self._builders:
                QTimer.singleShot(0, self, self._after_frame)

    @contextmanager
    def held(self) -> Iterator[None]:
        """Hold the builders back until the frame painted after this: a big map read in the
        empty window that came first (`tabletop FILE`) gets its own first frame sooner (they
        take ~0.1 s, which the read would otherwise wait for). `finish` still builds at once.
        A read cancelled or refused changes nothing on the canvas: a frame is asked for, else
        the parts would wait for whatever next paints it (keys such as F5 dead until then)."""
        self._held = bool(self._builders)
        try:
            yield
        finally:
            self._held = False
            if self._builders:
                self._canvas.update()

    def finish(self) -> None:
        """Build what is still waiting; a builder that asks for a later part gets it built."""
        while self._builders:
            self._run(self._builders.pop(0))

    def _run(self, builder: Callable[[], list | None]) -> None:
        """A builder may hand back more builders (a part built in steps): they come next."""
        more = builder()
        if more:
            self._builders[:0] = more


def stand_in(window: QMainWindow, title: str, build: Callable[[], None]) -> QMenu:
    """An empty menu holding a later menu's place in the menu bar, so the first frame shows the
    bar as it will stay; opened before its menu is built, it builds it and opens that instead."""
    menu = window.menuBar().addMenu(title)

    def opened() -> None:
        build()
        bar = window.menuBar()
        built = next((a for a in bar.actions() if a.text() == title), None)
        if built is not None and built is not menu.menuAction():
            QTimer.singleShot(0, bar, lambda: bar.setActiveAction(built))

    menu.aboutToShow.connect(opened)
    return menu


def take_place(window: QMainWindow, holder: QMenu, built: QMenu) -> None:
    """The built menu goes where its stand-in stood, and the stand-in goes."""
    bar = window.menuBar()
    bar.insertAction(holder.menuAction(), built.menuAction())
    bar.removeAction(holder.menuAction())
    holder.deleteLater()


def made_canvas(view: QGraphicsView) -> QWidget:
    """Give the view a viewport made here, set as QGraphicsView sets its own (input methods,
    and the mouse tracked for the hover line). The first `viewport()` of the one Qt made costs
    12 ms: PySide6 loads all of QtWidgets' classes, 70 enums among them, to find its type."""
    canvas = QWidget()
    canvas.setAttribute(Qt.WidgetAttribute.WA_InputMethodEnabled)
    canvas.setMouseTracking(True)
    view.setViewport(canvas)
    return canvas
