"""The bundled sample maps, built from the rule texts' worked examples.

They ship in maps/ and double as test fixtures; `python -m tabletop.samples maps` rewrites
them, and a test checks the files still equal what this module builds.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tabletop.model import (
    AreaLocation,
    Aspect,
    Border,
    Door,
    EncounterGrid,
    FillStyle,
    Map,
    NodeShape,
    Passage,
    PolygonShape,
    PropertyDraw,
    Segment,
    SegmentTemplate,
    Speeds,
    StressTrack,
    Tile,
    TileSet,
    TileTemplate,
    Token,
    Zone,
    ZoneLocation,
)


def _box(x: float, y: float, w: float, h: float) -> PolygonShape:
    return PolygonShape(points=[(x, y), (x + w, y), (x + w, y + h), (x, y + h)])


def _tracks() -> list[StressTrack]:
    return [
        StressTrack(name="health", boxes=5, threshold=3),
        StressTrack(name="cool", boxes=5, threshold=2),
    ]


def warehouse() -> Map:
    """Gatto crosses the crowded warehouse: three square zones, borders of pass value 3."""
    aisles = [Passage(label="through the aisles", cost_from_a=3, cost_from_b=3)]
    names = ["West end", "Middle", "East end"]
    return Map(
        title="The warehouse",
        notes="Edgerunner, Move: 6 shifts cross it, 3 reach the next zone, 2 move nowhere.",
        zones=[
            Zone(
                id=f"z{i + 1}",
                name=name,
                shape=_box(i * 200, 0, 200, 200),
                aspects=[Aspect(name="Labyrinth of racks")],
            )
            for i, name in enumerate(names)
        ],
        borders=[
            Border(id="b12", a="z1", b="z2", passages=aisles),
            Border(id="b23", a="z2", b="z3", passages=aisles),
        ],
        tokens=[
            Token(
                id="gatto",
                name="Gatto",
                side="runners",
                colour="#2e86c1",
                location=ZoneLocation(zone="z1"),
                facing=90,
                stress=_tracks(),
            ),
            Token(
                id="hargan",
                name="Hargan",
                side="corp",
                colour="#c0392b",
                location=ZoneLocation(zone="z3"),
                facing=270,
                stress=_tracks(),
            ),
        ],
    )


def door_passages(state: str = "closed") -> list[Passage]:
    """The wall with a door: 1 through the open door, 2 more to open it, 4 to break it, 7 the wall."""
    return [
        Passage(label="through the door", door=Door(state=state, open_cost=2)),
        Passage(label="break the door", cost_from_a=4, cost_from_b=4),
        Passage(label="break through the wall", cost_from_a=7, cost_from_b=7),
    ]


def room_with_door() -> Map:
    """Two rooms and the wall between them, its door closed."""
    return Map(
        title="A room with a closed door",
        notes="Edgerunner, The map: the four ways through a wall with a door.",
        zones=[
            Zone(id="hall", name="Hall", shape=_box(0, 0, 240, 200)),
            Zone(
                id="office",
                name="Office",
                shape=_box(240, 0, 200, 200),
                fill=FillStyle(colour="#c9d6c3"),
                gm_notes="The safe is behind the painting.",
            ),
        ],
        borders=[
            Border(
                id="wall",
                a="hall",
                b="office",
                label="Office wall",
                passages=door_passages(),
                stress=StressTrack(name="integrity", boxes=4, threshold=4),
            )
        ],
        tokens=[
            Token(
                id="jade",
                name="Jade",
                side="runners",
                colour="#8e44ad",
                location=ZoneLocation(zone="hall"),
                facing=90,
                stress=_tracks(),
            )
        ],
    )


def hillside() -> Map:
    """A slope: 1 to go downhill, 3 to go uphill."""
    slope = [Passage(label="the slope", cost_from_a=1, cost_from_b=3)]
    return Map(
        title="The hillside",
        notes="Edgerunner, The map: a border on a slope is 1 downhill and 3 uphill.",
        zones=[
            Zone(
                id="ridge",
                name="Ridge",
                shape=_box(0, 0, 400, 120),
                fill=FillStyle(colour="#b9c7a5"),
            ),
            Zone(
                id="slope",
                name="Slope",
                shape=_box(0, 120, 400, 160),
                fill=FillStyle(colour="#cfd8b0"),
            ),
            Zone(
                id="valley",
                name="Valley",
                shape=_box(0, 280, 400, 140),
                fill=FillStyle(colour="#e4e6c3"),
            ),
        ],
        borders=[
            Border(id="ridge-slope", a="ridge", b="slope", passages=slope),
            Border(id="slope-valley", a="slope", b="valley", passages=slope),
        ],
        tokens=[Token(id="scout", name="Scout", side="runners", location=ZoneLocation(zone="valley"))],
    )


def nephrite_net() -> Map:
    """Nephrite's net: network nodes, a firewall before the data, and the IC daemon to push away."""
    nodes = [
        ("gate", "Gateway", 80, 200),
        ("router", "Router", 240, 200),
        ("relay1", "Relay 1", 400, 80),
        ("relay2", "Relay 2", 560, 80),
        ("relay3", "Relay 3", 720, 80),
        ("backup", "Backup store", 880, 80),
        ("vault", "Research vault", 400, 320),
    ]
    links = [
        ("gate", "router"),
        ("router", "relay1"),
        ("relay1", "relay2"),
        ("relay2", "relay3"),
        ("relay3", "backup"),
    ]
    firewall = Passage(label="crack the firewall", cost_from_a=4, cost_from_b=1)
    return Map(
        title="Nephrite's net",
        notes="Edgerunner, Move another: Nephrite pushes the daemon four zones out with four shifts.",
        zones=[
            Zone(id=i, name=n, shape=NodeShape(x=x, y=y, radius=42), fill=FillStyle(colour="#1f3a5f"))
            for i, n, x, y in nodes
        ],
        borders=[Border(id=f"{a}-{b}", a=a, b=b) for a, b in links]
        + [
            Border(
                id="firewall",
                a="router",
                b="vault",
                label="Firewall",
                passages=[firewall],
                aspects=[Aspect(name="Icewall", free_invokes=1)],
                stress=StressTrack(name="integrity", boxes=4, threshold=3),
            )
        ],
        tokens=[
            Token(
                id="nephrite",
                name="Nephrite",
                side="runners",
                colour="#27ae60",
                location=ZoneLocation(zone="router"),
                stress=_tracks(),
            ),
            Token(
                id="daemon",
                name="IC daemon",
                side="ice",
                colour="#e74c3c",
                location=ZoneLocation(zone="router"),
                stress=[StressTrack(name="integrity", boxes=6, threshold=4)],
                aspects=[Aspect(name="Hardened pile of binary code")],
            ),
        ],
    )


def _forest_tiles() -> list[TileTemplate]:
    return [
        TileTemplate(
            name="clearing",
            segments=[SegmentTemplate(name="brush", areas=[(1, 1), (1, 2), (2, 1)])],
        ),
        TileTemplate(
            name="stream",
            segments=[SegmentTemplate(name="stream", areas=[(r, 2) for r in range(5)])],
        ),
        TileTemplate(
            name="boulders",
            segments=[SegmentTemplate(name="boulders", areas=[(2, 2), (2, 3), (3, 2)])],
        ),
    ]


def af_encounter() -> Map:
    """An AF encounter in the woods: 3x3 tiles with rough, cover, water and steep segments."""
    tiles = [Tile(row=r, col=c, name="clearing") for r in range(3) for c in range(3)]
    layout = {
        (0, 0): [Segment(name="thicket", areas=[(1, 1), (1, 2), (2, 1), (2, 2)], properties=["rough"])],
        (0, 2): [Segment(name="old wall", areas=[(r, 0) for r in range(5)], properties=["cover"], altitude=1)],
        (1, 1): [Segment(name="creek", areas=[(r, 2) for r in range(5)], properties=["water"])],
        (2, 0): [Segment(name="rock face", areas=[(0, 3), (0, 4), (1, 4)], properties=["steep"], altitude=2)],
        (2, 2): [Segment(name="mud", areas=[(2, 2), (2, 3), (3, 3)], properties=["rough", "slippery"])],
    }
    for tile in tiles:
        tile.segments = layout.get((tile.row, tile.col), [])
        tile.name = {(1, 1): "stream", (0, 2): "ruin", (2, 0): "crag"}.get((tile.row, tile.col), "clearing")
    return Map(
        title="Ambush at the creek",
        notes="AF, Encounter: an encounter zone of 3x3 tiles, each of 5x5 areas.",
        grids=[EncounterGrid(id="creek", name="The creek", tile_set="forest", tiles=tiles, seed=7)],
        tile_sets=[
            TileSet(
                id="forest",
                theme="Forest",
                tiles=_forest_tiles(),
                random_properties=[
                    PropertyDraw(properties=["rough"]),
                    PropertyDraw(properties=["cover"]),
                    PropertyDraw(properties=["water"]),
                    PropertyDraw(properties=["steep"], altitude=2),
                    PropertyDraw(properties=[]),
                ],
            )
        ],
        tokens=[
            Token(
                id="kell",
                name="Kell",
                side="band",
                colour="#2e86c1",
                location=AreaLocation(grid="creek", row=7, col=3),
                facing=90,
                speeds=Speeds(run=3),
            ),
            Token(
                id="mira",
                name="Mira",
                side="band",
                colour="#16a085",
                location=AreaLocation(grid="creek", row=9, col=2),
                facing=45,
            ),
            Token(
                id="raider",
                name="Raider",
                side="raiders",
                colour="#c0392b",
                location=AreaLocation(grid="creek", row=7, col=9),
                facing=270,
            ),
            Token(
                id="archer",
                name="Raider archer",
                side="raiders",
                colour="#a93226",
                location=AreaLocation(grid="creek", row=2, col=12),
                facing=225,
            ),
        ],
    )


SAMPLES = {
    "warehouse": warehouse,
    "room-with-door": room_with_door,
    "hillside": hillside,
    "nephrite-net": nephrite_net,
    "af-encounter": af_encounter,
}


def write_samples(folder: Path) -> None:
    from tabletop.io import EXTENSION, save_map

    for name, build in SAMPLES.items():
        save_map(build(), folder / f"{name}{EXTENSION}", backup=False)


if __name__ == "__main__":
    write_samples(Path(sys.argv[1] if len(sys.argv) > 1 else "maps"))
