"""Painting an encounter grid: its areas' ground, segment outlines, the tile lines, and the
reach numbers of a dragged token.

Each segment property has a look of its own that survives a projector and grey print, since
the shapes differ and not only the colours: water is blue waves, rough a stipple, cover a
cross-hatch, steep chevrons pointing uphill, slippery a pale sheen of glinting streaks, and a
ledge a heavy edge along its segment with short ticks on the drop side. Altitude is a number.
Textures are drawn in map units, not Qt's 8-pixel patterns, so they keep their weight at any zoom.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from functools import lru_cache

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPaintEngine, QPainter, QPainterPath, QPen, QPixmap

from tabletop.geometry.single.clearing import GAP, Box, Point, first_clear
from tabletop.geometry.single.shapes import area_rect, grid_rect
from tabletop.model import EncounterGrid, Segment
from tabletop.model.grids import TILE_AREAS
from tabletop.render import text
from tabletop.render.fog_paint import paint_area_fog
from tabletop.render.setup_paint import paint_setup
from tabletop.render.style import MapStyle
from tabletop.rules import Terrain

PROPERTY_ORDER = ("water", "slippery", "rough", "cover", "steep", "ledge")
"""Drawing order: the tints first, then the marks over them."""
EDGES = (((-1, 0), (0, 0, 1, 0)), ((1, 0), (0, 1, 1, 1)), ((0, -1), (0, 0, 0, 1)), ((0, 1), (1, 0, 1, 1)))
"""Each side of an area: the neighbour beyond it, and its ends as fractions of the area."""


SOLID, FLAT, MITER, ROUND = (
    Qt.PenStyle.SolidLine,
    Qt.PenCapStyle.FlatCap,
    Qt.PenJoinStyle.MiterJoin,
    Qt.PenCapStyle.RoundCap,
)
NO_PEN, NO_BRUSH = Qt.PenStyle.NoPen, Qt.BrushStyle.NoBrush
"""Qt's enum members, looked up once: each lookup is a Python call, and a big grid makes thousands."""


def _pen(colour: QColor, width: float, cap: Qt.PenCapStyle = FLAT) -> QPen:
    return QPen(colour, width, SOLID, cap, MITER)


def _tint(colour: QColor, alpha: int) -> QColor:
    tint = QColor(colour)
    tint.setAlpha(alpha)
    return tint


def _fill(p: QPainter, rects: list[QRectF], colour: QColor) -> None:
    for rect in rects:
        p.fillRect(rect, colour)


# Every look paints all the areas of its property in a few calls (a 45x45 grid has hundreds),
# and every mark stays inside its area by construction, so nothing needs clipping.


def _waves(p: QPainter, rects: list[QRectF], colour: QColor) -> None:
    _fill(p, rects, _tint(colour, 90))
    path = QPainterPath()
    for rect in rects:
        x, y, w, h = rect.x(), rect.y(), rect.width(), rect.height()
        for k in (0.3, 0.7):
            path.moveTo(x + w * 0.08, y + h * k)
            for i in range(2):
                x0 = x + w * (0.08 + 0.42 * i)
                path.cubicTo(
                    x0 + w * 0.14, y + h * (k - 0.16), x0 + w * 0.28, y + h * (k + 0.16), x0 + w * 0.42, y + h * k
                )
    p.setPen(_pen(colour.darker(150), _side(rects) / 13))
    p.setBrush(NO_BRUSH)
    p.drawPath(path)


def _side(rects: list[QRectF]) -> float:
    return min(rects[0].width(), rects[0].height())


def _stipple(p: QPainter, rects: list[QRectF], colour: QColor) -> None:
    """Dots in staggered rows, so neighbouring areas join into one even stipple."""
    dots = []
    for rect in rects:
        x, y, w, h = rect.x(), rect.y(), rect.width(), rect.height()
        for j in range(4):
            offset = 0.35 if j % 2 else 0.65
            dots += [QPointF(x + w * (i + offset) / 4, y + h * (j + 0.5) / 4) for i in range(4)]
    p.setPen(_pen(colour, _side(rects) / 8, ROUND))
    p.drawPoints(dots)


def _sheen(p: QPainter, rects: list[QRectF], colour: QColor) -> None:
    """A cold tint with bright diagonal glints edged in ink, as light on ice or wet stone."""
    _fill(p, rects, _tint(colour, 60))
    glints, edges = [], []
    size = _side(rects)
    for rect in rects:
        x, y, w, h = rect.x(), rect.y(), rect.width(), rect.height()
        for k in (0.35, 0.75):
            glint = QLineF(x + w * (k - 0.25), y + h * 0.8, x + w * (k + 0.15), y + h * 0.2)
            glints.append(glint)
            edges.append(glint.translated(w / 10, h / 10))
    p.setPen(_pen(QColor(255, 255, 255, 235), size / 7))
    p.drawLines(glints)
    p.setPen(_pen(colour, size / 22))
    p.drawLines(edges)


def _hatch(p: QPainter, rects: list[QRectF], colour: QColor) -> None:
    """Cross-hatching at 45 degrees, each line cut to its (square) area by arithmetic."""
    lines = []
    for rect in rects:
        x, y, h = rect.x(), rect.y(), rect.height()
        for k in range(1, 8):
            d = k * h / 4  # "/" lines: (px - x) + (py - y) = d
            lines.append(QLineF(x + max(0.0, d - h), y + min(d, h), x + min(d, h), y + max(0.0, d - h)))
        for k in range(-3, 4):
            d = k * h / 4  # "\\" lines: (px - x) - (py - y) = d
            lines.append(QLineF(x + max(0.0, d), y + max(0.0, -d), x + min(h, h + d), y + min(h, h - d)))
    p.setPen(_pen(colour, _side(rects) / 22))
    p.drawLines(lines)


def _chevrons(p: QPainter, rects: list[QRectF], colour: QColor) -> None:
    """Two rows of chevrons pointing up the slope (as line pairs: stroking joins costs more)."""
    lines = []
    for rect in rects:
        x, y, w, h = rect.x(), rect.y(), rect.width(), rect.height()
        for row in (0.35, 0.8):
            for col in (0.28, 0.72):
                cx, cy = x + w * col, y + h * row
                tip = QPointF(cx, cy - h * 0.2)
                lines += [QLineF(QPointF(cx - w * 0.16, cy), tip), QLineF(tip, QPointF(cx + w * 0.16, cy))]
    p.setPen(_pen(colour, _side(rects) / 11, ROUND))
    p.drawLines(lines)


def _ledge_edge(p: QPainter, rects: list[QRectF], colour: QColor) -> None:
    """The legend's ledge: a heavy edge across the swatch with ticks on the drop side."""
    for rect in rects:
        x, y, w, h = rect.x(), rect.y(), rect.width(), rect.height()
        _edges(p, [(QLineF(x, y + h * 0.3, x + w, y + h * 0.3), (0.0, 1.0))], min(w, h), colour)


def _edges(p: QPainter, edges: list[tuple[QLineF, tuple]], size: float, colour: QColor) -> None:
    """Heavy ledge edges; their ticks hang towards each edge's `drop` (the unit side the ground falls to)."""
    ticks = []
    for line, (dx, dy) in edges:
        for k in (0.2, 0.5, 0.8):
            point = line.pointAt(k)
            ticks.append(QLineF(point, point + QPointF(dx * size * 0.22, dy * size * 0.22)))
    p.setPen(_pen(colour, size / 7))
    p.drawLines([line for line, _ in edges])
    p.setPen(_pen(colour, size / 16))
    p.drawLines(ticks)


LOOKS = {
    "water": _waves,
    "rough": _stipple,
    "slippery": _sheen,
    "cover": _hatch,
    "steep": _chevrons,
    "ledge": _ledge_edge,
}


def paint_ground(p: QPainter, rect: QRectF, prop: str, colour: QColor) -> None:
    """One property's look over an area or a legend swatch (a ledge, alone, as its edge)."""
    LOOKS[prop](p, [rect], colour)


STAMP_PIXELS = (6, 160)
"""Area sides, in device pixels, at which a raster picture stamps textures from a cache."""
STAMPS_KEPT = 96
_stamps: OrderedDict[tuple, QPixmap] = OrderedDict()


def _stamp(prop: str, colour: QColor, side: int) -> QPixmap:
    """One area's look at `side` pixels, painted once and then copied: stroking hundreds of
    antialiased waves and hatches cost a 45x45 grid a quarter of a second per edit."""
    key = (prop, colour.rgba(), side)
    pixmap = _stamps.get(key)
    if pixmap is None:
        image = QImage(side, side, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(0)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        LOOKS[prop](painter, [QRectF(0, 0, side, side)], colour)
        painter.end()
        pixmap = _stamps[key] = QPixmap.fromImage(image)
        while len(_stamps) > STAMPS_KEPT:
            _stamps.popitem(last=False)
    _stamps.move_to_end(key)
    return pixmap


def _paint_look(p: QPainter, prop: str, rects: list[QRectF], colour: QColor) -> None:
    """A look over many areas: stamped on a raster picture at a plain zoom (the screen, a PNG),
    drawn as vectors otherwise (SVG and PDF keep their lines; a turned view)."""
    transform = p.worldTransform()
    side = round(rects[0].width() * transform.m11())
    engine = p.paintEngine()
    raster = engine is not None and engine.type() == QPaintEngine.Type.Raster
    plain = not transform.isRotating() and abs(transform.m11() - transform.m22()) < 1e-9
    if not (raster and plain and STAMP_PIXELS[0] <= side <= STAMP_PIXELS[1]):
        LOOKS[prop](p, rects, colour)
        return
    stamp = _stamp(prop, colour, side)
    p.save()
    p.resetTransform()
    for rect in rects:
        corner = transform.map(rect.topLeft())
        p.drawPixmap(round(corner.x()), round(corner.y()), stamp)
    p.restore()


def _outline(grid: EncounterGrid, tile_row: int, tile_col: int, segment: Segment) -> list[tuple[QLineF, tuple]]:
    """The segment's outer edges on the canvas, each with the unit side that lies outside it."""
    return _outline_at(grid.origin, grid.area_size, tile_row, tile_col, tuple(segment.areas))


@lru_cache(maxsize=8192)
def _outline_at(origin, size: float, tile_row: int, tile_col: int, areas: tuple) -> list[tuple[QLineF, tuple]]:
    """Kept per segment and place: an edit of one segment leaves the other outlines made."""
    own = set(areas)
    edges = []
    x0 = origin[0] + tile_col * TILE_AREAS * size
    y0 = origin[1] + tile_row * TILE_AREAS * size
    for r, c in own:
        x, y = x0 + c * size, y0 + r * size
        for (dr, dc), (x1, y1, x2, y2) in EDGES:
            if (r + dr, c + dc) not in own:
                edges.append((QLineF(x + x1 * size, y + y1 * size, x + x2 * size, y + y2 * size), (dc, dr)))
    return edges


def paint_segments(p: QPainter, grid: EncounterGrid, style: MapStyle, avoid: Sequence[QRectF] = ()) -> None:
    """Each segment's outline (thin), a ledge's heavy edge, and altitude as a number on a plate
    clear of `avoid` (the tokens' discs and name plates: tokens are drawn over the grid)."""
    size = grid.area_size
    taken = [_box(rect) for rect in avoid]
    for tile in grid.tiles:
        for segment in tile.segments:
            edges = _outline(grid, tile.row, tile.col, segment)
            p.setPen(_pen(style.outline, max(1.0, size / 30) * style.line_scale))
            p.drawLines([line for line, _ in edges])
            if "ledge" in segment.properties:
                _edges(p, edges, size, style.segments["ledge"])
            if segment.altitude:
                words, font = f"▲{segment.altitude}", size * ALTITUDE_SIZE
                width, height = text.plate_size(p, words, font, bold=True)
                centre = altitude_spot(altitude_spots(grid, tile.row, tile.col, segment), (width, height), taken)
                box = text.plated_label(p, words, centre, style.label, style.plate, font, bold=True)
                taken.append(_box(box))  # the next segment's badge keeps clear of this one


ALTITUDE_SIZE = 0.34
"""An altitude badge's text, as a share of an area's side."""
ALTITUDE_ROOM = 0.3
"""Room kept between an altitude badge and a token's disc or name plate, as a share of the
badge's height: two plates a hair apart read as one ("Mira▲2")."""


def altitude_spots(grid: EncounterGrid, tile_row: int, tile_col: int, segment: Segment) -> list[Point]:
    """Where a segment's altitude may stand, best first: the middle of each of its areas in
    reading order, then a quarter of an area off each middle (still on the segment)."""
    size = grid.area_size
    middles = []
    for r, c in sorted(segment.areas):
        x, y, _, _ = area_rect(grid, tile_row * TILE_AREAS + r, tile_col * TILE_AREAS + c)
        middles.append((x + size * 0.5, y + size * 0.5))
    shift = size * 0.25
    nudged = [(x + dx, y + dy) for x, y in middles for dx, dy in ((shift, 0), (-shift, 0), (0, -shift), (0, shift))]
    return middles + nudged


def altitude_spot(spots: Sequence[Point], size: Point, avoid: Sequence[Box]) -> Point:
    """The first spot whose badge covers nothing in `avoid`, with room to spare; when none is
    clear, the one that covers least (the badge is still drawn: the GM and the players must know the height)."""
    return first_clear(spots, size, avoid, max(GAP, size[1] * ALTITUDE_ROOM))


def altitude_rooms(grid: EncounterGrid) -> list[QRectF]:
    """The areas of the segments that show an altitude: a token there may move a badge, so its
    grid repaints as it comes or goes."""
    rooms = []
    for tile in grid.tiles:
        for segment in tile.segments:
            if segment.altitude:
                for r, c in segment.areas:
                    rooms.append(QRectF(*area_rect(grid, tile.row * TILE_AREAS + r, tile.col * TILE_AREAS + c)))
    return rooms


def _box(rect: QRectF) -> Box:
    return (rect.left(), rect.top(), rect.right(), rect.bottom())


def paint_grid(
    p: QPainter,
    grid: EncounterGrid,
    terrain: Terrain,
    style: MapStyle,
    detail: bool,
    avoid: Sequence[QRectF] = (),
    ground: bool = True,
) -> None:
    """The grid's ground, its segments' looks, its lines, segments, setup marks and fog. On a
    map drawn over a picture (`ground` False) the ground is left out: the picture is the
    ground, and a grid laid over a battle map drawn elsewhere shows its squares through."""
    gx, gy, gw, gh = grid_rect(grid)
    if ground:
        p.fillRect(QRectF(gx, gy, gw, gh), style.paper.darker(104))
    by_property: dict[str, list[QRectF]] = {}
    for area, ground in terrain.ground.items():
        rect = QRectF(*area_rect(grid, *area))
        for prop in ground.properties:
            by_property.setdefault(prop, []).append(rect)
    for prop in PROPERTY_ORDER:
        if prop in by_property and prop != "ledge":  # a ledge is drawn along its segment's edge
            _paint_look(p, prop, by_property[prop], style.segments[prop])
    r0, c0, r1, c1 = grid.area_bounds()
    for row in range(r0, r1 + 2):
        tile_edge = row % TILE_AREAS == 0
        p.setPen(
            QPen(style.tile_line if tile_edge else style.grid_line, (2.0 if tile_edge else 0.6) * style.line_scale)
        )
        yy = grid.origin[1] + row * grid.area_size
        p.drawLine(QPointF(gx, yy), QPointF(gx + gw, yy))
    for col in range(c0, c1 + 2):
        tile_edge = col % TILE_AREAS == 0
        p.setPen(
            QPen(style.tile_line if tile_edge else style.grid_line, (2.0 if tile_edge else 0.6) * style.line_scale)
        )
        xx = grid.origin[0] + col * grid.area_size
        p.drawLine(QPointF(xx, gy), QPointF(xx, gy + gh))
    paint_segments(p, grid, style, avoid)  # altitude clear of the tokens, as the setup labels are
    paint_setup(p, grid, style, detail, avoid)  # the setup marks over the ground, their labels clear of `avoid`
    paint_area_fog(p, grid, grid.fogged_areas, style)


def paint_reach_area(p: QPainter, grid: EncounterGrid, area: tuple[int, int], cost: int, style: MapStyle) -> None:
    """An area a dragged token can reach, with its cost large and dark on a pale plate."""
    x, y, w, h = area_rect(grid, *area)
    p.fillRect(QRectF(x, y, w, h), style.reach)
    text.plated_label(p, str(cost), (x + w / 2, y + h / 2), style.reach_text, style.plate, w * 0.5, bold=True)
