"""A layout built from arrays made off a file's parsed JSON (what a second process makes while a
big map is read: geometry/sidecar.py) is the layout built from the map's records: every array
to the last bit, and every answer (lines, boxes, borders at a zone, what lies in a box)."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import numpy as np
import pytest
from pydantic_core import from_json

from tabletop.geometry.bulk import LayoutArrays, arrays_of_json, arrays_of_map, digest, parsed
from tabletop.geometry.columns import ZoneTable
from tabletop.geometry.layout import MapLayout
from tabletop.io import map_from_bytes
from tabletop.io.write import map_to_bytes
from tabletop.model import FORMAT_VERSION, Border, Door, FillStyle, Map, NodeShape, Passage, PolygonShape, Zone
from tests.geometry.test_layout import _random_map
from tests.geometry.test_layout_arrays import _ring_map
from tests.maps import zone_map

MAPS = sorted((Path(__file__).resolve().parents[2] / "maps").glob("*.tabletop"))


def _odd_map() -> Map:
    """Nodes of the default radius, polygons, a continent-sized zone, several borders between
    the same two zones, doors, borders of many passages, a zone with no border."""
    rng = random.Random(7)
    zones = [Zone(id="sea", shape=PolygonShape(points=[(-90000, -90000), (90000, -90000), (0, 90000)]))]
    zones += [Zone(id=f"n{k}", shape=NodeShape(x=rng.uniform(-900, 900), y=rng.uniform(-900, 900))) for k in range(6)]
    zones += [
        Zone(id=f"p{k}", shape=PolygonShape(points=[(k * 50, 0), (k * 50 + 50, 0), (k * 50 + 50, 30), (k * 50, 30)]))
        for k in range(8)
    ]
    zones.append(Zone(id="alone", shape=NodeShape(x=5000, y=5000, radius=300)))
    door = [Passage(label="door", door=Door(state="locked")), Passage(label="wall", cost_from_a=7, cost_from_b=7)]
    borders = [Border(id=f"pp{k}", a=f"p{k}", b=f"p{k + 1}") for k in range(7)]
    borders += [Border(id="twice1", a="p0", b="p1", passages=door), Border(id="twice2", a="p1", b="p0")]
    borders += [Border(id=f"np{k}", a=f"n{k}", b=f"p{k}", passages=door * 3) for k in range(6)]
    borders += [Border(id="shore", a="sea", b="p3"), Border(id="isle", a="n0", b="sea")]
    return Map(zones=zones, borders=borders)


def _file_text(path: Path) -> tuple[Map, bytes]:
    """A bundled map and the text a quick read would take it from (an older file: as saved now)."""
    raw = path.read_bytes()
    map_ = map_from_bytes(raw, path)
    if from_json(raw).get("format_version") != FORMAT_VERSION:
        raw = map_to_bytes(map_)
    return map_, raw


ONE_PASSAGE = {"label": "", "cost_from_a": 1, "cost_from_b": 1, "door": None}


CHUNKS = [None, 1, 7, -7]
"""The file's zones and borders given whole, or a chunk of so many at a time; -7: seven at a
time, each chunk's JSON parsed as the second process parses a big file's lines (bulk.parsed)."""


def _chunks(name: str, items: list, size: int | None) -> list[list]:
    if size is None:
        return [items]
    chunks = [items[start : start + abs(size)] for start in range(0, len(items), abs(size))]
    return [parsed(name, json.dumps(chunk).encode()) for chunk in chunks] if size < 0 else chunks


def _from_file(raw: bytes, leave_out_defaults: bool = False, chunk: int | None = None) -> LayoutArrays:
    document = from_json(raw)
    zones, borders = document["zones"], document["borders"]
    if leave_out_defaults:  # as a file written by hand may: the records take the defaults
        left_out = 0
        for shape in (zone["shape"] for zone in zones):
            if shape["kind"] == "node" and shape["radius"] == 40.0:
                del shape["radius"]
                left_out += 1
        for border in borders:
            if border["passages"] == [ONE_PASSAGE]:
                del border["passages"]
                left_out += 1
        assert left_out, "the map has defaults to leave out"
    return arrays_of_json(_chunks("zones", zones, chunk), _chunks("borders", borders, chunk))


def _assert_arrays_equal(own: LayoutArrays, given: LayoutArrays) -> None:
    for column in dataclasses.fields(ZoneTable):
        assert np.array_equal(getattr(own.table, column.name), getattr(given.table, column.name)), column.name
    for name in ("heads", "pieces", "ends", "starts", "members", "boxes"):
        assert np.array_equal(getattr(own, name), getattr(given, name)), name
    assert (own.zone_size, own.extent) == (given.zone_size, given.extent)


def _boxes_across(map_: Map, layout: MapLayout) -> list[tuple[float, float, float, float]]:
    """Boxes from a point to the whole map, over the map's extent."""
    left, top, right, bottom = layout.zone_extent()
    w, h = right - left, bottom - top
    rng = random.Random(len(map_.zones))
    found = [(left - 10, top - 10, right + 10, bottom + 10)]
    for share in (0.01, 0.1, 0.3):
        for _ in range(4):
            x, y = rng.uniform(left, right), rng.uniform(top, bottom)
            found.append((x, y, x + w * share, y + h * share))
    return found


def _assert_answers_equal(map_: Map, given: LayoutArrays) -> None:
    own, taken = MapLayout(map_), MapLayout(map_, arrays=given)
    assert taken._shapes.heads is given.heads, "the arrays given were taken, not made again"
    assert dict(taken.lines) == dict(own.lines)
    assert dict(taken.boxes) == dict(own.boxes)
    assert {z: set(b) for z, b in taken.borders_at.items()} == {z: set(b) for z, b in own.borders_at.items()}
    assert (taken.zone_extent(), taken.zone_size) == (own.zone_extent(), own.zone_size)
    for box in _boxes_across(map_, own):
        assert taken.find(box) == own.find(box)
        mine, theirs = own.find_in_order(box), taken.find_in_order(box)
        assert (mine is None) == (theirs is None)
        if mine is not None:
            assert mine == theirs
            assert all(np.array_equal(a.rows, b.rows) for a, b in zip(mine, theirs, strict=True))
    painted = MapLayout(map_, index=False, arrays=given)
    assert dict(painted.lines) == dict(MapLayout(map_, index=False).lines)
    if given.looks is not None:  # the zones' looks the file's reading made, as the records would paint them
        codes, looks = own._shapes.looks(own.zones)
        for table in (taken._shapes, painted._shapes):
            assert np.array_equal(table.looks(own.zones)[0], codes) and table.looks(own.zones)[1] == looks


def test_the_looks_come_from_a_file_as_from_its_records_or_not_at_all():
    """A file leaving a zone's fill or flags out gives the looks its records take; one whose
    record would hold a value converted from another type (a hidden given as "no", an opacity
    as a text) gives none, and the first frame reads the records."""
    map_ = _odd_map()
    map_.zones[2] = map_.zones[2].model_copy(update={"hidden": True, "fill": FillStyle(colour="#102030", opacity=0.5)})
    map_.zones[3] = map_.zones[3].model_copy(update={"fogged": True})
    raw = map_to_bytes(map_)
    document = from_json(raw)
    for zone in document["zones"][4:]:
        del zone["fill"], zone["hidden"]
    document["zones"][5]["fill"] = {"pattern": "dots"}
    map_ = Map.model_validate(document)
    given = arrays_of_json([document["zones"]], [document["borders"]])
    assert given.looks is not None and len(given.looks[1]) == 5
    _assert_answers_equal(map_, given)
    for field, value in (("hidden", "no"), ("fill", {"opacity": "0.5"})):
        odd = from_json(raw)
        odd["zones"][1][field] = value
        assert Map.model_validate(odd).zones[1] is not None  # the record takes it, converted
        assert arrays_of_json([odd["zones"]], [odd["borders"]]).looks is None


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
@pytest.mark.parametrize("chunk", CHUNKS, ids=["whole", "one at a time", "by seven", "parsed by seven"])
def test_every_bundled_map_is_laid_out_alike_from_its_file(path, chunk):
    map_, raw = _file_text(path)
    if not map_.zones:
        pytest.skip("a map without zones has no layout arrays")
    given = _from_file(raw, chunk=chunk)
    assert given.looks is not None, "a file Tabletop wrote gives every zone's look"
    _assert_arrays_equal(arrays_of_map(map_, {z.id: i for i, z in enumerate(map_.zones)}), given)
    _assert_answers_equal(map_, given)


@pytest.mark.parametrize(
    "make",
    [lambda: zone_map(300), _odd_map, *(lambda s=s: _random_map(s) for s in range(6))]
    + [lambda s=s: _ring_map(s) for s in range(4)],
    ids=["bricks", "odd"] + [f"random{s}" for s in range(6)] + [f"rings{s}" for s in range(4)],
)
def test_generated_maps_are_laid_out_alike_from_their_files(make):
    map_ = make()
    raw = map_to_bytes(map_)
    own = arrays_of_map(map_, {z.id: i for i, z in enumerate(map_.zones)})
    for leave_out in (False, True):
        for chunk in CHUNKS:
            given = _from_file(raw, leave_out_defaults=leave_out, chunk=chunk)
            _assert_arrays_equal(own, given)
            assert given.digests == (digest(z.id for z in map_.zones), digest(b.id for b in map_.borders))
            _assert_answers_equal(map_, given)


def test_arrays_of_another_map_are_not_taken():
    """Arrays that do not fit the map (other ids, another order, another count) are left, and
    the layout is made from the records: the same answers as without them."""
    map_ = _odd_map()
    reordered = map_.model_copy(update={"zones": [*map_.zones[1:], map_.zones[0]]})
    renamed = map_.model_copy(update={"borders": [b.model_copy(update={"id": b.id + "x"}) for b in map_.borders]})
    fewer = map_.model_copy(update={"borders": map_.borders[:-1]})
    for other in (reordered, renamed, fewer):
        given = _from_file(map_to_bytes(other))
        layout = MapLayout(map_, arrays=given)
        assert layout._shapes.heads is not given.heads
        assert dict(layout.lines) == dict(MapLayout(map_).lines)
        assert dict(layout.boxes) == dict(MapLayout(map_).boxes)
