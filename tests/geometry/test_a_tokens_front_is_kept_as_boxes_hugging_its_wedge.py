"""A token's front (its facing wedge, a quarter of a disc) is kept as a few boxes, one per band
across it: together they cover every point of the wedge, and a name standing beside its slanted
sides is clear of them where one box around the whole quarter disc would say it is not."""

from __future__ import annotations

import math

import pytest

from tabletop.geometry.single.fitting import front_box, front_boxes

SPOT, REACH = (100.0, 100.0), 32.0


def _in(box, x: float, y: float) -> bool:
    return box[0] - 1e-6 <= x <= box[2] + 1e-6 and box[1] - 1e-6 <= y <= box[3] + 1e-6


def _meet(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("facing", [0.0, 30.0, 45.0, 90.0, 135.0, 180.0, 200.0, 270.0, 315.0])
def test_every_point_of_the_wedge_is_in_one_of_its_boxes(facing):
    boxes = front_boxes(SPOT, facing, REACH)
    whole = front_box(SPOT, facing, REACH)
    assert all(_in(whole, box[0], box[1]) and _in(whole, box[2], box[3]) for box in boxes)
    for k in range(31):
        angle = math.radians(facing - 45.0 + 90.0 * k / 30)
        for r in (REACH * j / 8 for j in range(9)):
            x, y = SPOT[0] + r * math.sin(angle), SPOT[1] - r * math.cos(angle)
            assert any(_in(box, x, y) for box in boxes), (facing, round(x, 2), round(y, 2))


def test_a_name_beside_an_upward_wedges_slanted_side_is_clear_of_its_boxes():
    name = (70.0, 93.0, 83.0, 99.0)  # left of the wedge's point, where it is narrow
    assert _meet(name, front_box(SPOT, 0.0, REACH))
    assert not any(_meet(name, box) for box in front_boxes(SPOT, 0.0, REACH))
