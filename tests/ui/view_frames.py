"""A view's frame as the screen paints it, and the same view painted from new tiles: what the
tests of partial repaints compare, pixel for pixel."""

from __future__ import annotations

from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication


def painted(view) -> QImage:
    """The view's next frame, after what the event loop does between two real frames."""
    QApplication.processEvents()
    image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    view.render(painter)
    painter.end()
    return image


def fresh(view) -> QImage:
    """The view painted from new tiles, none kept from before."""
    layer = view.scene().layer
    layer.budget.clear(layer._owner)
    layer._mends.clear()
    return painted(view)
