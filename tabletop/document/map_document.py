"""MapDocument: owns one Map, its QUndoStack, the selection and every index derived from the
map, and says what changed.

Commands call `put` and `drop`; nothing else writes the model. Each edit first refuses what
would leave a map the loader refuses (a border to a missing zone, a token on a removed grid),
then updates every derived index here, in one place (zone graph, layout and bucket index,
token spots, grid terrain), and only then emits `edited` with a typed Change: every scene,
tool and dock reads the indexes from the document and finds them already current.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Iterator
from contextlib import AbstractContextManager
from itertools import islice
from operator import attrgetter, itemgetter
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QObject, Signal

from tabletop.document.changes import Action, Change
from tabletop.document.integrity import Integrity, IntegrityError
from tabletop.document.preparation import Preparation
from tabletop.document.undo import UndoStack
from tabletop.geometry.layout import Box, MapLayout
from tabletop.geometry.rows import SlicedDict
from tabletop.geometry.shapes import Point, area_at, token_spots
from tabletop.heap import collector_paused
from tabletop.model import Background, Border, Conflict, Map, TileSet
from tabletop.model.conflict import MAX_LOG
from tabletop.model.kinds import KIND_OF, Key, Kind, kind_runs
from tabletop.rules import Terrain, ZoneGraph
from tabletop.rules.names import BORDER_DASH

_id = attrgetter("id")

KINDS = tuple(Kind)
BULK = 64
"""Past this many objects in one change, the zone graph is built again rather than edited."""
AFRESH_SHARE = 8
"""A change of more than BULK zones or borders, and more than one in this many of the map's,
lays the whole map out afresh: in one vectorised pass a 100k-zone map takes 0.6 s, where object
by object putting everything back (Delete of everything undone, 350k objects) took 9.8 s, 28 µs
an object: the two cost the same at about a twentieth of the map, and an eighth leaves room for
the repaint of the whole map that comes with laying it out afresh."""


class _Places(dict):
    """Each kind's objects' places in their list, by id, made when first asked: a big map's
    borders' (0.05 s for 250k) after its first frame, in slices (`steps`), or at once when an
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
        yield  # the ids alone an event (250k borders': 20-30 ms)
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


class MapDocument(QObject):
    """One open map. `edited(Change)` follows every edit of one object."""

    edited = Signal(object)
    reset = Signal()
    metaChanged = Signal()
    selectionChanged = Signal()
    pathChanged = Signal()
    conflictChanged = Signal()
    tileSetsChanged = Signal()

    def __init__(self, map_: Map | None = None, path: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.map_locked = False
        """Lock Map: zones, borders and grids keep their shapes and places; tokens still move."""
        self.undo_stack = UndoStack(self)
        self.revision = 0
        self.preparation = Preparation(self, owner=self)
        """What the first frame of an opened map goes without, built in the event loop after it."""
        self.selection: list[Key] = []
        self._load(map_ or Map(title="Untitled map"), path)

    # -- whole-map changes ---------------------------------------------------------------

    def replace_map(self, map_: Map, path: Path | None) -> None:
        """Open or New: a fresh map with an empty undo history."""
        self.undo_stack.clear()
        self._load(map_, path)
        self.revision += 1
        self.undo_stack.setClean()
        self.reset.emit()
        self.pathChanged.emit()

    def _load(self, map_: Map, path: Path | None) -> None:
        self.map, self.path = map_, path
        self.selection = []
        self._graph: ZoneGraph | None = None
        self._terrains: dict[str, Terrain] = {}
        self._spots: tuple[int, dict[str, Point]] = (-1, {})
        self._occupied: tuple[int, set[str]] = (-1, set())
        self._lists = {kind: getattr(map_, kind.plural) for kind in KINDS}
        self._positions = _Places(self._lists)
        with collector_paused():  # a big map's layout is a million objects, none garbage
            self.layout = MapLayout(map_, rows=self._positions[Kind.ZONE])
        self.integrity = Integrity(map_, lambda: self.layout.borders_at, self._positions)
        self.preparation.start(map_)

    def prepare_places(self, size: int) -> Iterator[None]:
        """The borders' places, `size` at a time (preparation.py, after the first frame)."""
        return self._positions.steps(Kind.BORDER, size)

    def preparation_held(self) -> AbstractContextManager[None]:
        """While another map is read in, this one's deferred steps wait (document/preparation.py)."""
        return self.preparation.held()

    def set_path(self, path: Path) -> None:
        self.path = path
        self.pathChanged.emit()

    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()

    # -- lookups -------------------------------------------------------------------------

    def get(self, kind: str, object_id: str) -> Any | None:
        position = self._positions[kind].get(object_id)  # a Kind hashes as its word
        return None if position is None else self._lists[kind][position]

    def get_many(self, keys: list[tuple[str, str]]) -> list[Any | None]:
        """`get` of each key, a run of one kind at a time in C (a call per key of a whole map
        selected was half a second at 100k zones)."""
        found: list[Any | None] = []
        for kind, ids in kind_runs(keys):
            items = self._lists[kind]
            found += [None if place is None else items[place] for place in map(self._positions[kind].get, ids)]
        return found

    def label(self, kind: str, object_id: str) -> str:
        """What the GM calls an object: its name, else its id; a border without a label of its
        own by its two zones ("West end – Middle")."""
        obj = self.get(kind, object_id)
        if obj is None:
            return object_id
        if kind == "border" and not obj.label:
            return BORDER_DASH.join(self.label("zone", end) for end in (obj.a, obj.b))
        return getattr(obj, "label", None) or getattr(obj, "name", "") or object_id

    def position(self, kind: str, object_id: str) -> int:
        """Where an object stands in its list: later ones are drawn on top."""
        return self._positions[kind].get(object_id, -1)

    def in_map_order(self, kind: str, object_ids: Iterable[str]) -> list[str]:
        """Ids sorted as their objects stand in the map (the drawing order)."""
        return sorted(object_ids, key=self._positions[kind].__getitem__)

    def new_id(self, kind: str, prefix: str) -> str:
        """An id not yet used by this kind, e.g. zone-7."""
        known = self._positions[Kind(kind)]
        n = len(known) + 1
        while f"{prefix}-{n}" in known:
            n += 1
        return f"{prefix}-{n}"

    def graph(self) -> ZoneGraph:
        """The zone graph for reach and range, kept current per edit. Quick to make (its zones
        only: a search reads each zone's borders from the layout as it reaches it); the rest
        is built in the event loop after an open (document/preparation.py), or at the first
        edit or whole-map question."""
        if self._graph is None:
            with collector_paused():
                self._graph = ZoneGraph(self.map, self.borders_of, self._positions[Kind.ZONE])
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
        was added or removed since the open (the borders' places not made: _Places), their rows
        as opened are their places: a reach asked at a big map's first frame makes no places."""
        if Kind.BORDER not in self._positions:
            rows = getattr(self.layout.borders_at, "rows_as_opened", lambda _: None)(zone_id)
            if rows is not None:
                items = self._lists[Kind.BORDER]
                return [items[row] for row in sorted(rows)]
        ids = self.layout.borders_at.get(zone_id, ())
        return [self.get(Kind.BORDER, i) for i in self.in_map_order(Kind.BORDER, ids)]

    def tokens_on(self, kind: str, place_id: str) -> list[str]:
        """Ids of the tokens standing in a zone or on a grid, in map order."""
        return self.in_map_order(Kind.TOKEN, self.integrity.tokens_on.get((Kind(kind), place_id), ()))

    def token_spots(self) -> dict[str, Point]:
        """Where every token is drawn, worked out once per revision for all of them."""
        revision, spots = self._spots
        if revision != self.revision:
            spots = token_spots(self.map, lambda zone_id: self.get(Kind.ZONE, zone_id))
            self._spots = (self.revision, spots)
        return spots

    def occupied_zones(self) -> set[str]:
        """The zones where tokens stand (a zone's name keeps clear of its tokens only there);
        worked out once per revision, since every tile painted asks."""
        revision, occupied = self._occupied
        if revision != self.revision:
            occupied = self._occupied_now()
            self._occupied = (self.revision, occupied)
        return occupied

    def _occupied_now(self) -> set[str]:
        return {place for (kind, place), tokens in self.integrity.tokens_on.items() if kind is Kind.ZONE and tokens}

    def zone_at(self, x: float, y: float) -> str | None:
        """The topmost zone whose shape holds the point."""
        under = self.layout.zones_at(x, y)
        return max(under, key=self._positions[Kind.ZONE].__getitem__) if under else None

    def border_at(self, x: float, y: float, badges: bool = True) -> str | None:
        """The topmost border whose line or (with `badges`, where they are drawn) badge is under the point."""
        near = self.layout.borders_near(x, y, badges=badges)
        return max(near, key=self._positions[Kind.BORDER].__getitem__) if near else None

    def borders_touching_all(self, zone_ids: Container[str]) -> list[str]:
        """The borders touching any of many zones, in map order, found in one pass over the map's
        borders: asked zone by zone, a whole 100k-zone map's took a second and a half."""
        return [b.id for b in self.map.borders if b.a in zone_ids or b.b in zone_ids]

    def area_at(self, x: float, y: float) -> tuple[str, tuple[int, int]] | None:
        """The grid area under a point: (grid id, (row, col)), topmost grid first."""
        for grid in reversed(self.map.grids):
            row, col = area_at(grid, x, y)
            if grid.has_area(row, col):
                return grid.id, (row, col)
        return None

    # -- the only mutators (called by commands) ------------------------------------------

    def put(self, kind: str, obj: Any, position: int | None = None) -> None:
        """Add an object (at `position`, default the end) or replace the one with its id."""
        self.put_many(kind, [obj], None if position is None else [position])

    def put_many(self, kind: str, objs: list[Any], positions: list[int] | None = None) -> None:
        """Add or replace several objects of one kind as one change (Join Touching Zones adds
        thousands of borders: their lines are worked out in one pass and views repaint once).
        New objects go to `positions` (as `drop_many` returned them), else to the end."""
        kind = Kind(kind)
        items, index = self._items(kind), self._positions[kind]
        ids = list(map(_id, objs))
        if len(set(ids)) != len(ids):
            raise IntegrityError(f"two new {kind}s would share an id")
        known = list(map(index.get, ids))
        self.integrity.check_put_many(kind, objs, [None if at is None else items[at] for at in known])
        added = [obj for obj, at in zip(objs, known, strict=True) if at is None]
        for obj, at in zip(objs, known, strict=True):
            if at is not None:
                items[at] = obj
        if positions is None:
            items.extend(added)
            for obj in added:
                index[obj.id] = len(index)
        else:  # each put back where it stood: merged in one pass (one insert each moved the rest each time)
            merged: list[Any] = []
            rest = iter(items)
            for at, obj in sorted(zip(positions, added, strict=True), key=itemgetter(0)):
                merged.extend(islice(rest, max(0, at - len(merged))))
                merged.append(obj)
            merged.extend(rest)
            items[:] = merged
            self._renumber(kind)
        repaint = self._track(kind, objs, added=set(map(_id, added)))
        self.revision += 1
        action = Action.ADDED if len(added) == len(objs) else Action.CHANGED
        self.edited.emit(Change(kind, tuple(ids), action, repaint))

    def drop(self, kind: str, object_id: str) -> int:
        """Remove an object; returns where it stood so undo can put it back in place."""
        return self.drop_many(kind, [object_id])[0]

    def drop_many(self, kind: str, object_ids: list[str]) -> list[int]:
        """Remove several objects of one kind as one change; returns where each stood."""
        kind = Kind(kind)
        items, index = self._items(kind), self._positions[kind]
        positions = [index[object_id] for object_id in object_ids]
        objs = [items[at] for at in positions]
        self.integrity.check_drop_many(kind, objs)
        if kind is Kind.TOKEN and self.map.conflict is not None:
            playing = {p.token for p in self.map.conflict.participants}
            for object_id in object_ids:
                if object_id in playing:
                    raise IntegrityError(f"token '{object_id}' still takes part in the conflict")
        for at in sorted(positions, reverse=True):
            del items[at]
        self._renumber(kind)
        repaint = self._untrack(kind, objs)
        gone = set(object_ids)
        self.selection = [key for key in self.selection if key[0] is not kind or key[1] not in gone]
        self.revision += 1
        self.edited.emit(Change(kind, tuple(object_ids), Action.REMOVED, repaint))
        return positions

    def set_meta(self, **settings: Any) -> None:
        """The map's own settings (title, notes, lattice step), checked alone (an empty map with
        them): assigning them to the map would check every reference on it at each keystroke."""
        checked = Map(**settings)
        self.map.__dict__.update({name: getattr(checked, name) for name in settings})
        self.revision += 1
        self.metaChanged.emit()

    def set_conflict(self, conflict: Conflict | None) -> None:
        """Start, step or end the conflict in play. Every participant must stand on the map
        and the rest of the conflict must load: play steps copy it without checking (101 reserve
        sides, a turn for a token no longer taking part would save and then not open)."""
        if conflict is not None:
            _check_conflict(conflict)
            for participant in conflict.participants:
                if participant.token not in self._positions[Kind.TOKEN]:
                    raise IntegrityError(f"the conflict names token '{participant.token}', which is not on the map")
        self.map.__dict__["conflict"] = conflict
        self.revision += 1
        self.conflictChanged.emit()

    def set_background(self, background: Background | None) -> None:
        """The picture under the zones (None: no picture), checked alone as set_meta's texts
        are: assigning it would check the whole map (120 ms at 100k zones), and a path worked
        out on save is copied in unchecked (a folder name with a control character)."""
        if background is not None:
            try:
                Background.model_validate(background.model_dump())
            except ValidationError as error:
                why = error.errors()[0]["msg"]
                raise IntegrityError(f"the background picture cannot be saved: {why}") from None
        self.map.__dict__["background"] = background
        self.revision += 1
        self.metaChanged.emit()

    def set_tile_sets(self, tile_sets: list[TileSet]) -> None:
        """The map's tile sets, replaced whole (a set is small and rarely edited); refused when
        two share an id or a grid would draw from a set no longer on the map."""
        ids = [s.id for s in tile_sets]
        if len(set(ids)) != len(ids):
            raise IntegrityError("two tile sets would share an id")
        for grid in self.map.grids:
            if grid.tile_set is not None and grid.tile_set not in ids:
                raise IntegrityError(f"grid '{grid.id}' would draw from tile set '{grid.tile_set}', not on the map")
        self.map.__dict__["tile_sets"] = list(tile_sets)  # checked above: no whole-map validation
        self.revision += 1
        self.tileSetsChanged.emit()

    def select(self, selection: list[tuple[str, str]]) -> None:
        if set(map(type, selection)) <= {tuple} and set(map(type, map(itemgetter(0), selection))) <= {Kind}:
            chosen = list(selection)  # kinds given as kinds (Select All): taken as they are, in C
        else:
            kinds = KIND_OF.__getitem__
            chosen = [(kinds(kind), object_id) for kind, object_id in selection]
        if chosen != self.selection:
            self.selection = chosen
            self.selectionChanged.emit()

    # -- keeping derived state current ---------------------------------------------------

    def _items(self, kind: Kind) -> list:
        return self._lists[kind]

    def _renumber(self, kind: Kind) -> None:
        self._positions[kind] = {obj.id: i for i, obj in enumerate(self._items(kind))}

    def _references(self, kind: Kind, objs: list[Any], keep) -> tuple[Box, ...] | None:
        """Integrity and terrain follow every kind; a token edit repaints the zones whose
        occupancy changed (a name moves for its first token). None: zones or borders, whose
        layout the caller updates."""
        occupied = self._occupied_now() if kind is Kind.TOKEN else set()
        for obj in objs if kind not in (Kind.ZONE, Kind.BORDER) else ():  # integrity holds none of those
            keep(kind, obj)
            if kind is Kind.GRID:
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
            if most:  # one box around the map: 600k boxes read one by one were 2 s of Fog All at 100k
                return tuple(box for box in (self.layout.whole_box(),) if box is not None)
            keys = [(kind, obj.id) for obj in objs]
            keys += [(Kind.BORDER, b) for obj in objs for b in self.layout.borders_at.get(obj.id, ())]
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
            self.layout = MapLayout(self.map, rows=self._positions[Kind.ZONE])
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
        return tuple(boxes[key] for key in keys if key in boxes)


def _check_conflict(conflict: Conflict) -> None:
    """The conflict validated as the loader will, but for its log: each entry was checked when
    it was made, and dumping a long evening's log on every step would cost more than the rest."""
    if len(conflict.log) > MAX_LOG:
        raise IntegrityError(f"the conflict's log would hold more than {MAX_LOG} entries")
    try:
        Conflict.model_validate(conflict.model_dump(exclude={"log"}))
    except ValidationError as error:
        why = error.errors()[0]["msg"].removeprefix("Value error, ")
        raise IntegrityError(f"the conflict would not load: {why}") from None
