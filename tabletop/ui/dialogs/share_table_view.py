"""The phones' table view follows the players' window: the rectangle it shows and its turn,
handed to the phones' feed as a Qt-free Framing, and a new drawing asked whenever the GM pushes
or frames that view, turns it, or opens or closes the window. And the dialog's words of where
the page listens."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from tabletop.serve.addresses import LOOPBACK
from tabletop.serve.framing import Framing

if TYPE_CHECKING:
    from tabletop.ui.player.controls import PlayerControls
    from tabletop.ui.player.window import PlayerWindow


class TableViewFollow(QObject):
    """Calls `changed` when what the players' window shows moves, and says what it shows."""

    def __init__(self, players: PlayerControls, changed: Callable[..., None], parent: QObject) -> None:
        super().__init__(parent)
        self.players, self.changed = players, changed
        self._told: Framing | None = None
        players.placed.connect(self._placed)
        if players.player is not None:
            self._placed(players.player)

    def _placed(self, player: PlayerWindow) -> None:
        """A players' window opened: the phones' table view follows it until it closes."""
        player.view.viewChanged.connect(self._moved)
        player.closed.connect(self._moved)
        self._moved()

    def _moved(self) -> None:
        """Only a view that shows another rectangle redraws the phones: the window shows its
        rectangle again on every resize and reveal."""
        framing = self.framing()
        if framing != self._told:
            self._told = framing
            self.changed()

    def framing(self) -> Framing | None:
        """What the players' window shows now: the map's rectangle on its screen, turned as it
        is turned; None while it is closed (the phones then show the whole map)."""
        player = self.players.player
        if player is None:
            return None
        shown = player.view.visible_rect()
        if shown.isEmpty():
            return None
        return Framing((shown.x(), shown.y(), shown.width(), shown.height()), player.view.rotation)


def where_said(host: str, on: bool, addresses: list[tuple[str, str]]) -> str:
    """What the dialog says of where the page listens (`addresses`: the computer's, as
    table_addresses gives them): plainly, when no phone can reach it."""
    network = [address for address, _ in addresses if address != LOOPBACK]
    offer = (
        f"choose the table's network ({network[0]})"
        if network
        else "join this computer to the table's Wi-Fi, then choose the table's network"
    )
    if host != LOOPBACK and on:
        return "Sharing the players' map: scan the code, or open the link, on a phone on the table's network."
    if host != LOOPBACK:
        return "Not sharing. Start to let the phones on the table's network open the players' map."
    if on:
        return (
            "Sharing on this computer only: no phone can open this link, only a browser here."
            f" For phones, stop and {offer}."
        )
    return f"Not sharing. This computer only lets no phone in: for the players' phones, {offer}."
