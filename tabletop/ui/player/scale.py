"""The GM's physical scale controls, in the View menu: calibrate the players' screen with a
ruler, and lock the player view's zoom so one grid area is one inch (or the chosen size) on
the glass. The lock holds through push view and follow mode: they move the view, not its zoom."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow

from tabletop.model.kinds import Kind
from tabletop.ui.player.calibration import (
    LOCK_KEY,
    CalibrationDialog,
    area_mm,
    locked_scale,
    pixels_per_mm,
    units_per_inch,
)


class ScaleControls(QObject):
    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.gm, self.settings = window, window.settings
        self.dialog: CalibrationDialog | None = None
        self.calibrate_action = QAction("&Calibrate Player Screen…", window)
        self.calibrate_action.triggered.connect(lambda _checked=False: self.calibrate())
        self.lock_action = QAction("&Lock Physical Scale", window)
        self.lock_action.setCheckable(True)
        self.lock_action.setShortcut(QKeySequence("Ctrl+Shift+L"))
        self.lock_action.setChecked(bool(self.settings.value(LOCK_KEY, False, type=bool)))
        self.lock_action.toggled.connect(self.set_locked)
        window.addAction(self.lock_action)
        menu = next((a.menu() for a in window.menuBar().actions() if a.text() == "&View"), None)
        if menu is not None:
            menu.addAction(self.calibrate_action)
            menu.addAction(self.lock_action)
        window.document.reset.connect(self.apply)
        # the lock measures the first grid's area: a new area size, or a first grid added or
        # removed, changes the pixels per map unit
        window.document.edited.connect(lambda change: change.kind is Kind.GRID and self._grid_edited())

    @property
    def player(self):
        return self.gm.players.player

    def screen_name(self) -> str:
        player = self.player
        screen = player.screen() if player is not None else None
        return screen.name() if screen is not None else ""

    def calibrate(self) -> CalibrationDialog | None:
        """Show the marks on the players' window (opening it) and the dialog on the GM's."""
        if self.player is None:
            self.gm.players.set_open(True)
        player = self.player
        if player is None:
            return None
        player.set_blackout(False)
        self.gm.players.set_blackout(False)
        self.dialog = CalibrationDialog(self.gm, player.view.viewport(), self.screen_name(), self.settings)
        self.dialog.accepted.connect(self.apply)
        self.dialog.show()
        return self.dialog

    def set_locked(self, on: bool) -> None:
        self.settings.setValue(LOCK_KEY, bool(on))
        self.apply()

    def scale(self) -> float | None:
        """Screen pixels per map unit for the lock, or None when this screen is not calibrated."""
        ppmm = pixels_per_mm(self.settings, self.screen_name())
        if ppmm is None:
            return None
        return locked_scale(self.gm.document.map, ppmm, area_mm(self.settings), units_per_inch(self.settings))

    def _grid_edited(self) -> None:
        """Only a changed scale moves the players' view (a fog stroke edits the grid too)."""
        player = self.player
        if player is not None and self.lock_action.isChecked() and player.view.locked_scale != self.scale():
            self.apply()

    def apply(self) -> None:
        player = self.player
        if player is None:
            return
        scale = self.scale() if self.lock_action.isChecked() else None
        if self.lock_action.isChecked() and scale is None:
            self.gm.statusBar().showMessage(
                "Calibrate the players' screen first (View ▸ Calibrate Player Screen)", 6000
            )
        player.view.locked_scale = scale
        player.view.show_rect(player.view.shown_rect)
