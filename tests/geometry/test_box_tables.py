"""A map's boxes read in bulk (a whole map selected) are the boxes read one key at a time."""

from __future__ import annotations

from tabletop.geometry.whole.layout import MapLayout
from tabletop.geometry.whole.tables import BoxTable, box_array, union_of
from tabletop.model import PolygonShape
from tests.maps import zone_map


def test_boxes_read_as_an_array_are_the_ones_read_key_by_key():
    """Rows as opened, boxes set since (a moved zone), keys no longer held (a dropped border,
    an unknown kind) left out, in the keys' order."""
    map_ = zone_map(120)
    layout = MapLayout(map_)
    assert isinstance(layout.boxes, BoxTable), "laid out from arrays"
    moved = map_.zones[5].model_copy(update={"shape": PolygonShape(points=[(0, 0), (900, 0), (900, 40), (0, 40)])})
    layout.set_zone(moved)
    layout.drop("border", map_.borders[3].id)
    keys = [("border", b.id) for b in map_.borders[:6]] + [("zone", z.id) for z in reversed(map_.zones[:9])]
    keys += [("token", "t1"), ("zone", "nowhere")]
    held, array = box_array(layout.boxes, keys)
    expected = [key for key in keys if key in layout.boxes]
    assert held == expected and len(held) == len(keys) - 3
    assert [tuple(row) for row in array.tolist()] == [layout.boxes[key] for key in expected]
    assert ("zone", moved.id) in held and array[held.index(("zone", moved.id))][2] == 900 + 12
    plain = dict((key, layout.boxes[key]) for key in expected)
    held_plain, array_plain = box_array(plain, keys)
    assert held_plain == held and (array_plain == array).all()


def test_the_union_of_boxes_holds_each_and_touches_the_outermost():
    boxes = [(3.0, -1.0, 5.0, 2.0), (-4.0, 0.5, 1.0, 9.0), (0.0, 0.0, 7.5, 1.0)]
    assert union_of(boxes) == (-4.0, -1.0, 7.5, 9.0)
    assert union_of(boxes[:1]) == boxes[0]


def test_the_union_of_a_box_table_is_the_union_of_the_boxes_it_holds():
    """What a change of the whole map repaints: rows as opened, boxes set since, none dropped."""
    map_ = zone_map(120)
    layout = MapLayout(map_)
    far = map_.zones[5].model_copy(update={"shape": PolygonShape(points=[(0, 0), (9000, 0), (9000, 40), (0, 40)])})
    layout.set_zone(far)
    assert layout.whole_box() == union_of([layout.boxes[key] for key in layout.boxes])
    assert layout.whole_box()[2] == 9000 + 12
    layout.set_zone(map_.zones[5])  # moved back: its far box no longer held
    assert layout.whole_box() == union_of([layout.boxes[key] for key in layout.boxes]) and layout.whole_box()[2] < 9000
    assert MapLayout(zone_map(120).model_copy(update={"zones": [], "borders": []})).whole_box() is None
