"""Check Map's shape checks read the document's layout (the zones as opened from its arrays,
their pairs worked out once, every line's `shared` flag from the line table) and give the
answers of the checks worked out afresh from the map: on random maps, and after each edit the
layout takes in (a corner moved, a zone removed or added, a border added or removed, a room
made a node), undone and redone."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.document import MapDocument
from tabletop.document.commands import AddObject, EditObject, remove
from tabletop.geometry.whole.overlaps import borders_apart, overlapping_pairs
from tabletop.model import Border, Map, NodeShape, PolygonShape, Zone
from tests.maps import zone_map


def _room(rng: random.Random, zone_id: str) -> Zone:
    """A room on a coarse lattice over several cells (rooms often overlap or share edges), now
    and then with a corner off the lattice by a sliver or an extra point along its top."""
    x, y = rng.randint(0, 30) * 40.0, rng.randint(0, 20) * 40.0
    w, h = rng.randint(1, 4) * 40.0, rng.randint(1, 3) * 40.0
    points = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    if rng.random() < 0.3:
        points[2] = (points[2][0] + rng.choice([1e-3, 0.5, -0.5, 10.0]), points[2][1])
    if rng.random() < 0.3:
        points.insert(1, (x + w / 2, y))
    return Zone(id=zone_id, name=zone_id, shape=PolygonShape(points=points))


def _random_map(rng: random.Random) -> Map:
    zones = []
    for k in range(rng.randint(2, 45)):
        if rng.random() < 0.15:
            zones.append(Zone(id=f"n{k}", shape=NodeShape(x=rng.randint(0, 30) * 40.0, y=rng.randint(0, 20) * 40.0)))
        else:
            zones.append(_room(rng, f"p{k}"))
    ids = [zone.id for zone in zones]
    pairs = {tuple(sorted(rng.sample(ids, 2))) for _ in range(3 * len(ids))}
    return Map(zones=zones, borders=[Border(id=f"b{i}", a=a, b=b) for i, (a, b) in enumerate(sorted(pairs))])


def _corner_moved(rng: random.Random, zone: Zone) -> Zone:
    points = list(zone.shape.points)
    at = rng.randrange(len(points))
    step = rng.choice([1e-3, 0.3, 13.0, 27.0])  # never onto a lattice point: the room keeps an area
    points[at] = (points[at][0] + rng.choice([-step, step]), points[at][1] + rng.choice([-step, 0.0, step]))
    return zone.model_copy(update={"shape": PolygonShape(points=points)})


def _edit(rng: random.Random, document: MapDocument, serial: int) -> None:
    """One edit a GM makes, through the document's commands."""
    map_ = document.map
    polygons = [z for z in map_.zones if isinstance(z.shape, PolygonShape)]
    stack = document.undo_stack
    roll = rng.random()
    if roll < 0.35 and polygons:
        stack.push(EditObject(document, "zone", _corner_moved(rng, rng.choice(polygons)), "shape"))
    elif roll < 0.5 and len(map_.zones) > 2:
        stack.push(remove(document, [("zone", rng.choice(map_.zones).id)]))
    elif roll < 0.65:
        stack.push(AddObject(document, "zone", _room(rng, f"new{serial}")))
    elif roll < 0.8 and len(map_.zones) > 1:
        a, b = rng.sample([z.id for z in map_.zones], 2)
        stack.push(AddObject(document, "border", Border(id=f"nb{serial}", a=a, b=b)))
    elif roll < 0.88 and map_.borders:
        stack.push(remove(document, [("border", rng.choice(map_.borders).id)]))
    elif roll < 0.94 and polygons:
        zone = rng.choice(polygons)
        x, y = zone.shape.centre()
        stack.push(EditObject(document, "zone", zone.model_copy(update={"shape": NodeShape(x=x, y=y)}), "shape"))
    elif stack.canUndo():
        stack.undo()
        if rng.random() < 0.5:
            stack.redo()


def _same_answers(document: MapDocument) -> tuple[list, list]:
    map_, layout = document.map, document.layout
    pairs, apart = overlapping_pairs(map_.zones, layout), borders_apart(map_, layout)
    assert pairs == overlapping_pairs(map_.zones)
    assert apart == borders_apart(map_)
    lines = layout.lines
    assert layout.lines_apart() == {b.id for b in map_.borders if not lines[b.id].shared}
    return pairs, apart


def _drawn_by_hand(map_: Map) -> MapDocument:
    """A document begun empty and given the map's zones and borders one command each: its layout
    is made edit by edit, with no arrays as opened."""
    document = MapDocument(Map())
    for kind, objs in (("zone", map_.zones), ("border", map_.borders)):
        for obj in objs:
            document.undo_stack.push(AddObject(document, kind, obj))
    assert document.map.zones == map_.zones and document.map.borders == map_.borders
    return document


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["opened", "drawn by hand"]))
def test_the_checks_on_the_layout_answer_as_the_checks_afresh_edit_after_edit(seed, made):
    rng = random.Random(seed)
    map_ = _random_map(rng)
    document = MapDocument(map_) if made == "opened" else _drawn_by_hand(map_)
    _same_answers(document)
    for serial in range(rng.randint(1, 12)):
        _edit(rng, document, serial)
        _same_answers(document)


def test_a_map_with_overlaps_and_borders_apart_is_not_a_map_without_findings():
    """The random maps above find something to compare: overlaps and borders apart, as opened
    and after edits."""
    found = [0, 0]
    for seed in range(30):
        rng = random.Random(seed)
        document = MapDocument(_random_map(rng))
        for serial in range(6):
            pairs, apart = _same_answers(document)
            found[0] += bool(pairs)
            found[1] += bool(apart)
            _edit(rng, document, serial)
    assert found[0] > 20 and found[1] > 20


def test_a_corner_pushed_into_a_neighbour_of_a_big_opened_map_is_found_and_forgotten_when_undone():
    document = MapDocument(zone_map(2_000))
    map_ = document.map
    assert overlapping_pairs(map_.zones, document.layout) == []
    assert borders_apart(map_, document.layout) == []
    first = map_.zones[0]
    points = list(first.shape.points)
    points[2] = (points[2][0] + 0.01, points[2][1])  # the bottom right corner, a sliver into the brick beside
    document.undo_stack.push(
        EditObject(document, "zone", first.model_copy(update={"shape": PolygonShape(points=points)}), "shape")
    )
    assert overlapping_pairs(map_.zones, document.layout) == [(first.id, map_.zones[1].id)]
    assert overlapping_pairs(map_.zones, document.layout) == overlapping_pairs(map_.zones)
    document.undo_stack.undo()
    assert overlapping_pairs(map_.zones, document.layout) == []
    far = map_.zones[-1]
    moved = [(x + 5000, y) for x, y in far.shape.points]
    document.undo_stack.push(
        EditObject(document, "zone", far.model_copy(update={"shape": PolygonShape(points=moved)}), "shape")
    )
    apart = borders_apart(map_, document.layout)
    assert apart and apart == borders_apart(map_)
    assert all(far.id in (b.a, b.b) for b in map_.borders if b.id in apart)
