"""The zone map as a directed graph, kept current edit by edit instead of rebuilt.

The hot queries (reach, range field) run on a compact adjacency: a dict of {neighbour
index: crossing} per zone, which one border edit updates in place. A new graph is quick to
make (its zones only): a zone's crossings are worked out when a search first reaches it, the
whole map's in slices (`prepare_step`) or at the first edit or whole-map question, so a reach
asked as a big map opens waits for the few hundred zones it visits, not the map.
networkx is built from it only when asked (the map check's reference in the tests), and
dropped at the next edit, so editing never pays for it. The landmarks that guide a path
(rules/landmarks.py) are kept here, told of each way an edit makes cheaper.
"""

from __future__ import annotations

import itertools
import weakref
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from operator import attrgetter
from typing import TYPE_CHECKING

from tabletop.heap import collector_off
from tabletop.model import Border, Map, Zone
from tabletop.rules.passages import Crossing, cheapest_crossing

if TYPE_CHECKING:  # imported on first ask (passable(), topology()): a start that never asks never pays for them
    import networkx as nx
    import numpy as np

    from tabletop.rules.landmarks import Landmarks
    from tabletop.rules.topology import Topology

SLICE = 8_192
"""Borders (or zones) per slice of `prepare_step`: a slice is short enough that the event loop
between slices answers a click or a drag at once."""
LANDMARKS_FROM = 200
"""Maps of fewer zones find their paths without landmarks: there a search widening evenly costs
about what a guided one does, and making the landmarks would cost more than either."""
CHEAPER_AT_ONCE = 64
"""Ways made cheaper between two paths after which the landmarks are dropped, not kept up to
date way by way: a bulk edit (an undone delete of everything) makes them worth making anew."""


class _Made(dict):
    """Zone index -> what a search reads of that zone, made on first read by the graph: what
    `out` and `hops` are until the whole graph is built (lists from then on, read quicker).
    The graph is held weakly: a cycle frozen out of the collector's sight would outlive it."""

    def __init__(self, graph: ZoneGraph, part: int) -> None:
        super().__init__()
        self.graph, self.part = weakref.ref(graph), part

    def __missing__(self, zone: int) -> object:
        self[zone] = made = self.graph()._make(zone)[self.part]  # kept here for a search begun before the whole graph
        return made


class ZoneGraph:
    """Movement and range structure of one map; call the edit methods as the map changes.

    `revision` counts the edits seen, so callers can cache answers per revision.
    `borders_of`, when the caller keeps it (the document), gives the borders touching a zone
    in map order, as the map is now: a search reads a zone's crossings from it before the
    whole graph is built. `zone_rows`: each zone's place in the map, when the caller keeps it.
    """

    def __init__(
        self,
        map_: Map,
        borders_of: Callable[[str], list[Border]] | None = None,
        zone_rows: Mapping[str, int] | None = None,
    ) -> None:
        self.revision = 0
        self.ids: list[str] = []
        self.names: list[str] = []
        self.index: dict[str, int] = {}
        self.out: list[dict[int, Crossing]] = _Made(self, 0)  # type: ignore[assignment]
        """Per zone index, its crossings by neighbour index (made when first read, until complete)."""
        self.hops: list[list[tuple[int, int]]] = _Made(self, 1)  # type: ignore[assignment]
        """Per zone index, (cost, neighbour) cheapest first: what the searches iterate."""
        self._borders: dict[str, Border] = {}
        self._between: dict[tuple[int, int], str | dict[str, None]] = {}
        """The border (or, for a pair joined by several, the borders) between two zones by
        index: a lone id for most pairs, so a big map holds no one-entry dict per pair."""
        self._topology: Topology | None = None
        self._pairs: np.ndarray | None = None
        """The pairs of zones joined by borders as one flat array, made by `prepare_step` before the adjacency."""
        self._passable: nx.DiGraph | None = None
        self._landmarks: Landmarks | None = None
        self._landmark_asks = 0
        """Asks for landmarks since there were none: the second makes them."""
        self._cheaper: list[tuple[int, int, int]] = []
        """(from, to, cost) of each way made cheaper or opened since the landmarks were last
        brought up to date."""
        self._borders_of = borders_of
        self._opened: list[Border] | None = list(map_.borders)
        """The borders as the map was given, until the whole graph is built from them."""
        self._add_all_zones(map_.zones, zone_rows)
        self._slices: Iterator[_Whole | None] = _whole_in_slices(self._opened, self.index, len(self.ids))
        self.prepared = False
        """Whether `prepare_step` has built it all (range adjacency and strides included)."""

    # -- building the whole graph ------------------------------------------------------

    @property
    def complete(self) -> bool:
        """Whether every zone's crossings and the borders between zones are built."""
        return self._opened is None

    def prepare_step(self) -> bool:
        """Build one slice of the whole graph, then its range adjacency, then the adjacency's
        strides; False once all is built."""
        if self._opened is not None:
            self._slice()
        elif self.prepared:
            return False
        elif self._topology is None and self._pairs is None:  # the adjacency in two events of half the time
            from tabletop.rules.topology import flat_pairs

            self._pairs = flat_pairs(self._between.keys())
        elif self._topology is None:
            self.topology()
        else:
            _ = self._topology.spheres, self._topology.two_away
            self.prepared = True
        return True

    def _complete(self) -> None:
        """The rest of the whole graph now: an edit or a whole-map question needs all of it."""
        with collector_off():  # half a million crossings, none garbage
            while self._opened is not None:
                self._slice()

    def _slice(self) -> None:
        """One slice of `_whole_in_slices`; the last takes what they built. No edit comes between
        two slices: an edit first builds the rest (_complete)."""
        whole = next(self._slices)
        if whole is not None:  # a zone a search made already is made alike
            self.out, self.hops, self._borders, self._between = whole
            self._opened, self._slices = None, iter(())

    def _make(self, zone: int) -> tuple[dict[int, Crossing], list[tuple[int, int]]]:
        """A zone's crossings and hops, from the borders touching it now, in map order (as the
        whole graph's pass meets them); without `borders_of`, the whole graph is built."""
        if not 0 <= zone < len(self.ids):
            raise KeyError(zone)
        if self._opened is None or self._borders_of is None:
            self._complete()
            return self.out[zone], self.hops[zone]
        here, index, made = self.ids[zone], self.index, tuple.__new__
        crossings: dict[int, Crossing] = {}
        for border in self._borders_of(here):  # a border joins two zones: `here` is one end of it
            a, b = border.a, border.b
            passages = border.passages
            if len(passages) == 1 and passages[0].door is None:  # most borders, as _add_crossings makes them
                passage = passages[0]
                cost, other = (passage.cost_from_a, b) if a == here else (passage.cost_from_b, a)
                crossing = None if cost is None else made(Crossing, (border.id, 0, cost, passage.label or "pass", 0))
            else:
                crossing, other = cheapest_crossing(border, here), b if a == here else a
            if crossing is not None:
                dst = index[other]
                known = crossings.get(dst)
                if known is None or crossing.cost < known.cost:
                    crossings[dst] = crossing
        hops = sorted((c.cost, other) for other, c in crossings.items())
        dict.__setitem__(self.out, zone, crossings)
        dict.__setitem__(self.hops, zone, hops)
        return crossings, hops

    # -- edits -------------------------------------------------------------------------

    def add_zone(self, zone: Zone) -> None:
        self._complete()
        self._add_zone(zone)
        self._edited(topology=True)

    def rename_zone(self, zone: Zone) -> None:
        self.names[self.index[zone.id]] = zone.label
        self._passable = None

    def remove_zone(self, zone_id: str) -> None:
        """Drop a zone and its borders. Its index stays reserved so others keep theirs."""
        self._complete()
        for border_id in [b.id for b in self._borders.values() if zone_id in (b.a, b.b)]:
            self._remove_border(border_id)
        i = self.index.pop(zone_id)
        self.out[i] = {}
        self.hops[i] = []
        self.names[i] = ""
        self._edited(topology=True)

    def set_border(self, border: Border) -> None:
        """Add a border or take its new passages, costs and door states into account."""
        self._complete()
        known = self._borders.get(border.id)
        moved = known is not None and {known.a, known.b} != {border.a, border.b}
        if moved:
            self._remove_border(border.id)
        self._add_border(border)
        self._edited(topology=known is None or moved)

    def remove_border(self, border_id: str) -> None:
        self._complete()
        self._remove_border(border_id)
        self._edited(topology=True)

    def _edited(self, *, topology: bool) -> None:
        self.revision += 1
        self._passable = None
        if topology:
            self._topology = self._pairs = None

    def _add_zone(self, zone: Zone) -> None:
        if zone.id in self.index:
            raise ValueError(f"zone '{zone.id}' is already on the map")
        self.index[zone.id] = len(self.ids)
        self.ids.append(zone.id)
        self.names.append(zone.label)
        self.out.append({})
        self.hops.append([])

    def _add_all_zones(self, zones: list[Zone], rows: Mapping[str, int] | None) -> None:
        """The bulk form of _add_zone for a whole map, in C loops where it can."""
        ids = list(map(attrgetter("id"), zones))
        index = dict(zip(ids, itertools.count())) if rows is None else dict(rows)
        if len(index) != len(ids):
            repeated = next(i for i, n in Counter(ids).items() if n > 1)
            raise ValueError(f"zone '{repeated}' is already on the map")
        self.ids = ids
        self.names = [zone.label for zone in zones]
        self.index = index

    def _add_border(self, border: Border) -> None:
        self._borders[border.id] = border
        a, b = self.index[border.a], self.index[border.b]
        _note_between(self._between, (min(a, b), max(a, b)), border.id)
        self._refresh_pair(a, b)

    def _remove_border(self, border_id: str) -> None:
        border = self._borders.pop(border_id)
        a, b = self.index[border.a], self.index[border.b]
        key = (min(a, b), max(a, b))
        known = self._between.get(key)
        if isinstance(known, dict):
            known.pop(border_id, None)
            if len(known) == 1:
                self._between[key] = next(iter(known))
            elif not known:
                del self._between[key]
        elif known == border_id:
            del self._between[key]
        self._refresh_pair(a, b)

    def _refresh_pair(self, a: int, b: int) -> None:
        """Recompute both directions between two zones from every border joining them."""
        ids = self.between(a, b)
        for src, dst in ((a, b), (b, a)):
            options = [cheapest_crossing(self._borders[i], self.ids[src]) for i in ids]
            best = min((c for c in options if c is not None), key=lambda c: c.cost, default=None)
            if best is None:
                self.out[src].pop(dst, None)
            else:
                before = self.out[src].get(dst)
                self.out[src][dst] = best
                if self._landmarks is not None and (before is None or best.cost < before.cost):
                    self._cheapened(src, dst, best.cost)
            self.hops[src] = sorted((c.cost, other) for other, c in self.out[src].items())

    def _cheapened(self, src: int, dst: int, cost: int) -> None:
        """A way made cheaper or opened: the landmarks' bounds are lowered to match when next
        asked, or dropped after many such edits."""
        if len(self._cheaper) < CHEAPER_AT_ONCE:
            self._cheaper.append((src, dst, cost))
        else:
            self._landmarks, self._landmark_asks = None, 0
            self._cheaper.clear()

    # -- lookups -----------------------------------------------------------------------

    def zone_index(self, zone_id: str) -> int:
        try:
            return self.index[zone_id]
        except KeyError:
            raise KeyError(f"no zone '{zone_id}' on the map") from None

    @property
    def borders(self) -> dict[str, Border]:
        """Border id -> the border as the graph has it; do not change it."""
        self._complete()
        return self._borders

    def topology(self) -> Topology:
        """The undirected adjacency of all borders as CSR arrays, rebuilt only when borders
        are added or removed (a cost edit does not change range)."""
        if self._topology is None:
            self._complete()
            from tabletop.rules.topology import Topology

            pairs = self._between.keys() if self._pairs is None else self._pairs
            self._topology, self._pairs = Topology.build(len(self.ids), pairs), None
        return self._topology

    def landmarks(self) -> Landmarks | None:
        """Zones far apart with the cheapest costs to and from them (rules/landmarks.py), which
        bound the cost left to a goal, up to date with this graph's edits; one more made at each
        ask until they are all there. None on a small map, and on the first ask after there were
        none: a lone path, as the command line asks one, is found sooner without them."""
        if len(self.index) < LANDMARKS_FROM:
            return None
        marks = self._landmarks
        if marks is not None and not marks.keep(self._cheaper, len(self.ids)):
            marks = self._landmarks = None
        self._cheaper.clear()
        if marks is None:
            self._landmark_asks += 1
            if self._landmark_asks < 2:
                return None
            self._complete()
            from tabletop.rules.landmarks import Landmarks

            marks = self._landmarks = Landmarks(len(self.ids))
            self._landmark_asks = 0
        if not marks.full:
            marks.add(self.hops, self.revision)
        return marks if marks.zones else None

    def between(self, a: int, b: int) -> list[str]:
        """The ids of every border joining two zones (by index), passable or not."""
        self._complete()
        known = self._between.get((min(a, b), max(a, b)), ())
        return [known] if isinstance(known, str) else list(known)

    def zone_ids(self) -> list[str]:
        """The ids of the zones on the map now (a removed zone keeps its index, not its id)."""
        return [self.ids[i] for i in sorted(self.index.values())]

    def passable(self) -> nx.DiGraph:
        """The passable directed graph: a node per zone id (with its `name`), an edge per way
        that can be crossed, weighted by its cheapest crossing (`weight`, `crossing`). Built
        on first ask after an edit; do not change it, it is shared until the next edit."""
        if self._passable is None:
            import networkx as nx

            self._complete()
            graph = nx.DiGraph()
            live = sorted(self.index.values())
            graph.add_nodes_from((self.ids[i], {"name": self.names[i]}) for i in live)
            ids = self.ids
            graph.add_edges_from(
                (ids[src], ids[dst], {"weight": c.cost, "crossing": c})
                for src in live
                for dst, c in self.out[src].items()
            )
            self._passable = graph
        return self._passable


def _note_between(between: dict[tuple[int, int], str | dict[str, None]], pair: tuple[int, int], border_id: str) -> None:
    """A border between a pair of zones: the lone id, or, from the second border on, a dict."""
    known = between.setdefault(pair, border_id)
    if known == border_id:
        return
    if isinstance(known, str):
        between[pair] = {known: None, border_id: None}
    else:
        known[border_id] = None


_Whole = tuple[
    list[dict[int, Crossing]],
    list[list[tuple[int, int]]],
    dict[str, Border],
    dict[tuple[int, int], str | dict[str, None]],
]
"""A whole graph's crossings, hops, borders by id and borders between zones."""


def _whole_in_slices(borders: list[Border], index: dict[str, int], size: int) -> Iterator[_Whole | None]:
    """The whole graph of `size` zones in slices of SLICE (None after each): each border's
    crossings, each zone's cheapest-first hops, the borders by id; then all of it."""
    out: list[dict[int, Crossing]] = [{} for _ in range(size)]
    between: dict[tuple[int, int], str | dict[str, None]] = {}
    for start in range(0, len(borders), SLICE):
        _add_crossings(borders[start : start + SLICE], index, out, between)
        yield None
    cost = attrgetter("cost")
    hops: list[list[tuple[int, int]]] = []
    for start in range(0, len(out), SLICE):
        hops += [sorted(zip(map(cost, c.values()), c, strict=True)) for c in out[start : start + SLICE]]
        yield None
    known: dict[str, Border] = {}
    for start in range(0, len(borders), 4 * SLICE):
        some = borders[start : start + 4 * SLICE]
        known.update(zip(map(attrgetter("id"), some), some, strict=True))
        yield None
    yield out, hops, known, between


def _add_crossings(
    borders: list[Border],
    index: dict[str, int],
    out: list[dict[int, Crossing]],
    between: dict[tuple[int, int], str | dict[str, None]],
) -> None:
    """Each border's crossings both ways into `out` (the cheapest per neighbour, the first on
    a tie) and its pair of zones into `between`: the bulk form of _add_border, in one pass."""
    made = tuple.__new__  # a Crossing made in C: Crossing(...) calls a Python __new__
    for border in borders:
        border_id = border.id
        a, b = index[border.a], index[border.b]
        pair = (a, b) if a < b else (b, a)
        if between.setdefault(pair, border_id) is not border_id:
            _note_between(between, pair, border_id)  # a second border between the two zones
        passages = border.passages
        if len(passages) == 1 and passages[0].door is None and a != b:
            # most borders: one passage, no door; what cheapest_crossing gives, without asking it
            passage = passages[0]
            label = passage.label or "pass"
            cost = passage.cost_from_a
            if cost is not None:
                known = out[a].get(b)
                if known is None or cost < known.cost:
                    out[a][b] = made(Crossing, (border_id, 0, cost, label, 0))
            cost = passage.cost_from_b
            if cost is not None:
                known = out[b].get(a)
                if known is None or cost < known.cost:
                    out[b][a] = made(Crossing, (border_id, 0, cost, label, 0))
            continue
        for src, dst, zone in ((a, b, border.a), (b, a, border.b)):
            crossing = cheapest_crossing(border, zone)
            if crossing is not None:
                known = out[src].get(dst)
                if known is None or crossing.cost < known.cost:
                    out[src][dst] = crossing
