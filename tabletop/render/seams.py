"""Zones with seams (geometry/single/seams.py) drawn with the seam in the fill only: the fill
covers the room, and the outline is stroked along its runs between seams, so the cut that
joins a hole to the room shows no line."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPolygonF

from tabletop.geometry.single.seams import outline_runs
from tabletop.model import NodeShape, Zone


def seam_runs(zone: Zone) -> list[list[tuple[float, float]]] | None:
    """The zone's outline between its seams; None for a zone without a seam (drawn whole)."""
    return None if isinstance(zone.shape, NodeShape) else outline_runs(zone.shape.points)


def runs_path(runs: list[list[tuple[float, float]]]) -> QPainterPath:
    """The runs as open lines, to stroke."""
    path = QPainterPath()
    for run in runs:
        path.addPolygon(QPolygonF([QPointF(x, y) for x, y in run]))
    return path


def draw_seamed(p: QPainter, polygon: QPolygonF, runs: list[list[tuple[float, float]]]) -> None:
    """The polygon filled with the painter's brush and outlined with its pen, but for its seams."""
    pen = p.pen()
    p.setPen(Qt.PenStyle.NoPen)
    p.drawPolygon(polygon)
    p.setPen(pen)
    p.strokePath(runs_path(runs), pen)
