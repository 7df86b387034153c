"""A token's disc is drawn whole inside the zone it stands in, however small the room and
however many stand there: room-mates stand closer, over each other if they must, before one is
drawn in the next room (which would tell the players a wrong place). Rooms big enough for their
rows keep them as before."""

from __future__ import annotations

import pytest

from tabletop.geometry.single.labels import edge_distance
from tabletop.geometry.single.shapes import TOKEN_RADIUS, token_spots
from tabletop.model import Map, PolygonShape, Token, Zone, ZoneLocation
from tests.render.dungeon import compact_dungeon

L_SHAPE = [(0.0, 0.0), (120.0, 0.0), (120.0, 40.0), (40.0, 40.0), (40.0, 120.0), (0.0, 120.0)]


def _room(points, count: int) -> Map:
    zone = Zone(id="room", name="Crypt", shape=PolygonShape(points=points))
    tokens = [Token(id=f"t{k}", name=f"Raider number {k}", location=ZoneLocation(zone="room")) for k in range(count)]
    return Map(zones=[zone], tokens=tokens)


def _square(size: float) -> list[tuple[float, float]]:
    return [(0.0, 0.0), (size, 0.0), (size, size), (0.0, size)]


def _outside(map_: Map, name_scale: float = 1.0) -> list[str]:
    zones = {zone.id: zone for zone in map_.zones}
    spots = token_spots(map_, name_scale=name_scale)
    return [
        token.label
        for token in map_.tokens
        if edge_distance(zones[token.location.zone].shape.points, *spots[token.id]) < TOKEN_RADIUS - 1e-6
    ]


@pytest.mark.parametrize("size", [40.0, 50.0, 64.0, 80.0])
@pytest.mark.parametrize("name_scale", [1.0, 1.35])
def test_every_disc_of_the_compact_dungeon_stays_in_its_room(size, name_scale):
    assert _outside(compact_dungeon(size), name_scale) == []


@pytest.mark.parametrize("count", range(1, 9))
@pytest.mark.parametrize(
    "points", [_square(50.0), _square(80.0), _square(120.0), L_SHAPE], ids=["50", "80", "120", "L"]
)
def test_a_crowd_in_a_small_room_stands_inside_it(points, count):
    assert _outside(_room(points, count)) == []


def test_room_mates_in_a_small_room_stand_as_far_apart_as_it_lets_them():
    spots = token_spots(_room(_square(50.0), 2))
    (x1, y1), (x2, y2) = spots["t0"], spots["t1"]
    assert abs(x1 - x2) + abs(y1 - y2) >= 50.0 - 2 * (TOKEN_RADIUS + 2) - 1e-6, "spread across the room's free middle"


def test_a_room_big_enough_keeps_its_tokens_side_by_side_about_its_middle():
    spots = token_spots(_room(_square(160.0), 2))
    assert spots["t0"][1] == spots["t1"][1] == 80.0
    assert spots["t0"][0] < 80.0 < spots["t1"][0]


def test_a_crowd_in_a_small_room_tries_only_the_rows_the_room_has(monkeypatch):
    """A horde dropped in a small room is placed without trying a split into as many rows as it
    has tokens: rows less than a unit apart gain nothing, and each try tests every disc."""
    import tabletop.geometry.single.shapes as shapes

    tested = []
    real = shapes._disc_inside
    monkeypatch.setattr(shapes, "_disc_inside", lambda points, p: tested.append(p) or real(points, p))
    room = ((0.0, 0.0), (60.0, 0.0), (60.0, 60.0), (0.0, 60.0))
    spots = shapes._packed(room, (30.0, 30.0), 300, shapes.DISC_STEP)
    assert len(spots) == 300
    assert len(tested) <= 300 * 61, "no more tries than the room has unit-spaced rows"
