"""The labels of a list's rows, prepared for finding: one folded byte array searched by numpy.

A filter keystroke on a map of 100k zones must not call Python once per row (Qt's own
type-to-find did, through the model's data(): about 0.4 s a key). So every row's label and id
are folded once (case and accents aside) and joined into one UTF-8 byte array with each
row's start beside it; finding is then a few whole-array comparisons, and an edit splices
the bytes of the rows it changed instead of folding every label again."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

import numpy as np

MARKS = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")
"""The combining accents NFKD splits off a letter: dropped, so "cafe" finds "Café"."""

SEPARATOR = "\n"
"""Between a row's label and id and after the id: a label is one line (no control
characters), so no search text spans two of them."""


def fold(text: str) -> str:
    """How the lists compare text: case, accents and the width of forms set aside."""
    if text.isascii():
        return text.lower()
    return MARKS.sub("", unicodedata.normalize("NFKD", text).casefold())


def needle(typed: str) -> bytes:
    """What a GM typed, as the bytes searched for: folded, trimmed, on one line."""
    return fold(" ".join(typed.split())).encode()


class Labels:
    """Every row's folded label and id, in row order: `text` holds `label\\nid\\n` a row and
    `starts` where each row begins (one more than the rows: the end)."""

    def __init__(self, labels: Sequence[str], ids: Sequence[str]) -> None:
        parts: list[str] = [""] * (2 * len(ids))
        parts[0::2], parts[1::2] = labels, ids
        self.text = _bytes(SEPARATOR.join(parts) + SEPARATOR if parts else "")
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

    def starting(self, wanted: bytes, rows: np.ndarray) -> np.ndarray:
        """Those of `rows` whose label begins with `wanted` (type-to-find's test), in their order."""
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


def row_piece(label: str, object_id: str) -> str:
    """One row as `Labels` holds it (before folding)."""
    return f"{label}{SEPARATOR}{object_id}{SEPARATOR}"


def _bytes(text: str) -> np.ndarray:
    return np.frombuffer(fold(text).encode(), np.uint8).copy()
