"""Maps saved in the middle of play, for tests of what a running conflict does elsewhere
(the players' copy, exports)."""

from __future__ import annotations

from tabletop.model import Map
from tabletop.rules import systems
from tabletop.rules.play import applied
from tabletop.samples import af_encounter

REFLEXES = {"kell": 3, "mira": 5, "raider": 2, "archer": 4}


def mid_encounter() -> Map:
    """The AF sample with the encounter running and two turns begun (Mira's, then the archer's)."""
    map_ = af_encounter()
    steps = [{"do": "start", "system": "af", "tokens": list(REFLEXES), "reflexes": REFLEXES}, {"do": "next"}]
    for step in steps:
        map_ = applied(map_, systems.perform(map_, map_.conflict, step))
    return map_
