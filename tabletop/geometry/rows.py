"""Each object's row by id, made when first asked or a slice at a time between events.

A 100k-zone map has 250k borders: their rows by id (a dict, 0.05 s to make, 0.01 s to copy) are
asked for by no first frame, which paints from the layout's arrays by row. The layout and the
document make them after that frame, in slices (each a short event), or at once when something
asks sooner: a hover, an edit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, MutableMapping
from itertools import count


class SlicedRows:
    """The rows of `ids` by id (`()`), made a slice at a time by `steps` or whole when called."""

    def __init__(self, ids: list[str]) -> None:
        self._ids: list[str] | None = ids
        self._rows: dict[str, int] = {}
        self._done = 0

    @property
    def made(self) -> bool:
        return self._ids is None

    def __call__(self) -> dict[str, int]:
        for _ in self.steps(1 << 62):
            pass
        return self._rows

    def steps(self, size: int) -> Iterator[None]:
        """Make `size` more rows a step, from where the last slice stopped, until all are made."""
        while self._ids is not None:
            start, ids = self._done, self._ids
            self._rows.update(zip(ids[start : start + size], count(start)))
            self._done = start + size
            if self._done >= len(ids):
                self._ids = None
            else:
                yield

    def copied(self) -> Callable[[], dict[str, int]]:
        """What makes a copy of the rows once, when first called, and gives the same one after:
        a table that drops an edited object's row keeps a dict of its own."""
        copy: list[dict[str, int]] = []

        def made() -> dict[str, int]:
            if not copy:
                copy.append(self().copy())
            return copy[0]

        return made


class RowsOnDemand(MutableMapping[str, int]):
    """A dict of rows for a table that reads it like one (BoxTable), made when first read."""

    def __init__(self, make: Callable[[], dict[str, int]]) -> None:
        self._make = make

    @property
    def rows(self) -> dict[str, int]:
        return self._make()

    def __getitem__(self, object_id: str) -> int:
        return self._make()[object_id]

    def __contains__(self, object_id: object) -> bool:
        return object_id in self._make()

    def __setitem__(self, object_id: str, row: int) -> None:
        self._make()[object_id] = row

    def __delitem__(self, object_id: str) -> None:
        del self._make()[object_id]

    def pop(self, object_id: str, *default: int | None) -> int | None:
        return self._make().pop(object_id, *default)

    def get(self, object_id: str, default: int | None = None) -> int | None:
        return self._make().get(object_id, default)

    def __iter__(self) -> Iterator[str]:
        return iter(self._make())

    def __len__(self) -> int:
        return len(self._make())
