"""Helpers for the AF tests that play steps as the dock and `tabletop play` do: a step dict
through the registry (names resolved, fields checked), applied to the map."""

from __future__ import annotations

from typing import Any

from tabletop.model import AreaLocation, Map
from tabletop.rules.play import Step, applied
from tabletop.rules.systems import perform
from tests.rules.af_play import creek

REFLEXES = {"Mira": 5, "Raider archer": 4, "Kell": 3, "Raider": 2}
"""Mira, then the archer, Kell, the raider."""


def started(*steps: dict[str, Any], reflexes: dict[str, int] | None = None, **start: Any) -> Map:
    """The creek with all four in an encounter (Mira's turn begun), then these steps."""
    begin = {"do": "start", "system": "af", "tokens": list(REFLEXES), "reflexes": reflexes or REFLEXES, **start}
    return play(creek(), begin, *steps)


def play(map_: Map, *steps: dict[str, Any]) -> Map:
    """The map after each step in turn, every step checked to leave the map it was given as it
    was (the document keeps that map for undo)."""
    for step in steps:
        outcome = take(map_, step)
        before = map_.model_dump()
        after = applied(map_, outcome)
        assert map_.model_dump() == before, f"applying {step} changed the map it was given"
        map_ = after
    return map_


def take(map_: Map, step: dict[str, Any]) -> Step:
    """One step through the registry; the map given is left exactly as it was."""
    before = map_.model_dump()
    outcome = perform(map_, map_.conflict, step)
    assert map_.model_dump() == before, f"the step {step} changed the map it was given"
    return outcome


def standing(map_: Map, token_id: str, row: int, col: int, **update: Any) -> Map:
    """The map with a token set down in an area of its grid by the GM's hand (a drag, not a
    move the rules weigh), and any other change to it (its speeds)."""
    token = map_.token(token_id)
    where = AreaLocation(grid=token.location.grid, row=row, col=col)
    moved = token.model_copy(update={"location": where, **update})
    return map_.model_copy(update={"tokens": [moved if t.id == token_id else t for t in map_.tokens]})


def turn(map_: Map, name: str):
    """A participant's AF turn state, by token id."""
    return map_.conflict.participant(name).af


def last(map_: Map, back: int = 1):
    return map_.conflict.log[-back]
