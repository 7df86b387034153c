"""The layout: what lies where, kept current edit by edit (its lines and boxes one object at a
time: test_layout_arrays.py)."""

from __future__ import annotations

import random

from tabletop.geometry.single.shapes import border_line
from tabletop.geometry.whole.layout import MapLayout
from tabletop.model import Border, Map, NodeShape, PolygonShape, Zone
from tabletop.samples import nephrite_net, warehouse
from tests.maps import zone_map


def _random_map(seed: int) -> Map:
    """Polygons on a coarse lattice (so edges often overlap, partly or wholly), some nodes,
    and borders between random pairs."""
    rng = random.Random(seed)
    zones = []
    for k in range(12):
        if rng.random() < 0.2:
            zones.append(Zone(id=f"n{k}", shape=NodeShape(x=rng.randint(0, 9) * 20.0, y=rng.randint(0, 9) * 20.0)))
            continue
        x, y = rng.randint(0, 6) * 20.0, rng.randint(0, 6) * 20.0
        w, h = rng.randint(1, 3) * 20.0, rng.randint(1, 3) * 20.0
        points = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        if rng.random() < 0.4:  # an extra vertex along the top edge
            points.insert(1, (x + w / 2, y))
        zones.append(Zone(id=f"p{k}", shape=PolygonShape(points=points)))
    pairs = {tuple(sorted(rng.sample([z.id for z in zones], 2))) for _ in range(20)}
    borders = [Border(id=f"b{i}", a=a, b=b) for i, (a, b) in enumerate(sorted(pairs))]
    return Map(zones=zones, borders=borders)


def test_find_gives_what_lies_in_a_box_and_nothing_far_away():
    map_ = zone_map(400)
    layout = MapLayout(map_)
    found = layout.find((0, 0, 100, 30))
    assert ("zone", "z0-0") in found and ("zone", "z0-1") in found
    assert ("zone", "z5-5") not in found
    everything = layout.find((-1e6, -1e6, 1e6, 1e6))
    assert len(everything) == len(map_.zones) + len(map_.borders)


def test_points_find_their_zone_and_lines_their_border():
    layout = MapLayout(warehouse())
    for zone in warehouse().zones:
        x, y = zone.shape.centre()
        assert layout.zones_at(x, y) == [zone.id]
    border = warehouse().borders[0]
    x, y = layout.lines[border.id].segments[0][0]
    assert border.id in layout.borders_near(x, y + 3)
    assert layout.zones_at(-500, -500) == []


def test_nodes_are_found_on_their_disc():
    net = nephrite_net()
    layout = MapLayout(net)
    node = next(z for z in net.zones if z.shape.kind == "node")
    assert layout.zones_at(node.shape.x + node.shape.radius - 1, node.shape.y) == [node.id]
    assert node.id not in layout.zones_at(node.shape.x + node.shape.radius + 1, node.shape.y)


def test_edits_keep_the_index_and_lines_current():
    map_ = zone_map(200)
    layout = MapLayout(map_)
    zone = map_.zones[0]
    moved_points = [(x + 5000, y) for x, y in zone.shape.points]
    touched = layout.set_zone(zone.model_copy(update={"shape": PolygonShape(points=moved_points)}))
    assert touched and all(not layout.lines[b].shared for b in touched), "moved away, it shares no edge"
    assert layout.zones_at(5010, 10) == [zone.id]
    assert zone.id not in layout.zones_at(10, 10)
    border_id = touched[0]
    layout.drop("border", border_id)
    assert ("border", border_id) not in layout.find((-1e6, -1e6, 1e6, 1e6))
    assert border_id not in layout.borders_at[zone.id]


def test_a_zone_renamed_filled_or_fogged_keeps_its_borders_lines_and_its_place(monkeypatch):
    """Fog All sets every zone: one whose shape is as it was has nothing to lay out again (its
    borders' lines worked out one at a time took 50 s at 100k zones), and the layout still
    answers as one made afresh from the edited map."""
    from tabletop.geometry.whole import layout as layout_module

    map_ = zone_map(400)
    layout = MapLayout(map_)
    lines_before = {b.id: layout.lines[b.id] for b in map_.borders}
    worked_out = []
    monkeypatch.setattr(layout_module, "border_line", lambda *args: worked_out.append(args) or border_line(*args))
    edited = [
        zone.model_copy(
            update={
                "hidden": True,
                "name": f"Fogged {zone.id}",
                "fill": zone.fill.model_copy(update={"colour": "#aa2222"}),
            }
        )
        for zone in map_.zones
    ]
    assert [layout.set_zone(zone) for zone in edited] == [[]] * len(edited), "no border moved with them"
    assert worked_out == []
    assert all(layout.zone(zone.id) is zone for zone in edited), "the edited zones are the layout's"
    fresh = MapLayout(map_.model_copy(update={"zones": edited}))
    assert (
        {b.id: layout.lines[b.id] for b in map_.borders}
        == lines_before
        == {b.id: fresh.lines[b.id] for b in map_.borders}
    )
    assert layout.boxes == fresh.boxes
    centre = map_.zones[7].shape.centre()
    assert layout.zones_at(*centre) == fresh.zones_at(*centre) == [map_.zones[7].id]
    moved = edited[7].model_copy(
        update={"shape": PolygonShape(points=[(x + 9000, y) for x, y in edited[7].shape.points])}
    )
    assert sorted(layout.set_zone(moved)) == sorted(layout.borders_at[moved.id]) != [], (
        "a moved zone still moves its borders"
    )
    assert len(worked_out) == len(layout.borders_at[moved.id])


def test_the_bulk_index_equals_one_object_at_a_time():
    map_ = zone_map(300)
    bulk = MapLayout(map_)
    single = MapLayout(Map())
    for zone in map_.zones:
        single.set_zone(zone)
    for border in map_.borders:
        single.set_border(border)
    assert single.boxes == bulk.boxes
    assert cell_contents(single) == cell_contents(bulk)
    assert bulk._built is not None and not bulk._buckets, "the opened map's index is the arrays alone"


def cell_contents(layout: MapLayout) -> dict[tuple[int, int], set[tuple[str, str]]]:
    """Every cell's objects, from the index as opened (less what moved since) and what came after."""
    cells: dict[tuple[int, int], set[tuple[str, str]]] = {}
    built = layout._built
    for cell, (start, stop) in (built.cells if built is not None else {}).items():
        keys = set(built.keys(built.members[start:stop].tolist())) - layout._stale
        cells.setdefault(cell, set()).update(keys)
    for cell, keys in layout._buckets.items():
        cells.setdefault(cell, set()).update(keys)
    return {cell: keys for cell, keys in cells.items() if keys}


def test_a_zone_the_size_of_a_continent_is_found_without_walking_its_cells():
    from tabletop.geometry.whole.layout import LARGE_CELLS, MapLayout
    from tabletop.model import Map, PolygonShape, Zone

    huge = Zone(id="sea", shape=PolygonShape(points=[(-90_000, -90_000), (90_000, -90_000), (90_000, 90_000)]))
    isle = Zone(id="isle", shape=PolygonShape(points=[(0, 0), (40, 0), (40, 40), (0, 40)]))
    layout = MapLayout(Map(zones=[huge, isle]))
    assert ("zone", "sea") in layout._large and len(layout._buckets) < LARGE_CELLS
    assert layout.find((10, 10, 20, 20)) == {("zone", "sea"), ("zone", "isle")}
    assert layout.find((-1e5, -1e5, 1e5, 1e5)) == {("zone", "sea"), ("zone", "isle")}
    assert sorted(layout.zones_at(5, 5)) == ["isle", "sea"]
    layout.drop("zone", "sea")
    assert layout.find((10, 10, 20, 20)) == {("zone", "isle")} and not layout._large
