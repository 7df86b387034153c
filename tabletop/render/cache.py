"""A least-recently-used cache with a budget in bytes: render keeps pictures and sprites of
badges per zoom, and a long session of zooming must not grow them without end."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class BoundedCache(Generic[V]):
    """Holds values until their sizes add up past `budget` bytes or their number past
    `max_items`; then the least recently used go first."""

    def __init__(self, budget: int, size_of: Callable[[V], int], max_items: int = 100_000) -> None:
        self.budget, self.max_items, self._size_of = budget, max_items, size_of
        self._items: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        self.bytes = 0

    def get(self, key: Hashable) -> V | None:
        found = self._items.get(key)
        if found is None:
            return None
        self._items.move_to_end(key)
        return found[0]

    def put(self, key: Hashable, value: V) -> V:
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= old[1]
        size = max(1, self._size_of(value))
        self._items[key] = (value, size)
        self.bytes += size
        while len(self._items) > 1 and (self.bytes > self.budget or len(self._items) > self.max_items):
            _, (_, dropped) = self._items.popitem(last=False)
            self.bytes -= dropped
        return value

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._items)
