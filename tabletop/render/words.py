"""The map's words measured as a painter on a pixmap measures them (the map's font, in map
units), once each: where a name, a plate or a number fits is worked out from these numbers
before anything is drawn (render/arrangement.py), and the painter then draws the same words."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics

from tabletop.geometry.single.clearing import Box
from tabletop.geometry.single.fitting import Size
from tabletop.geometry.single.shapes import TOKEN_RADIUS, Point
from tabletop.render.cache import per_thread
from tabletop.render.style import map_font


@per_thread(maxsize=64)
def metrics(size: float, bold: bool) -> QFontMetrics:
    """The map font's metrics at this size, made once per thread: a picture measures thousands
    of names, and a poster planned on a worker measures with its own (Qt's are not thread-safe)."""
    return QFontMetrics(map_font(size, bold))


def advance(words: str, size: float, bold: bool) -> int:
    """The width of words in the map's font at this size (as a painter on a pixmap measures it)."""
    return metrics(size, bold).horizontalAdvance(words)


def line_height(size: float, bold: bool) -> int:
    return metrics(size, bold).height()


def elided(words: str, size: float, bold: bool, width: float) -> str:
    """The words cut with an ellipsis to `width` map units (whole if they fit), as text.elide cuts them."""
    return metrics(size, bold).elidedText(words, Qt.TextElideMode.ElideRight, max(0, math.ceil(width + 0.5)))


class Written(NamedTuple):
    """Words as written on the map: the words (cut if they had to be), their centre, their size
    in map units, and the box their letters (or their plate) cover."""

    words: str
    centre: Point
    size: float
    box: Box


class Measured(Sequence):
    """(width, height) of words at each of their sizes, measured when first asked."""

    def __init__(self, words: str, sizes: list[float], bold: bool, extra: Callable[[float], Size]) -> None:
        self.words, self.sizes, self.bold, self.extra = words, sizes, bold, extra
        self._known: dict[int, Size] = {}

    def __len__(self) -> int:
        return len(self.sizes)

    def __getitem__(self, k):  # type: ignore[override]
        if isinstance(k, slice):
            return [self[j] for j in range(*k.indices(len(self)))]
        k = range(len(self.sizes))[k]
        found = self._known.get(k)
        if found is None:
            size = self.sizes[k]
            pad_w, height = self.extra(size)
            found = self._known[k] = (advance(self.words, size, self.bold) + pad_w, height)
        return found


def plate_room(size: float) -> Size:
    """What a name plate adds to its words' width, and its height (text.plated_label's plate)."""
    return (size * 0.6, line_height(size, False) + size * 0.15)


def plate_room_bold(size: float) -> Size:
    return (size * 0.6, line_height(size, True) + size * 0.15)


@dataclass(frozen=True)
class ZoneTokens:
    """The tokens standing in a zone as drawn: their discs, and their name plates by token id
    (a plate's centre is on the map)."""

    discs: tuple[tuple[str, Point], ...]
    plates: dict[str, Written]
    drawn: dict[str, Written]
    """The same plates placed from their discs' centres, as a token's item draws them (two tokens
    whose plates sit alike under them draw the same picture wherever they stand)."""
    fronts: tuple[Box, ...] = ()
    """The boxes of their fronts (the style's facing wedges, a few boxes each: fitting.front_boxes):
    a name keeps off them if it can."""
    flanks: tuple[Box, ...] = ()
    """The boxes of their flank lines, which reach past their discs: a dark line drawn over a
    name or a badge would cross its letters."""

    def boxes(self) -> list[Box]:
        r = TOKEN_RADIUS
        plates = [p.box for p in self.plates.values() if p.words]
        return [(x - r, y - r, x + r, y + r) for _, (x, y) in self.discs] + list(self.flanks) + plates


NO_TOKENS = ZoneTokens((), {}, {}, ())
