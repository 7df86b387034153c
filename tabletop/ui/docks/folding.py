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
    return f"{label}{SEPARATOR}{object_id}{SEPARATOR}"
