"""Seams: the there-and-back cuts that join a hole to the outline of a zone, which has no holes.

A room with a pillar in it, or the ground outside a building, is a zone whose one outline runs
in to the hole along a seam, round the hole, and back out along the same seam (geometry/whole/
rooms.py makes them so). The fill covers exactly the room; the seam has no width, so it is no
edge of the room a GM should see. An outline is drawn as its runs between seams. Qt-free.
"""

from __future__ import annotations

from collections.abc import Sequence

Point = tuple[float, float]

SEAMED_POINTS = 8
"""The fewest points of an outline with a seam: a ring and a hole of three corners each, and
the seam's two ends written twice."""


def outline_runs(points: Sequence[Point]) -> list[list[Point]] | None:
    """The outline of a closed polygon as open runs of points that leave out every seam (an
    edge the outline also walks the other way); None when it has no seam, so the polygon is
    drawn whole. A seam repeats its ends, so an outline without repeated points is passed over
    at once."""
    n = len(points)
    if n < SEAMED_POINTS or len(set(points)) == n:
        return None
    edges = {(points[k], points[(k + 1) % n]) for k in range(n)}
    seam = [(points[(k + 1) % n], points[k]) in edges for k in range(n)]
    if not any(seam):
        return None
    start = seam.index(True)
    runs: list[list[Point]] = []
    run: list[Point] = []
    for step in range(1, n + 1):
        k = (start + step) % n
        if seam[k]:
            if run:
                runs.append(run)
            run = []
        else:
            run = run or [points[k]]
            run.append(points[(k + 1) % n])
    return runs
