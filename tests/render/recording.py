"""Helpers for render tests: record every text a painting draws, paint a map at a scale."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter

from tabletop.geometry.single.shapes import map_bounds
from tabletop.render import text
from tabletop.render.paint import paint_map


@dataclass
class Drawn:
    text: str
    box: QRectF
    """On the device, in pixels."""
    font: QFont
    colour: QColor
    scale: float


def record_texts(monkeypatch, draw: bool = True) -> list[Drawn]:
    """Every text render draws from now on; with draw=False the texts are left out of the picture."""
    drawn: list[Drawn] = []
    real = getattr(text.draw_text, "real", text.draw_text)  # never a spy set up before this one

    def spy(p: QPainter, box: QRectF, flags, words: str) -> None:
        transform = p.worldTransform()
        drawn.append(Drawn(words, transform.mapRect(box), QFont(p.font()), QColor(p.pen().color()), transform.m11()))
        if draw:
            real(p, box, flags, words)

    spy.real = real
    monkeypatch.setattr(text, "draw_text", spy)
    return drawn


def paint(map_, style, width: int, height: int | None = None, **options) -> tuple[QImage, float, float, float]:
    """The map painted to fit width x height (or the width alone), as an export paints it:
    the image and its scale and map origin."""
    left, top, w, h = map_bounds(map_)
    scale = width / w if height is None else min(width / w, height / h)
    image = QImage(round(w * scale), round(h * scale), QImage.Format.Format_RGB32)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.fillRect(QRectF(0, 0, image.width(), image.height()), style.paper)
    painter.scale(scale, scale)
    painter.translate(-left, -top)
    paint_map(painter, map_, style, **options)
    painter.end()
    return image, scale, left, top


def luminance(colour: QColor) -> float:
    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) + 0.0722 * channel(colour.blueF())


def contrast(a: QColor, b: QColor) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


CENTRE = Qt.AlignmentFlag.AlignCenter
