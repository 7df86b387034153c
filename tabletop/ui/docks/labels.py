"""The labels of a list's rows, prepared for finding: one folded byte array searched by numpy.

A filter keystroke on a big map must not call Python once per row (Qt's own type-to-find
did, through the model's data(), and was felt at every key). So every row's label and id
are folded once (case and accents aside) and joined into one UTF-8 byte array with each
row's start beside it; finding is then a few whole-array comparisons, and an edit splices
the bytes of the rows it changed instead of folding every label again."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tabletop.ui.docks.folding import SEPARATOR, fold, spaced


class Labels:
    """Every row's folded label and id, in row order: `text` holds `label\\nid\\n` a row and
    `starts` where each row begins (one more than the rows: the end)."""

    def __init__(self, labels: Sequence[str], ids: Sequence[str]) -> None:
        parts: list[str] = [""] * (2 * len(ids))
        parts[0::2], parts[1::2] = labels, ids
        self.text = _bytes(spaced(SEPARATOR.join(parts) + SEPARATOR) if parts else "")
        ends = np.flatnonzero(self.text == ord(SEPARATOR))[1::2] + 1
        self.starts = np.concatenate(([0], ends)).astype(np.int64)

    def __len__(self) -> int:
        return len(self.starts) - 1

    def containing(self, wanted: bytes) -> np.ndarray:
        """The rows whose label or id holds `wanted`, ascending: every place its first byte
        stands, narrowed byte by byte; never a Python step per row."""
        if not wanted:
            return np.arange(len(self), dtype=np.int64)
        probe = np.frombuffer(wanted, np.uint8)
        at = np.flatnonzero(self.text == probe[0])
        last = len(self.text) - 1
        for k in range(1, len(probe)):
            at = at[self.text[np.minimum(at + k, last)] == probe[k]]
        rows = np.searchsorted(self.starts, at, side="right") - 1
        return rows[np.concatenate(([True], rows[1:] != rows[:-1]))] if len(rows) else rows

    def starting(self, wanted: bytes, rows: np.ndarray | None = None) -> np.ndarray:
        """Those of `rows` (all if None) whose label begins with `wanted` (type-to-find's
        test), in their order."""
        if rows is None:
            rows = np.arange(len(self), dtype=np.int64)
        if not wanted or not len(rows):
            return rows
        probe = np.frombuffer(wanted, np.uint8)
        places = np.minimum(self.starts[rows][:, None] + np.arange(len(probe)), len(self.text) - 1)
        return rows[(self.text[places] == probe).all(axis=1)]

    def holds(self, row: int, wanted: bytes) -> bool:
        """Whether one row's label or id holds `wanted`: the test of a row just edited."""
        return wanted in self.text[self.starts[row] : self.starts[row + 1]].tobytes()

    def row_text(self, row: int) -> bytes:
        return self.text[self.starts[row] : self.starts[row + 1]].tobytes()

    def splice(self, edits: Sequence[tuple[int, bool, str | None]]) -> None:
        """Rows changed, added and taken away in one pass over the bytes: each edit is (row,
        replaces, the row's `row_piece` or None to take it away), `row` counted before any of
        them, ascending. A row added goes before `row`; one replaced or removed is `row` itself."""
        lengths = np.diff(self.starts)
        chunks: list[np.ndarray] = []
        sizes: list[np.ndarray] = []
        at = 0
        for row, replaces, piece in edits:
            chunks.append(self.text[self.starts[at] : self.starts[row]])
            sizes.append(lengths[at:row])
            if piece is not None:
                chunks.append(_bytes(piece))
                sizes.append(np.array([len(chunks[-1])], np.int64))
            at = row + 1 if replaces else row
        chunks.append(self.text[self.starts[at] :])
        sizes.append(lengths[at:])
        self.text = np.concatenate(chunks) if chunks else self.text
        self.starts = np.concatenate(([0], np.cumsum(np.concatenate(sizes)))).astype(np.int64)


def _bytes(text: str) -> np.ndarray:
    return np.frombuffer(fold(text).encode(), np.uint8).copy()


class Shown:
    """The rows a filter shows, as their places among all the rows, ascending: one array, so
    a filter matching a big map's zones makes no Python object a row."""

    def __init__(self, places: np.ndarray) -> None:
        self.places = places

    def __len__(self) -> int:
        return len(self.places)

    def place(self, row: int) -> int:
        return int(self.places[row])

    def row(self, place: int) -> int:
        """The row showing the object at `place`, or -1 if the filter hides it."""
        row = int(np.searchsorted(self.places, place))
        return row if row < len(self.places) and self.places[row] == place else -1

    def rows(self, places: Sequence[int]) -> list[int]:
        """The rows of those of `places` (ascending) that are shown."""
        wanted = np.asarray(places, dtype=np.int64)
        rows = np.searchsorted(self.places, wanted)
        inside = rows < len(self.places)
        rows, wanted = rows[inside], wanted[inside]
        return rows[self.places[rows] == wanted].tolist()

    def rows_of_places(self, places: np.ndarray) -> np.ndarray:
        """The rows of places all shown."""
        return np.searchsorted(self.places, places)

    def same(self, other: Shown) -> bool:
        return np.array_equal(self.places, other.places)

    def removed(self, place: int) -> int:
        """The object at `place` taken from the list: its row if it was shown (now gone), else
        -1; the places after it move up one."""
        row = self.row(place)
        if row >= 0:
            self.places = np.delete(self.places, row)
        self.places[self.places > place] -= 1
        return row

    def added(self, place: int, shown: bool) -> int:
        """An object put at `place`: the places from it move down one; its row if `shown`, else -1."""
        self.places[self.places >= place] += 1
        return self.show(place) if shown else -1

    def show(self, place: int) -> int:
        row = int(np.searchsorted(self.places, place))
        self.places = np.insert(self.places, row, place)
        return row

    def hide(self, row: int) -> None:
        self.places = np.delete(self.places, row)
