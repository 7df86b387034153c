"""Range on a zone map, and the shifts left after it for actions at a distance.

Range is the number of borders between two zones. "The range to your target is subtracted
from your shifts" (defense), and "when determining range to the target, use the target's
starting zone" (move another).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tabletop.rules.movement import Reach, reach
from tabletop.rules.topology import UNREACHABLE
from tabletop.rules.zone_graph import ZoneGraph


@dataclass(frozen=True)
class RangeField:
    """Range from one zone to every zone, as an array by zone index; lookups by id."""

    graph: ZoneGraph
    start: str
    ranges: np.ndarray

    def __getitem__(self, zone_id: str) -> int | None:
        value = int(self.ranges[self.graph.zone_index(zone_id)])
        return None if value == UNREACHABLE else value

    def zones(self) -> list[tuple[str, int]]:
        """(zone id, range) for every zone that can be reached at all, nearest first."""
        found = np.flatnonzero(self.ranges != UNREACHABLE)
        live = [i for i in found.tolist() if self.graph.ids[i] in self.graph.index]
        names = self.graph.names
        live.sort(key=lambda i: (int(self.ranges[i]), names[i], self.graph.ids[i]))
        return [(self.graph.ids[i], int(self.ranges[i])) for i in live]


def range_field(graph: ZoneGraph, start: str) -> RangeField:
    return RangeField(graph, start, graph.topology().ranges_from(graph.zone_index(start)))


def range_between(graph: ZoneGraph, a: str, b: str) -> int | None:
    """Borders between two zones; None when no chain of borders joins them."""
    return graph.topology().range_between(graph.zone_index(a), graph.zone_index(b))


def shifts_after_range(shifts: int, range_: int | None) -> int:
    """Shifts left for an action at a distance; out of any range, nothing is left."""
    if range_ is None:
        return 0
    return max(0, shifts - range_)


def move_another(graph: ZoneGraph, actor_zone: str, target_zone: str, shifts: int) -> Reach:
    """Where a target can be pushed: the range to its starting zone comes off the shifts, and
    the rest moves it through borders as if it moved itself."""
    left = shifts_after_range(shifts, range_between(graph, actor_zone, target_zone))
    return reach(graph, target_zone, left)
