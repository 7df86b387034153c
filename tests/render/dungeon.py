"""A compact dungeon for the tests of what a map writes: rooms 80 units square, a door in most
walls with pass values both ways (some the same, some not, some shut by a door), and a few
tokens with long names, two of them sharing a room."""

from __future__ import annotations

from tabletop.model import Border, Door, Map, Passage, PolygonShape, Token, Zone, ZoneLocation

ROOMS = [
    ["Gate", "Guard room", "Shrine", "Cells"],
    ["Hall", "Well", "Vault", "Armoury"],
    ["Crypt", "Kitchen", "Library", "Barracks"],
    ["Chapel", "Forge", "Treasury", "Stair"],
]
SIZE = 80.0
DOWN = {0: (0, 2, 3), 1: (1, 2), 2: (0, 1, 3)}
"""The columns where a room has a door to the room below it, by row (every room has one to its right)."""
TOKENS = [
    ("Sir Reginald the Bold", 0, 0),
    ("Raider archer", 1, 2),
    ("Mira Thornbrook", 2, 0),
    ("Kell", 2, 0),
    ("Ghoul of the lower crypts", 3, 3),
]


def _passages(k: int) -> list[Passage]:
    """The same both ways, or not, or shut by a door: in turn."""
    if k % 3 == 0:
        return [Passage(cost_from_a=1, cost_from_b=1)]
    if k % 3 == 1:
        return [Passage(cost_from_a=1, cost_from_b=3)]
    return [Passage(cost_from_a=2, cost_from_b=4, door=Door(state="closed", open_cost=2))]


def compact_dungeon(size: float = SIZE) -> Map:
    zones, borders = [], []
    for r, row in enumerate(ROOMS):
        for c, name in enumerate(row):
            left, top = c * size, r * size
            corners = [(left, top), (left + size, top), (left + size, top + size), (left, top + size)]
            zones.append(Zone(id=f"r{r}c{c}", name=name, shape=PolygonShape(points=corners)))
    for r in range(len(ROOMS)):
        for c in range(len(ROOMS[0])):
            ends = [(r, c + 1)] if c + 1 < len(ROOMS[0]) else []
            ends += [(r + 1, c)] if c in DOWN.get(r, ()) else []
            for r2, c2 in ends:
                k = len(borders)
                borders.append(Border(id=f"d{k}", a=f"r{r}c{c}", b=f"r{r2}c{c2}", passages=_passages(k)))
    tokens = [
        Token(id=f"t{k}", name=name, location=ZoneLocation(zone=f"r{r}c{c}"), facing=90.0 * k)
        for k, (name, r, c) in enumerate(TOKENS)
    ]
    return Map(title="A compact dungeon", zones=zones, borders=borders, tokens=tokens)


AROUND = [["Gate", "Shrine", "Cells"], ["Hall", "Guard room", "Vault"], ["Crypt", "Kitchen", "Stair"]]
WALLS = [
    [Passage(cost_from_a=1, cost_from_b=3)],
    [Passage(cost_from_a=2, cost_from_b=4, door=Door(state="closed", open_cost=2))],
    [Passage(cost_from_a=1, cost_from_b=1), Passage(cost_from_a=4, cost_from_b=4)],
    [Passage(cost_from_a=2, cost_from_b=2)],
]
"""A door each way, a door shut, two passages (a badge of two lines), and the same both ways."""


def doors_all_round(size: float = SIZE, token: str | None = "Sir Reginald the Bold") -> Map:
    """Nine square rooms of `size`, the middle one (the Guard room, "r1c1") with a door in every
    wall and, if `token` names one, a token standing in it."""
    zones = []
    for r, row in enumerate(AROUND):
        for c, name in enumerate(row):
            left, top = c * size, r * size
            corners = [(left, top), (left + size, top), (left + size, top + size), (left, top + size)]
            zones.append(Zone(id=f"r{r}c{c}", name=name, shape=PolygonShape(points=corners)))
    ends = [("r0c1", "r1c1"), ("r1c1", "r1c2"), ("r1c1", "r2c1"), ("r1c0", "r1c1")]
    borders = [Border(id=f"d{k}", a=a, b=b, passages=WALLS[k]) for k, (a, b) in enumerate(ends)]
    tokens = [Token(id="t0", name=token, location=ZoneLocation(zone="r1c1"), facing=90.0)] if token else []
    return Map(title="Doors all round", zones=zones, borders=borders, tokens=tokens)
