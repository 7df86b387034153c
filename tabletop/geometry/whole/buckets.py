"""The buckets a layout keeps what is put or moved after an open in: which cells of CELL map
units a box covers, one box at a time or many at once. Qt-free; numpy only for many at once."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING

from tabletop.geometry.whole.tables import Box

if TYPE_CHECKING:
    import numpy as np

LARGE_CELLS = 1024
"""An object whose box covers more cells than this (a zone the size of a continent) is kept
in a short list every query tests, instead of in thousands of cells."""
CELL = 240.0
"""Side of one bucket in map units: a few zones across, so a point or a screen tile touches few buckets."""


def cell_counts(corners: np.ndarray) -> np.ndarray:
    """How many cells each box covers, from its corners' cells (rows of x0, y0, x1, y1)."""
    x0, y0, x1, y1 = corners.T
    return (x1 - x0 + 1) * (y1 - y0 + 1)


def bucket_all(boxes: dict[tuple[str, str], Box]) -> dict[tuple[int, int], set[tuple[str, str]]]:
    """The bucket index of some objects at once: their cells worked out with numpy, then a set per cell."""
    if not boxes:
        return {}
    import numpy as np

    from tabletop.geometry.whole.cells import cell_rows

    keys = list(boxes)
    cx, cy, owner = cell_rows(np.array(list(boxes.values()), dtype=np.float64).reshape(-1, 4), CELL)
    found: dict[tuple[int, int], set[tuple[str, str]]] = {}
    for x, y, i in zip(cx.tolist(), cy.tolist(), owner.tolist(), strict=True):
        found.setdefault((x, y), set()).add(keys[i])
    return found


def cell_count(box: Box) -> int:
    """How many cells a box covers."""
    left, top, right, bottom = box
    return (math.floor(right / CELL) - math.floor(left / CELL) + 1) * (
        math.floor(bottom / CELL) - math.floor(top / CELL) + 1
    )


def cells_of(box: Box) -> Iterable[tuple[int, int]]:
    """The cells a box covers."""
    left, top, right, bottom = box
    for cx in range(math.floor(left / CELL), math.floor(right / CELL) + 1):
        for cy in range(math.floor(top / CELL), math.floor(bottom / CELL) + 1):
            yield (cx, cy)
