"""The GM's choice of what the players' initiative strip shows, in View ▸ Initiative Strip on the
Players' Window: nothing, the order of the round, or the order and stress. Kept in the map
window's settings as a word, so the table sees the same after a restart; the strip follows the
turn banner's edges as the GM changes them."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QActionGroup

from tabletop.ui.player.strip import MODE_KEY, mode_of
from tabletop.ui.player.table import TableParts
from tabletop.ui.player.window import PlayerWindow
from tabletop.ui.registry import Act

CHOICES = (
    ("off", "&Hidden"),
    ("order", "&Order of the Round"),
    ("stress", "Order and &Stress"),
)


class StripControls(QObject):
    """The three choices as one exclusive group; the open players' window told each change."""

    def __init__(self, table: TableParts) -> None:
        players = table.players
        super().__init__(players)
        self.players, self.settings = players, table.settings
        group = QActionGroup(self)
        self.actions: dict[str, QAction] = {}
        chosen = mode_of(self.settings)
        for mode, text in CHOICES:
            act = table.actions.register(Act(f"strip.{mode}", text, checkable=True))
            group.addAction(act)
            act.setChecked(mode == chosen)
            act.toggled.connect(lambda on, m=mode: on and self.set_mode(m))
            self.actions[mode] = act
        for act in players.edge_actions.values():  # after the banner's own: it keeps the edges
            act.toggled.connect(self._edges_changed)

    @property
    def player(self) -> PlayerWindow | None:
        return self.players.player

    @property
    def mode(self) -> str:
        return mode_of(self.settings)

    def set_mode(self, mode: str) -> None:
        self.settings.setValue(MODE_KEY, str(mode))
        if not self.actions[mode].isChecked():
            self.actions[mode].setChecked(True)
        if self.player is not None:
            self.player.strip.set_mode(mode)

    def _edges_changed(self) -> None:
        if self.player is not None:
            self.player.strip.refresh()
