"""Runs of a flat array: polygons, lines or labels stored end to end, `counts` items each.

The lowest floor of geometry/, in the per-object half so that both halves reach it: the
tables, the columns, the overlap check and the painters all walk such runs, and none of them
need import another to do it. numpy is imported when first used, as the
tables do: the empty window starts without it. Qt-free."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np


def within(counts: np.ndarray) -> np.ndarray:
    """0, 1, ... count-1 for each count, end to end: the places inside each run of a flat array."""
    import numpy as np

    return np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)


def run_starts(counts: np.ndarray) -> np.ndarray:
    """The place of each run's first item in the flat array."""
    import numpy as np

    return np.cumsum(counts) - counts


def following(counts: np.ndarray) -> np.ndarray:
    """For each point of polygons stored end to end (`counts` points each), the place of the
    next point of its polygon: the last one closes on its first."""
    import numpy as np

    first = np.cumsum(counts) - counts
    after = np.arange(1, int(counts.sum()) + 1)
    after[first + counts - 1] = first
    return after
