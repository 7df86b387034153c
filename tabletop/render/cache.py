"""A least-recently-used cache with a budget in bytes: render keeps pictures and sprites of
badges per zoom, and a long session of zooming must not grow them without end. And caches
kept apart for each thread, for Qt objects a worker must not share with the window's thread."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import lru_cache, wraps
from typing import Generic, TypeVar

V = TypeVar("V")
F = TypeVar("F", bound=Callable)


def per_thread(maxsize: int) -> Callable[[F], F]:
    """An lru_cache of `maxsize` for each thread that calls the function. Qt's fonts and font
    metrics are reentrant, not thread-safe: a worker planning a poster while the window repaints
    must make and keep its own, never use the ones the window's thread paints with. A thread's
    cache goes when the thread ends."""

    def wrap(make: F) -> F:
        here = threading.local()

        @wraps(make)
        def cached(*args):
            made = getattr(here, "made", None)
            if made is None:
                made = here.made = lru_cache(maxsize=maxsize)(make)
            return made(*args)

        return cached  # type: ignore[return-value]

    return wrap


class BoundedCache(Generic[V]):
    """Holds values until their sizes add up past `budget` bytes or their number past
    `max_items`; then the least recently used go first. A lock keeps its order and byte count
    whole when a worker (a poster's plan) and the window's thread read pictures at once."""

    def __init__(self, budget: int, size_of: Callable[[V], int], max_items: int = 100_000) -> None:
        self.budget, self.max_items, self._size_of = budget, max_items, size_of
        self._items: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        self.bytes = 0
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> V | None:
        with self._lock:
            found = self._items.get(key)
            if found is None:
                return None
            self._items.move_to_end(key)
            return found[0]

    def put(self, key: Hashable, value: V) -> V:
        size = max(1, self._size_of(value))  # outside the lock: the value is the caller's alone still
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self.bytes -= old[1]
            self._items[key] = (value, size)
            self.bytes += size
            while len(self._items) > 1 and (self.bytes > self.budget or len(self._items) > self.max_items):
                _, (_, dropped) = self._items.popitem(last=False)
                self.bytes -= dropped
        return value

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.bytes = 0

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)
