"""How the Zones and Tokens lists compare text: case, accents and spacing set aside, so
"cafe" finds "Café" and "  wine  CELLAR" finds "Wine cellar". Plain Python: the window starts
without numpy, which the prepared labels (labels.py) need."""

from __future__ import annotations

import re
import unicodedata

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


def row_piece(label: str, object_id: str) -> str:
    """One row as the prepared labels hold it (before folding)."""
    return spaced(f"{label}{SEPARATOR}{object_id}{SEPARATOR}")


RUNS = re.compile(r"[^\S\n]+")
"""A run of spacing within a line (a label: ids hold none)."""
EDGES = re.compile(r"^ | ?\n ?")


def spaced(text: str) -> str:
    """Rows' text with each run of spacing as one space and none at a line's ends, as `needle`
    sets the typed spacing aside: "Wine  cellar" is matched by "wine cellar", typed either way."""
    if text.isascii() and "  " not in text and "\t" not in text and " \n" not in text and "\n " not in text:
        return text if not text.startswith(" ") else EDGES.sub(_edge, text)
    return EDGES.sub(_edge, RUNS.sub(" ", text))


def _edge(found: re.Match[str]) -> str:
    return "\n" if "\n" in found.group() else ""
