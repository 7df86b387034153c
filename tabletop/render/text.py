"""Every word render puts on the map goes through `draw_text`: one place to find what a
picture says (a test records it to prove a hidden name never reaches the players), and one
way to put a name on a plate so it reads on any fill and no line crosses it."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPaintEngine, QPainter, QPainterPath

from tabletop.render.cache import per_thread
from tabletop.render.style import map_font

CENTRE = Qt.AlignmentFlag.AlignCenter
MIN_TEXT_PX = 4.0
"""Letters smaller than this many device pixels cannot be read, so a picture leaves them out (with
the plates and badges they sit on): a big map at 4K would otherwise spend its time laying out
every name as specks. At the view's DETAIL_SCALE every kind of text still shows."""


def device_scale(p: QPainter) -> float:
    """Device pixels per painter unit (the mean of the two axes for a stretched painter)."""
    return math.sqrt(abs(p.worldTransform().determinant()))


VECTOR_ENGINES = (QPaintEngine.Type.SVG, QPaintEngine.Type.Pdf)
"""SVG and PDF files are zoomed and printed large: their text is read at sizes a pixel count
at the picture's nominal size does not tell."""


def readable(p: QPainter, size: float) -> bool:
    """Whether letters `size` painter units tall can be read: the one level-of-detail rule for
    text, the same for the view's tiles and every pixel export; a vector file keeps it all."""
    engine = p.paintEngine()
    if engine is not None and engine.type() in VECTOR_ENGINES:
        return True
    return size * device_scale(p) >= MIN_TEXT_PX


MAX_SHOWN = 80
"""The most characters of a name a picture measures and writes: a name of 80 letters is wider
than any zone's label or plate reads at, and a map may hold names of 200 (model/base.py:
MAX_LINE) on each of a big map's zones, each measured for its place."""
ELLIPSIS = "…"


def shown(text: str, most: int = MAX_SHOWN) -> str:
    """The text as a picture writes it: whole, or its first `most` characters and an ellipsis."""
    return text if len(text) <= most else text[: most - 1] + ELLIPSIS


OUTLINED_FROM_PX = 64.0
"""Letters this many device pixels tall or more Qt draws from their outlines, not from its cache
of small letters: those are drawn here from a path of their own."""
OUTLINE_PX = 1024
"""The size the outlines of large letters are taken at, then scaled: a size no painter draws."""


def draw_text(p: QPainter, box: QRectF, flags: Qt.AlignmentFlag, text: str) -> None:
    """Draw a line of text in a box with the painter's font and pen. Large letters on pixels are
    filled from outlines taken at OUTLINE_PX: Qt's own outlines of a font's letters shift once
    it has drawn the same letters small, so a tile painted later would not match one painted
    before."""
    size = p.font().pixelSize()  # the map's fonts are sized in pixels; one sized in points answers -1
    size = size if size > 0 else p.fontInfo().pixelSize()
    if size * size * abs(p.worldTransform().determinant()) < OUTLINED_FROM_PX**2 or "\n" in text:
        p.drawText(box, flags, text)  # most words: checked first and quickest
        return
    engine = p.paintEngine()
    if engine is not None and engine.type() in VECTOR_ENGINES:
        p.drawText(box, flags, text)
        return
    font, k = _outline_font(p.font().family(), p.font().bold()), size / OUTLINE_PX
    metrics = QFontMetricsF(font)
    width, height = metrics.horizontalAdvance(text) * k, (metrics.ascent() + metrics.descent()) * k
    x, y = box.x(), box.y()  # placed as drawText places one line in a box
    if flags & Qt.AlignmentFlag.AlignHCenter:
        x += (box.width() - width) / 2
    elif flags & Qt.AlignmentFlag.AlignRight:
        x += box.width() - width
    if flags & Qt.AlignmentFlag.AlignVCenter:
        y += (box.height() - height) / 2
    elif flags & Qt.AlignmentFlag.AlignBottom:
        y += box.height() - height
    path = QPainterPath()
    path.addText(QPointF(0, 0), font, text)
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, p.testRenderHint(QPainter.RenderHint.TextAntialiasing))
    if not box.contains(QRectF(x, y, width, height)):  # drawText cuts what leaves its box
        p.setClipRect(box, Qt.ClipOperation.IntersectClip)
    p.translate(x, y + metrics.ascent() * k)
    p.scale(k, k)
    p.fillPath(path, p.pen().brush())
    p.restore()


@per_thread(maxsize=8)
def _outline_font(family: str, bold: bool) -> QFont:
    font = QFont(family)
    font.setPixelSize(OUTLINE_PX)
    font.setBold(bold)
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return font


def text_width(p: QPainter, text: str, size: float, bold: bool) -> float:
    p.setFont(map_font(size, bold))
    return p.fontMetrics().horizontalAdvance(text)


def elide(p: QPainter, text: str, size: float, bold: bool, width: float) -> str:
    """The text cut with an ellipsis to fit `width` map units (whole if it fits)."""
    p.setFont(map_font(size, bold))
    return p.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, max(0, math.ceil(width + 0.5)))


def label(p: QPainter, text: str, centre: tuple[float, float], colour: QColor, size: float, bold: bool = True) -> None:
    """A line of text centred on a point."""
    p.setFont(map_font(size, bold))
    p.setPen(colour)
    width = p.fontMetrics().horizontalAdvance(text) + size
    draw_text(p, QRectF(centre[0] - width / 2, centre[1] - size, width, size * 2), CENTRE, text)


def plate_size(p: QPainter, text: str, size: float, bold: bool = False) -> tuple[float, float]:
    """The width and height of the plate `plated_label` draws for this text (the painter's font
    set to it)."""
    p.setFont(map_font(size, bold))
    metrics = p.fontMetrics()
    return metrics.horizontalAdvance(text) + size * 0.6, metrics.height() + size * 0.15


def plated_label(
    p: QPainter, text: str, centre: tuple[float, float], ink: QColor, plate: QColor, size: float, bold: bool = False
) -> QRectF:
    """A line of text on a rounded plate of its own; returns the plate's box."""
    width, height = plate_size(p, text, size, bold)
    box = QRectF(centre[0] - width / 2, centre[1] - height / 2, width, height)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(plate)
    p.drawRoundedRect(box, size * 0.3, size * 0.3)
    p.setPen(ink)
    draw_text(p, box, CENTRE, text)
    return box
