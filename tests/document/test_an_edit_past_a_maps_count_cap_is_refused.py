"""An edit that would take a map past a count the reader takes (tokens, grids, the polygons'
points together) is refused as it is made, in the reader's own words, and the map is left as
it was: a map past a cap would save but never open again."""

from __future__ import annotations

import math

import pytest

from tabletop.document import MapDocument, integrity
from tabletop.document.commands import AddMany, AddObject, EditObject
from tabletop.document.integrity import IntegrityError
from tabletop.model import EncounterGrid, Map, PolygonShape, Tile, Token, Zone, whole_map
from tabletop.model.base import MAX_GRIDS, MAX_TOKENS
from tabletop.model.kinds import Kind


def _tokens(n: int, start: int = 0) -> list[Token]:
    return [Token(id=f"t{k}", name=f"Token {k}") for k in range(start, start + n)]


def _grid(grid_id: str, x: float) -> EncounterGrid:
    return EncounterGrid(id=grid_id, tiles=[Tile(row=0, col=0)], origin=(x, 0.0))


def test_a_token_past_the_cap_is_refused_and_nothing_changes(qapp):
    document = MapDocument(Map(tokens=_tokens(MAX_TOKENS - 1)))
    document.undo_stack.push(AddObject(document, Kind.TOKEN, Token(id="last", name="Last")))
    assert len(document.map.tokens) == MAX_TOKENS, "up to the cap an edit goes through"
    with pytest.raises(IntegrityError, match=f"would have {MAX_TOKENS + 1:,} tokens; a map has at most {MAX_TOKENS:,}"):
        document.undo_stack.push(AddObject(document, Kind.TOKEN, Token(id="one-more", name="One more")))
    assert len(document.map.tokens) == MAX_TOKENS
    assert document.undo_stack.count() == 1


def test_many_added_at_once_are_counted_together(qapp):
    document = MapDocument(Map(tokens=_tokens(MAX_TOKENS - 5)))
    with pytest.raises(IntegrityError, match=f"would have {MAX_TOKENS + 1:,} tokens"):
        document.undo_stack.push(AddMany(document, Kind.TOKEN, _tokens(6, start=MAX_TOKENS), "Paste 6 tokens"))
    assert len(document.map.tokens) == MAX_TOKENS - 5
    document.undo_stack.push(AddMany(document, Kind.TOKEN, _tokens(5, start=MAX_TOKENS), "Paste 5 tokens"))
    assert len(document.map.tokens) == MAX_TOKENS


def test_an_edit_of_what_is_there_is_not_counted_as_more(qapp):
    document = MapDocument(Map(tokens=_tokens(MAX_TOKENS)))
    renamed = document.get(Kind.TOKEN, "t3").model_copy(update={"name": "Renamed"})
    document.put(Kind.TOKEN, renamed)
    assert document.get(Kind.TOKEN, "t3").name == "Renamed"


def test_a_grid_past_the_cap_is_refused(qapp):
    grids = [_grid(f"g{k}", k * 1000.0) for k in range(MAX_GRIDS)]
    document = MapDocument(Map(grids=grids))
    with pytest.raises(IntegrityError, match=f"would have {MAX_GRIDS + 1:,} grids"):
        document.undo_stack.push(AddObject(document, Kind.GRID, _grid("one-more", -1000.0)))
    assert len(document.map.grids) == MAX_GRIDS


def _square(zone_id: str, x: float, corners: int = 4) -> Zone:

    ring = [
        (x + 10 * math.cos(2 * math.pi * k / corners), 10 * math.sin(2 * math.pi * k / corners)) for k in range(corners)
    ]
    return Zone(id=zone_id, name=zone_id, shape=PolygonShape(points=ring))


@pytest.fixture
def few_points(monkeypatch):
    """A cap of 40 points on the map's polygons together, for maps a test can hold."""
    for module in (integrity, whole_map):
        monkeypatch.setattr(module, "MAX_MAP_POINTS", 40)


def test_zones_past_the_maps_points_are_refused_as_they_are_added(qapp, few_points):
    document = MapDocument(Map(zones=[_square(f"z{k}", 30.0 * k) for k in range(9)]))  # 36 points
    document.undo_stack.push(AddObject(document, Kind.ZONE, _square("ninth", 300.0)))  # 40: the cap
    with pytest.raises(IntegrityError, match="polygons would have 44 points together; a map has at most 40"):
        document.undo_stack.push(AddObject(document, Kind.ZONE, _square("tenth", 330.0)))
    assert len(document.map.zones) == 10


def test_a_vertex_added_past_the_cap_is_refused_and_one_dropped_frees_room(qapp, few_points):
    document = MapDocument(Map(zones=[_square(f"z{k}", 30.0 * k) for k in range(10)]))  # 40 points
    more = _square("z0", 0.0, corners=5)
    with pytest.raises(IntegrityError, match="would have 41 points"):
        document.undo_stack.push(EditObject(document, Kind.ZONE, more, "points"))
    document.undo_stack.push(EditObject(document, Kind.ZONE, _square("z1", 30.0, corners=3), "points"))  # 39
    document.undo_stack.push(EditObject(document, Kind.ZONE, more, "points"))  # 40 again
    assert len(document.get(Kind.ZONE, "z0").shape.points) == 5
