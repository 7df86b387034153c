"""Tangled zones: polygons whose outline crosses a line across them many times (one that crosses
itself back and forth, a star of a thousand spikes). A map keeps them as drawn, filled even-odd
as Qt fills a polygon; but Qt's filling does work that grows with the square of the edges met
along each row of pixels (a 10,000-point tangle took a minute), so on a picture of pixels they
are filled here instead, a row of pixels at a time in numpy, in time in proportion to the edges
and the rows they cross, and outlined with a hairline (Qt's quick path). An SVG or a PDF keeps
them as paths, as every zone."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPaintEngine, QPainter, QPen, QPolygonF, QTransform

from tabletop.geometry.single.runs import following, within
from tabletop.geometry.whole.layout import MapLayout
from tabletop.geometry.whole.tables import ShapeTable
from tabletop.model import NodeShape, Zone
from tabletop.render.batch import polygon_runs
from tabletop.render.label_paint import fill_colour

if TYPE_CHECKING:
    import numpy as np

TANGLE_POINTS = 32
"""A polygon of at most this many points is never tangled: Qt fills it quickly however it lies."""
TANGLE_CROSSINGS = 16.0
"""Edges a line across a polygon meets, on average over its height, from which it is tangled: a
room meets 2, an L or a cave a few, a traced coast a handful."""

_TANGLED: WeakKeyDictionary[ShapeTable, np.ndarray] = WeakKeyDictionary()
"""Each opened map's tangled polygons (by polygon number), worked out at its first painting."""


def crossings(x: np.ndarray, y: np.ndarray, firsts: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """For each polygon, the edges a horizontal line across it meets on average: the heights its
    edges climb and fall, over its own height (2 for a convex polygon)."""
    import numpy as np

    n = len(counts)
    if not n:
        return np.zeros(0)
    at = np.repeat(firsts, counts) + within(counts)
    ys = y[at]
    climbs = np.abs(ys[following(counts)] - ys)
    starts = np.cumsum(counts) - counts
    height = np.maximum.reduceat(ys, starts) - np.minimum.reduceat(ys, starts)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(height > 0, np.add.reduceat(climbs, starts) / height, 0.0)


def tangled_points(points: list[tuple[float, float]]) -> bool:
    """Whether a polygon of these points is tangled (as `crossings` counts)."""
    if len(points) <= TANGLE_POINTS:
        return False
    ys = [p[1] for p in points]
    height = max(ys) - min(ys)
    climbs = sum(abs(b - a) for a, b in zip(ys, [*ys[1:], ys[0]], strict=True))
    return height > 0 and climbs / height >= TANGLE_CROSSINGS


def tangled_polygons(shapes: ShapeTable) -> np.ndarray:
    """Whether each polygon of an opened map's arrays is tangled, worked out once per map."""
    found = _TANGLED.get(shapes)
    if found is None:
        many = shapes.counts > TANGLE_POINTS
        found = many.copy()
        if many.any():
            found[many] = crossings(shapes.x, shapes.y, shapes.firsts[many], shapes.counts[many]) >= TANGLE_CROSSINGS
        _TANGLED[shapes] = found
    return found


def tangled_zones(layout: MapLayout | None, zones: list[Zone]) -> list[bool]:
    """Whether each zone is a tangled polygon: read from the opened map's arrays, or worked out
    from the points of a zone edited since."""
    if not zones:
        return []
    import numpy as np  # deferred: numpy's 90 modules, which no selection of the empty window's first frame needs

    found = [False] * len(zones)
    polygon = np.full(len(zones), -1, dtype=np.int64)
    if layout is not None:
        shapes = layout.shapes()
        if len(shapes.counts):
            polygon = shapes.zone_polygons([zone.id for zone in zones])
            marked = tangled_polygons(shapes)
            for k in np.flatnonzero(polygon >= 0)[marked[polygon[polygon >= 0]]].tolist():
                found[k] = True
    for k in np.flatnonzero(polygon < 0).tolist():
        shape = zones[k].shape
        found[k] = not isinstance(shape, NodeShape) and tangled_points(shape.points)
    return found


def filled_here(p: QPainter) -> bool:
    """Whether the painter paints pixels with a transform that only scales and moves: then a
    tangled polygon is filled here; on an SVG or PDF, or turned, Qt draws it as a path."""
    engine = p.paintEngine()
    if engine is None or engine.type() != QPaintEngine.Type.Raster:
        return False
    t = p.deviceTransform()
    return t.m12() == 0 and t.m21() == 0 and t.m13() == 0 and t.m23() == 0 and t.m11() > 0 and t.m22() > 0


def hairline(colour: QColor) -> QPen:
    """A tangle's outline: one pixel wide, whatever the zoom, drawn on Qt's quick path."""
    pen = QPen(colour, 0)
    pen.setCosmetic(True)
    return pen


def paint_tangle(p: QPainter, points: list[tuple[float, float]], brush: QBrush | QColor, pen: QPen | None) -> None:
    """One tangled polygon filled with `brush` (even-odd) and outlined with `pen`'s colour as a
    hairline (no outline for None or no pen)."""
    import numpy as np

    if filled_here(p):
        xy = np.asarray(points, dtype=np.float64)
        fill_even_odd(p, xy[:, 0], xy[:, 1], brush)
    else:
        p.save()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(brush)
        p.drawPolygon(QPolygonF([QPointF(x, y) for x, y in points]))
        p.restore()
    if pen is not None and pen.style() != Qt.PenStyle.NoPen:
        outline(p, points, pen.color())


def outline(p: QPainter, points: list[tuple[float, float]], colour: QColor) -> None:
    """A tangle's outline as a hairline, without antialiasing (Qt's quickest line drawing)."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    p.setPen(hairline(colour))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPolygon(QPolygonF([QPointF(x, y) for x, y in points]))
    p.restore()


def fill_even_odd(p: QPainter, x: np.ndarray, y: np.ndarray, brush: QBrush | QColor) -> None:
    """The polygon (x, y) in map units filled even-odd with `brush` on a pixel painter
    (filled_here): a pixel is filled when its centre is inside, as Qt fills without
    antialiasing."""
    import numpy as np

    _fill_edges(p, x, y, np.roll(x, -1), np.roll(y, -1), brush)


def fill_many(
    p: QPainter, arrays: tuple[np.ndarray, ...], polygons: np.ndarray, brush: QBrush | QColor, pen: QPen | None
) -> None:
    """Tangled polygons of one brush (numbers among `arrays`, (x, y, firsts, counts)), filled
    together, each even-odd (where two overlap, their insides cancel), and outlined with the
    pen's colour as hairlines (none for None or no pen); on a vector painter, as paths."""
    import numpy as np

    x, y, firsts, counts = arrays
    if isinstance(brush, QBrush) and brush.style() == Qt.BrushStyle.NoBrush:
        pass  # outlines only
    elif filled_here(p):
        sizes = counts[polygons]
        at = np.repeat(firsts[polygons], sizes) + within(sizes)
        x1, y1 = x[at], y[at]
        after = following(sizes)
        _fill_edges(p, x1, y1, x1[after], y1[after], brush)
    else:  # one element with its fill and its outline: the points are written once
        path = polygon_runs(x, y, firsts, counts, polygons, [len(polygons)], turned=False)[0]
        path.setFillRule(Qt.FillRule.OddEvenFill)
        p.save()
        outlined = pen is not None and pen.style() != Qt.PenStyle.NoPen
        p.setPen(hairline(pen.color()) if outlined else Qt.PenStyle.NoPen)
        p.setBrush(brush)
        p.drawPath(path)
        p.restore()
        return
    if pen is not None and pen.style() != Qt.PenStyle.NoPen:
        path = polygon_runs(x, y, firsts, counts, polygons, [len(polygons)], turned=False)[0]
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        p.strokePath(path, hairline(pen.color()))
        p.restore()


def _fill_edges(
    p: QPainter, x1: np.ndarray, y1: np.ndarray, x2: np.ndarray, y2: np.ndarray, brush: QBrush | QColor
) -> None:
    """The even-odd inside of these edges (map units) filled with `brush`, on a pixel painter.
    Each edge is met on the rows whose centres it spans, and the pixels from each meeting onward
    change sides: a sum along each row, so no sorting."""
    import numpy as np

    t = p.deviceTransform()
    ax, ay, bx, by = t.m11() * x1 + t.dx(), t.m22() * y1 + t.dy(), t.m11() * x2 + t.dx(), t.m22() * y2 + t.dy()
    clip = _device_clip(p)
    if clip is None or not len(ax):
        return
    left = max(clip[0], int(np.floor(ax.min())))
    top = max(clip[1], int(np.floor(ay.min())))
    right = min(clip[2], int(np.ceil(ax.max())) + 1)
    bottom = min(clip[3], int(np.ceil(ay.max())) + 1)
    if right <= left or bottom <= top:
        return
    # edges that meet a row more than MAX_CROSSINGS times on average are filled a band of rows at
    # a time: the same bands whatever part of the picture is painted (a tile, a patch, a band)
    tall = float(ay.max() - ay.min())
    step = max(1, math.ceil(float(np.abs(by - ay).sum()) / max(tall, 1.0) / MAX_CROSSINGS))
    first = top // step * step
    rows = math.ceil((bottom - first) / step)
    mask = _mask(ax - left, (ay - first) / step, bx - left, (by - first) / step, right - left, rows)
    if mask is not None:
        if step > 1:
            mask = np.repeat(mask, step, axis=0)[top - first : bottom - first]
        _paint_mask(p, mask, left, top, brush)


MAX_CROSSINGS = 2048
"""Edges of the tangles filled together that meet a row of pixels, on average over their height,
past which they are filled a band of rows at a time, each band as its middle row: a fill's work
is the edges met on every row, and tangles of 10,000 points across the whole picture meet some
13,000 on each (a picture of noise, the same at a coarser grain)."""
MEETINGS = 1 << 21
"""Meetings of an edge and a row of pixels worked out at once: the arrays stay some tens of MB."""


def _mask(x: np.ndarray, y: np.ndarray, x2: np.ndarray, y2: np.ndarray, width: int, height: int) -> np.ndarray | None:
    """Which pixels of a width x height box have their centre inside the edges (x, y)-(x2, y2)
    (box pixels, the box's corner at 0, 0), even-odd."""
    import numpy as np

    low, high = np.minimum(y, y2), np.maximum(y, y2)
    first = np.maximum(np.ceil(low - 0.5), 0).astype(np.int64)  # rows whose centre r + 0.5 is in [low, high)
    rows = np.maximum(np.minimum(np.ceil(high - 0.5), height).astype(np.int64) - first, 0)
    if not rows.any():
        return None
    flips = np.zeros(height * (width + 1), dtype=np.int64)
    done = np.cumsum(rows)
    start = 0
    while start < len(rows):  # edges a chunk at a time, each chunk about MEETINGS meetings
        stop = max(start + 1, int(np.searchsorted(done, done[start] - rows[start] + MEETINGS, side="right")))
        count = rows[start:stop]
        total = int(count.sum())
        if total:
            edge = np.repeat(np.arange(start, stop), count)
            row = np.repeat(first[start:stop], count) + (np.arange(total) - np.repeat(np.cumsum(count) - count, count))
            ex1, ey1 = x[edge], y[edge]
            at = ex1 + (row + 0.5 - ey1) * (x2[edge] - ex1) / (y2[edge] - ey1)
            column = np.clip(np.ceil(at - 0.5), 0, width).astype(np.int64)  # the first pixel whose centre is past it
            flips += np.bincount(row * (width + 1) + column, minlength=len(flips))
        start = stop
    sides = np.cumsum(flips.reshape(height, width + 1)[:, :width], axis=1)
    return (sides & 1).astype(bool)


def _device_clip(p: QPainter) -> tuple[int, int, int, int] | None:
    """(left, top, right, bottom) of the pixels the painter may touch, in device pixels."""
    device = p.device()
    ratio = device.devicePixelRatio()
    box = (0, 0, round(device.width() * ratio), round(device.height() * ratio))
    if p.hasClipping():
        mapped = p.deviceTransform().mapRect(p.clipBoundingRect())
        box = (
            max(box[0], int(mapped.left())),
            max(box[1], int(mapped.top())),
            min(box[2], int(mapped.right()) + 1),
            min(box[3], int(mapped.bottom()) + 1),
        )
    return box if box[2] > box[0] and box[3] > box[1] else None


def _paint_mask(p: QPainter, mask: np.ndarray, left: int, top: int, brush: QBrush | QColor) -> None:
    """The brush, in the painter's own coordinates, through the mask, at (left, top) in device
    pixels: a plain colour straight into the pixels, any other brush painted first then cut."""
    import numpy as np

    height, width = mask.shape
    colour = brush if isinstance(brush, QColor) else brush.color()
    plain = isinstance(brush, QColor) or brush.style() == Qt.BrushStyle.SolidPattern
    if plain:
        alpha = colour.alphaF()
        red, green, blue = (round(part * alpha) for part in (colour.red(), colour.green(), colour.blue()))
        value = np.uint32((round(alpha * 255) << 24) | (red << 16) | (green << 8) | blue)
        data = np.where(mask, value, np.uint32(0)).astype(np.uint32).tobytes()
    else:
        image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(0)
        inner = QPainter(image)
        shifted = p.deviceTransform() * QTransform.fromTranslate(-left, -top)
        inner.setTransform(shifted)
        inner.setBrushOrigin(p.brushOrigin())
        inner.fillRect(shifted.inverted()[0].mapRect(QRectF(0, 0, width, height)), brush)
        inner.end()
        bits = np.frombuffer(image.constBits(), dtype=np.uint32).reshape(height, width)
        data = np.where(mask, bits, np.uint32(0)).astype(np.uint32).tobytes()
    image = QImage(data, width, height, 4 * width, QImage.Format.Format_ARGB32_Premultiplied)  # data outlives it
    ratio = p.device().devicePixelRatio()
    image.setDevicePixelRatio(ratio)
    p.save()
    p.resetTransform()
    p.drawImage(QPointF(left / ratio, top / ratio), image)
    p.restore()


class TangleRuns:
    """Tangled zones one after another in map order, of one plain fill, read from the layout's
    arrays: filled together (fill_many), as the specks' runs are."""

    def __init__(self, p: QPainter, layout: MapLayout | None, zones: list[Zone], pen: QPen) -> None:
        self.p, self.pen, self.each = p, pen, tangled_zones(layout, zones)
        self.shapes = layout.shapes() if layout is not None and any(self.each) else None
        self.numbers = iter(self.shapes.zone_polygons([zone.id for zone in zones]).tolist() if self.shapes else ())
        self.held: list[int] = []
        self.look: tuple | None = None
        self.brush: QBrush | None = None

    def add(self, zone: Zone) -> bool:
        """Hold a tangled zone to be filled with those before it; False for one drawn as itself
        (a pattern, hidden, or edited since the map was opened)."""
        number = next(self.numbers, -1) if self.shapes is not None else -1
        fill = zone.fill
        if number < 0 or zone.hidden or fill.pattern not in ("solid", "none"):
            return False
        look = (fill.pattern, fill.colour, fill.opacity)
        if look != self.look:
            self.fill()
            self.look = look
            self.brush = QBrush(fill_colour(zone)) if fill.pattern == "solid" else QBrush()
        self.held.append(number)
        return True

    def fill(self) -> None:
        """Fill and outline the tangles held, if any."""
        if self.held and self.shapes is not None and self.brush is not None:
            import numpy as np

            arrays = (self.shapes.x, self.shapes.y, self.shapes.firsts, self.shapes.counts)
            fill_many(self.p, arrays, np.array(self.held, dtype=np.int64), self.brush, self.pen)
            self.p.setPen(self.pen)
        self.held = []
