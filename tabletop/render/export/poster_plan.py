"""A poster's pages: the grid of pieces a map at true scale is cut into (Qt-free arithmetic,
`poster_pages`), and those printed of it (`poster_plan`): a piece with nothing drawn on it (the
empty corner of an L-shaped map, the margin, the paper beside a long diagonal border or between
a node map's discs) is left out. What is drawn on each piece is worked out from the map, never
from pixels (page_ink.py)."""

from __future__ import annotations

import math
import string
from dataclasses import dataclass

import numpy as np

from tabletop.render.export.options import ExportError, Poster
from tabletop.render.export.page_ink import inked_pages, page_grid
from tabletop.render.export.picture import Picture

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0)}
"""Width and height in millimetres, portrait."""
PAPER_NAMES = {"a4": "A4", "letter": "Letter", "a3": "A3"}
MARGIN = 18.0
"""Millimetres round each piece: past the printer's own margin, room for marks, name and square."""


@dataclass(frozen=True)
class PosterPage:
    """One piece: its place in the page grid and the part of the map it shows, in millimetres
    from the map's top-left on paper."""

    row: int
    col: int
    x: float
    y: float
    width: float
    height: float

    @property
    def name(self) -> str:
        """Row letter and column number, as on a battle map: A1, A2, ..., B1."""
        letters = string.ascii_uppercase
        row = letters[self.row] if self.row < 26 else letters[self.row // 26 - 1] + letters[self.row % 26]
        return f"{row}{self.col + 1}"


def paper_size(paper: str, landscape: bool) -> tuple[float, float]:
    try:
        width, height = PAPERS[paper]
    except KeyError:
        raise ExportError(f"has no paper '{paper}': use {' or '.join(PAPERS)}") from None
    return (height, width) if landscape else (width, height)


def _count(length: float, room: float, overlap: float) -> int:
    """How many pieces along one side: counted before any is made, so a huge poster is refused at once."""
    return 1 if length <= room else math.ceil((length - overlap) / (room - overlap) - 1e-9)


def _split(length: float, room: float, overlap: float) -> list[tuple[float, float]]:
    """(start, length) of each piece along one side: equal steps of room less the overlap."""
    if length <= room:
        return [(0.0, length)]
    step = room - overlap
    return [(k * step, min(room, length - k * step)) for k in range(_count(length, room, overlap))]


def poster_pages(
    width: float,
    height: float,
    paper: str = "a4",
    landscape: bool = False,
    overlap: float = 10.0,
    max_pages: int | None = None,
) -> list[PosterPage]:
    """The pieces of a `width` x `height` mm map, row by row; more than `max_pages` is refused."""
    page_w, page_h = paper_size(paper, landscape)
    room_w, room_h = page_w - 2 * MARGIN, page_h - 2 * MARGIN
    if not 0 <= overlap < min(room_w, room_h) / 2:
        raise ExportError(f"cannot overlap pages by {overlap:g} mm: at most {min(room_w, room_h) / 2:g} mm")
    count = _count(width, room_w, overlap) * _count(height, room_h, overlap)
    if max_pages is not None and count > max_pages:
        raise ExportError(f"would be a poster of {count} pages (at most {max_pages}): choose a smaller scale")
    return [
        PosterPage(row, col, x, y, w, h)
        for row, (y, h) in enumerate(_split(height, room_h, overlap))
        for col, (x, w) in enumerate(_split(width, room_w, overlap))
    ]


MAX_PAGES = 400


@dataclass(frozen=True)
class PosterPlan:
    """The page grid over the map and the pieces printed of it, in the same order: those with
    something of the map drawn on them."""

    pages: tuple[PosterPage, ...]
    printed: tuple[PosterPage, ...]
    paper: str = "a4"

    @property
    def rows(self) -> int:
        return self.pages[-1].row + 1

    @property
    def cols(self) -> int:
        return self.pages[-1].col + 1

    @property
    def left_out(self) -> int:
        return len(self.pages) - len(self.printed)

    def sheet_of(self, page: PosterPage) -> int:
        """The PDF page a piece is printed on (the assembly sheet is the first)."""
        return self.printed.index(page) + 2

    def summary(self) -> str:
        """What a GM prints, in one line."""
        count = len(self.printed)
        pages = f"{count} {PAPER_NAMES[self.paper]} page{'s' if count != 1 else ''}"
        blank = self.left_out
        left = f"{blank} blank page{'s' if blank != 1 else ''} left out" if blank else "no page was blank"
        return f"a poster of {pages} ({self.rows} x {self.cols}) after its assembly sheet; {left}"


def poster_plan(picture: Picture, max_pages: int | None = MAX_PAGES) -> PosterPlan:
    """The pieces of the picture at true scale, and those printed: the pieces something drawn
    meets. ExportError when there are too many pieces, or none is left."""
    poster = picture.options.poster or Poster()
    _, _, frame_w, frame_h = picture.frame
    mm = picture.mm_per_unit
    pages = poster_pages(frame_w * mm, frame_h * mm, poster.paper, poster.landscape, poster.overlap, max_pages)
    inked = inked_pages(picture, pages)
    printed = tuple(page for page in pages if inked[page.row, page.col])
    if not printed:
        raise ExportError("has nothing drawn to print on a poster")
    return PosterPlan(tuple(pages), printed, poster.paper)


def pages_met(pages: list[PosterPage], boxes: np.ndarray) -> np.ndarray:
    """Which pieces of the grid (rows x columns, True where met) the boxes (left, top, right,
    bottom in millimetres from the map's top-left on paper) meet, edges touching included."""
    grid = page_grid(pages)
    grid.mark(boxes)
    return grid.inked
