"""How much of the screen the map gets: full screen (F11) and map only (Tab: no docks, toolbars
or status bar). Both modes are remembered in the window's settings, as plain bools.

Tab toggles map only while the canvas has the keyboard, as the tools' single keys do: a
window-wide Tab would take Tab from the Inspector, whose fields tab between themselves."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QRectF, QSettings, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from tabletop.ui.registry import Act, ActionRegistry
from tabletop.ui.view import MapView

FULL_SCREEN_KEY = "view/full_screen"
MAP_ONLY_KEY = "view/map_only"


class ViewModes(QObject):
    """The two modes, for the window the canvas is in. `chrome` names what map only hides (the
    docks and toolbars shown, the status bar); `first_layout` gives the docks their first widths
    when the window first shows."""

    def __init__(
        self,
        view: MapView,
        settings: QSettings,
        actions: ActionRegistry,
        chrome: Callable[[], list[QWidget]],
        first_layout: Callable[[], None],
    ) -> None:
        self.frame = view.window()
        super().__init__(self.frame)
        self.view, self.settings, self.chrome, self.first_layout = view, settings, chrome, first_layout
        self._hidden: list[QWidget] = []
        self._laid_out = False
        self.full_screen_action = actions.register(
            Act("view.full_screen", "&Full Screen", keys="F11", toggled=self.set_full_screen, reach="window")
        )
        # on the canvas only, never while typing
        self.map_only_action = actions.register(
            Act("view.map_only", "&Map Only", keys="Tab", toggled=self.set_map_only, reach="canvas")
        )
        self.frame.installEventFilter(self)
        if self._remembered(MAP_ONLY_KEY):
            self.set_map_only(True)

    def _remembered(self, key: str) -> bool:
        return bool(self.settings.value(key, False, type=bool))

    # -- the modes -----------------------------------------------------------------------

    @property
    def full_screen(self) -> bool:
        return bool(self.frame.windowState() & Qt.WindowState.WindowFullScreen)

    def set_full_screen(self, on: bool) -> None:
        if on != self.full_screen:
            state = self.frame.windowState()
            self.frame.setWindowState(
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
        view = self.view
        centre = view.mapToScene(view.viewport().rect().center())
        whole = True  # the empty window's first frame, its map not yet there, is fitted once it is
        if view.map_scene is not None:
            from tabletop.geometry.single.shapes import map_bounds  # deferred: the model's, once the map is there

            document = view.map_scene.document
            x, y, w, h = map_bounds(document.map, margin=0, zone_extent=document.layout.zone_extent())
            whole = view.mapToScene(view.viewport().rect()).boundingRect().contains(QRectF(x, y, w, h))
        if on and not self._hidden:
            self._hidden = self.chrome()
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

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.frame and event.type() == QEvent.Type.Show and not self._laid_out:
            self._laid_out = True
            self.first_layout()
            if self._remembered(FULL_SCREEN_KEY):  # after the window's own resize, which would undo it
                self.set_full_screen(True)
        elif watched is self.frame and event.type() == QEvent.Type.WindowStateChange:
            self._sync(self.full_screen_action, self.full_screen)
            self.settings.setValue(FULL_SCREEN_KEY, self.full_screen)
        return False
