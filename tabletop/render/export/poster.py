"""A poster: the map at true scale over ordinary A4, Letter or A3 pages, to print, cut and glue.

The first page is the assembly sheet (the whole map small, with the page grid and the pages'
names); every page after it holds one piece with cut marks at its corners, its name (row
letter, column number) and a 10 mm square a GM measures to see the printer did not scale.
Neighbouring pieces share `overlap` millimetres, for glue. Page sizes come from the paper, the
split from `poster_pages`, which is Qt-free arithmetic tested on its own.
"""

from __future__ import annotations

import math
import string
from dataclasses import dataclass, replace

from PySide6.QtCore import QLineF, QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPageLayout, QPageSize, QPainter, QPen

from tabletop.model import Map
from tabletop.render import text
from tabletop.render.export.devices import Progress, buffer, finished_pdf, painting, pdf_writer, picture_dpi, tell
from tabletop.render.export.options import ExportError, ExportOptions, area_size_for
from tabletop.render.export.picture import Folder, Picture, paint_picture, prepare
from tabletop.render.style import map_font

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0)}
"""Width and height in millimetres, portrait."""
PAPER_NAMES = {"a4": "A4", "letter": "Letter", "a3": "A3"}
_PAGE_SIZES = {
    "a4": QPageSize.PageSizeId.A4,
    "letter": QPageSize.PageSizeId.Letter,
    "a3": QPageSize.PageSizeId.A3,
}
MARGIN = 18.0
"""Millimetres round each piece: past the printer's own margin, room for marks, name and square."""
CALIBRATION = 10.0


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


def scale_words(picture: Picture) -> str:
    """The picture's size on paper as a GM measures it: millimetres a grid area (their
    miniatures' squares), or a map unit on a map without a grid."""
    area = area_size_for(picture.map, picture.options.scope)
    if area is not None:
        return f"{picture.mm_per_unit * area:.3g} mm a grid area"
    return f"{picture.mm_per_unit:.3g} mm a map unit, {25.4 / picture.mm_per_unit:.3g} units an inch"


def poster_bytes(map_: Map, options: ExportOptions, base_dir: Folder = None, progress: Progress | None = None) -> bytes:
    """The poster PDF: the assembly sheet, then one page a piece."""
    poster = options.poster
    picture = prepare(map_, options, base_dir, max_side=2**31, max_pixels=2**62)  # vector: no pixels held
    _, _, frame_w, frame_h = picture.frame
    width, height = frame_w * picture.mm_per_unit, frame_h * picture.mm_per_unit
    pages = poster_pages(width, height, poster.paper, poster.landscape, poster.overlap, MAX_PAGES)
    data, out = buffer()
    writer = pdf_writer(out, map_.title)
    size = QPageSize(_PAGE_SIZES[poster.paper])
    turn = QPageLayout.Orientation.Landscape if poster.landscape else QPageLayout.Orientation.Portrait
    writer.setPageLayout(QPageLayout(size, turn, QMarginsF(0, 0, 0, 0)))
    pieces = replace(picture, options=replace(options, title=False))  # the title is the assembly sheet's
    sheet = _Sheet(pieces, pages, paper_size(poster.paper, poster.landscape), (width, height))
    with painting(writer) as painter:
        tell(progress, 0, len(pages) + 1)
        sheet.assembly(painter)
        for k, page in enumerate(pages, start=1):
            tell(progress, k, len(pages) + 1)
            if not writer.newPage():
                raise OSError("the PDF writer could not start a page")
            sheet.piece(painter, page)
    del writer
    out.close()
    tell(progress, len(pages) + 1, len(pages) + 1)
    return finished_pdf(data)


class _Sheet:
    """Painting a poster's pages in millimetres (the writer's units turned into mm)."""

    def __init__(self, picture: Picture, pages: list[PosterPage], paper: tuple[float, float], size) -> None:
        self.picture, self.pages, self.paper, self.size = picture, pages, paper, size
        self.unit = picture_dpi() / 25.4  # the writer's units per mm
        self.ink = QColor("#000000")

    def _mm(self, painter: QPainter) -> None:
        painter.resetTransform()
        painter.scale(self.unit, self.unit)

    def _words(self, painter: QPainter, words: str, x: float, y: float, size: float, bold: bool = False) -> None:
        painter.setFont(map_font(size * 10, bold))  # fonts need whole pixels: a tenth of a mm each
        painter.save()
        painter.scale(0.1, 0.1)
        painter.setPen(self.ink)
        box = QRectF(x * 10, y * 10, 4000, size * 14)
        text.draw_text(painter, box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, words)
        painter.restore()

    def _calibration(self, painter: QPainter, more: str = "") -> None:
        """The 10 mm square, what it is for, and `more` on a line under that."""
        top = self.paper[1] - MARGIN + 3
        painter.setPen(QPen(self.ink, 0.3))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        left = MARGIN + 10  # clear of the corner's cut mark
        painter.drawRect(QRectF(left, top, CALIBRATION, CALIBRATION))
        self._words(
            painter, "10 mm square: if it measures otherwise, print at actual size (100%)", left + 13, top + 1.5, 3
        )
        if more:
            self._words(painter, more, left + 13, top + 5.5, 3)

    def assembly(self, painter: QPainter) -> None:
        """The first page: the map small, the page grid over it with each piece's name."""
        self._mm(painter)
        page_w, page_h = self.paper
        width, height = self.size
        rows = self.pages[-1].row + 1
        cols = self.pages[-1].col + 1
        poster = self.picture.options.poster
        title = self.picture.map.title or "Tabletop map"
        self._words(painter, f"{title}: poster of {rows} x {cols} pages", MARGIN, MARGIN - 12, 5, True)
        turn = "landscape" if poster.landscape else "portrait"
        paper = f"{PAPER_NAMES[poster.paper]}, {turn}"
        self._words(
            painter,
            f"{width:.0f} x {height:.0f} mm at true scale ({scale_words(self.picture)}) on {paper}; "
            f"overlap {poster.overlap:g} mm",
            MARGIN,
            MARGIN - 5,
            3,
        )
        room_w, room_h = page_w - 2 * MARGIN, page_h - 2 * MARGIN - 4
        fit = min(room_w / width, room_h / height)
        painter.save()
        painter.translate(MARGIN, MARGIN + 2)
        painter.save()
        painter.scale(fit * 25.4 / self.picture.options.scale.dpi, fit * 25.4 / self.picture.options.scale.dpi)
        paint_picture(painter, self.picture)
        painter.restore()
        painter.setPen(QPen(QColor("#c62828"), 0.4))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for page in self.pages:
            box = QRectF(page.x * fit, page.y * fit, page.width * fit, page.height * fit)
            painter.drawRect(box)
            self._words(painter, page.name, box.x() + 1.5, box.y() + 1, 4, True)
        painter.restore()
        self._calibration(painter, "Cut each page at its corner marks; glue the pages in name order: A1, A2, ... B1")

    def piece(self, painter: QPainter, page: PosterPage) -> None:
        """One piece: the map's part at true scale, cut marks, name, calibration square."""
        self._mm(painter)
        picture = self.picture
        mm_per_px = 25.4 / picture.options.scale.dpi
        painter.save()
        painter.translate(MARGIN, MARGIN)
        painter.setClipRect(QRectF(0, 0, page.width, page.height))
        painter.scale(mm_per_px, mm_per_px)
        band = (page.x / mm_per_px, page.y / mm_per_px, page.width / mm_per_px, page.height / mm_per_px)
        paint_picture(painter, picture, band)
        painter.restore()
        self._cut_marks(painter, QRectF(MARGIN, MARGIN, page.width, page.height))
        rows, cols = self.pages[-1].row + 1, self.pages[-1].col + 1
        self._words(
            painter,
            f"{page.name}   (row {page.row + 1} of {rows}, column {page.col + 1} of {cols})",
            MARGIN + 4,  # clear of the corner's cut mark
            6,
            4,
            True,
        )
        self._calibration(painter)

    def _cut_marks(self, painter: QPainter, box: QRectF) -> None:
        """Short lines out from each corner, in the margin, along the piece's edges."""
        painter.setPen(QPen(self.ink, 0.15))
        gap, length = 1.5, 6.0
        for corner, (dx, dy) in (
            (box.topLeft(), (-1, -1)),
            (box.topRight(), (1, -1)),
            (box.bottomLeft(), (-1, 1)),
            (box.bottomRight(), (1, 1)),
        ):
            x, y = corner.x(), corner.y()
            painter.drawLine(QLineF(QPointF(x + dx * gap, y), QPointF(x + dx * (gap + length), y)))
            painter.drawLine(QLineF(QPointF(x, y + dy * gap), QPointF(x, y + dy * (gap + length))))
