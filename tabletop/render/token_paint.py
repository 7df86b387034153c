"""Painting a token: its disc, facing, flank line and name. The flank line is the rules' own
(rules.facing.flank_line), so the line a GM sees is the one that decides the -2.

Tokens sharing an area (an overlap) write their names outward, where no disc of the group
stands, and the first of them frames the group: heavy and marked with crossed blades when
the area holds opponents (rules.sides), whose overlap ends a mover's movement."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF

from tabletop.geometry.single.shapes import NAME_MAX_WIDTH, TOKEN_RADIUS, area_name_sides, area_spots, name_width
from tabletop.model import AreaLocation, Token
from tabletop.render import text
from tabletop.render.state_marks import (
    DIMMED,
    DOWN_GREY,
    dimmed,
    is_down,
    paint_down_band,
    paint_problem,
    paint_state_words,
    problem_box,
)
from tabletop.render.style import MapStyle
from tabletop.render.token_art import ART_RADIUS, TokenArt, disc_pixels
from tabletop.render.words import Written
from tabletop.rules.facing import facing_vector, flank_line
from tabletop.rules.sides import are_opponents
from tabletop.rules.visibility import token_hidden

OVERLAP_COLOUR = QColor("#c62828")
"""The opponents' overlap: a strong red that reads on a projector; in grey print the frame's
weight and the crossed blades tell it from a friendly group's thin frame."""
FRAME_GAP = 5.0
"""Between the group's discs and its frame."""


@dataclass(frozen=True)
class Crowd:
    """A token's place among the `count` tokens sharing its area, in map order, and whether
    the area holds opponents: what its painting needs beyond the token itself."""

    index: int
    count: int
    opponents: bool

    @property
    def name_side(self) -> str:
        return area_name_sides(self.count)[self.index] if self.count > 1 else "below"


def area_crowds(tokens: Iterable[Token]) -> dict[str, Crowd]:
    """The crowd of every token standing on a grid, from the tokens drawn (the players' picture
    passes only the tokens they see, so a hidden opponent marks nothing)."""
    in_area: dict[tuple[str, int, int], list[Token]] = {}
    for token in tokens:
        where = token.location
        if isinstance(where, AreaLocation):
            in_area.setdefault((where.grid, where.row, where.col), []).append(token)
    crowds: dict[str, Crowd] = {}
    for group in in_area.values():
        sides = [token.side for token in group]
        opponents = any(are_opponents(a, b) for i, a in enumerate(sides) for b in sides[i + 1 :])
        for index, token in enumerate(group):
            crowds[token.id] = Crowd(index, len(group), opponents)
    return crowds


FLANK_HALF = TOKEN_RADIUS * 1.6
"""Half the drawn flank line: past the token's rim, short of its neighbours."""


def token_flank(token: Token, spot: tuple[float, float]) -> tuple[tuple[float, float], tuple[float, float]]:
    """The ends of the flank line drawn for a token standing at `spot`."""
    return flank_line(spot, token.facing, FLANK_HALF)


def flank_box(token: Token, spot: tuple[float, float], style: MapStyle) -> tuple[float, float, float, float]:
    """The box of a token's flank line as paint_token draws it, its pen's width around it: what
    the map's words keep off (render/arrangement.py)."""
    (x1, y1), (x2, y2) = token_flank(token, spot)
    half = style.line_scale
    return (min(x1, x2) - half, min(y1, y2) - half, max(x1, x2) + half, max(y1, y2) + half)


def paint_token(
    p: QPainter,
    token: Token,
    spot: tuple[float, float],
    style: MapStyle,
    detail: bool,
    selected: bool = False,
    crowd: Crowd | None = None,
    plate: Written | None = None,
    art: TokenArt | None = None,
) -> None:
    """The token's disc (its picture on it, in a ring of its side's colour, when it has one:
    `art` finds it and says the side's colour and the disc's size; a placeholder mark when it
    cannot be drawn), its facing (tick, a point on the ring of a picture, and, if the style
    shows them, the front wedge), the flank line, and its
    name on a plate below (or beside it, in a crowded area; in a zone where the zone's
    arrangement put it, `plate`, its centre given from the disc's), over every line.
    A down token is dimmed under a DOWN band, other states are words over it, and a problem is a
    square without facing: it never takes a turn (state_marks.py)."""
    x, y = spot
    if crowd is not None and crowd.index == 0 and crowd.count > 1:
        _paint_group_frame(p, crowd, spot, style)
    alone = crowd is None or crowd.count < 2
    r = art.radius(token, alone) if art is not None else TOKEN_RADIUS
    centre = QPointF(x, y)
    colour = QColor(token.colour)
    own = dimmed(colour) if is_down(token) else colour
    if token.picture is not None and art is not None:  # the ring round a picture is its side's
        colour = QColor(art.ring(token))
    body = dimmed(colour) if is_down(token) else colour
    selected = selected and style.selection_marks
    if (
        style.facing_wedges and not token.problem
    ):  # the front: 90 degrees wide, pointing where the token faces (compass degrees)
        qt_angle = 90.0 - token.facing
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(own.red(), own.green(), own.blue(), 90))
        wedge = 2 * TOKEN_RADIUS if crowd is None or crowd.count < 2 else 1.5 * r  # short of a crowded group's frame
        p.drawPie(QRectF(x - wedge, y - wedge, 2 * wedge, 2 * wedge), round((qt_angle - 45) * 16), 90 * 16)
    outline = QPen(colour.darker(170), 1.5 * style.line_scale)
    if token.problem:
        paint_problem(p, centre, body, outline)
        if token.picture is not None:  # inside the problem's own white line, which stays on top
            _paint_art(p, token, centre, own, art, square=True)
            p.setPen(QPen(QColor("white"), max(1.2, outline.widthF() * 0.8)))
            p.setBrush(Qt.BrushStyle.NoBrush)
            corner = TOKEN_RADIUS * 0.25 * 0.7
            p.drawRoundedRect(problem_box(centre, -TOKEN_RADIUS * 0.22), corner, corner)
        if selected:
            _selection_ring(p, lambda: p.drawRoundedRect(problem_box(centre), r * 0.25, r * 0.25))
    else:
        (x1, y1), (x2, y2) = token_flank(token, spot)
        p.setPen(QPen(own.darker(160), 2 * style.line_scale, Qt.PenStyle.DashLine))
        p.drawLine(QPointF(x1, y1), QPointF(x2, y2))
        p.setPen(outline)
        p.setBrush(body)
        p.drawEllipse(centre, r, r)
        fx, fy = facing_vector(token.facing)
        if token.picture is None:
            p.setPen(QPen(QColor("white"), 2.5 * style.line_scale))
            p.drawLine(centre, QPointF(x + fx * r, y + fy * r))
        else:
            _paint_art(p, token, centre, own, art, radius=r)
            paint_facing_notch(p, centre, (fx, fy), body, style, r)
        if selected:
            _selection_ring(p, lambda: p.drawEllipse(centre, r, r))
    if token_hidden(token):  # the GM's mark: the players' picture leaves the token out
        p.setPen(QPen(style.hidden, 2, Qt.PenStyle.DotLine))
        p.setBrush(Qt.BrushStyle.NoBrush)
        if token.problem:
            p.drawRoundedRect(problem_box(centre, 4), 6, 6)
        else:
            p.drawEllipse(centre, r + 4, r + 4)
    if is_down(token):
        paint_down_band(p, centre, style, detail)
    paint_state_words(p, token, centre, style, detail)
    size = name_size(token, style, r)
    if plate is not None:
        if detail and plate.words and text.readable(p, plate.size):
            px, py = plate.centre
            text.plated_label(p, plate.words, (x + px, y + py), style.label, style.plate, plate.size)
    elif detail and text.readable(p, size):
        name = text.elide(p, text.shown(token.label), size, False, NAME_MAX_WIDTH * style.text_scale)
        if name:
            side = crowd.name_side if crowd is not None else "below"
            width = text.text_width(p, name, size, False) + size * 0.6
            centre = token_name_centre(spot, style, side, width, not alone, r, size)
            text.plated_label(p, name, centre, style.label, style.plate, size)


ART_RING = 0.2
"""The side's ring round a token's picture, as a share of the disc's radius: thick enough to
tell the sides apart across the table, thin enough to leave the face its room."""
OWN_RING = 0.07
"""The token's own colour, where it is not its side's: a thin line inside the side's ring, as a
share of the disc's radius."""
MISSING_MARK = QColor("white")
NAME_TO_DISC = 1.0
"""The tallest name (its size, in map units) beside a disc with a picture, as a share of the
disc's radius: the face, not the name plate, is what catches the eye."""


def name_size(token: Token, style: MapStyle, radius: float = TOKEN_RADIUS) -> float:
    """The size of the token's name: the style's, but never larger than its picture's disc."""
    size = style.token_name_size * style.text_scale
    return size if token.picture is None else min(size, radius * NAME_TO_DISC)


def art_inset(square: bool = False, radius: float = TOKEN_RADIUS) -> QRectF:
    """The box the picture fills, around a token's spot: inside the side's ring."""
    inner = TOKEN_RADIUS * (0.9 - 0.22) if square else radius * (1 - ART_RING)
    return QRectF(-inner, -inner, 2 * inner, 2 * inner)


def _paint_art(
    p: QPainter,
    token: Token,
    centre: QPointF,
    own: QColor,
    art: TokenArt | None,
    square: bool = False,
    radius: float = TOKEN_RADIUS,
) -> None:
    """The token's picture inside its side's ring (the disc painted already), the token's own
    colour a thin line between them where it is not the side's; dimmed with the disc when
    down; a question mark on the disc when the picture cannot be drawn."""
    box = art_inset(square, radius).translated(centre)
    disc = None if art is None else art.disc(token.picture, disc_pixels(p, box.width() / 2), square)
    if disc is None:
        _paint_missing(p, box)
        return
    p.save()
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    p.drawImage(box, disc)
    if not square and art.ring(token).lower() != token.colour.lower():
        width = radius * OWN_RING
        p.setPen(QPen(own, width))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(box.adjusted(width / 2, width / 2, -width / 2, -width / 2))
    if is_down(token):  # faded most of the way to grey, as a down disc's colour is
        veil = QColor(DOWN_GREY)
        veil.setAlphaF(DIMMED)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(veil)
        if square:
            p.drawRoundedRect(box, box.width() * 0.14, box.width() * 0.14)
        else:
            p.drawEllipse(box)
    p.restore()


def _paint_missing(p: QPainter, box: QRectF) -> None:
    """A picture that cannot be drawn: a question mark on the token's own colour, drawn as
    strokes (no font), so it reads at any size and costs nothing to lay out."""
    w, cx, top = box.width(), box.center().x(), box.top()
    path = QPainterPath()
    path.moveTo(cx - w * 0.17, top + w * 0.36)
    path.cubicTo(cx - w * 0.17, top + w * 0.15, cx + w * 0.2, top + w * 0.15, cx + w * 0.18, top + w * 0.36)
    path.cubicTo(cx + w * 0.16, top + w * 0.5, cx, top + w * 0.48, cx, top + w * 0.64)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(MISSING_MARK, w * 0.11, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    p.drawPath(path)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(MISSING_MARK)
    p.drawEllipse(QPointF(cx, top + w * 0.8), w * 0.07, w * 0.07)


def paint_facing_notch(
    p: QPainter, centre: QPointF, facing: tuple[float, float], body: QColor, style: MapStyle, r: float = TOKEN_RADIUS
) -> None:
    """Where a token with a picture faces: a white-edged point on its ring, not a tick across
    the face."""
    fx, fy = facing
    tip = centre + QPointF(fx * r * 1.32, fy * r * 1.32)
    side = QPointF(-fy, fx) * (r * 0.34)
    base = centre + QPointF(fx * r * 0.9, fy * r * 0.9)
    p.setPen(QPen(QColor("white"), 1.5 * style.line_scale))
    p.setBrush(body)
    p.drawPolygon(QPolygonF([tip, base + side, base - side]))


RING_DARK = QColor("#101418")
RING_LIGHT = QColor("#ffffff")
RING_WIDTH = 5.0
"""The selection ring's whole width in pixels of the map at 100%: a dark band with a light one
inside it, so it stands out on a token of any colour and on any ground (the selection's own
blue vanished on a blue token)."""


def _selection_ring(p: QPainter, stroke) -> None:
    """A selected token's ring over its rim: `stroke` draws the rim's shape with the pen set."""
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(RING_DARK, RING_WIDTH))
    stroke()
    p.setPen(QPen(RING_LIGHT, RING_WIDTH * 0.4))
    stroke()


def token_name_centre(
    spot: tuple[float, float],
    style: MapStyle,
    side: str = "below",
    width: float = 0.0,
    framed: bool = False,
    radius: float = TOKEN_RADIUS,
    size: float | None = None,
) -> tuple[float, float]:
    """Where a token's name plate, `width` wide and its words `size` (the style's when not
    given), is centred: below the disc of `radius`, over the end of its flank line, or beside the
    disc on the outer side of a crowded area's group (`framed`: outside the group's frame)."""
    gap = radius + (FRAME_GAP + 3 if framed else 3)
    if side == "left":
        return (spot[0] - gap - width / 2, spot[1])
    if side == "right":
        return (spot[0] + gap + width / 2, spot[1])
    if size is None:
        size = style.token_name_size * style.text_scale
    return (spot[0], spot[1] + gap + size * 0.65)


def group_frame(crowd: Crowd, spot: tuple[float, float]) -> QRectF:
    """The frame round the discs of a crowded area's group, from one member's spot."""
    offsets = area_spots(crowd.count)
    own_x, own_y = offsets[crowd.index]
    xs = [spot[0] + dx - own_x for dx, _ in offsets]
    ys = [spot[1] + dy - own_y for _, dy in offsets]
    reach = TOKEN_RADIUS + FRAME_GAP
    return QRectF(min(xs) - reach, min(ys) - reach, max(xs) - min(xs) + 2 * reach, max(ys) - min(ys) + 2 * reach)


def _paint_group_frame(p: QPainter, crowd: Crowd, spot: tuple[float, float], style: MapStyle) -> None:
    """A thin frame round a friendly group, so it reads as one area's; round opponents, a heavy
    red one with crossed blades on its top edge: moving in ends a mover's movement."""
    frame = group_frame(crowd, spot)
    p.setBrush(Qt.BrushStyle.NoBrush)
    if not crowd.opponents:
        p.setPen(QPen(style.outline, 1.2 * style.line_scale, Qt.PenStyle.DashLine))
        p.drawRoundedRect(frame, TOKEN_RADIUS * 0.6, TOKEN_RADIUS * 0.6)
        return
    p.setPen(QPen(OVERLAP_COLOUR, 3.0 * style.line_scale))
    p.drawRoundedRect(frame, TOKEN_RADIUS * 0.6, TOKEN_RADIUS * 0.6)
    r = TOKEN_RADIUS * 0.6
    badge = QPointF(frame.center().x(), frame.top() - r * 0.4)  # above the group's facing wedges
    p.setBrush(OVERLAP_COLOUR)
    p.drawEllipse(badge, r, r)
    p.setPen(QPen(QColor("white"), 2.0 * style.line_scale, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    b = r * 0.6
    for hilt in (1.0, -1.0):  # two blades crossed, hilts down, each with its guard
        p.drawLine(badge + QPointF(-hilt * b, b), badge + QPointF(hilt * b, -b))
        guard = badge + QPointF(-hilt * b * 0.45, b * 0.45)
        p.drawLine(guard - QPointF(b * 0.35, hilt * b * 0.35), guard + QPointF(b * 0.35, hilt * b * 0.35))


def token_boxes(
    tokens: Iterable[Token], spots: dict[str, tuple[float, float]], style: MapStyle, art: TokenArt | None = None
) -> list[QRectF]:
    """The discs and name plates of the tokens at these spots (`art`: the map's, whose pictured
    tokens alone in an area stand larger), the names' widths guessed generously as the layout
    guesses them: what the grid's own labels keep clear of."""
    placed = [token for token in tokens if token.id in spots]
    crowds = area_crowds(placed)
    boxes: list[QRectF] = []
    for token in placed:
        x, y = spots[token.id]
        crowd = crowds.get(token.id)
        framed = crowd is not None and crowd.count > 1
        r = art.radius(token, not framed) if art is not None else TOKEN_RADIUS
        size = name_size(token, style, r)
        boxes.append(QRectF(x - r, y - r, 2 * r, 2 * r))
        width = min(name_width(token.label), NAME_MAX_WIDTH) * style.text_scale + size * 0.6
        cx, cy = token_name_centre((x, y), style, crowd.name_side if crowd else "below", width, framed, r, size)
        boxes.append(QRectF(cx - width / 2, cy - size * 0.7, width, size * 1.4))
        if framed and crowd.index == 0:
            boxes.append(group_frame(crowd, (x, y)).adjusted(0, -TOKEN_RADIUS, 0, 0))
    return boxes


def token_rect(style: MapStyle, crowd: Crowd | None = None) -> QRectF:
    """What a token draws around its spot (wedge, disc, name plate, a crowd's frame), for a token
    item's bounds."""
    if crowd is not None and crowd.count < 2:
        crowd = None
    return QRectF(*_rect(style.token_name_size, style.text_scale, style.line_scale, crowd))


@lru_cache(maxsize=512)
def _rect(name_size: float, text_scale: float, line_scale: float, crowd: Crowd | None) -> tuple[float, ...]:
    """token_rect's box, worked out once per style and crowd: every token is placed again after
    each edit."""
    size = name_size * text_scale
    half = max(2.2 * TOKEN_RADIUS, NAME_MAX_WIDTH * text_scale / 2 + size)
    bottom = ART_RADIUS + 3 + size * 1.5
    top = max(2.2 * TOKEN_RADIUS, bottom)  # a plate above the disc, in a zone with no room below it
    rect = QRectF(-half, -top, 2 * half, top + bottom)
    if crowd is not None:
        side = TOKEN_RADIUS + FRAME_GAP + 3 + NAME_MAX_WIDTH * text_scale + size
        rect = rect.united(QRectF(-side, -size, 2 * side, 2 * size + TOKEN_RADIUS + FRAME_GAP + 3))
        if crowd.index == 0:
            line = 3.0 * line_scale
            frame = group_frame(crowd, (0.0, 0.0)).adjusted(-line, -TOKEN_RADIUS * 1.1 - line, line, line)
            rect = rect.united(frame)
    return (rect.x(), rect.y(), rect.width(), rect.height())
