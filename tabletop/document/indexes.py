"""MapIndexes: everything the document works out from its map to answer quickly, kept current
edit by edit in one place, `apply`, before the document signals.

The places of each object by id (the map's order), the layout and its bucket index, the zone
graph, each grid's terrain, the token spots and the integrity net's references. A scene, tool or
dock asks the document, which asks these, and finds them current: every index follows the same
Change the views are told, and none keeps a copy of the map.
"""

from __future__ import annotations

import weakref
from collections.abc import Container, Iterator
from dataclasses import replace
from itertools import repeat
from operator import attrgetter
from typing import Any

from tabletop.document.changes import Change
from tabletop.document.integrity import Integrity
from tabletop.geometry.single.shapes import Point, area_at, token_spots
from tabletop.geometry.whole.layout import Box, MapLayout
from tabletop.geometry.whole.rows import SlicedDict
from tabletop.geometry.whole.tables import box_array
from tabletop.heap import collector_paused
from tabletop.model import Border, Map
from tabletop.model.kinds import Kind
from tabletop.rules import Terrain, ZoneGraph

_id = attrgetter("id")

KINDS = tuple(Kind)
BULK = 64
"""Past this many objects in one change, the zone graph is built again rather than edited."""
AFRESH_SHARE = 8
"""A change of more than BULK zones or borders, and more than one in this many of the map's,
lays the whole map out afresh in one vectorised pass instead of object by object (Delete of
everything undone): the two cost the same at about a twentieth of the map (docs/SPEED.md), and an
eighth leaves room for the repaint of the whole map that comes with laying it out afresh."""


class Places(dict):
    """Each kind's objects' places in their list, by id, made when first asked: a big map's
    borders' after its first frame, in slices (`steps`), or at once when an
    edit or a lookup asks sooner. A kind renumbered since holds its new dict."""

    def __init__(self, lists: dict[Kind, list[Any]]) -> None:
        super().__init__()
        self._lists = lists
        self._making: dict[Kind, SlicedDict] = {}
        """Places being made a slice at a time, from the ids as they were when begun (any edit
        asks for its kind's places first, which finishes them)."""

    def __missing__(self, kind: Kind) -> dict[str, int]:
        made = self[kind] = self._begun(kind)()
        return made

    def _begun(self, kind: Kind) -> SlicedDict:
        making = self._making.get(kind)
        if making is None:
            making = self._making[kind] = SlicedDict(list(map(_id, self._lists[kind])))
        return making

    def steps(self, kind: Kind, size: int) -> Iterator[None]:
        """A kind's places made `size` at a time until made (or asked for, or renumbered)."""
        if kind in self:
            return
        making = self._begun(kind)
        yield  # the ids alone an event: a short slice
        if self._making.get(kind) is not making:
            return
        for _ in making.steps(size):
            yield
            if self._making.get(kind) is not making:  # asked for, or renumbered, meanwhile
                return
        self[kind] = making()

    def __setitem__(self, kind: Kind, rows: dict[str, int]) -> None:
        self._making.pop(kind, None)  # renumbered: the places being made no longer hold
        super().__setitem__(kind, rows)

    def renumber(self, kind: Kind) -> None:
        """The kind's places counted again from its list (objects went, or came in between)."""
        self[kind] = {obj.id: i for i, obj in enumerate(self._lists[kind])}


class MapIndexes:
    """The indexes of one map, made when it is opened (a reset makes new ones) and brought up to
    each edit by `apply`, after the document has changed the map and before it signals."""

    def __init__(self, map_: Map) -> None:
        self.map = map_
        self.lists: dict[Kind, list[Any]] = {kind: getattr(map_, kind.plural) for kind in KINDS}
        """The map's own lists, by kind (not copies: the document edits them)."""
        self.places = Places(self.lists)
        self._graph: ZoneGraph | None = None
        self._terrains: dict[str, Terrain] = {}
        self._spots: dict[str, Point] | None = None
        self._occupied: set[str] | None = None
        with collector_paused():  # a big map's layout is a million objects, none garbage
            self.layout = MapLayout(map_, rows=self.places[Kind.ZONE])
        me = weakref.proxy(self)  # what the indexes hand out asks through this: a replaced map's go by count alone
        self.integrity = Integrity(map_, lambda: me.layout.borders_at, self.places)

    # -- questions -------------------------------------------------------------------------

    def prepare_places(self, size: int) -> Iterator[None]:
        """The borders' places, `size` at a time (preparation.py, after the first frame)."""
        return self.places.steps(Kind.BORDER, size)

    def graph(self) -> ZoneGraph:
        """The zone graph for reach and range, kept current per edit. Quick to make (its zones
        only: a search reads each zone's borders from the layout as it reaches it); the rest
        is built in the event loop after an open (document/preparation.py), or at the first
        edit or whole-map question."""
        if self._graph is None:
            with collector_paused():
                me = weakref.proxy(self)  # (as the integrity net's) not a cycle through the graph
                self._graph = ZoneGraph(self.map, lambda zone_id: me.borders_of(zone_id), self.places[Kind.ZONE])
        return self._graph

    def graph_made(self) -> ZoneGraph | None:
        """The zone graph if made (None when never asked, or dropped by a bulk edit)."""
        return self._graph

    def prepare_graph(self) -> None:
        """Make the zone graph ahead of the first question (the rest of it is built in slices)."""
        self.graph()

    def terrain(self, grid_id: str) -> Terrain:
        if grid_id not in self._terrains:
            self._terrains[grid_id] = Terrain(self.map.grid(grid_id))
        return self._terrains[grid_id]

    def borders_of(self, zone_id: str) -> list[Border]:
        """The borders touching a zone, in map order, from the layout's index. While no border
        was added or removed since the open (the borders' places not made: Places), their rows
        as opened are their places: a reach asked at a big map's first frame makes no places."""
        items = self.lists[Kind.BORDER]
        if Kind.BORDER not in self.places:
            rows = getattr(self.layout.borders_at, "rows_as_opened", lambda _: None)(zone_id)
            if rows is not None:
                return [items[row] for row in sorted(rows)]
        places = self.places[Kind.BORDER]
        return [items[place] for place in sorted(map(places.__getitem__, self.layout.borders_at.get(zone_id, ())))]

    def tokens_on(self, kind: str, place_id: str) -> list[str]:
        """Ids of the tokens standing in a zone or on a grid, in map order."""
        places = self.places[Kind.TOKEN]
        return sorted(self.integrity.tokens_on.get((Kind(kind), place_id), ()), key=places.__getitem__)

    def token_spots(self) -> dict[str, Point]:
        """Where every token is drawn, worked out once per edit for all of them."""
        if self._spots is None:
            zones, places = self.lists[Kind.ZONE], self.places[Kind.ZONE]
            self._spots = token_spots(self.map, lambda zone_id: zones[places[zone_id]] if zone_id in places else None)
        return self._spots

    def occupied_zones(self) -> set[str]:
        """The zones where tokens stand (a zone's name keeps clear of its tokens only there);
        worked out once per edit, since every tile painted asks."""
        if self._occupied is None:
            self._occupied = self._occupied_now()
        return self._occupied

    def _occupied_now(self) -> set[str]:
        return {place for (kind, place), tokens in self.integrity.tokens_on.items() if kind is Kind.ZONE and tokens}

    def zone_at(self, x: float, y: float) -> str | None:
        """The topmost zone whose shape holds the point."""
        under = self.layout.zones_at(x, y)
        return max(under, key=self.places[Kind.ZONE].__getitem__) if under else None

    def border_at(self, x: float, y: float, badges: bool = True) -> str | None:
        """The topmost border whose line or (with `badges`, where they are drawn) badge is under the point."""
        near = self.layout.borders_near(x, y, badges=badges)
        return max(near, key=self.places[Kind.BORDER].__getitem__) if near else None

    def borders_touching_all(self, zone_ids: Container[str]) -> list[str]:
        """The borders touching any of many zones, in map order, found in one pass over the map's
        borders: asked zone by zone, a whole big map's took far longer."""
        return [b.id for b in self.map.borders if b.a in zone_ids or b.b in zone_ids]

    def area_at(self, x: float, y: float) -> tuple[str, tuple[int, int]] | None:
        """The grid area under a point: (grid id, (row, col)), topmost grid first."""
        for grid in reversed(self.map.grids):
            row, col = area_at(grid, x, y)
            if grid.has_area(row, col):
                return grid.id, (row, col)
        return None

    # -- keeping current -------------------------------------------------------------------

    def apply(self, change: Change) -> Change:
        """Bring every index up to an edit the map holds already, and return the change with
        what it repaints. A part of the map set whole (the conflict, the tile sets) changes no
        index: the integrity net reads the map's tile sets where a grid names one."""
        kind = change.kind
        if not isinstance(kind, Kind):
            return change
        self._spots = self._occupied = None
        if change.removed:
            self.places.renumber(kind)
            repaint = self._untrack(kind, list(change.before))
        else:
            added = self._placed(kind, change)
            items, places = self.lists[kind], self.places[kind]
            objs = list(map(items.__getitem__, map(places.__getitem__, change.object_ids)))
            repaint = self._track(kind, objs, added=added)
        return replace(change, repaint=repaint)

    def _placed(self, kind: Kind, change: Change) -> set[str]:
        """The places of the objects the change added (those without a before), which are
        returned: at the end of the list each is given the next place, else (put back where
        they stood, as an undone removal) the kind is counted again."""
        added = [
            object_id for object_id, before in zip(change.object_ids, change.before, strict=True) if before is None
        ]
        if added:
            items, places = self.lists[kind], self.places[kind]
            start = len(items) - len(added)
            if start == len(places) and list(map(_id, items[start:])) == added:
                places.update(zip(added, range(start, len(items)), strict=True))
            else:
                self.places.renumber(kind)
        return set(added)

    def _references(self, kind: Kind, objs: list[Any], keep) -> tuple[Box, ...] | None:
        """Integrity and terrain follow every kind; a token edit repaints the zones whose
        occupancy changed (a name moves for its first token). None: zones or borders, whose
        layout the caller updates."""
        occupied = self._occupied_now() if kind is Kind.TOKEN else set()
        for obj in objs if kind not in (Kind.ZONE, Kind.BORDER) else ():  # integrity holds none of those
            keep(kind, obj)
            if kind is Kind.GRID:
                held = self._terrains.get(obj.id)
                if held is None or held.tiles is not obj.tiles or held.diagonal != obj.diagonal:  # fog lifted: kept
                    self._terrains.pop(obj.id, None)
        if kind is Kind.TOKEN:
            return self._boxes([(Kind.ZONE, z) for z in occupied ^ self._occupied_now()])
        return None if kind in (Kind.ZONE, Kind.BORDER) else ()

    def _track(self, kind: Kind, objs: list[Any], *, added: set[str]) -> tuple[Box, ...]:
        repaint = self._references(kind, objs, self.integrity.put)
        if repaint is not None:
            return repaint
        most = self._most_of_map(len(objs))
        if kind is Kind.ZONE and len(objs) > BULK and self.layout.set_looks(objs):
            self._follow_in_graph(kind, objs, added)
            if most:  # one box around the map: reading every object's box was most of Fog All
                return tuple(box for box in (self.layout.whole_box(),) if box is not None)
            keys = [(kind, obj.id) for obj in objs]
            borders_at = self.layout.borders_at
            touching = set().union(*(borders_at.get(obj.id, ()) for obj in objs))  # a border between two once
            keys += zip(repeat(Kind.BORDER), touching)
            return self._boxes(keys)  # every zone kept its shape: the same boxes, read once
        if most:
            return self._laid_out_afresh()
        self._follow_in_graph(kind, objs, added)
        keys = [(kind, obj.id) for obj in objs]
        if kind is Kind.ZONE:
            keys += [(Kind.BORDER, b) for obj in objs for b in self.layout.borders_at.get(obj.id, ())]
        before = self._boxes(keys)
        if kind is Kind.BORDER:
            self.layout.set_borders(objs)
        else:
            for obj in objs:
                self.layout.set_zone(obj)
        return before + self._boxes(keys)

    def _follow_in_graph(self, kind: Kind, objs: list[Any], added: set[str]) -> None:
        if self._graph is not None:
            for obj in objs:
                if kind is Kind.BORDER:
                    self._graph.set_border(obj)
                else:
                    (self._graph.add_zone if obj.id in added else self._graph.rename_zone)(obj)

    def _most_of_map(self, changed: int, gone: int = 0) -> bool:
        """Whether `changed` zones or borders (`gone` of them no longer on the map) are enough to
        lay the whole map out afresh (AFRESH_SHARE)."""
        return changed > BULK and AFRESH_SHARE * changed > len(self.map.zones) + len(self.map.borders) + gone

    def _laid_out_afresh(self) -> tuple[Box, ...]:
        """The whole map laid out again, the zone graph dropped (made again when next asked);
        what was and what is drawn repainted as one box each."""
        before = self.layout.whole_box()
        self._graph = None
        self.layout = None  # let go before the new one is made: not both at once
        with collector_paused():  # a million objects, none garbage
            self.layout = MapLayout(self.map, rows=self.places[Kind.ZONE])
        return tuple(box for box in (before, self.layout.whole_box()) if box is not None)

    def _untrack(self, kind: Kind, objs: list[Any]) -> tuple[Box, ...]:
        repaint = self._references(kind, objs, self.integrity.drop)
        if repaint is not None:
            return repaint
        if self._most_of_map(len(objs), gone=len(objs)):
            return self._laid_out_afresh()
        if self._graph is not None and len(objs) > BULK:
            self._graph = None  # built again when next asked: cheaper than thousands of removals
        elif self._graph is not None:
            for obj in objs:
                (self._graph.remove_zone if kind is Kind.ZONE else self._graph.remove_border)(obj.id)
        before = self._boxes([(kind, obj.id) for obj in objs])
        for obj in objs:
            self.layout.drop(kind, obj.id)
        return before

    def _boxes(self, keys: list[tuple[Kind, str]]) -> tuple[Box, ...]:
        boxes = self.layout.boxes
        if len(keys) > BULK:  # the rows of the layout's table read at once (fog lifted by sight from hundreds)
            return tuple(map(tuple, box_array(boxes, keys)[1].tolist()))
        return tuple(boxes[key] for key in keys if key in boxes)
