"""A session for the window's tests: the tavern (the players' window's secrets map, a token hidden
in it) and the road (a zone of a colour of its own, and a hidden zone of another), opened in the
window with the players' window open and uncovered."""

from __future__ import annotations

from PySide6.QtGui import QImage

from tabletop.model import FillStyle
from tabletop.samples import warehouse
from tests.sessions import session_on_disk
from tests.ui.test_player_window import _count, _secret_map

TAVERN_SEEN = ("#ff00ff", "#00ff00")
"""The tavern's middle zone and the token in it: the players see them while it is live."""
TAVERN_HIDDEN = "#0000fe"
"""Hargan, hidden in the tavern: never on the players' window."""
ROAD_SEEN = "#ffff01"
ROAD_HIDDEN = "#01ffff"
"""The road's west end (seen) and its east end (hidden)."""


def tavern():
    map_, _, hargan = _secret_map()
    tokens = [t.model_copy(update={"hidden": True}) if t.id == hargan.id else t for t in map_.tokens]
    return map_.model_copy(update={"tokens": tokens, "title": "Tavern"})


def road():
    map_ = warehouse()
    looks = {"z1": {"fill": FillStyle(colour=ROAD_SEEN)}, "z3": {"fill": FillStyle(colour=ROAD_HIDDEN), "hidden": True}}
    zones = [z.model_copy(update=looks.get(z.id, {})) for z in map_.zones]
    return map_.model_copy(update={"zones": zones, "tokens": [], "title": "Road"})


def open_session(qtbot, window, tmp_path, players: bool = True):
    """The tavern (live) and the road in a session opened in the window; the players' window."""
    path = session_on_disk(tmp_path, [("Tavern", tavern()), ("Road", road())], live=0)
    window.later.finish()
    assert window.files.open(path)
    player = None
    if players:
        window.players.open_action.trigger()
        player = window.players.player
        qtbot.waitUntil(lambda: not player.view.covered)
    return path, window.scenes, player


def players_frame(window) -> QImage:
    player = window.players.player
    return player.view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def colours_seen(window) -> dict[str, int]:
    frame = players_frame(window)
    return {c: _count(frame, c) for c in (*TAVERN_SEEN, TAVERN_HIDDEN, ROAD_SEEN, ROAD_HIDDEN)}
