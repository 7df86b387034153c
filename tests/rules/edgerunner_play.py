"""Helpers for the Edgerunner tests: the sample maps as a GM opens them, and steps taken as the
dock and `tabletop play` take them (rules/systems.perform, then rules/play.applied)."""

from __future__ import annotations

from tabletop.io import load_map
from tabletop.model import Map, StressTrack
from tabletop.rules.play import Step, applied
from tabletop.rules.systems import perform
from tests.conftest import MAPS

START = {"do": "start", "system": "edgerunner", "duration": "a few seconds"}


def sample(name: str) -> Map:
    """maps/NAME.tabletop, any saved conflict set aside."""
    return load_map(MAPS / f"{name}.tabletop").model_copy(update={"conflict": None})


def with_jade(map_: Map) -> Map:
    """The warehouse with Jade beside Gatto in the west end."""
    jade = map_.token("gatto").model_copy(update={"id": "jade", "name": "Jade"})
    return map_.model_copy(update={"tokens": [*map_.tokens, jade]})


def take(map_: Map, step: dict) -> Step:
    """One step as the dock takes it, names and all; ValueError when the rules refuse it."""
    return perform(map_, map_.conflict, step)


def played(map_: Map, *steps: dict) -> Map:
    """The map after these steps, each applied as the document applies it."""
    for step in steps:
        map_ = applied(map_, take(map_, step))
    return map_


def track(map_: Map, token: str, name: str) -> StressTrack:
    return next(t for t in map_.token(token).stress if t.name == name)


def act(actor: str, action: str, **fields) -> dict:
    return {"do": "act", "actor": actor, "action": action, **fields}
