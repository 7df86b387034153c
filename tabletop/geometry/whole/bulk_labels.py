"""Where many zones' names go at once: the names of a zoomed-out map's small zones, cut at their
spots, worked out in numpy with label_spot's arithmetic (geometry/single/labels.py), so the same
numbers, without a Python step per zone or per point."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.geometry.single.labels import PAD
from tabletop.geometry.single.runs import following, run_starts, within

if TYPE_CHECKING:
    import numpy as np


def cut_spots(
    polygons: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
    widths: list[float],
    height: float,
    boxes: list | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """label_spot of many polygons' labels too big to fit whole (the small zones of a zoomed-out
    map: their spot is cut_anchor's, the name cut to the zone's width there), worked out in numpy
    with the same arithmetic, so the same numbers. `polygons` is (x, y, firsts, counts) of each
    zone's polygon, `widths` its label's. Returns each spot's x, y and width, NaN where
    label_spot must be asked (a label that may fit, a spot that needs the pole: a convex polygon
    of no area, a stretch that is not inside). `boxes`, when given, is given each polygon's
    width and height (two arrays), worked out on the way."""
    import numpy as np

    x, y, firsts, counts = polygons
    n = len(counts)
    if boxes is not None:
        boxes[:] = [np.zeros(0), np.zeros(0)]
    if not n:
        return np.zeros(0), np.zeros(0), np.zeros(0)
    wanted = np.array([round(w, 1) for w in widths], dtype=np.float64)  # as label_spot rounds them
    tall = round(height, 1)
    owner = np.repeat(np.arange(n), counts)
    at = np.repeat(firsts, counts) + within(counts)
    ends = np.cumsum(counts)
    after = following(counts)
    x1, y1 = x[at], y[at]
    x2, y2 = x1[after], y1[after]
    starts = ends - counts
    left, right = np.minimum.reduceat(x1, starts), np.maximum.reduceat(x1, starts)
    top, bottom = np.minimum.reduceat(y1, starts), np.maximum.reduceat(y1, starts)
    small = (wanted + 2 * PAD > right - left) | (tall + 2 * PAD > bottom - top)
    if boxes is not None:
        boxes[:] = [right - left, bottom - top]
    x3, y3 = x2[after], y2[after]
    turn = (x2 - x1) * (y3 - y2) - (y2 - y1) * (x3 - x2)
    convex = ~(np.bincount(owner, turn > 0, n).astype(bool) & np.bincount(owner, turn < 0, n).astype(bool))
    area, cx, cy = _centroid_sums(x1, y1, x2, y2, starts, counts, small & convex)
    with np.errstate(invalid="ignore", over="ignore"):
        solid = np.abs(area) >= 1e-12
    sx, sy = _stretch_anchors(x1, y1, x2, y2, owner, (top + bottom) / 2, small & ~convex)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        ax = np.where(convex, cx / (3 * area), sx)
        ay = np.where(convex, cy / (3 * area), sy)
        placed = np.where(convex, solid, ~np.isnan(sx))
        ex, ey = ax[owner], ay[owner]
        crosses = (y1 > ey) != (y2 > ey)
        at_x = x1 + (ey - y1) * (x2 - x1) / (y2 - y1)
    inner = np.bincount(owner, crosses & (ex < at_x), n).astype(np.int64) % 2 == 1
    low = np.maximum.reduceat(np.where(crosses & (at_x <= ex), at_x, -np.inf), starts)
    high = np.minimum.reduceat(np.where(crosses & (at_x >= ex), at_x, np.inf), starts)
    low, high = np.where(np.isinf(low), ax, low), np.where(np.isinf(high), ax, high)
    room = np.maximum(0.0, 2 * np.minimum(ax - low, high - ax) - 2 * PAD)
    cut = np.minimum(np.minimum(wanted, room), np.asarray(widths, dtype=np.float64))
    done = small & placed & inner
    return np.where(done, ax, np.nan), np.where(done, ay, np.nan), np.where(done, cut, np.nan)


def _stretch_anchors(
    x1: np.ndarray,
    y1: np.ndarray,
    x2: np.ndarray,
    y2: np.ndarray,
    owner: np.ndarray,
    middle: np.ndarray,
    wanted: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """widest_stretch of the `wanted` polygons (edges (x1, y1)-(x2, y2) of polygon `owner`, its
    box's middle height `middle`), in numpy with the same arithmetic and the same choice among
    equals; NaN where it finds none, and for the others."""
    import numpy as np

    n = len(middle)
    ey = middle[owner]
    at = np.flatnonzero(((y1 > ey) != (y2 > ey)) & wanted[owner])
    crossing = x1[at] + (ey[at] - y1[at]) * (x2[at] - x1[at]) / (y2[at] - y1[at])
    whose = owner[at]
    order = np.lexsort((crossing, whose))
    crossing, whose = crossing[order], whose[order]
    counts = np.bincount(whose, minlength=n)
    rank = np.arange(len(whose)) - run_starts(counts)[whose]
    pairs = np.flatnonzero((rank % 2 == 0) & (rank + 1 < counts[whose]))
    wide = crossing[pairs + 1] - crossing[pairs]
    best = pairs[np.lexsort((pairs, -wide, whose[pairs]))]  # each polygon's widest first, the leftmost of equals
    best = best[np.r_[True, whose[best][1:] != whose[best][:-1]]] if len(best) else best
    sx, sy = np.full(n, np.nan), np.full(n, np.nan)
    sx[whose[best]] = (crossing[best] + crossing[best + 1]) / 2
    sy[whose[best]] = middle[whose[best]]
    return sx, sy


SUMMED_TOGETHER = 64
"""Polygons of up to this many points have area_centroid's sums added edge by edge for all of
them at once (a numpy step per edge); one of more points, alone (a step per edge of each would
be 10,000 steps for one long coast)."""


def _centroid_sums(
    x1: np.ndarray,
    y1: np.ndarray,
    x2: np.ndarray,
    y2: np.ndarray,
    starts: np.ndarray,
    counts: np.ndarray,
    wanted: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """area_centroid's three sums for the `wanted` polygons (NaN for the others), edge after
    edge as it adds them (numpy's own sums pair the terms up and may differ in the last bit)."""
    import numpy as np

    n = len(counts)
    area, cx, cy = np.full(n, np.nan), np.full(n, np.nan), np.full(n, np.nan)
    cross = x1 * y2 - x2 * y1
    together = wanted & (counts <= SUMMED_TOGETHER)
    area[together] = cx[together] = cy[together] = 0.0
    for k in range(int(counts[together].max()) if together.any() else 0):
        some = np.flatnonzero(together & (counts > k))
        edge = starts[some] + k
        area[some] += cross[edge]
        cx[some] += (x1[edge] + x2[edge]) * cross[edge]
        cy[some] += (y1[edge] + y2[edge]) * cross[edge]
    for polygon in np.flatnonzero(wanted & ~together).tolist():
        a = sx = sy = 0.0
        first = int(starts[polygon])
        edges = slice(first, first + int(counts[polygon]))
        for c, xa, xb, ya, yb in zip(
            cross[edges].tolist(),
            x1[edges].tolist(),
            x2[edges].tolist(),
            y1[edges].tolist(),
            y2[edges].tolist(),
            strict=True,
        ):
            a += c
            sx += (xa + xb) * c
            sy += (ya + yb) * c
        area[polygon], cx[polygon], cy[polygon] = a, sx, sy
    return area, cx, cy


def anchored_sizes(widths: np.ndarray, cuts: np.ndarray, heights: np.ndarray, fonts: list[float]) -> np.ndarray:
    """fitting.anchored_size of many names at once (each one's full width, the room cut_spots
    found for it, its zone's box height), with the same arithmetic."""
    import numpy as np

    from tabletop.geometry.single.fitting import LINE

    ratios = np.array([font / fonts[0] for font in fonts], dtype=np.float64)
    tall = np.array([font * LINE + 2 * PAD for font in fonts], dtype=np.float64)
    with np.errstate(invalid="ignore"):
        fits = (widths[:, None] * ratios[None, :] <= cuts[:, None]) & (tall[None, :] <= heights[:, None])
    return np.where(fits.any(axis=1), fits.argmax(axis=1), len(fonts) - 1)
