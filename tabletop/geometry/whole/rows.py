"""A dict by id made when first asked or a slice at a time between events.

A big map has more borders than zones: their rows by id (a dict, slow to make, quicker to copy)
and the borders by id are asked for by no first frame, which paints from the layout's arrays by row.
The layout and the document make them after that frame, in slices (each a short event), or at
once when something asks sooner: a hover, an edit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import count
from typing import Any


class SlicedDict:
    """`ids` to `values` (by default each id's row: its place in `ids`), `()` the whole dict,
    made a slice at a time by `steps` or whole when called."""

    def __init__(self, ids: list[str], values: Sequence[Any] | None = None) -> None:
        self._ids: list[str] | None = ids
        self._values = values
        self._made: dict[str, Any] = {}
        self._done = 0

    @property
    def made(self) -> bool:
        return self._ids is None

    @property
    def ids(self) -> list[str]:
        """The ids as given, while the dict is still being made (its keys once made)."""
        return self._ids if self._ids is not None else list(self._made)

    def __call__(self) -> dict[str, Any]:
        if self._ids is not None:  # a lookup by id asks here each time: once made, no steps to start
            for _ in self.steps(1 << 62):
                pass
        return self._made

    def steps(self, size: int) -> Iterator[None]:
        """Make `size` more entries a step, from where the last slice stopped, until all are made."""
        while self._ids is not None:
            start, ids = self._done, self._ids
            values = count(start) if self._values is None else self._values[start : start + size]
            self._made.update(zip(ids[start : start + size], values, strict=False))  # count() runs on
            self._done = start + size
            if self._done >= len(ids):
                self._ids = self._values = None
            else:
                yield

    def copied(self) -> Callable[[], dict[str, Any]]:
        """What makes a copy of the dict once, when first called, and gives the same one after:
        a table that drops an edited object's row keeps a dict of its own."""
        copy: list[dict[str, Any]] = []

        def made() -> dict[str, Any]:
            if not copy:
                copy.append(self().copy())
            return copy[0]

        return made
