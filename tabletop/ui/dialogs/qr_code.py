"""A link as a QR code for a phone's camera: the join link of Share with Phones, or one player's."""

from __future__ import annotations

import segno
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QWidget

QUIET = 4
"""Modules of white around a QR code, as the standard asks, so a phone finds its edge."""


class QrCode(QWidget):
    """A link as a QR code, its modules drawn square with QPainter (segno makes the matrix)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.matrix: tuple = ()
        self.text = ""
        self.setMinimumSize(220, 220)

    def set_text(self, text: str) -> None:
        self.text = text
        self.matrix = segno.make(text, error="m").matrix if text else ()
        self.setAccessibleName(f"QR code of {text}" if text else "No QR code")
        self.update()

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        side = min(self.width(), self.height())
        painter.fillRect(self.rect(), self.palette().window())
        if not self.matrix:
            painter.end()
            return
        count = len(self.matrix) + 2 * QUIET
        module = max(1, side // count)  # whole pixels: a module blurred over two reads badly
        size = module * count
        left, top = (self.width() - size) // 2, (self.height() - size) // 2
        painter.fillRect(left, top, size, size, QColor("white"))
        black = QColor("black")
        for row, line in enumerate(self.matrix):
            for col, dark in enumerate(line):
                if dark:
                    x, y = left + (col + QUIET) * module, top + (row + QUIET) * module
                    painter.fillRect(QRectF(x, y, module, module), black)
        painter.end()
