"""Keeps the players' page showing the map: a change asks for a new picture, drawn a moment
later on the Qt thread (a drag's many edits are one drawing), then handed to the server's
thread. The picture, the banner and the handed tokens' sheets are worked out from one map at
one moment, so a phone never shows a sheet ahead of its picture."""

from __future__ import annotations

import os
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal

from tabletop.model import Map
from tabletop.rules.visibility import LIVE, Fog
from tabletop.serve.picture import black_png, players_png
from tabletop.serve.server import Showing, TableServer
from tabletop.serve.sheet import banner, player_sheet

Folder = str | os.PathLike[str] | None
Source = Callable[[], tuple[Map, Folder, Fog]]
SETTLE_MS = 80
"""How long the feed waits after a change for the next one before it draws."""


class PhoneFeed(QObject):
    """Draws what `source` gives (the map, its folder, the players' fog) for `server`."""

    drawn = Signal()
    failed = Signal(str)
    """A picture could not be drawn: one line saying why (the phones keep the last one)."""

    def __init__(
        self,
        server: TableServer,
        source: Source,
        parent: QObject | None = None,
        covered: Callable[[], bool] = lambda: False,
    ) -> None:
        super().__init__(parent)
        self.server, self.source, self.covered = server, source, covered
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(SETTLE_MS)
        self.timer.timeout.connect(self.draw)
        self.picture = b""

    def changed(self, *_) -> None:
        """Something the players may see changed: draw it once the edits settle."""
        self.timer.start()

    def draw(self) -> None:
        self.timer.stop()
        map_, folder, fog = self.source()
        if self.covered():  # the players' window blacked out: the phones go dark with it
            self.server.show(Showing(black_png(), "", self.server_sheets(map_, fog)))
            self.drawn.emit()
            return
        try:
            self.picture = players_png(map_, folder, fog)
        except (ValueError, OSError) as error:  # too large a map, an unreadable background
            self.failed.emit(f"The phones keep the last picture: {error}")
        self.server.show(Showing(self.picture, banner(map_, fog), self.server_sheets(map_, fog)))
        self.drawn.emit()

    def server_sheets(self, map_: Map, fog: Fog) -> dict[str, dict]:
        """The sheet of each token handed to a player."""
        return {token: player_sheet(map_, token, fog) for token in self.server.handed()}


def map_source(map_: Map, folder: Folder, fog: Fog = LIVE) -> Source:
    return lambda: (map_, folder, fog)
