"""MapDocument: owns one Map, its QUndoStack and the selection, and says what changed.

Commands call `put` and `drop` (and the setters of the map's parts); nothing else writes the
model. Each edit first refuses what would leave a map the loader refuses (a border to a missing
zone, a token on a removed grid), then brings the derived indexes up to it (document/indexes.py)
and only then emits `edited` with a typed Change: every scene, tool and dock reads the indexes
through the document and finds them already current.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from itertools import islice
from operator import attrgetter, itemgetter
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoGroup

from tabletop.document.changes import Action, Change, Part
from tabletop.document.indexes import KINDS, MapIndexes
from tabletop.document.integrity import IntegrityError
from tabletop.document.preparation import Preparation
from tabletop.document.undo import UndoStack
from tabletop.model import Background, Conflict, Map, TileSet
from tabletop.model.kinds import KIND_OF, Key, Kind, kind_runs
from tabletop.rules.names import BORDER_DASH

__all__ = ["KINDS", "MapDocument"]

_id = attrgetter("id")


class _Asked:
    """A question the document's indexes answer, asked of the document: `document.graph()` is
    `document.indexes.graph()`, so a caller keeps one object to ask, whichever indexes a reset
    or a change of most of the map has made since."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, document: MapDocument | None, owner: type | None = None) -> Any:
        return self if document is None else getattr(document.indexes, self.name)


class MapDocument(QObject):
    """One open map. `edited(Change)` follows every edit of the map: objects put or dropped,
    or a part of it set whole (document/changes.py)."""

    edited = Signal(object)
    reset = Signal()
    selectionChanged = Signal()
    pathChanged = Signal()
    stackReplaced = Signal(object)
    """Another scene of a session is about to be shown, with its own undo stack (the new stack):
    told while the scene left is still the document's."""

    layout = _Asked()
    integrity = _Asked()
    graph = _Asked()
    graph_made = _Asked()
    prepare_graph = _Asked()
    prepare_places = _Asked()
    terrain = _Asked()
    borders_of = _Asked()
    tokens_on = _Asked()
    token_spots = _Asked()
    occupied_zones = _Asked()
    zone_at = _Asked()
    border_at = _Asked()
    borders_touching_all = _Asked()
    area_at = _Asked()

    def __init__(self, map_: Map | None = None, path: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.map_locked = False
        """Lock Map: zones, borders and grids keep their shapes and places; tokens still move."""
        self.undo_stack = UndoStack(self)
        self.undo_group = QUndoGroup(self)
        """The window's Undo and Redo and its unsaved mark follow the group: whichever scene's
        stack is the document's (show_scene) is its active one."""
        self.undo_group.addStack(self.undo_stack)
        self.undo_group.setActiveStack(self.undo_stack)
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

    def show_scene(self, map_: Map, path: Path | None, stack: UndoStack) -> None:
        """Another scene of a session in this document: its map with its own undo history, kept
        by the session while it is open, so going back to a scene finds its steps as left. The
        steps act on this document, which holds their scene's map whenever their stack is the
        document's."""
        if stack is not self.undo_stack:
            self.stackReplaced.emit(stack)  # heard while the scene left is still the document's
            self.undo_stack = stack
            self.undo_group.addStack(stack)
            self.undo_group.setActiveStack(stack)
        self._load(map_, path)
        self.revision += 1
        self.reset.emit()
        self.pathChanged.emit()

    def _load(self, map_: Map, path: Path | None) -> None:
        self.map, self.path = map_, path
        self.selection = []
        self.indexes = MapIndexes(map_)
        self.preparation.start(map_)

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
        """The object of this kind with this id, None when the map has none: the one lookup by id."""
        indexes = self.indexes
        position = indexes.places[kind].get(object_id)  # a Kind hashes as its word
        return None if position is None else indexes.lists[kind][position]

    def get_many(self, keys: list[tuple[str, str]]) -> list[Any | None]:
        """`get` of each key, a run of one kind at a time in C (a call per key of a whole big map
        selected was felt)."""
        found: list[Any | None] = []
        lists, places = self.indexes.lists, self.indexes.places
        for kind, ids in kind_runs(keys):
            items = lists[kind]
            found += [None if place is None else items[place] for place in map(places[kind].get, ids)]
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
        return self.indexes.places[kind].get(object_id, -1)

    def in_map_order(self, kind: str, object_ids: Iterable[str]) -> list[str]:
        """Ids sorted as their objects stand in the map (the drawing order)."""
        return sorted(object_ids, key=self.indexes.places[kind].__getitem__)

    def new_id(self, kind: str, prefix: str) -> str:
        """An id not yet used by this kind, e.g. zone-7."""
        known = self.indexes.places[Kind(kind)]
        n = len(known) + 1
        while f"{prefix}-{n}" in known:
            n += 1
        return f"{prefix}-{n}"

    # -- the only mutators (called by commands) ------------------------------------------

    def put(self, kind: str, obj: Any, position: int | None = None) -> None:
        """Add an object (at `position`, default the end) or replace the one with its id."""
        self.put_many(kind, [obj], None if position is None else [position])

    def put_many(self, kind: str, objs: list[Any], positions: list[int] | None = None) -> None:
        """Add or replace several objects of one kind as one change (Join Touching Zones adds
        thousands of borders: their lines are worked out in one pass and views repaint once).
        New objects go to `positions` (as `drop_many` returned them), else to the end."""
        kind = Kind(kind)
        items, index = self.indexes.lists[kind], self.indexes.places[kind]
        ids = list(map(_id, objs))
        if len(set(ids)) != len(ids):
            raise IntegrityError(f"two new {kind}s would share an id")
        known = list(map(index.get, ids))
        befores = [None if at is None else items[at] for at in known]
        self.indexes.integrity.check_put_many(kind, objs, befores)
        added = [obj for obj, at in zip(objs, known, strict=True) if at is None]
        for obj, at in zip(objs, known, strict=True):
            if at is not None:
                items[at] = obj
        if positions is None:
            items.extend(added)
        else:  # each put back where it stood: merged in one pass (one insert each moved the rest each time)
            merged: list[Any] = []
            rest = iter(items)
            for at, obj in sorted(zip(positions, added, strict=True), key=itemgetter(0)):
                merged.extend(islice(rest, max(0, at - len(merged))))
                merged.append(obj)
            merged.extend(rest)
            items[:] = merged
        action = Action.ADDED if len(added) == len(objs) else Action.CHANGED
        self._edited(Change(kind, tuple(ids), action, tuple(befores)))

    def drop(self, kind: str, object_id: str) -> int:
        """Remove an object; returns where it stood so undo can put it back in place."""
        return self.drop_many(kind, [object_id])[0]

    def drop_many(self, kind: str, object_ids: list[str]) -> list[int]:
        """Remove several objects of one kind as one change; returns where each stood."""
        kind = Kind(kind)
        items, index = self.indexes.lists[kind], self.indexes.places[kind]
        positions = [index[object_id] for object_id in object_ids]
        objs = [items[at] for at in positions]
        self.indexes.integrity.check_drop_many(kind, objs)
        if kind is Kind.TOKEN and self.map.conflict is not None:
            playing = {p.token for p in self.map.conflict.participants}
            for object_id in object_ids:
                if object_id in playing:
                    raise IntegrityError(f"token '{object_id}' still takes part in the conflict")
        for at in sorted(positions, reverse=True):
            del items[at]
        gone = set(object_ids)
        self.selection = [key for key in self.selection if key[0] is not kind or key[1] not in gone]
        self._edited(Change(kind, tuple(object_ids), Action.REMOVED, tuple(objs)))
        return positions

    def set_meta(self, **details: Any) -> None:
        """Some of the map's own settings: title, notes, lattice step (Map.set_details: checked
        alone, not with the whole map). The change holds what each was before."""
        before = {name: getattr(self.map, name) for name in details}
        self.map.set_details(**details)
        self._edited(Change(Part.DETAILS, before=(before,)))

    def set_conflict(self, conflict: Conflict | None) -> None:
        """Start, step or end the conflict in play (Map.set_conflict says what is checked)."""
        before = self.map.conflict
        with _refused():
            self.map.set_conflict(conflict)
        self._edited(Change(Part.CONFLICT, before=(before,)))

    def set_background(self, background: Background | None) -> None:
        """The picture under the zones, None for none (Map.set_background)."""
        before = self.map.background
        with _refused():
            self.map.set_background(background)
        self._edited(Change(Part.BACKGROUND, before=(before,)))

    def set_tile_sets(self, tile_sets: list[TileSet]) -> None:
        """The map's tile sets, replaced whole (Map.set_tile_sets)."""
        before = self.map.tile_sets
        with _refused():
            self.map.set_tile_sets(tile_sets)
        self._edited(Change(Part.TILE_SETS, before=(before,)))

    def select(self, selection: list[tuple[str, str]]) -> None:
        if set(map(type, selection)) <= {tuple} and set(map(type, map(itemgetter(0), selection))) <= {Kind}:
            chosen = list(selection)  # kinds given as kinds (Select All): taken as they are, in C
        else:
            kinds = KIND_OF.__getitem__
            chosen = [(kinds(kind), object_id) for kind, object_id in selection]
        if chosen != self.selection:
            self.selection = chosen
            self.selectionChanged.emit()

    def follow(self, change: Change) -> None:
        """An edit made through another document over this same map (the GM's, while it shows
        the scene a session's players' document shows): the map holds it already, so only the
        indexes are brought up to it before every view of this document is told."""
        self._edited(change)

    def _edited(self, change: Change) -> None:
        """An edit the map holds: the indexes brought up to it, then every view told."""
        self.revision += 1
        self.edited.emit(self.indexes.apply(change))


@contextmanager
def _refused() -> Iterator[None]:
    """The model's refusal of a part, raised as the document's refusal of any edit."""
    try:
        yield
    except ValueError as error:
        raise IntegrityError(str(error)) from None
