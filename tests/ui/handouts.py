"""The map the handout tests show from: the players' window's secrets map (the warehouse, its
middle zone and a token in it each in a colour found nowhere else), its middle zone given a
description and GM notes, the east end hidden and the west end fogged, each with words of
its own the players must never read."""

from __future__ import annotations

from PySide6.QtGui import QImage, QPainter

from tabletop.model import Aspect, Map
from tests.ui.test_player_window import _secret_map

DESCRIPTION = "Crates stacked to the roof; the air smells of oil and old rope."
NOTES = "SECRET: the rifles are in the third crate"
HIDDEN_WORDS = "A vault no player knows of"
FOGGED_WORDS = "Shelves the players have not seen yet"


def handout_map() -> Map:
    map_ = _secret_map()[0]
    words = {
        "z1": {"fogged": True, "description": FOGGED_WORDS, "gm_notes": NOTES},
        "z2": {
            "description": DESCRIPTION,
            "gm_notes": NOTES,
            "aspects": [Aspect(name="Stacked crates", free_invokes=2)],
        },
        "z3": {"hidden": True, "description": HIDDEN_WORDS, "gm_notes": NOTES},
    }
    return map_.model_copy(update={"zones": [zone.model_copy(update=words[zone.id]) for zone in map_.zones]})


def open_players(qtbot, window, map_: Map | None = None, path=None):
    """The players' window open on the map, uncovered, with the handouts' controls built."""
    window.document.replace_map(map_ or handout_map(), path)
    window.later.finish()
    window.players.open_action.trigger()
    player = window.players.player
    qtbot.waitUntil(lambda: not player.view.covered)
    return player, window.later.part("handouts")


def frame(player) -> QImage:
    """The players' window as it shows, the card over the map included."""
    return player.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def words_painted(player, monkeypatch) -> list[str]:
    """Every text the painter writes while the players' window paints itself whole."""
    said: list[str] = []
    original = QPainter.drawText

    def recorded(painter, *args):
        said.extend(arg for arg in args if isinstance(arg, str))
        return original(painter, *args)

    monkeypatch.setattr(QPainter, "drawText", recorded)
    frame(player)
    monkeypatch.setattr(QPainter, "drawText", original)
    return said
