"""MapDocument: owns one Map, its QUndoStack and the selection, and says what changed.

Commands call `put` and `drop`; nothing else writes the model. Each change emits a typed
signal with the id that changed, so scene items and docks sync one object at a time, and
the rules caches (zone graph, grid terrain) are updated edit by edit.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from tabletop.model import Border, Map
from tabletop.rules import Terrain, ZoneGraph

KINDS = {"zone": "zones", "border": "borders", "token": "tokens", "grid": "grids"}
"""Kinds of map object a command can put or drop, with their list on the Map."""


class MapDocument(QObject):
    """One open map. `changed(kind, id)` and `removed(kind, id)` follow every edit."""

    changed = Signal(str, str)
    removed = Signal(str, str)
    reset = Signal()
    metaChanged = Signal()
    selectionChanged = Signal()
    pathChanged = Signal()

    def __init__(self, map_: Map | None = None, path: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.undo_stack = QUndoStack(self)
        self.map = map_ or Map(title="Untitled map")
        self.path = path
        self.revision = 0
        self.selection: list[tuple[str, str]] = []
        self._graph: ZoneGraph | None = None
        self._terrains: dict[str, Terrain] = {}
        self._positions: dict[str, dict[str, int]] = {}
        self._reindex()

    # -- whole-map changes ---------------------------------------------------------------

    def replace_map(self, map_: Map, path: Path | None) -> None:
        """Open or New: a fresh map with an empty undo history."""
        self.undo_stack.clear()
        self.map, self.path = map_, path
        self.selection = []
        self._graph = None
        self._terrains.clear()
        self._reindex()
        self.revision += 1
        self.undo_stack.setClean()
        self.reset.emit()
        self.pathChanged.emit()

    def set_path(self, path: Path) -> None:
        self.path = path
        self.pathChanged.emit()

    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()

    # -- lookups -------------------------------------------------------------------------

    def get(self, kind: str, object_id: str) -> Any | None:
        position = self._positions[kind].get(object_id)
        return None if position is None else self._items(kind)[position]

    def position(self, kind: str, object_id: str) -> int:
        """Where an object stands in its list: later ones are drawn on top."""
        return self._positions[kind].get(object_id, -1)

    def in_map_order(self, kind: str, object_ids) -> list[str]:
        """Ids sorted as their objects stand in the map (the drawing order)."""
        return sorted(object_ids, key=self._positions[kind].__getitem__)

    def new_id(self, kind: str, prefix: str) -> str:
        """An id not yet used by this kind, e.g. zone-7."""
        n = len(self._positions[kind]) + 1
        while f"{prefix}-{n}" in self._positions[kind]:
            n += 1
        return f"{prefix}-{n}"

    def graph(self) -> ZoneGraph:
        """The zone graph for reach and range, built once and then kept current per edit."""
        if self._graph is None:
            self._graph = ZoneGraph(self.map)
        return self._graph

    def terrain(self, grid_id: str) -> Terrain:
        if grid_id not in self._terrains:
            self._terrains[grid_id] = Terrain(self.map.grid(grid_id))
        return self._terrains[grid_id]

    def borders_of(self, zone_id: str) -> list[Border]:
        return [b for b in self.map.borders if zone_id in (b.a, b.b)]

    # -- the only mutators (called by commands) ------------------------------------------

    def put(self, kind: str, obj: Any, position: int | None = None) -> None:
        """Add an object (at `position`, default the end) or replace the one with its id."""
        items = self._items(kind)
        known = self._positions[kind].get(obj.id)
        if known is not None:
            items[known] = obj
        else:
            items.insert(len(items) if position is None else position, obj)
            self._reindex(kind)
        self._track(kind, obj, added=known is None)
        self.revision += 1
        self.changed.emit(kind, obj.id)

    def drop(self, kind: str, object_id: str) -> int:
        """Remove an object; returns where it stood so undo can put it back in place."""
        position = self._positions[kind][object_id]
        del self._items(kind)[position]
        self._reindex(kind)
        self._untrack(kind, object_id)
        self.selection = [s for s in self.selection if s != (kind, object_id)]
        self.revision += 1
        self.removed.emit(kind, object_id)
        return position

    def set_meta(self, title: str, notes: str) -> None:
        self.map.title, self.map.notes = title, notes
        self.revision += 1
        self.metaChanged.emit()

    def select(self, selection: list[tuple[str, str]]) -> None:
        if selection != self.selection:
            self.selection = list(selection)
            self.selectionChanged.emit()

    # -- keeping derived state current ---------------------------------------------------

    def _items(self, kind: str) -> list:
        return getattr(self.map, KINDS[kind])

    def _reindex(self, kind: str | None = None) -> None:
        for name in [kind] if kind else KINDS:
            self._positions[name] = {obj.id: i for i, obj in enumerate(self._items(name))}

    def _track(self, kind: str, obj: Any, *, added: bool) -> None:
        if self._graph is not None:
            if kind == "zone":
                (self._graph.add_zone if added else self._graph.rename_zone)(obj)
            elif kind == "border":
                self._graph.set_border(obj)
        if kind == "grid":
            self._terrains.pop(obj.id, None)

    def _untrack(self, kind: str, object_id: str) -> None:
        if self._graph is not None:
            if kind == "zone":
                self._graph.remove_zone(object_id)
            elif kind == "border":
                self._graph.remove_border(object_id)
        if kind == "grid":
            self._terrains.pop(object_id, None)
