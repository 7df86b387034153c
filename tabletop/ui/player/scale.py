"""The GM's physical scale controls, in the View menu: calibrate the players' screen with a
ruler, and lock the player view's zoom so one grid area is one inch (or the chosen size) on
the glass. The lock holds through push view and follow mode: they move the view, not its zoom."""

from __future__ import annotations

from PySide6.QtCore import QObject

from tabletop.model.kinds import Kind
from tabletop.ui.player.calibration import (
    LOCK_KEY,
    CalibrationDialog,
    area_mm,
    locked_scale,
    pixels_per_mm,
    units_per_inch,
)
from tabletop.ui.player.table import TableParts
from tabletop.ui.player.window import PlayerWindow
from tabletop.ui.registry import Act


class ScaleControls(QObject):
    """The calibration and the lock, for the document's first grid and the players' window; the
    status bar says when the lock waits for a calibration."""

    def __init__(self, table: TableParts) -> None:
        document, players, actions = table.document, table.players, table.actions
        super().__init__(players)
        self.document, self.settings, self.players, self.status = document, table.settings, players, table.status
        self.dialog: CalibrationDialog | None = None
        self.calibrate_action = actions.register(Act("players.calibrate", "&Calibrate Player Screen…", self.calibrate))
        self.lock_action = actions.register(
            Act("players.lock_scale", "&Lock Physical Scale", keys="Ctrl+Shift+L", checkable=True, reach="window")
        )
        self.lock_action.setChecked(bool(self.settings.value(LOCK_KEY, False, type=bool)))
        self.lock_action.toggled.connect(self.set_locked)  # after: the remembered state is no change to apply
        players.placed.connect(self._placed)
        document.reset.connect(self.apply)
        # the lock measures the first grid's area: a new area size, or a first grid added or
        # removed, changes the pixels per map unit
        document.edited.connect(lambda change: change.kind is Kind.GRID and self._grid_edited())

    @property
    def player(self) -> PlayerWindow | None:
        return self.players.player

    def _placed(self, player: PlayerWindow) -> None:
        player.view.locked_scale = self.scale() if self.lock_action.isChecked() else None

    def screen_name(self) -> str:
        player = self.player
        screen = player.screen() if player is not None else None
        return screen.name() if screen is not None else ""

    def calibrate(self) -> CalibrationDialog | None:
        """Show the marks on the players' window (opening it) and the dialog on the GM's."""
        if self.player is None:
            self.players.set_open(True)
        player = self.player
        if player is None:
            return None
        player.set_blackout(False)
        self.players.set_blackout(False)
        self.dialog = CalibrationDialog(self.players.gm, player.view.viewport(), self.screen_name(), self.settings)
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
        # the grid of the scene the players see, which a session's GM may not be editing
        return locked_scale(
            self.players.shown_document.map, ppmm, area_mm(self.settings), units_per_inch(self.settings)
        )

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
            self.status.showMessage("Calibrate the players' screen first (View ▸ Calibrate Player Screen)", 6000)
        player.view.locked_scale = scale
        player.view.reshow()
