"""The typed-decode peer of a map file's reading (tests/benchmarks/file_speed.py): msgspec
Structs of a map written one object per zone and border, which the collector never tracks
(gc=False), as a program built on msgspec would keep a map. A benchmark extra only."""

from __future__ import annotations

import msgspec


class Struct(msgspec.Struct, gc=False, forbid_unknown_fields=True):
    pass


class Fill(Struct):
    colour: str = "#d8cfb8"
    pattern: str = "solid"
    opacity: float = 1.0


class Polygon(Struct, tag_field="kind", tag="polygon"):
    points: list[tuple[float, float]]


class Node(Struct, tag_field="kind", tag="node"):
    x: float
    y: float
    radius: float = 40.0


class Aspect(Struct):
    name: str
    free_invokes: int = 0


class Zone(Struct):
    id: str
    shape: Polygon | Node
    name: str = ""
    description: str = ""
    aspects: list[Aspect] = msgspec.field(default_factory=list)
    gm_notes: str = ""
    hidden: bool = False
    fogged: bool = False
    fill: Fill = msgspec.field(default_factory=Fill)


class Door(Struct):
    state: str = "closed"
    open_cost: int = 2


class Passage(Struct):
    label: str = ""
    cost_from_a: int | None = 1
    cost_from_b: int | None = 1
    door: Door | None = None
    sight: str = "door"
    place: tuple[float, float] | None = None


class Border(Struct):
    id: str
    a: str
    b: str
    label: str = ""
    passages: list[Passage] = msgspec.field(default_factory=list)
    aspects: list[Aspect] = msgspec.field(default_factory=list)
    stress: dict | None = None


class Map(Struct):
    format_version: int
    title: str = ""
    notes: str = ""
    background: dict | None = None
    lattice_step: float = 20.0
    zones: list[Zone] = msgspec.field(default_factory=list)
    borders: list[Border] = msgspec.field(default_factory=list)
    tokens: list[dict] = msgspec.field(default_factory=list)
    grids: list[dict] = msgspec.field(default_factory=list)
    tile_sets: list[dict] = msgspec.field(default_factory=list)
    conflict: dict | None = None


DECODER = msgspec.json.Decoder(Map)
