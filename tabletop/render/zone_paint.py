"""Zones' ground: a zone's shape filled in its colour or pattern and outlined, one at a time
(paint_zone, for a scene item) or many at once (paint_zone_shapes, batched by pen and brush for
the map's layer), and the one path the fog fills over many zones. render/paint.py paints the
rest of the map around them in its order."""

from __future__ import annotations

from itertools import compress

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF

from tabletop.geometry.single.seams import SEAMED_POINTS, outline_runs
from tabletop.geometry.whole.layout import MapLayout
from tabletop.model import NodeShape, Zone
from tabletop.render.batch import polygon_paths, polygon_runs, polygons_of
from tabletop.render.ink import FAINTEST, faded
from tabletop.render.label_paint import fill_colour, zone_label
from tabletop.render.seams import draw_seamed, runs_path, seam_runs
from tabletop.render.style import MapStyle
from tabletop.render.tangles import TangleRuns, outline, paint_tangle, tangled_points

PATTERNS = {
    "hatch": Qt.BrushStyle.BDiagPattern,
    "cross": Qt.BrushStyle.DiagCrossPattern,
    "dots": Qt.BrushStyle.Dense6Pattern,
}


def zone_path(zone: Zone) -> QPainterPath:
    path = QPainterPath()
    if isinstance(zone.shape, NodeShape):
        r = zone.shape.radius
        path.addEllipse(QPointF(zone.shape.x, zone.shape.y), r, r)
    else:
        path.addPolygon(QPolygonF([QPointF(x, y) for x, y in zone.shape.points]))
        path.closeSubpath()
    return path


def paint_zone(
    p: QPainter, zone: Zone, style: MapStyle, detail: bool, selected: bool = False, avoid: list | None = None
) -> None:
    zone_shape(p, zone, style, detail, selected and style.selection_marks)
    if detail:
        zone_label(p, zone, style, avoid or [])


def _tangled(zone: Zone) -> bool:
    return not isinstance(zone.shape, NodeShape) and tangled_points(zone.shape.points)


def zone_shape(
    p: QPainter, zone: Zone, style: MapStyle, detail: bool, selected: bool = False, share: float = 1.0
) -> None:
    fill = fill_colour(zone)
    if _tangled(zone):
        _tangle_shape(p, zone, style, fill, QPen(style.selection) if selected else outline_pen(style, detail, share))
        return
    path = zone_path(zone)
    if zone.fill.pattern == "solid":
        p.fillPath(path, fill)
    elif zone.fill.pattern in PATTERNS:
        p.fillPath(path, fill.lighter(135))
        p.fillPath(path, QBrush(fill.darker(130), PATTERNS[zone.fill.pattern]))
    if zone.hidden:
        p.fillPath(path, QBrush(style.hidden, Qt.BrushStyle.BDiagPattern))
    if selected:
        pen = QPen(style.selection, 3.0)
        pen.setCosmetic(not detail)
    else:
        pen = outline_pen(style, detail, share)
    runs = seam_runs(zone)
    p.strokePath(path if runs is None else runs_path(runs), pen)


def _tangle_shape(p: QPainter, zone: Zone, style: MapStyle, fill: QColor, pen: QPen) -> None:
    """zone_shape of a tangled polygon (render/tangles.py): the same fills, a hairline outline."""
    points = zone.shape.points
    if zone.fill.pattern == "solid":
        paint_tangle(p, points, fill, None)
    elif zone.fill.pattern in PATTERNS:
        paint_tangle(p, points, fill.lighter(135), None)
        paint_tangle(p, points, QBrush(fill.darker(130), PATTERNS[zone.fill.pattern]), None)
    if zone.hidden:
        paint_tangle(p, points, QBrush(style.hidden, Qt.BrushStyle.BDiagPattern), None)
    if pen.style() != Qt.PenStyle.NoPen:
        outline(p, points, pen.color())


OUTLINE = 1.2
"""A zone's outline, in map units (times the style's line_scale)."""


def outline_pen(style: MapStyle, detail: bool, share: float = 1.0) -> QPen:
    """Zones' outlines: 1.2 units at detail zoom; farther out a hairline of one pixel (one
    and a half for the players), which Qt strokes on its fast path, while a cosmetic 1.2 px
    goes through its general stroker (much of a big map's first frame). Zones of a
    few pixels get it faded by `share` (render/ink.py), none at all when too faint."""
    if detail:
        return QPen(style.outline, OUTLINE * style.line_scale)
    if share < FAINTEST:
        return QPen(Qt.PenStyle.NoPen)
    pen = QPen(faded(style.outline, share), style.line_scale)
    pen.setCosmetic(True)
    return pen


def paint_zone_shapes(
    p: QPainter, zones: list[Zone], style: MapStyle, detail: bool, layout: MapLayout | None = None
) -> None:
    """What zone_shape draws, for many zones: one pen, and one brush per colour (zones as
    specks are painted in runs instead: render/specks.py). The polygons of a map as opened
    are read from the `layout`'s arrays, the others made from their zones' points."""
    pen = outline_pen(style, detail)
    p.setPen(pen)
    brushes: dict[tuple[str, float], QBrush] = {}
    polygons = _polygons(layout, zones) if layout is not None else [None] * len(zones)
    tangles = TangleRuns(p, layout, zones, pen)
    brushed = None
    for zone, polygon, tangled in zip(zones, polygons, tangles.each, strict=True):
        fill = zone.fill
        if tangled and tangles.add(zone):
            continue
        tangles.fill()
        if fill.pattern not in ("solid", "none") or zone.hidden or tangled:
            zone_shape(p, zone, style, detail)
            p.setPen(pen)
            brushed = None
            continue
        brush = brushes.get((fill.colour, fill.opacity)) if fill.pattern == "solid" else QBrush()
        if brush is None:
            brush = brushes[(fill.colour, fill.opacity)] = QBrush(fill_colour(zone))
        if brush is not brushed:
            p.setBrush(brush)
            brushed = brush
        shape = zone.shape
        if isinstance(shape, NodeShape):  # its path, as paint_zone strokes it: a hairline ellipse drawn
            p.drawPath(zone_path(zone))  # by drawEllipse takes other pixels
        elif len(shape.points) >= SEAMED_POINTS and (runs := outline_runs(shape.points)) is not None:
            # a hole's seam is in the fill, not outlined
            draw_seamed(p, polygon or QPolygonF([QPointF(x, y) for x, y in shape.points]), runs)
        else:
            p.drawPolygon(polygon or QPolygonF([QPointF(x, y) for x, y in shape.points]))
    tangles.fill()
    p.setBrush(Qt.BrushStyle.NoBrush)


def fog_path(layout: MapLayout, zones: list[Zone]) -> QPainterPath:
    """One path of these zones' shapes, filled by the winding rule, every polygon turned the same
    way round (as a node's circle is drawn), so the fog covers their union however each was drawn:
    the polygons of the map as opened are read from the layout's arrays in one stream (a path made
    zone by zone was most of the frame after Fog All on a big map), the others after them."""
    shapes = layout.shapes()
    polygon = shapes.zone_polygons([zone.id for zone in zones])
    known = polygon >= 0
    path = QPainterPath()
    if known.any():
        path = polygon_runs(shapes.x, shapes.y, shapes.firsts, shapes.counts, polygon[known], [int(known.sum())])[0]
    path.setFillRule(Qt.FillRule.WindingFill)
    others = list(compress(zones, (~known).tolist()))
    drawn = [zone.shape.points for zone in others if not isinstance(zone.shape, NodeShape)]
    if drawn:
        path.addPath(polygon_paths(drawn, [len(drawn)])[0])
    for zone in others:
        if isinstance(zone.shape, NodeShape):
            path.addPath(zone_path(zone))
    return path


def _polygons(layout: MapLayout, zones: list[Zone]) -> list[QPolygonF | None]:
    """Each zone's polygon from the layout's arrays, None for a node or a zone edited since opening."""
    import numpy as np

    shapes = layout.shapes()
    found: list[QPolygonF | None] = [None] * len(zones)
    if not len(shapes.counts) or not zones:
        return found
    polygon = shapes.zone_polygons([zone.id for zone in zones])
    known = np.flatnonzero(polygon >= 0)
    made = polygons_of(shapes.x, shapes.y, shapes.firsts, shapes.counts, polygon[known])
    for k, shape in zip(known.tolist(), made, strict=True):
        found[k] = shape
    return found
