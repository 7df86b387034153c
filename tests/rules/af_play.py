"""Helpers for the AF encounter tests: the sample encounter and a Step applied to a map."""

from __future__ import annotations

from tabletop.io import load_map
from tabletop.model import Map
from tabletop.rules.play import Step
from tests.conftest import MAPS


def creek() -> Map:
    """maps/af-encounter.tabletop as a GM opens it, any saved conflict set aside."""
    return load_map(MAPS / "af-encounter.tabletop").model_copy(update={"conflict": None})


def applied(map_: Map, step: Step) -> Map:
    """The map after a play step, as apply_step leaves the document: its objects replaced, then
    its conflict; the map's own checks run on the result."""
    tokens = {t.id: t for t in step.tokens}
    grids = {g.id: g for g in step.grids}
    data = map_.model_dump()
    data["tokens"] = [tokens.get(t.id, t).model_dump() for t in map_.tokens]
    data["grids"] = [grids.get(g.id, g).model_dump() for g in map_.grids]
    data["conflict"] = None if step.conflict is None else step.conflict.model_dump()
    return Map.model_validate(data)
