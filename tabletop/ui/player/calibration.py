"""Physical scale on the players' screen: the GM lays a real ruler on the projection (or the
TV), drags two marks on the players' window to its ends and types its length. That gives the
screen's pixels per millimetre, kept by screen name; then the player view can be locked so
one grid area is one inch (or a chosen size) on the glass and miniatures fit it.

The sizes are the table's, kept in the settings (as strings: a float survives every QSettings
backend that way): the ruler's pixels per mm belong to a screen, the area size to the
miniatures on the table. A zone map's "map units per inch" would belong in the map itself,
but the map format is not changed for it yet; it is kept with the other two meanwhile."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSettings, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from tabletop.model import Map
from tabletop.ui.plain import plain_label

PPMM_KEY = "player/ppmm/"
"""+ the screen's name: that screen's pixels per millimetre."""
AREA_MM_KEY = "player/area_mm"
UNITS_PER_INCH_KEY = "player/units_per_inch"
LOCK_KEY = "player/lock_scale"
INCH_MM = 25.4
GRAB = 24
"""How near a mark, in pixels, a press takes it."""
MARK = QColor("#ffeb3b")


def _float(settings: QSettings, key: str, default: float | None) -> float | None:
    try:
        value = float(str(settings.value(key, "", type=str)))
    except ValueError:
        return default
    return value if math.isfinite(value) and value > 0 else default


def pixels_per_mm(settings: QSettings, screen_name: str) -> float | None:
    return _float(settings, PPMM_KEY + screen_name, None)


def area_mm(settings: QSettings) -> float:
    return _float(settings, AREA_MM_KEY, INCH_MM)


def units_per_inch(settings: QSettings) -> float:
    return _float(settings, UNITS_PER_INCH_KEY, 40.0)


def locked_scale(map_: Map, ppmm: float, area_size_mm: float, map_units_per_inch: float) -> float:
    """Screen pixels per map unit: one grid area is `area_size_mm` on the glass (the first
    grid's areas; grids are drawn at one size), else `map_units_per_inch` on a zone map."""
    if map_.grids:
        return ppmm * area_size_mm / map_.grids[0].area_size
    return ppmm * INCH_MM / map_units_per_inch


class RulerMarks(QWidget):
    """Two marks over the players' view, dragged with the mouse to the ends of a real ruler."""

    moved = Signal()

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setGeometry(parent.rect())
        width, height = parent.width(), parent.height()
        self.ends = [QPointF(width * 0.2, height / 2), QPointF(width * 0.8, height / 2)]
        self._held: int | None = None
        self.setCursor(Qt.CursorShape.CrossCursor)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self.show()
        self.raise_()

    @property
    def pixels(self) -> float:
        a, b = self.ends
        return math.hypot(b.x() - a.x(), b.y() - a.y())

    def move_end(self, index: int, point: QPointF) -> None:
        self.ends[index] = QPointF(point)
        self.update()
        self.moved.emit()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        point = event.position()
        near = min(range(2), key=lambda i: math.hypot(*(self.ends[i] - point).toTuple()))
        self._held = near if math.hypot(*(self.ends[near] - point).toTuple()) <= GRAB else None

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._held is not None:
            self.move_end(self._held, event.position())

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self._held = None

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor(0, 0, 0, 150))
        a, b = self.ends
        p.setPen(QPen(MARK, 2, Qt.PenStyle.DashLine))
        p.drawLine(a, b)
        p.setPen(QPen(MARK, 3))
        for end in self.ends:
            p.drawLine(end + QPointF(-18, 0), end + QPointF(18, 0))
            p.drawLine(end + QPointF(0, -18), end + QPointF(0, 18))
            p.drawEllipse(end, 8, 8)
        p.setPen(QColor("white"))
        centre = (a + b) / 2
        p.drawText(
            QRectF(centre.x() - 150, centre.y() + 14, 300, 24),
            Qt.AlignmentFlag.AlignHCenter,
            "Drag the marks to the ends of a ruler",
        )
        p.end()


class CalibrationDialog(QDialog):
    """On the GM's window, while the marks show on the players' window: the ruler's length and
    the sizes the physical scale locks to."""

    def __init__(self, gm: QWidget, player_view: QWidget, screen_name: str, settings: QSettings) -> None:
        super().__init__(gm)
        self.setWindowTitle("Calibrate the players' screen")
        self.settings, self.screen_name = settings, screen_name
        self.marks = RulerMarks(player_view)
        self.length = _spin(10, 5000, 300.0, " mm")
        self.area = _spin(1, 500, area_mm(settings), " mm")
        self.units = _spin(0.01, 100000, units_per_inch(settings), " map units")
        self.measured = QLabel()
        form = QFormLayout()
        form.addRow("Ruler length between the marks", self.length)
        form.addRow("One grid area on the screen", self.area)
        form.addRow("Zone maps: one inch is", self.units)
        form.addRow("Marks apart", self.measured)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        where = screen_name or "this screen"
        layout.addWidget(
            plain_label(f"Lay a ruler on the players' screen ({where}) and drag\nthe marks there to its ends.")
        )
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.marks.moved.connect(self._say)
        self.finished.connect(lambda _result: self.marks.deleteLater())
        self._say()

    def _say(self) -> None:
        self.measured.setText(f"{self.marks.pixels:.0f} pixels")

    @property
    def pixels_per_mm(self) -> float:
        return self.marks.pixels / self.length.value()

    def accept(self) -> None:
        if self.marks.pixels < 20:
            self.measured.setText("Drag the marks apart: they are too close to measure")
            return
        self.settings.setValue(PPMM_KEY + self.screen_name, f"{self.pixels_per_mm:.6f}")
        self.settings.setValue(AREA_MM_KEY, f"{self.area.value():.3f}")
        self.settings.setValue(UNITS_PER_INCH_KEY, f"{self.units.value():.3f}")
        super().accept()


def _spin(low: float, high: float, value: float, suffix: str) -> QDoubleSpinBox:
    spin = QDoubleSpinBox()
    spin.setRange(low, high)
    spin.setDecimals(2)
    spin.setValue(value)
    spin.setSuffix(suffix)
    return spin
