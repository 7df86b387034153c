"""The tiles every map layer keeps, in one store with one budget."""

from __future__ import annotations

from collections import OrderedDict

from PySide6.QtGui import QPixmap

CACHE_TILES = 1200
"""Tiles enough for several screens at several zooms, shared by every map layer; what they
hold in memory is in docs/SPEED.md."""

TileKey = tuple[float, int, int]
"""(zoom level, column, row) of one tile of one layer."""


class TileBudget:
    """One least-recently-used store of tiles for every map layer in the process (the GM's
    window and the players' window), so two views never hold twice the memory. Each owner's
    keys are indexed by zoom level too, so an edit finds the tiles under it without walking
    every tile kept."""

    def __init__(self, capacity: int = CACHE_TILES) -> None:
        self.capacity = capacity
        self._tiles: OrderedDict[tuple[int, TileKey], QPixmap] = OrderedDict()
        self._owned: dict[int, dict[float, set[TileKey]]] = {}

    def get(self, owner: int, key: TileKey) -> QPixmap | None:
        pixmap = self._tiles.get((owner, key))
        if pixmap is not None:
            self._tiles.move_to_end((owner, key))
        return pixmap

    def put(self, owner: int, key: TileKey, pixmap: QPixmap) -> None:
        self._tiles[(owner, key)] = pixmap
        self._owned.setdefault(owner, {}).setdefault(key[0], set()).add(key)
        while len(self._tiles) > self.capacity:
            (who, old), _ = self._tiles.popitem(last=False)
            self._forget(who, old)

    def _forget(self, owner: int, key: TileKey) -> None:
        levels = self._owned[owner]
        levels[key[0]].discard(key)
        if not levels[key[0]]:
            del levels[key[0]]
        if not levels:
            del self._owned[owner]

    def holds(self, owner: int) -> bool:
        return owner in self._owned

    def has(self, owner: int, key: TileKey) -> bool:
        return (owner, key) in self._tiles

    def keys(self, owner: int) -> list[TileKey]:
        return [key for keys in self._owned.get(owner, {}).values() for key in keys]

    def levels(self, owner: int) -> dict[float, int]:
        """The zoom levels this owner keeps tiles of, with how many at each."""
        return {level: len(keys) for level, keys in self._owned.get(owner, {}).items()}

    def drop(self, owner: int, key: TileKey) -> None:
        if self._tiles.pop((owner, key), None) is not None:
            self._forget(owner, key)

    def clear(self, owner: int) -> None:
        for key in self.keys(owner):
            self.drop(owner, key)

    def __len__(self) -> int:
        return len(self._tiles)


TILES = TileBudget()
