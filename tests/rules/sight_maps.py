"""Small maps for sight: a row of square rooms, each border a passage the test names."""

from __future__ import annotations

from tabletop.model import Border, Map, PolygonShape, Token, Zone, ZoneLocation


def room(index: int, **fields) -> Zone:
    x = 100.0 * index
    shape = PolygonShape(points=[(x, 0.0), (x + 100.0, 0.0), (x + 100.0, 100.0), (x, 100.0)])
    return Zone(id=f"r{index}", name=f"Room {index}", shape=shape, **fields)


def row_of_rooms(passages: list[list], fogged: bool = True, hidden: frozenset[int] = frozenset(), **map_fields) -> Map:
    """Rooms r0..rN in a row; the border between r(i) and r(i+1) has `passages[i]`. A runner of
    the players' side stands in r0; every room but r0 is fogged."""
    zones = [room(i, fogged=fogged and i > 0, hidden=i in hidden) for i in range(len(passages) + 1)]
    borders = [Border(id=f"b{i}", a=f"r{i}", b=f"r{i + 1}", passages=p) for i, p in enumerate(passages)]
    runner = Token(id="kell", name="Kell", side="runners", location=ZoneLocation(zone="r0"))
    return Map(zones=zones, borders=borders, tokens=[runner], **map_fields)
