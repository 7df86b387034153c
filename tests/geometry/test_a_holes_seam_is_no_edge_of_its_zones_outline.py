"""A zone with a hole (a room round a pillar, the ground outside a building) is one outline run
in to the hole along a seam and back: the outline is drawn as the runs between seams, and a
zone without a seam is drawn whole."""

from __future__ import annotations

from itertools import pairwise

from tabletop.geometry.single.seams import outline_runs
from tabletop.geometry.whole.rooms import enclosed_rooms

RING = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
HOLE = [(4.0, 4.0), (4.0, 6.0), (6.0, 6.0), (6.0, 4.0)]


def _edges(runs):
    return {frozenset(pair) for run in runs for pair in pairwise(run)}


def test_the_seam_is_left_out_and_every_other_edge_kept():
    seamed = [*RING[:1], *HOLE, HOLE[0], *RING]  # in at (0, 0) to the hole's corner, round it, back out
    runs = outline_runs(seamed)
    assert runs is not None
    edges = _edges(runs)
    assert frozenset([(0.0, 0.0), (4.0, 4.0)]) not in edges
    ring = {frozenset(pair) for pair in zip(RING, RING[1:] + RING[:1], strict=True)}
    hole = {frozenset(pair) for pair in zip(HOLE, HOLE[1:] + HOLE[:1], strict=True)}
    assert edges == ring | hole


def test_an_outline_without_a_seam_is_drawn_whole():
    assert outline_runs(RING) is None
    star = [(0, 0), (5, 1), (10, 0), (9, 5), (10, 10), (5, 9), (0, 10), (1, 5), (0, 0.5)]
    assert outline_runs(star) is None
    bow = [(0, 0), (2, 0), (4, 0), (4, 2), (2, 0), (2, 2), (0, 2), (0, 1)]  # a point visited twice, no edge twice
    assert outline_runs(bow) is None


def test_the_ground_outside_a_building_is_outlined_without_its_seam():
    walls = [[(2.0, 2.0), (6.0, 2.0), (6.0, 6.0), (2.0, 6.0), (2.0, 2.0)]]
    found = enclosed_rooms(walls, [], (0.0, 0.0, 8.0, 8.0))
    (outside,) = [outline for outline, open_ground in zip(found.outlines, found.outside, strict=True) if open_ground]
    runs = outline_runs(outside)
    assert runs is not None, "the building is a hole joined by a seam"
    drawn = _edges(runs)
    frame = {frozenset(p) for p in [((0, 0), (8, 0)), ((8, 0), (8, 8)), ((8, 8), (0, 8)), ((0, 8), (0, 0))]}
    walls_round = {frozenset(p) for p in [((2, 2), (6, 2)), ((6, 2), (6, 6)), ((6, 6), (2, 6)), ((2, 6), (2, 2))]}
    assert drawn == frame | walls_round


def _square(x: float, y: float, side: float) -> list[tuple[float, float]]:
    return [(x, y), (x + side, y), (x + side, y + side), (x, y + side), (x, y)]


def test_a_seam_never_runs_on_the_line_of_a_side_so_every_side_is_stroked():
    """Pillars in a column and a row: the shortest way from one to the next runs on the line of
    their sides, where a seam would hide a side; the seams go another way."""
    pillars = [_square(4, 1 + 2 * k, 1) for k in range(4)] + [_square(6 + 2 * k, 1, 1) for k in range(2)]
    walls = [_square(0, 0, 10), *pillars]
    found = enclosed_rooms(walls, [], (0.0, 0.0, 10.0, 10.0))
    (hall,) = [o for o, out in zip(found.outlines, found.outside, strict=True) if not out and len(o) > 8]
    runs = outline_runs(hall)
    assert runs is not None
    sides = {frozenset(pair) for ring in [_square(0, 0, 10), *pillars] for pair in pairwise(ring)}
    assert sides <= _edges(runs), "every side of the hall and of each pillar is stroked"
    walked = list(zip(hall, hall[1:] + hall[:1], strict=True))
    seams = [(a, b) for a, b in walked if (b, a) in set(walked)]
    assert len(seams) == 2 * len(pillars)
    for a, b in seams:
        for side in sides:
            if a in side or b in side:
                (p, q) = tuple(side)
                cross = (b[0] - a[0]) * (q[1] - p[1]) - (b[1] - a[1]) * (q[0] - p[0])
                assert abs(cross) > 1e-9, f"the seam {a}-{b} runs on the line of the side {p}-{q}"


def test_a_face_that_cannot_be_triangulated_still_has_its_holes_joined(monkeypatch):
    import shapely
    from shapely import Polygon

    def refused(face):
        raise shapely.errors.GEOSException("cannot triangulate")

    monkeypatch.setattr(shapely, "constrained_delaunay_triangles", refused)
    pillars = [_square(2, 2, 1), _square(6, 6, 1)]
    found = enclosed_rooms([_square(0, 0, 10), *pillars], [], (0.0, 0.0, 10.0, 10.0))
    hall = max(found.outlines, key=len)
    assert len(hall) == 4 + 2 * (4 + 2)
    assert Polygon(hall).area == 100 - 2
