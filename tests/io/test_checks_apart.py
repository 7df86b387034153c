"""The quick reader leaves a polygon's area check and a border's two-zones check out of its
validators and runs them over the whole map at once (io/bulk_read.py: APART): a map that breaks
either is refused with the exact way's words, read whole, by lines, or beside the layout's
second process, whose arrays name the few polygons worth checking one by one."""

from __future__ import annotations

import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.geometry import sidecar
from tabletop.geometry.columns import maybe_flat, zone_table
from tabletop.geometry.layout import MapLayout
from tabletop.geometry.sidecar import Sidecar
from tabletop.io import MapFileError, bulk_read, map_from_bytes
from tabletop.io import read as read_module
from tabletop.io.write import map_to_bytes
from tabletop.model import PolygonShape, Zone
from tabletop.model.zones import MIN_POLYGON_AREA, polygon_area
from tests.maps import zone_map

FLAT = b'"points":[[0.0,0.0],[10.0,0.0],[20.0,0.0]]'
"""Three points on a line: a polygon with no area."""


def _broken(kind: str) -> tuple[bytes, str]:
    """A generated map with one zone made flat, or one border joining a zone to itself, and the
    exact way's words for it."""
    raw = map_to_bytes(zone_map(120))
    lines = raw.split(b"\n")
    if kind == "flat":
        at = next(n for n, line in enumerate(lines) if b'"id":"z4-2"' in line)
        start = lines[at].index(b'"points":')
        lines[at] = lines[at][:start] + FLAT + b"}},"
    else:
        at = next(n for n, line in enumerate(lines) if b'"id":"b40"' in line)
        lines[at] = _same_ends(lines[at])
    broken = b"\n".join(lines)
    with pytest.raises(MapFileError) as exact:
        read_module._map_from_bytes(broken, "broken.tabletop")
    return broken, str(exact.value)


def _same_ends(line: bytes) -> bytes:
    """A border's line with its zone b made its zone a."""
    a = line.split(b'"a":"')[1].split(b'"')[0]
    b = line.split(b'"b":"')[1].split(b'"')[0]
    return line.replace(b'"b":"' + b + b'"', b'"b":"' + a + b'"', 1)


@pytest.mark.parametrize("kind", ["flat", "itself"])
@pytest.mark.parametrize("how", ["whole", "by lines"])
def test_a_flat_zone_or_a_border_to_itself_is_refused_in_the_exact_ways_words(monkeypatch, kind, how):
    broken, words = _broken(kind)
    assert ("has no area" if kind == "flat" else "to itself") in words
    if how == "by lines":
        monkeypatch.setattr(bulk_read, "BIG_FILE", 0)
        monkeypatch.setattr(bulk_read, "CHUNK", 9)
    with pytest.raises(MapFileError) as quick:
        map_from_bytes(broken, "broken.tabletop")
    assert str(quick.value) == words


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the second process is Linux's")
@pytest.mark.parametrize("kind", ["flat", "itself", "whole"])
def test_beside_the_layouts_process_only_its_suspects_are_checked_one_by_one(monkeypatch, kind):
    monkeypatch.setattr(bulk_read, "BIG_FILE", 0)
    monkeypatch.setattr(sidecar, "FROM_BYTES", 0)
    monkeypatch.setattr(sidecar, "cores_free", lambda: 2)
    monkeypatch.setattr(sidecar, "MIN_WAIT", 30.0)
    monkeypatch.setattr(sidecar, "IDLE_TO_FORK", 0.0)
    checked = []
    area = bulk_read.polygon_area
    monkeypatch.setattr(bulk_read, "polygon_area", lambda points: checked.append(points) or area(points))
    raw, words = _broken(kind) if kind != "whole" else (map_to_bytes(zone_map(120)), "")
    helper = Sidecar()
    if kind == "whole":
        map_ = map_from_bytes(raw, helper=helper)
        assert checked == []  # every polygon vouched for by the arrays
        assert map_ == map_from_bytes(raw) and len(checked) == len(map_.zones)  # without them, each one checked
        return
    with pytest.raises(MapFileError) as quick:
        map_from_bytes(raw, "broken.tabletop", helper=helper)
    assert str(quick.value) == words
    if kind == "flat":
        assert [tuple(map(tuple, points)) for points in checked[:1]] == [((0.0, 0.0), (10.0, 0.0), (20.0, 0.0))]


coordinate = st.floats(min_value=-100_000, max_value=100_000, allow_nan=False)
near = st.floats(min_value=-1e-3, max_value=1e-3, allow_nan=False)


@st.composite
def polygons(draw) -> list[tuple[float, float]]:
    """Polygons far and near, many of them all but flat: points near one line through a far point."""
    count = draw(st.integers(min_value=3, max_value=12))
    if draw(st.booleans()):
        return [(draw(coordinate), draw(coordinate)) for _ in range(count)]
    x0, y0, dx, dy = draw(coordinate), draw(coordinate), draw(st.floats(-50, 50)), draw(st.floats(-50, 50))
    steps = [draw(st.floats(-10, 10)) for _ in range(count)]
    return [(x0 + s * dx + draw(near), y0 + s * dy + draw(near)) for s in steps]


@settings(max_examples=300, deadline=None)
@given(st.lists(polygons(), min_size=1, max_size=8), st.sampled_from([MIN_POLYGON_AREA, 1e-3, 1.0]))
def test_every_polygon_the_records_sum_finds_too_small_is_a_suspect(shapes, least):
    zones = [_zone(points) for points in shapes]
    suspects = set(maybe_flat(zone_table(zones), least).tolist())
    for row, points in enumerate(shapes):
        if polygon_area(points) < least:
            assert row in suspects, (points, polygon_area(points))


def _zone(points: list[tuple[float, float]]) -> Zone:
    """A zone holding a polygon made without its checks: flat ones are what is looked for."""
    shape, zone = object.__new__(PolygonShape), object.__new__(Zone)
    object.__setattr__(shape, "kind", "polygon")
    object.__setattr__(shape, "points", points)
    object.__setattr__(zone, "shape", shape)
    return zone


def test_a_city_of_bricks_has_no_suspects_and_a_flat_one_is_found():
    zones = zone_map(60).zones
    table = zone_table(zones)
    assert maybe_flat(table, MIN_POLYGON_AREA).size == 0
    flat = [_zone([(0.0, 0.0), (1e5, 1e5), (1e5, 1e5 + 1e-12)])]
    assert maybe_flat(zone_table([*zones, *flat]), MIN_POLYGON_AREA).tolist() == [len(zones)]


@pytest.fixture
def beside(monkeypatch):
    """Every file read as a big one, beside the layout's second process however busy the machine."""
    monkeypatch.setattr(bulk_read, "BIG_FILE", 0)
    monkeypatch.setattr(sidecar, "FROM_BYTES", 0)
    monkeypatch.setattr(sidecar, "cores_free", lambda: 2)
    monkeypatch.setattr(sidecar, "MIN_WAIT", 30.0)
    monkeypatch.setattr(sidecar, "IDLE_TO_FORK", 0.0)


def _twice(raw: bytes, kind: str) -> bytes:
    """The map with a zone's or a border's id given to another, or a border naming no zone."""
    if kind == "zone id":
        return raw.replace(b'"id":"z2-2"', b'"id":"z2-1"', 1)
    if kind == "border id":
        return raw.replace(b'"id":"b31"', b'"id":"b30"', 1)
    return raw.replace(b'"a":"z3-3"', b'"a":"nowhere"', 1)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the second process is Linux's")
@pytest.mark.parametrize("kind", ["zone id", "border id", "no such zone"])
def test_ids_the_child_did_not_find_whole_are_checked_here_in_the_exact_ways_words(beside, monkeypatch, kind):
    asked = []
    problems = bulk_read.Map.problems
    monkeypatch.setattr(bulk_read.Map, "problems", lambda self, **kw: asked.append(kw) or problems(self, **kw))
    apart = []
    checked_apart = bulk_read._checked_apart
    monkeypatch.setattr(bulk_read, "_checked_apart", lambda *args, **kw: apart.append(kw) or checked_apart(*args, **kw))
    good = map_to_bytes(zone_map(120))
    asked.clear()
    beside = map_from_bytes(good, helper=Sidecar())
    assert beside == map_from_bytes(good)
    assert asked == [{"zones_and_borders_whole": True}, {"zones_and_borders_whole": False}], "vouched for beside"
    assert apart == [{"borders_whole": True}, {"borders_whole": False}], "no border to itself, said beside"
    layout = MapLayout.as_read(beside)
    assert layout.border_ids() == [b.id for b in beside.borders], "laid out with the ids the map was read with"
    broken = _twice(good, kind)
    assert broken != good
    with pytest.raises(MapFileError) as exact:
        read_module._map_from_bytes(broken, "broken.tabletop")
    asked.clear()
    with pytest.raises(MapFileError) as quick:
        map_from_bytes(broken, "broken.tabletop", helper=Sidecar())
    assert str(quick.value) == str(exact.value)
    assert {"zones_and_borders_whole": False} in asked


def test_a_map_whose_zones_and_borders_are_vouched_for_still_has_its_tokens_checked():
    from tabletop.model import Map, Token, ZoneLocation

    map_ = zone_map(30)
    lost = Token(id="t", name="Lost", location=ZoneLocation(zone="nowhere"))
    twice = map_.model_copy(update={"tokens": [lost], "borders": [*map_.borders, map_.borders[0]]})
    assert Map.problems(twice, zones_and_borders_whole=True) == [
        "token 't' stands in zone 'nowhere', which is not on the map"
    ]
    assert len(Map.problems(twice)) == 2  # the border given twice, when not vouched for
