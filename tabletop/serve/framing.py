"""What a phone asks to be shown, and what the players' window frames: Qt-free values the
server reads from a request and the feed paints from.

A phone asks for one of two pictures: the table view (the part of the map the players' window
shows now, turned as it is turned for a screen lying flat) or the whole map; and for a size,
from its page's size in CSS pixels and its device pixel ratio. The size is rounded up to a few
steps so the phones at one table share a handful of pictures rather than each its own, and it
is capped: a picture is painted for every size asked on every edit."""

from __future__ import annotations

import math
import threading
from collections.abc import Mapping
from dataclasses import dataclass

TABLE, WHOLE = "table", "whole"
VIEWS = (TABLE, WHOLE)
MAX_SIDE = 2048
"""The most pixels a phone's picture has on a side, however large the screen says it is."""
STEP = 256
"""Widths are rounded up to a multiple of this: few pictures for many phones."""
LEAST = 256
"""The narrowest picture painted: a smaller page still zooms into something readable."""
ZOOM_ROOM = 2.0
"""The picture holds this many times the page's own pixels, so a pinch to that zoom stays sharp."""
MAX_CSS = 10_000.0
"""A page larger than this many CSS pixels on a side is no phone or tablet: refused."""
MAX_RATIO = 8.0
"""A device pixel ratio above this is no screen made: refused."""
QUARTERS = (0, 90, 180, 270)


class Refused(ValueError):
    """A request's size or picture that makes no sense: one plain line saying which."""


@dataclass(frozen=True)
class Framing:
    """What the players' window shows: the map's rectangle (x, y, width, height in map units)
    and the quarter turn it is shown at."""

    region: tuple[float, float, float, float]
    rotation: int = 0

    def __post_init__(self) -> None:
        if self.rotation not in QUARTERS:
            raise ValueError(f"a framing turns by quarter turns, not {self.rotation}")
        if not (all(math.isfinite(v) for v in self.region) and self.region[2] > 0 and self.region[3] > 0):
            raise ValueError("a framing's region needs a finite, non-empty rectangle")


@dataclass(frozen=True, order=True)
class Asked:
    """One picture a phone asked for: which, how many pixels wide, and whether turned a quarter
    turn (the reader's choice on a phone held upright, never made for them)."""

    view: str = WHOLE
    width: int = 1600
    turned: bool = False


DEFAULT = Asked()
"""What a page that names no size is shown: the whole map, upright."""


def _number(query: Mapping[str, str], name: str, most: float) -> float:
    text = query.get(name, "")
    try:
        value = float(text)
    except ValueError:
        raise Refused(f"'{name}' must be a number, not '{text[:20]}'") from None
    if not (math.isfinite(value) and 0 < value <= most):
        raise Refused(f"'{name}' must be above 0 and at most {most:g}")
    return value


def asked_of(query: Mapping[str, str]) -> Asked:
    """The picture a request's query asks for: view=table|whole, w and h (the page's CSS
    pixels), dpr (device pixels per CSS pixel), turn=1 for a quarter turn. A query naming none
    of these asks for DEFAULT; Refused for anything else that does not make sense."""
    if not any(name in query for name in ("view", "w", "h", "dpr", "turn")):
        return DEFAULT
    view = query.get("view", WHOLE)
    if view not in VIEWS:
        raise Refused(f"'view' must be {' or '.join(VIEWS)}")
    turn = query.get("turn", "0")
    if turn not in ("0", "1"):
        raise Refused("'turn' must be 0 or 1")
    width, ratio = _number(query, "w", MAX_CSS), _number(query, "dpr", MAX_RATIO)
    if "h" in query:  # the page's height is said too; the picture fits its width
        _number(query, "h", MAX_CSS)
    # turned or not, the picture fits the page's width: a turned one is the taller for it
    return Asked(view, stepped(width * ratio * ZOOM_ROOM), turn == "1")


def stepped(pixels: float) -> int:
    """`pixels` rounded up to a STEP, between LEAST and MAX_SIDE."""
    return int(min(MAX_SIDE, max(LEAST, math.ceil(pixels / STEP) * STEP)))


def fitted(width: float, height: float, asked_width: int) -> tuple[int, int]:
    """The picture's size for a drawing `width` x `height` (any units) asked `asked_width`
    pixels wide: that wide, unless its height would pass MAX_SIDE, then narrower."""
    scale = asked_width / width
    if height * scale > MAX_SIDE:
        scale = MAX_SIDE / height
    return max(1, round(width * scale)), max(1, round(height * scale))


WANT_KEPT = 600.0
"""Seconds a picture no page asked for is still painted: a phone put down a while stops
costing a painting on every edit; it asks again when it wakes."""


class Wants:
    """The pictures the pages asked for lately, painted on every drawing: safe from any thread.
    Only sizes `asked_of` gives are kept, so there are never more than a few dozen."""

    def __init__(self, clock) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._asked: dict[Asked, float] = {}

    def add(self, asked: Asked) -> bool:
        """Keep `asked` wanted from now; whether it was not wanted before."""
        with self._lock:
            new = asked not in self._asked
            self._asked[asked] = self._clock()
            return new

    def now(self) -> list[Asked]:
        """What is wanted now, in a steady order; what no page asked for lately is let go."""
        with self._lock:
            least = self._clock() - WANT_KEPT
            self._asked = {asked: when for asked, when in self._asked.items() if when >= least}
            return sorted(self._asked)


def chosen(pictures: Mapping[Asked, bytes], asked: Asked, table: bool) -> tuple[Asked, bytes]:
    """The picture to send for `asked` (the whole map's while no table view is drawn) and what
    it answers; the picture is b"" while none of that is painted yet. A size not painted yet is
    answered with the nearest painted one of the same picture, then the page asks again."""
    if asked.view == TABLE and not table:
        asked = Asked(WHOLE, asked.width, asked.turned)
    if asked in pictures:
        return asked, pictures[asked]
    alike = [have for have in pictures if (have.view, have.turned) == (asked.view, asked.turned)]
    if not alike:
        alike = [have for have in pictures if have.view == WHOLE]
    if not alike:
        return asked, b""
    nearest = min(alike, key=lambda have: abs(have.width - asked.width))
    return asked, pictures[nearest]
