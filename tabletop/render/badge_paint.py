"""Painting a border's badge. Most badges of a map say the same few things ("1", "↓1 ↑3",
a closed door), so each distinct badge is recorded once as a QPicture and replayed: an export
of 25,000 borders then runs a few hundred badges through Python, not all of them. A picture
replays as vector strokes, so SVG and PDF exports stay sharp."""

from __future__ import annotations

import math
from itertools import repeat

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QPicture, QPixmap, QTransform

from tabletop.geometry.single.clearing import BadgeSpot
from tabletop.geometry.single.shapes import BorderLine
from tabletop.geometry.whole.boxes import BADGE_HALF
from tabletop.model import Border
from tabletop.render.badges import Badge, arrow, badge_for
from tabletop.render.cache import BoundedCache
from tabletop.render.style import MapStyle, map_font

PICTURE_BUDGET = 8 * 1024 * 1024
SPRITE_BUDGET = 24 * 1024 * 1024
"""Bytes of recorded badges and of their images at each zoom: a few screens' worth of
distinct badges at a few zooms: without a budget, zooming through many levels kept them all."""
_pictures: BoundedCache[QPicture] = BoundedCache(PICTURE_BUDGET, lambda picture: picture.size(), max_items=4000)
_sprites: BoundedCache[tuple[QImage, int, int]] = BoundedCache(SPRITE_BUDGET, lambda sprite: sprite[0].sizeInBytes())
BADGE_TEXT = 13.0
"""A badge's costs in map units (before the style's text scale): the badge reads when these do."""
BADGE_REACH = (BADGE_HALF[0], 2 * BADGE_HALF[1])
"""Map units past its index box across and down, per unit of text scale past 1, that a badge may
reach (its options on a second line included): the index boxes badges at the GM's size."""
PLAIN_ZOOM = QTransform.TransformationType.TxScale.value
"""Moved and scaled, not turned or sheared: a copied image lands where the strokes would."""


_style_keys: dict[int, tuple[MapStyle, tuple[int, ...]]] = {}
"""Each style's key, by the style (held, so its id is not reused): a zone's label asks it for
every badge around the zone, on every tile."""


def _style_key(style: MapStyle) -> tuple[int, ...]:
    """The colours and sizes a badge uses, by value: a new MapStyle with the same ones shares the pictures."""
    held = _style_keys.get(id(style))
    if held is not None and held[0] is style:
        return held[1]
    colours = (style.border, style.badge, style.label, *style.doors.values())
    key = (*(c.rgba() for c in colours), round(style.text_scale * 1000), round(style.line_scale * 1000))
    if len(_style_keys) >= 16:  # a few windows' styles, and each export's
        _style_keys.clear()
    _style_keys[id(style)] = (style, key)
    return key


def _key(border: Border, line: BorderLine, style_key: tuple[int, ...]) -> tuple:
    """What a badge depends on: the passages' costs and doors, which way is 'towards b', the colours."""
    passages = tuple(
        (p.cost_from_a, p.cost_from_b, None if p.door is None else (p.door.state, p.door.open_cost))
        for p in border.passages
    )
    return (arrow(line.towards_b), passages, style_key)


def _picture(key: tuple, border: Border, line: BorderLine, style: MapStyle) -> QPicture:
    picture = _pictures.get(key)
    if picture is None:
        picture = QPicture()
        recorder = QPainter(picture)
        recorder.setRenderHint(QPainter.RenderHint.Antialiasing)
        recorder.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        recorder.scale(style.text_scale, style.text_scale)
        _draw_badge(recorder, badge_for(border, line.towards_b), style)
        recorder.end()
        _pictures.put(key, picture)
    return picture


def badge_extent(border: Border, line: BorderLine, style: MapStyle) -> tuple[float, float, float, float]:
    """The box a border's badge covers around its centre at full size (left, top, right,
    bottom), from its recorded picture."""
    bounds = _picture(_key(border, line, _style_key(style)), border, line, style).boundingRect()
    return (bounds.left(), bounds.top(), bounds.left() + bounds.width(), bounds.top() + bounds.height())


def badge_box(border: Border, line: BorderLine, style: MapStyle) -> tuple[float, float, float, float]:
    """The box a border's badge covers on the map at its home, the middle of its line (left,
    top, right, bottom): what a zone's name keeps clear of."""
    left, top, right, bottom = badge_extent(border, line, style)
    x, y = line.anchor
    return (x + left, y + top, x + right, y + bottom)


def badge_reach(style: MapStyle) -> tuple[float, float]:
    """How far a badge drawn in this style may reach past the box the map's index holds for its
    border, across and down: none at the GM's size, the players' are a third larger."""
    extra = max(0.0, style.text_scale - 1)
    return extra * BADGE_REACH[0], extra * BADGE_REACH[1]


def paint_badge(p: QPainter, border: Border, line: BorderLine, style: MapStyle, spot: BadgeSpot | None = None) -> None:
    """One badge at its home, or at `spot` (slid along its line, or smaller)."""
    picture = _picture(_key(border, line, _style_key(style)), border, line, style)
    if spot is None or spot.scale == 1.0:
        x, y = line.anchor if spot is None else (spot.x, spot.y)
        p.drawPicture(QPointF(x, y), picture)
        return
    p.save()
    p.translate(spot.x, spot.y)
    p.scale(spot.scale, spot.scale)
    p.drawPicture(QPointF(0, 0), picture)
    p.restore()


def paint_badges(
    p: QPainter, badges: list[tuple[Border, BorderLine]], style: MapStyle, spots: list[BadgeSpot | None] | None = None
) -> None:
    """Many badges at once, each at its home or at its place in `spots` (None there: at home).
    On an image at a plain zoom each distinct badge is drawn once into a small image at that
    zoom and copied to every place it stands (a copy costs a tenth of replaying the strokes);
    elsewhere (SVG, PDF, turned views) the pictures are replayed."""
    transform = p.worldTransform()
    style_key = _style_key(style)
    raster = isinstance(p.device(), (QImage, QPixmap)) and transform.type().value <= PLAIN_ZOOM
    if not raster:
        for k, (border, line) in enumerate(badges):
            paint_badge(p, border, line, style, None if spots is None else spots[k])
        return
    scale, tall, dx, dy = transform.m11(), transform.m22(), transform.dx(), transform.dy()
    p.save()
    p.resetTransform()
    sprites: dict[tuple, tuple[QImage, int, int]] = {}  # this painting's: no cache bookkeeping per badge
    draw = p.drawImage
    if spots is not None and not any(spots):  # every badge at home: none looked up twice
        spots = None
    for (border, line), spot in zip(badges, spots or repeat(None, len(badges)), strict=True):
        key = _key(border, line, style_key)
        if spot is None:
            x, y = line.anchor  # as QTransform.map puts it at a plain zoom, in the same arithmetic
            shrink = 1.0
        else:
            x, y, shrink = spot.x, spot.y, spot.scale
            key = (key, shrink)  # a smaller badge: its own image
        sprite = sprites.get(key)
        if sprite is None:
            zoom = scale * shrink
            sprite = sprites[key] = _sprites.get((key, zoom)) or _sprites.put(
                (key, zoom), _sprite(_picture(key if spot is None else key[0], border, line, style), zoom)
            )
        image, ox, oy = sprite
        draw(QPointF(round(scale * x + dx) - ox, round(tall * y + dy) - oy), image)
    p.restore()


def _sprite(picture: QPicture, scale: float) -> tuple[QImage, int, int]:
    """The picture drawn at `scale` into an image, with the pixel where its centre falls.

    The picture's integer bounds end a unit short of its right and bottom edges (QRect.right()
    is the last pixel inside) and leave out half the outline's pen: a margin of two map units
    keeps the whole badge at any zoom."""
    bounds = QRectF(picture.boundingRect()).adjusted(-2, -2, 2, 2)
    ox, oy = math.ceil(-bounds.left() * scale) + 1, math.ceil(-bounds.top() * scale) + 1
    image = QImage(
        ox + math.ceil(bounds.right() * scale) + 1,
        oy + math.ceil(bounds.bottom() * scale) + 1,
        QImage.Format.Format_ARGB32_Premultiplied,
    )
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.translate(ox, oy)
    painter.scale(scale, scale)
    painter.drawPicture(QPointF(0, 0), picture)
    painter.end()
    return image, ox, oy


def _draw_badge(p: QPainter, badge: Badge, style: MapStyle) -> None:
    """The badge centred on (0, 0): a rounded box with the costs, the options and a door glyph."""
    main, small = map_font(BADGE_TEXT, True), map_font(9)
    p.setFont(main)
    width = p.fontMetrics().horizontalAdvance(badge.costs) + 12
    p.setFont(small)
    if badge.options:
        width = max(width, p.fontMetrics().horizontalAdvance(badge.options) + 10)
    door = 14 if badge.door else 0
    height = 32 if badge.options else 20
    box = QRectF(-(width + door) / 2, -height / 2, width + door, height)
    p.setPen(QPen(style.border, 1.2 * style.line_scale))
    p.setBrush(style.badge)
    p.drawRoundedRect(box, 6, 6)
    if badge.door:
        _door_glyph(p, QRectF(box.left() + 4, box.top() + 4, 9, 12), style.doors[badge.door], badge.door)
    text_box = QRectF(box.left() + door, box.top() + 1, width, 18)
    p.setPen(style.label)
    p.setFont(main)
    p.drawText(text_box, Qt.AlignmentFlag.AlignCenter, badge.costs)
    if badge.options:
        p.setFont(small)
        p.drawText(QRectF(box.left() + door, box.top() + 17, width, 13), Qt.AlignmentFlag.AlignCenter, badge.options)


def _door_glyph(p: QPainter, box: QRectF, colour: QColor, state: str) -> None:
    p.setPen(QPen(colour.darker(150), 1))
    p.setBrush(colour if state != "open" else Qt.BrushStyle.NoBrush)
    p.drawRect(box)
    if state == "locked":
        p.drawLine(box.topLeft(), box.bottomRight())
    p.setBrush(QColor("#222"))
    p.drawEllipse(QPointF(box.right() - 2.5, box.center().y()), 1.2, 1.2)
