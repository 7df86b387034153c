"""Overlapping rooms are found whatever their sizes: closets of a few units, halls, and a
region wider than the whole map, on maps where the cells the rooms are sorted into are a
quarter, a half or all of their widest size. The pairs are every pair that overlaps, tested
one by one."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.geometry.whole.overlaps import overlap_box, overlapping_pairs
from tabletop.model import PolygonShape, Zone


def _rooms(seed: int, size: float, count: int) -> list[Zone]:
    rng = random.Random(seed)
    zones = []
    for k in range(count):
        x, y = rng.randint(0, 40) * size / 2, rng.randint(0, 30) * size / 2
        w, h = rng.choice([0.1, 1, 2, 3]) * size, rng.choice([0.1, 1, 2]) * size
        points = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        if rng.random() < 0.3:  # a corner pushed in or out, now and then by a sliver
            points[2] = (points[2][0] + rng.choice([-0.01, 0.01, size / 3]), points[2][1])
        zones.append(Zone(id=f"r{k}", shape=PolygonShape(points=points)))
    if rng.random() < 0.3:
        zones.append(Zone(id="region", shape=PolygonShape(points=[(-5e4, -5e4), (5e4, -5e4), (0, 5e4)])))
    return zones


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([4.0, 30.0, 60.0, 120.0, 400.0]), st.integers(2, 60))
def test_every_overlapping_pair_is_found_and_no_other(seed, size, count):
    zones = _rooms(seed, size, count)
    every = [(a.id, b.id) for i, a in enumerate(zones) for b in zones[i + 1 :] if overlap_box(a, b) is not None]
    assert overlapping_pairs(zones) == every
