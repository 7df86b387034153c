"""A map check a GM runs while preparing: places nobody can get to, traps, and choke points.

Each finding is a warning, not an error: a sealed vault or a one-way drop can be the point
of a scene. The checks read the passable map (a way counts when some passage lets a token
cross it that way, whatever it costs): `passable_map` walks the zone graph's own arrays,
so a big map is checked far quicker than networkx, which the checks used before and the
tests keep as their reference, could.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from tabletop.rules.passable_map import passable_map
from tabletop.rules.passages import cheapest_crossing

if TYPE_CHECKING:
    from tabletop.rules.zone_graph import ZoneGraph

CHOKE_SIDE = 2
"""A choke border leaves at least this many zones on each side: the only door of a dead-end
room cuts off one zone, which is how rooms are, so it is not listed."""


class FindingKind(StrEnum):
    UNREACHABLE = "unreachable"
    TRAP = "one-way trap"
    CHOKE = "choke border"
    OVERLAP = "overlapping zones"
    APART = "border apart"


@dataclass(frozen=True)
class Finding:
    """One thing the check found: its kind, what it is about (zones or one border, by id,
    in map order) and a line for the GM."""

    kind: FindingKind
    objects: str
    """"zone" or "border": the kind of map object `ids` name."""
    ids: tuple[str, ...]
    message: str


def check_map(graph: ZoneGraph, start: str | None = None) -> list[Finding]:
    """Every finding on the map: unreachable zones from `start` (default: the map's first
    zone), then one-way traps, then choke borders."""
    if not graph.index:
        return []
    first = graph.ids[min(graph.index.values())]
    return [*unreachable_zones(graph, start or first), *one_way_traps(graph), *choke_borders(graph)]


def unreachable_zones(graph: ZoneGraph, start: str) -> list[Finding]:
    """The zones no chain of passable ways leads to from `start`, whatever the shifts."""
    reached = passable_map(graph).reached_from(graph.zone_index(start))
    origin = _name(graph, start)
    ids, names = graph.ids, graph.names
    return [
        Finding(FindingKind.UNREACHABLE, "zone", (ids[i],), f"Nobody can reach {names[i] or ids[i]} from {origin}.")
        for i in _live(graph)
        if not reached[i]
    ]


def one_way_traps(graph: ZoneGraph) -> list[Finding]:
    """Groups of zones that can be entered and never left: a strongly connected part of the
    passable map with a way in from outside and no way out."""
    found = []
    for part in passable_map(graph).traps:
        members = tuple(graph.ids[i] for i in part)
        found.append(Finding(FindingKind.TRAP, "zone", members, _trap_message(graph, members)))
    return found


def _trap_message(graph: ZoneGraph, members: tuple[str, ...]) -> str:
    if len(members) == 1:
        return f"{_name(graph, members[0])} is a one-way trap: it can be entered but never left."
    names = ", ".join(_name(graph, zone) for zone in members[:3])
    more = f" and {len(members) - 3} more" if len(members) > 3 else ""
    return f"{names}{more} form a one-way trap: they can be entered but never left."


def choke_borders(graph: ZoneGraph) -> list[Finding]:
    """Borders whose loss cuts the map in two: the bridges of the passable map taken both
    ways at once, when they are the only passable border between their zones and leave at
    least CHOKE_SIDE zones on each side. The counts name the side of the zone first on the
    map first."""
    chokes = []
    for bridge in passable_map(graph).bridges:
        if min(bridge.side_a, bridge.side_b) < CHOKE_SIDE:
            continue
        ways = [i for i in graph.between(bridge.a, bridge.b) if _crossable(graph, i)]
        if len(ways) == 1:
            chokes.append((ways[0], bridge))
    if len(chokes) > 1:  # in map order: the places of the few borders found, in one pass over all
        wanted = {border_id for border_id, _ in chokes}
        place = {border_id: n for n, border_id in enumerate(graph.borders) if border_id in wanted}
        chokes.sort(key=lambda choke: place[choke[0]])
    return [
        Finding(
            FindingKind.CHOKE, "border", (border_id,), _choke_message(graph, border_id, bridge.side_a, bridge.side_b)
        )
        for border_id, bridge in chokes
    ]


def _choke_message(graph: ZoneGraph, border_id: str, one: int, other: int) -> str:
    border = graph.borders[border_id]
    what = f"'{border.label}'" if border.label else "The border"
    return (
        f"{what} between {_name(graph, border.a)} and {_name(graph, border.b)} is a choke border: "
        f"its loss cuts the map in two ({one:,} zones on one side, {other:,} on the other)."
    )


def drawing_findings(graph: ZoneGraph, overlapping: list[tuple[str, str]], apart: list[str]) -> list[Finding]:
    """What the shapes say (worked out by geometry/whole/overlaps.py, which the rules do not import):
    rooms drawn over each other, and borders whose zones no longer touch."""
    found = [
        Finding(
            FindingKind.OVERLAP,
            "zone",
            pair,
            f"{_name(graph, pair[0])} and {_name(graph, pair[1])} overlap: a place on the map is in both.",
        )
        for pair in overlapping
    ]
    for border_id in apart:
        border = graph.borders[border_id]
        found.append(
            Finding(
                FindingKind.APART,
                "border",
                (border_id,),
                f"{_name(graph, border.a)} and {_name(graph, border.b)} share a border but do not touch: "
                "it is drawn as a link between them.",
            )
        )
    return found


def _live(graph: ZoneGraph) -> range | list[int]:
    """The indices of the zones on the map now, in map order (a removed zone's is reserved)."""
    index = graph.index
    return range(len(graph.ids)) if len(index) == len(graph.ids) else sorted(index.values())


def _crossable(graph: ZoneGraph, border_id: str) -> bool:
    border = graph.borders[border_id]
    return cheapest_crossing(border, border.a) is not None or cheapest_crossing(border, border.b) is not None


def _name(graph: ZoneGraph, zone_id: str) -> str:
    return graph.names[graph.index[zone_id]] or zone_id
