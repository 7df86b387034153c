"""How much of the screen the map gets: full screen (F11), map only (Tab: no docks, toolbars
or status bar), and a first layout where the map takes most of the window. Both modes are
remembered in the window's settings, as plain bools.

Tab toggles map only while the canvas has the keyboard, as the tools' single keys do: a
window-wide Tab would take Tab from the Inspector, whose fields tab between themselves."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRectF, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QToolBar

from tabletop.geometry.shapes import map_bounds

FULL_SCREEN_KEY = "view/full_screen"
MAP_ONLY_KEY = "view/map_only"
INSPECTOR_SHARE, LIST_SHARE = 0.22, 0.15
"""Parts of the window's width the docks start with; the map keeps the rest (about 63%)."""
INSPECTOR_MIN, LIST_MIN = 250, 170


class ViewModes(QObject):
    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.settings = window.settings
        self._hidden: list = []
        self._laid_out = False
        self.full_screen_action = self._action("&Full Screen", "F11", self.set_full_screen)
        self.map_only_action = self._action("&Map Only", "Tab", self.set_map_only)
        self.map_only_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        window.view.addAction(self.map_only_action)  # on the canvas only, never while typing
        window.addAction(self.full_screen_action)
        menu = next((a.menu() for a in window.menuBar().actions() if a.text() == "&View"), None)
        if menu is not None:
            menu.addSeparator()
            menu.addAction(self.full_screen_action)
            menu.addAction(self.map_only_action)
        window.installEventFilter(self)
        if self._remembered(MAP_ONLY_KEY):
            self.set_map_only(True)

    def _action(self, text: str, key: str, slot) -> QAction:
        act = QAction(text, self.window)
        act.setCheckable(True)
        act.setShortcut(QKeySequence(key))
        act.toggled.connect(slot)
        return act

    def _remembered(self, key: str) -> bool:
        return bool(self.settings.value(key, False, type=bool))

    # -- the modes -----------------------------------------------------------------------

    @property
    def full_screen(self) -> bool:
        return bool(self.window.windowState() & Qt.WindowState.WindowFullScreen)

    def set_full_screen(self, on: bool) -> None:
        if on != self.full_screen:
            state = self.window.windowState()
            self.window.setWindowState(
                state | Qt.WindowState.WindowFullScreen if on else state & ~Qt.WindowState.WindowFullScreen
            )
        self._sync(self.full_screen_action, on)
        self.settings.setValue(FULL_SCREEN_KEY, bool(on))

    @property
    def map_only(self) -> bool:
        return self.map_only_action.isChecked()

    def set_map_only(self, on: bool) -> None:
        """Hide (or bring back) the docks, toolbars and status bar. A map shown whole is fitted
        again to the new room; a zoomed-in view keeps its centre."""
        view = self.window.view
        centre = view.mapToScene(view.viewport().rect().center())
        document = view.map_scene.document
        x, y, w, h = map_bounds(document.map, margin=0, zone_extent=document.layout.zone_extent())
        whole = view.mapToScene(view.viewport().rect()).boundingRect().contains(QRectF(x, y, w, h))
        if on and not self._hidden:
            chrome = [*self.window.findChildren(QDockWidget), *self.window.findChildren(QToolBar)]
            self._hidden = [w for w in chrome if w.parent() is self.window and w.isVisibleTo(self.window)]
            self._hidden.append(self.window.statusBar())
            for widget in self._hidden:
                widget.hide()
            view.setFocus()
        elif not on:
            for widget in self._hidden:
                widget.show()
            self._hidden = []
        self._sync(self.map_only_action, on)
        self.settings.setValue(MAP_ONLY_KEY, bool(on))
        QTimer.singleShot(0, view.fit_map if whole else lambda: view.centerOn(centre))

    @staticmethod
    def _sync(act: QAction, on: bool) -> None:
        if act.isChecked() != on:
            act.blockSignals(True)
            act.setChecked(on)
            act.blockSignals(False)

    # -- the first layout ----------------------------------------------------------------

    def first_layout(self) -> None:
        """Give the docks a modest width so the map takes most of the window."""
        docks = self.window.docks
        width = self.window.width()
        self.window.resizeDocks(
            [docks["Inspector"], docks["Zones"]],
            [max(INSPECTOR_MIN, round(width * INSPECTOR_SHARE)), max(LIST_MIN, round(width * LIST_SHARE))],
            Qt.Orientation.Horizontal,
        )

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.Show and not self._laid_out:
            self._laid_out = True
            self.first_layout()
            if self._remembered(FULL_SCREEN_KEY):  # after the window's own resize, which would undo it
                self.set_full_screen(True)
        elif watched is self.window and event.type() == QEvent.Type.WindowStateChange:
            self._sync(self.full_screen_action, self.full_screen)
            self.settings.setValue(FULL_SCREEN_KEY, self.full_screen)
        return False
