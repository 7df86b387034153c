"""A poster: the map at true scale over ordinary A4, Letter or A3 pages, to print, cut and glue.

The first page is the assembly sheet (the whole map small, with the page grid and the names
and page numbers of the pieces printed); every page after it holds one piece with cut marks at
its corners, its name (row letter, column number) and a 10 mm square a GM measures to see the
printer did not scale. Neighbouring pieces share `overlap` millimetres, for glue. Which pieces
there are, and which are printed, says the plan (poster_plan.py): a blank one is left out, and
its cell on the assembly sheet is empty.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QLineF, QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPageLayout, QPageSize, QPainter, QPen

from tabletop.model import Map
from tabletop.render import text
from tabletop.render.export.devices import Progress, buffer, finished_pdf, painting, pdf_writer, picture_dpi, tell
from tabletop.render.export.options import ExportOptions, area_size_for
from tabletop.render.export.picture import Folder, Picture, paint_picture, prepare
from tabletop.render.export.poster_plan import MARGIN, PAPER_NAMES, PosterPage, PosterPlan, paper_size, poster_plan
from tabletop.render.style import map_font

_PAGE_SIZES = {
    "a4": QPageSize.PageSizeId.A4,
    "letter": QPageSize.PageSizeId.Letter,
    "a3": QPageSize.PageSizeId.A3,
}
CALIBRATION = 10.0


def scale_words(picture: Picture) -> str:
    """The picture's size on paper as a GM measures it: millimetres a grid area (their
    miniatures' squares), or a map unit on a map without a grid."""
    area = area_size_for(picture.map, picture.options.scope)
    if area is not None:
        return f"{picture.mm_per_unit * area:.3g} mm a grid area"
    return f"{picture.mm_per_unit:.3g} mm a map unit, {25.4 / picture.mm_per_unit:.3g} units an inch"


def poster_bytes(map_: Map, options: ExportOptions, base_dir: Folder = None, progress: Progress | None = None) -> bytes:
    """The poster PDF: the assembly sheet, then one page a piece with something on it."""
    return poster_file(map_, options, base_dir, progress)[0]


def poster_file(
    map_: Map, options: ExportOptions, base_dir: Folder = None, progress: Progress | None = None
) -> tuple[bytes, PosterPlan]:
    """The poster PDF and its plan: what was printed and what left out."""
    poster = options.poster
    picture = prepare(map_, options, base_dir, max_side=2**31, max_pixels=2**62)  # vector: no pixels held
    _, _, frame_w, frame_h = picture.frame
    width, height = frame_w * picture.mm_per_unit, frame_h * picture.mm_per_unit
    plan = poster_plan(picture)
    data, out = buffer()
    writer = pdf_writer(out, map_.title)
    size = QPageSize(_PAGE_SIZES[poster.paper])
    turn = QPageLayout.Orientation.Landscape if poster.landscape else QPageLayout.Orientation.Portrait
    writer.setPageLayout(QPageLayout(size, turn, QMarginsF(0, 0, 0, 0)))
    pieces = replace(picture, options=replace(options, title=False))  # the title is the assembly sheet's
    sheet = _Sheet(pieces, plan, paper_size(poster.paper, poster.landscape), (width, height))
    total = len(plan.printed) + 1
    with painting(writer) as painter:
        tell(progress, 0, total)
        sheet.assembly(painter)
        for k, page in enumerate(plan.printed, start=1):
            tell(progress, k, total)
            if not writer.newPage():
                raise OSError("the PDF writer could not start a page")
            sheet.piece(painter, page)
    del writer
    out.close()
    tell(progress, total, total)
    return finished_pdf(data), plan


class _Sheet:
    """Painting a poster's pages in millimetres (the writer's units turned into mm)."""

    def __init__(self, picture: Picture, plan: PosterPlan, paper: tuple[float, float], size) -> None:
        self.picture, self.plan, self.paper, self.size = picture, plan, paper, size
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

    def _calibration(self, painter: QPainter, *more: str) -> None:
        """The 10 mm square, what it is for, and each of `more` on a line under that."""
        top = self.paper[1] - MARGIN + 3
        painter.setPen(QPen(self.ink, 0.3))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        left = MARGIN + 10  # clear of the corner's cut mark
        painter.drawRect(QRectF(left, top, CALIBRATION, CALIBRATION))
        self._words(
            painter, "10 mm square: if it measures otherwise, print at actual size (100%)", left + 13, top + 1.5, 3
        )
        for k, line in enumerate(more):
            self._words(painter, line, left + 13, top + 5.5 + 4 * k, 3)

    def assembly(self, painter: QPainter) -> None:
        """The first page: the map small, the page grid over it with each piece's name."""
        self._mm(painter)
        page_w, page_h = self.paper
        width, height = self.size
        plan = self.plan
        poster = self.picture.options.poster
        title = self.picture.map.title or "Tabletop map"
        count = len(plan.printed)
        grid = f"{plan.rows} x {plan.cols}" + (f", {plan.left_out} blank left out" if plan.left_out else "")
        self._words(
            painter, f"{title}: poster of {count} page{'s' * (count != 1)} ({grid})", MARGIN, MARGIN - 12, 5, True
        )
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
        painter.setBrush(Qt.BrushStyle.NoBrush)
        blank = QPen(QColor("#9e9e9e"), 0.25, Qt.PenStyle.DashLine)
        for page in plan.pages:  # the blank cells first, under the printed pages' edges
            if page not in plan.printed:
                painter.setPen(blank)
                painter.drawRect(QRectF(page.x * fit, page.y * fit, page.width * fit, page.height * fit))
        painter.setPen(QPen(QColor("#c62828"), 0.4))
        for page in plan.printed:
            box = QRectF(page.x * fit, page.y * fit, page.width * fit, page.height * fit)
            painter.drawRect(box)
            self._words(painter, page.name, box.x() + 1.5, box.y() + 1, 4, True)
            self._words(painter, f"page {plan.sheet_of(page)}", box.x() + 1.5, box.y() + 5.5, 2.5)
        painter.restore()
        lines = ["Cut each page at its corner marks; glue the pages in name order: " + _order(plan.printed)]
        if plan.left_out:
            lines.append("A dashed cell had nothing of the map on it: it is not printed.")
        self._calibration(painter, *lines)

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
        plan = self.plan
        self._words(
            painter,
            f"{page.name}   (row {page.row + 1} of {plan.rows}, column {page.col + 1} of {plan.cols}; "
            f"page {plan.sheet_of(page)} of {len(plan.printed) + 1})",
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


def _order(printed: tuple[PosterPage, ...]) -> str:
    """The first names of the pages printed, as a GM glues them: A1, A2, ... B1."""
    names = [page.name for page in printed]
    if len(names) <= 4:
        return ", ".join(names)
    second_row = next((page.name for page in printed if page.row > printed[0].row), None)
    if second_row is None:
        return f"{names[0]}, {names[1]}, ... {names[-1]}"
    return f"{names[0]}, {names[1]}, ... {second_row}"
