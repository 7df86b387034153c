"""The array-backed layout answers as the per-object geometry does: every line, box, border
list and the map's bounds, on random maps, after edits, and however the work is cut in chunks."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.geometry.single.shapes import border_line, map_bounds
from tabletop.geometry.whole import lines as lines_module
from tabletop.geometry.whole.layout import MapLayout, border_box, zone_box
from tabletop.geometry.whole.lines import border_lines, shared_lines
from tabletop.model import Border, Map, NodeShape, PolygonShape, Zone
from tests.geometry.test_layout import _random_map
from tests.maps import zone_map


def _by_id(layout: MapLayout) -> dict[str, Border | None]:
    """The layout's borders by id, as a painting reads them one by one."""
    return {border_id: layout.border(border_id) for border_id in layout.border_ids()}


def _ring(rng: random.Random, cx: float, cy: float, n: int) -> list[tuple[float, float]]:
    """A star-shaped polygon of n points with untidy coordinates: its centre's sums round
    differently when added in another order."""
    turns = [2 * math.pi * k / n for k in range(n)]
    return [(cx + rng.uniform(5, 40) * math.cos(t), cy + rng.uniform(5, 40) * math.sin(t)) for t in turns]


def _ring_map(seed: int) -> Map:
    """Polygons of many points (so a centre is a long sum), nodes of several sizes, and borders
    between random pairs: most share no edge, so their lines run between the centres."""
    rng = random.Random(seed)
    zones = []
    for k in range(10):
        x, y = rng.uniform(-500, 500), rng.uniform(-500, 500)
        if rng.random() < 0.3:
            zones.append(Zone(id=f"n{k}", shape=NodeShape(x=x, y=y, radius=rng.uniform(5, 60))))
        else:
            zones.append(Zone(id=f"p{k}", shape=PolygonShape(points=_ring(rng, x, y, rng.randint(3, 40)))))
    pairs = {tuple(sorted(rng.sample([z.id for z in zones], 2))) for _ in range(15)}
    return Map(zones=zones, borders=[Border(id=f"b{i}", a=a, b=b) for i, (a, b) in enumerate(sorted(pairs))])


def _expected(map_: Map) -> tuple[dict, dict, dict]:
    """Lines, boxes and borders per zone worked out one object at a time."""
    zones = {z.id: z for z in map_.zones}
    lines = {b.id: border_line(b, zones[b.a], zones[b.b]) for b in map_.borders}
    boxes = {("zone", z.id): zone_box(z) for z in map_.zones}
    boxes |= {("border", b.id): border_box(b, lines[b.id]) for b in map_.borders}
    ends = {z.id: set() for z in map_.zones}
    for border in map_.borders:
        ends[border.a].add(border.id)
        ends[border.b].add(border.id)
    return lines, boxes, ends


def _assert_layout_is(layout: MapLayout, map_: Map) -> None:
    lines, boxes, ends = _expected(map_)
    assert dict(layout.lines) == lines
    assert layout.lines.made(list(lines)) == list(lines.values())
    assert dict(layout.boxes) == boxes
    assert {z: set(b) for z, b in layout.borders_at.items()} == ends
    assert map_bounds(map_, 7.0, layout.zone_extent()) == map_bounds(map_, 7.0)


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([_random_map, _ring_map]))
def test_the_array_layout_equals_one_object_at_a_time(seed, make):
    map_ = make(seed)
    _assert_layout_is(MapLayout(map_), map_)


def test_the_work_cut_in_small_chunks_gives_the_same_lines(monkeypatch):
    map_ = zone_map(300)
    whole = dict(border_lines(map_))
    assert all(line.shared for line in whole.values()), "bricks share an edge with every neighbour"
    monkeypatch.setattr(lines_module, "CHUNK", 7)
    assert dict(border_lines(map_)) == whole
    zones = {z.id: z for z in map_.zones}
    assert whole == {b.id: border_line(b, zones[b.a], zones[b.b]) for b in map_.borders}


def test_edits_over_the_arrays_answer_as_a_fresh_layout():
    map_ = zone_map(120)
    layout = MapLayout(map_)
    moved = map_.zones[5].model_copy(update={"shape": PolygonShape(points=[(0, 0), (900, 0), (900, 40), (0, 40)])})
    zones = [moved if z.id == moved.id else z for z in map_.zones]
    layout.set_zone(moved)
    gone = map_.borders[3]
    layout.drop("border", gone.id)
    added = Border(id="new", a=map_.zones[0].id, b=map_.zones[40].id)
    layout.set_border(added)
    edited = Map(zones=zones, borders=[b for b in map_.borders if b.id != gone.id] + [added])
    _assert_layout_is(layout, edited)
    fresh = MapLayout(edited)
    everywhere = (-1e6, -1e6, 1e6, 1e6)
    assert layout.find(everywhere) == fresh.find(everywhere)
    assert layout.find((0, 0, 300, 60)) == fresh.find((0, 0, 300, 60))


def test_a_zones_border_set_is_kept_once_read():
    map_ = zone_map(50)
    layout = MapLayout(map_)
    zone_id = map_.zones[0].id
    first = layout.borders_at[zone_id]
    assert first is layout.borders_at[zone_id], "an edit changes the set in place, so reading must keep it"
    assert len(layout.borders_at) == len(map_.zones)
    del layout.borders_at[zone_id]
    assert zone_id not in layout.borders_at
    with pytest.raises(KeyError):
        layout.borders_at[zone_id]


def test_lines_held_for_a_painting_are_the_same_and_let_go_after():
    map_ = zone_map(80)
    layout = MapLayout(map_)
    ids = [b.id for b in map_.borders]
    before = [layout.lines[i] for i in ids]
    table = layout.lines
    with layout.lines_held(ids[:10]):
        assert [layout.lines[i] for i in ids] == before, "held or not, every line reads the same"
        assert [layout.lines.get(i) for i in ids] == before and all(i in layout.lines for i in ids)
        assert layout.lines[ids[0]] is layout.lines[ids[0]], "made once while held"
        assert len(layout.lines) == len(ids) and layout.lines.get("nowhere") is None
        with pytest.raises(TypeError):
            layout.lines[ids[0]] = before[1]
    assert layout.lines is table and layout.lines[ids[0]] == before[0]


def test_lines_made_one_at_a_time_are_kept_within_bounds(monkeypatch):
    monkeypatch.setattr(lines_module, "KEPT", 5)
    map_ = zone_map(80)
    layout = MapLayout(map_)
    ids = [b.id for b in map_.borders]
    assert layout.lines[ids[0]] is layout.lines[ids[0]], "an edit's borders are repainted again and again"
    assert [layout.lines[i] for i in ids] == list(_expected(map_)[0].values())
    assert len(layout.lines._kept) <= 5, "never the whole map's lines as objects"
    moved = Border(id=ids[1], a=map_.borders[1].a, b=map_.zones[-1].id)
    layout.set_border(moved)
    zones = {z.id: z for z in map_.zones}
    assert layout.lines[ids[1]] == border_line(moved, zones[moved.a], zones[moved.b]), "an edit's line, not a kept one"


def test_pairs_that_share_no_edge_have_no_shared_line():
    a = Zone(id="a", shape=PolygonShape(points=[(0, 0), (10, 0), (10, 10), (0, 10)]))
    b = Zone(id="b", shape=PolygonShape(points=[(10, 0), (20, 0), (20, 10), (10, 10)]))
    c = Zone(id="c", shape=PolygonShape(points=[(50, 50), (60, 50), (60, 60)]))
    found = shared_lines([(a, b), (a, c), (b, a)])
    assert found[1] is None
    assert found[0] == border_line(Border(id="x", a="a", b="b"), a, b)
    assert found[2] == border_line(Border(id="y", a="b", b="a"), b, a)
    assert shared_lines([]) == []


def test_an_export_layout_keeps_plain_lines():
    map_ = zone_map(30)
    layout = MapLayout(map_, index=False)
    assert isinstance(layout.lines, dict) and dict(layout.lines) == _expected(map_)[0]
    assert len(layout.boxes) == 0


def test_a_map_as_opened_gives_what_it_finds_in_map_order():
    map_ = zone_map(300)
    layout = MapLayout(map_)
    rank = {("zone", z.id): i for i, z in enumerate(map_.zones)}
    rank |= {("border", b.id): i for i, b in enumerate(map_.borders)}
    for box in [(0, 0, 300, 60), (-1e6, -1e6, 1e6, 1e6), (500, 100, 900, 400), (5e5, 5e5, 6e5, 6e5)]:
        found = sorted(layout.find(box), key=rank.__getitem__)
        zones, borders = layout.find_in_order(box)
        assert zones == [i for k, i in found if k == "zone"] and borders == [i for k, i in found if k == "border"]
    assert layout.find_in_order((0, 0, 300, 60))[0], "the box holds zones"
    layout.set_zone(map_.zones[3])
    assert layout.find_in_order((0, 0, 300, 60)) is None, "after an edit the caller sorts"


def test_what_meets_any_of_several_boxes_is_what_meets_each():
    map_ = zone_map(300)
    layout = MapLayout(map_)
    boxes = [(0, 0, 40, 20), (600, 300, 640, 330), (200, 90, 205, 95)]

    def each() -> set:
        return set().union(*(layout.find(box) for box in boxes))

    assert layout.find_any(boxes) == each() and len(each()) > len(layout.find(boxes[0]))
    moved = map_.zones[0].model_copy(update={"shape": PolygonShape(points=[(600, 300), (650, 300), (650, 340)])})
    layout.set_zone(moved)
    assert ("zone", moved.id) in layout.find_any(boxes) and layout.find_any(boxes) == each()


def _quarters(layout: MapLayout) -> list[tuple[float, float, float, float]]:
    """The tiles of a fitted first frame: quarters of the map, the whole map, and past its edges."""
    left, top, right, bottom = layout.zone_extent()
    mid_x, mid_y = (left + right) / 2, (top + bottom) / 2
    quarters = [(left, top, mid_x, mid_y), (mid_x, top, right, mid_y), (left, mid_y, mid_x, bottom)]
    return [*quarters, (mid_x, mid_y, right, bottom), (-1e6, -1e6, 1e6, 1e6), (right + 1, top, 2 * right + 9, bottom)]


def test_the_first_frame_finds_without_the_index_what_the_index_finds():
    """Before its index is built, an opened map's wide tiles (a fitted first frame's) test
    every box at once: the same objects in the same order as the index gives once built."""
    for map_ in (zone_map(300), _ring_map(3), _random_map(8)):
        layout = MapLayout(map_)
        assert layout._cell_index is None, "the first frame goes without the index"
        boxes = _quarters(layout)
        scanned = [layout.find_in_order(box) for box in boxes]
        assert layout._cell_index is None and any(zones for zones, _ in scanned)
        layout.prepare()
        assert layout._cell_index is not None
        assert [layout.find_in_order(box) for box in boxes] == scanned
        assert [[r.rows.tolist() for r in found] for found in scanned] == [
            [r.rows.tolist() for r in layout.find_in_order(box)] for box in boxes
        ]


def test_a_small_tile_builds_the_index_first():
    """A tile of a zoomed-in frame is a small part of the map: it asks the index (built then),
    not every box of the map."""
    map_ = zone_map(300)
    layout, prepared = MapLayout(map_), MapLayout(map_)
    prepared.prepare()
    assert layout.find_in_order((60, 40, 100, 70)) == prepared.find_in_order((60, 40, 100, 70))
    assert layout._cell_index is not None


def test_what_waits_for_the_index_is_made_when_first_asked():
    """A hover or an edit before the layout is prepared finds as a prepared layout does."""
    map_ = zone_map(200)
    waiting, prepared = MapLayout(map_), MapLayout(map_)
    prepared.prepare()
    assert waiting.zones_at(70, 50) == prepared.zones_at(70, 50) != []
    assert MapLayout(map_).borders_near(60, 20) == prepared.borders_near(60, 20) != []
    edited = MapLayout(map_)
    edited.set_zone(map_.zones[4])
    assert edited.find((0, 0, 400, 200)) == prepared.find((0, 0, 400, 200))
    assert _by_id(MapLayout(map_)) == {b.id: b for b in map_.borders}


def test_a_whole_map_painting_reads_the_border_ids_without_the_borders_by_id():
    """An export asks the borders' ids in the map's order: the borders by id (for a hover or an
    edit) are not made for it, and once made, or after an edit, give the ids as they stand."""
    map_ = zone_map(120)
    ids = [border.id for border in map_.borders]
    layout = MapLayout(map_, index=False)
    assert layout.border_ids() == ids
    assert not layout.borders_made, "the borders by id wait for a question that needs them"
    assert layout.border(ids[5]) is map_.borders[5] and layout.border("nowhere") is None
    assert layout.borders_made
    edited = MapLayout(map_)
    edited.drop("border", ids[3])
    assert edited.border_ids() == ids[:3] + ids[4:]


def test_a_one_off_painting_makes_the_border_rows_only_for_a_line_asked_by_id():
    """An export's layout paints its lines from the arrays by row: the borders' rows by id are
    made only when a line is asked for by id (a badge), and then give the lines an index would."""
    map_ = zone_map(120)
    painting, indexed = MapLayout(map_, index=False), MapLayout(map_)
    assert callable(painting.lines.table._rows_from), "no rows by id made for the painting"
    border = map_.borders[7]
    assert (
        painting.lines[border.id]
        == indexed.lines[border.id]
        == border_line(border, painting.zone(border.a), painting.zone(border.b))
    )
    assert painting.lines.table._rows == {b.id: k for k, b in enumerate(map_.borders)}
    assert painting.shapes()._line_rows is painting.lines.table._rows, "one dict for both tables"


def test_the_rows_a_caller_keeps_lay_out_the_same_map():
    map_ = zone_map(150)
    rows = {z.id: i for i, z in enumerate(map_.zones)}
    kept = dict(rows)
    given_rows = MapLayout(map_, rows=rows)
    _assert_layout_is(given_rows, map_)
    given_rows.drop("zone", map_.zones[0].id)
    given_rows.set_border(Border(id="new", a=map_.zones[1].id, b=map_.zones[9].id))
    assert rows == kept, "the caller's numbers are copied, never edited"


def test_the_borders_rows_by_id_wait_until_asked_or_prepared():
    """No first frame asks a border's row by id (a 100k-zone map's 250k: 0.05 s): they are made
    when first asked, or a slice at a time by the preparation, and answer the same either way."""
    map_ = zone_map(150)
    asked, prepared = MapLayout(map_), MapLayout(map_)
    assert not asked._border_rows.made and not prepared._border_rows.made
    border = map_.borders[7]
    assert ("border", border.id) in asked.boxes and asked._border_rows.made
    for _ in prepared.prepare_steps():
        pass
    assert prepared._border_rows.made
    for layout in (asked, prepared):
        assert layout.boxes[("border", border.id)] == MapLayout(map_).boxes[("border", border.id)]
        assert layout.lines[border.id] == MapLayout(map_).lines[border.id]
    _assert_layout_is(asked, map_)
    _assert_layout_is(prepared, map_)


def test_an_edge_of_no_length_shares_nothing_as_one_at_a_time():
    """A polygon with a point given twice has an edge of no length: the whole-map pass leaves it
    out before pairing edges, and draws the same lines as border_line does."""
    a = Zone(id="a", shape=PolygonShape(points=[(0, 0), (10, 0), (10, 0), (10, 10), (0, 10)]))
    b = Zone(id="b", shape=PolygonShape(points=[(10, 0), (10, 0), (20, 0), (20, 10), (10, 10), (10, 10)]))
    c = Zone(id="c", shape=PolygonShape(points=[(0, 10), (10, 10), (10, 20), (0, 20), (0, 10)]))
    map_ = Map(zones=[a, b, c], borders=[Border(id="ab", a="a", b="b"), Border(id="ca", a="c", b="a")])
    _assert_layout_is(MapLayout(map_), map_)
    assert MapLayout(map_).lines["ab"].shared and MapLayout(map_).lines["ca"].shared


def test_prepared_a_step_at_a_time_as_at_once(monkeypatch):
    """The event loop prepares an opened map a step at a time (borders by id, then the index,
    in slices): the same borders and the same finds as `prepare`, with a hover, an
    edit or a borders lookup between any two steps served at once and the steps ending early."""
    from tabletop.geometry.whole import layout as layout_module

    monkeypatch.setattr(layout_module, "BORDER_SLICE", 97)  # several slices of a small map's borders
    monkeypatch.setattr(layout_module, "INDEX_SLICE", 211)  # and of its index
    map_ = zone_map(300)
    prepared = MapLayout(map_)
    prepared.prepare()
    everything = (-1e6, -1e6, 1e6, 1e6)
    steps = list(MapLayout(map_).prepare_steps())
    indexed = len(map_.zones) + len(map_.borders)
    assert len(steps) >= len(map_.borders) // 97 + indexed // 211, "borders, then the index, in slices"
    for stop in range(len(steps) + 1):
        layout = MapLayout(map_)
        stepping = layout.prepare_steps()
        for _ in range(stop):
            next(stepping)
        if stop % 3 == 0:  # a borders lookup (an edit's, the inspector's)
            assert _by_id(layout) == _by_id(prepared)
        elif stop % 3 == 1:  # a hover
            assert layout.zones_at(70, 50) == prepared.zones_at(70, 50)
        else:
            layout.set_zone(map_.zones[4])
        for _ in stepping:
            pass
        assert layout._cell_index is not None and layout._index_from is None
        assert _by_id(layout) == _by_id(prepared) and list(_by_id(layout)) == [b.id for b in map_.borders]
        assert layout.find(everything) == prepared.find(everything)
        assert layout.zones_at(70, 50) == prepared.zones_at(70, 50) != []


def test_many_zones_that_keep_their_shapes_keep_their_rows_and_change_their_looks():
    """Fog All: zones whose shape is as it was keep their row as opened and place in the index;
    the looks are worked out again from them. One zone whose shape moved takes nothing."""
    map_ = zone_map(150)
    layout = MapLayout(map_)
    before = layout.looks()
    fogged = [zone.model_copy(update={"fogged": True}) for zone in map_.zones]
    moved = PolygonShape(points=[(x + 1, y) for x, y in map_.zones[3].shape.points])
    one_moved = [*fogged[:3], fogged[3].model_copy(update={"shape": moved}), *fogged[4:]]
    assert not layout.set_looks(one_moved)
    assert layout.zone(map_.zones[0].id) is map_.zones[0], "nothing taken"
    assert layout.set_looks(fogged)
    codes, looks = layout.looks()
    assert (codes, looks) is not before
    assert [looks[c][4] for c in codes.tolist()] == [True] * len(fogged)
    assert layout.shapes().zone_rows([z.id for z in map_.zones]).tolist() == list(range(len(map_.zones)))
    _assert_layout_is(layout, map_.model_copy(update={"zones": fogged}))
