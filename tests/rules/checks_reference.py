"""The map check as it was built on networkx, kept as the reference the array searches
(tabletop/rules/passable_map.py) must agree with, finding for finding and word for word.
The few helpers the rewrite left as they were (a zone's name, a trap's line, a choke's
line from its counts, whether a border can be crossed) are the checks' own;
test_checks.py holds each line's exact words."""

from __future__ import annotations

from collections import defaultdict

import networkx as nx

from tabletop.rules.checks import (
    CHOKE_SIDE,
    Finding,
    FindingKind,
    _choke_message,
    _crossable,
    _name,
    _trap_message,
)
from tabletop.rules.zone_graph import ZoneGraph


def reference_check_map(graph: ZoneGraph, start: str | None = None) -> list[Finding]:
    """Every finding on the map: unreachable zones from `start` (default: the map's first
    zone), then one-way traps, then choke borders."""
    zones = graph.zone_ids()
    if not zones:
        return []
    return [
        *reference_unreachable_zones(graph, start or zones[0]),
        *reference_one_way_traps(graph),
        *reference_choke_borders(graph),
    ]


def reference_unreachable_zones(graph: ZoneGraph, start: str) -> list[Finding]:
    """The zones no chain of passable ways leads to from `start`, whatever the shifts."""
    graph.zone_index(start)
    passable = graph.passable()
    reached = nx.descendants(passable, start) | {start}
    origin = _name(graph, start)
    return [
        Finding(FindingKind.UNREACHABLE, "zone", (zone,), f"Nobody can reach {_name(graph, zone)} from {origin}.")
        for zone in graph.zone_ids()
        if zone not in reached
    ]


def reference_one_way_traps(graph: ZoneGraph) -> list[Finding]:
    """Groups of zones that can be entered and never left: a strongly connected part of the
    passable graph with a way in from outside and no way out."""
    passable = graph.passable()
    parts = nx.condensation(passable)
    order = {zone: n for n, zone in enumerate(graph.zone_ids())}
    found = []
    for part in parts.nodes:
        if parts.out_degree(part) == 0 and parts.in_degree(part) > 0:
            members = tuple(sorted(parts.nodes[part]["members"], key=order.__getitem__))
            found.append(Finding(FindingKind.TRAP, "zone", members, _trap_message(graph, members)))
    found.sort(key=lambda finding: order[finding.ids[0]])
    return found


def reference_choke_borders(graph: ZoneGraph) -> list[Finding]:
    """Borders whose loss cuts the map in two: the bridges of the passable graph taken both
    ways at once, when they are the only passable border between their zones and leave at
    least CHOKE_SIDE zones on each side."""
    directed = graph.passable()
    passable = nx.Graph()
    passable.add_nodes_from(directed)
    passable.add_edges_from(directed.edges())  # without the edge data: to_undirected deep-copies it
    bridges = []
    for a, b in nx.bridges(passable):
        ways = [i for i in _borders_between(graph, a, b) if _crossable(graph, i)]
        if len(ways) == 1:
            bridges.append((a, b, ways[0]))
    if not bridges:
        return []
    sides = _side_sizes(passable, [(a, b) for a, b, _ in bridges])
    order = {border_id: n for n, border_id in enumerate(graph.borders)}
    found = []
    for a, b, border_id in sorted(bridges, key=lambda bridge: order[bridge[2]]):
        one, other = sides[(a, b)]
        if min(one, other) < CHOKE_SIDE:
            continue
        found.append(Finding(FindingKind.CHOKE, "border", (border_id,), _choke_message(graph, border_id, one, other)))
    return found


def _side_sizes(passable: nx.Graph, bridges: list[tuple[str, str]]) -> dict[tuple[str, str], tuple[int, int]]:
    """Zones on each side of every bridge, in one pass: the parts left when all bridges are
    cut form a tree (per connected piece of the map), and a bridge's sides are a subtree
    and the rest of its piece."""
    cut = passable.copy()
    cut.remove_edges_from(bridges)
    part_of, size = {}, []
    for n, members in enumerate(nx.connected_components(cut)):
        size.append(len(members))
        for zone in members:
            part_of[zone] = n
    tree: dict[int, list[int]] = defaultdict(list)
    for a, b in bridges:
        tree[part_of[a]].append(part_of[b])
        tree[part_of[b]].append(part_of[a])
    parent: dict[int, int] = {}
    below = list(size)
    total: dict[int, int] = {}
    for root in list(tree):
        if root in parent:
            continue
        parent[root] = -1
        visit, stack = [], [root]
        while stack:
            node = stack.pop()
            visit.append(node)
            for child in tree[node]:
                if child not in parent:
                    parent[child] = node
                    stack.append(child)
        for node in reversed(visit):
            if parent[node] >= 0:
                below[parent[node]] += below[node]
        for node in visit:
            total[node] = below[root]
    sides = {}
    for a, b in bridges:
        pa, pb = part_of[a], part_of[b]
        child = pb if parent[pb] == pa else pa
        inner = below[child]
        rest = total[child] - inner
        sides[(a, b)] = (rest, inner) if child == pb else (inner, rest)
    return sides


def _borders_between(graph: ZoneGraph, a: str, b: str) -> list[str]:
    i, j = graph.index[a], graph.index[b]
    return graph.between(i, j)
