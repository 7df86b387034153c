"""Badges on an exported picture: whole at every export width, opaque over their border line,
and their caches bounded however many zooms a session goes through."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from tabletop.geometry.single.shapes import map_bounds
from tabletop.geometry.whole.layout import MapLayout
from tabletop.render import badge_paint
from tabletop.render.badge_paint import paint_badge, paint_badges
from tabletop.render.style import MapStyle
from tabletop.samples import nephrite_net, room_with_door, warehouse


def _badges_image(map_, width: int, copied: bool, style: MapStyle | None = None) -> QImage:
    layout = MapLayout(map_)
    badges = [(b, layout.lines[b.id]) for b in map_.borders]
    left, top, w, h = map_bounds(map_)
    scale = width / w
    image = QImage(width, round(h * scale), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    painter.scale(scale, scale)
    painter.translate(-left, -top)
    style = style or MapStyle()
    if copied:
        paint_badges(painter, badges, style)
    else:
        for border, line in badges:
            paint_badge(painter, border, line, style)
    painter.end()
    return image


def _inked(image: QImage) -> set[tuple[int, int]]:
    white = 0xFFFFFFFF
    return {(x, y) for y in range(image.height()) for x in range(image.width()) if image.pixel(x, y) != white}


@pytest.mark.parametrize("width", [1920, 3840])
@pytest.mark.parametrize("sample", [room_with_door, warehouse])
def test_copied_badges_are_whole_at_export_widths(qapp, sample, width):
    """Every pixel the replayed strokes ink has a copied pixel within one pixel: no edge cut off
    (the door badge lost its right and bottom edges at 1920 and 3840 pixels)."""
    map_ = sample()
    strokes = _inked(_badges_image(map_, width, copied=False))
    copies = _inked(_badges_image(map_, width, copied=True))
    near = {(x + dx, y + dy) for x, y in copies for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    missing = strokes - near
    assert strokes and not missing, f"{len(missing)} badge pixels cut off, e.g. {sorted(missing)[:3]}"


def test_the_border_line_does_not_show_through_a_badge(qapp):
    """Inside its outline a badge looks the same whatever colour the line under it has."""
    from tabletop.render.paint import _border_pen, paint_map

    map_ = room_with_door()
    layout = MapLayout(map_)
    border = map_.borders[0]
    picture = badge_paint._picture(
        badge_paint._key(border, layout.lines[border.id], badge_paint._style_key(MapStyle())),
        border,
        layout.lines[border.id],
        MapStyle(),
    )
    ax, ay = layout.lines[border.id].anchor
    inner = QRectF(picture.boundingRect()).adjusted(3, 3, -3, -3).translated(ax, ay)
    images = []
    for line_colour in ("#8a3b12", "#00ff00"):
        style = MapStyle()
        image = QImage(800, 500, QImage.Format.Format_RGB32)
        painter = QPainter(image)
        left, top, _, _ = map_bounds(map_)
        painter.translate(-left, -top)
        # the line in another colour, the badge as always: only the line's colour differs
        painter.fillRect(QRectF(left, top, 800, 500), style.paper)
        paint_map(painter, map_, style)
        painter.setPen(_border_pen(QColor(line_colour), True))
        painter.drawLine(QRectF(inner).center().x(), inner.top(), QRectF(inner).center().x(), inner.bottom())
        paint_badges(painter, [(border, layout.lines[border.id])], style)
        painter.end()
        images.append(image.copy(inner.translated(-left, -top).toRect()))
    assert images[0] == images[1], "the line under the badge shows through it"


def test_badge_caches_stay_bounded_across_many_zooms(qapp):
    """A hundred zoom levels over a map's badges keep the caches within their byte budgets."""
    badge_paint._sprites.clear()
    map_ = nephrite_net()
    layout = MapLayout(map_)
    badges = [(b, layout.lines[b.id]) for b in map_.borders]
    small = replace(MapStyle(), text_scale=1.0)
    image = QImage(400, 300, QImage.Format.Format_ARGB32_Premultiplied)
    unbounded = 0
    for step in range(100):
        scale = 1.0 + step * 0.25
        painter = QPainter(image)
        painter.scale(scale, scale)
        paint_badges(painter, badges, small)
        painter.end()
        one_badge = badge_paint._sprites.get(next(reversed(badge_paint._sprites._items)))
        unbounded += one_badge[0].sizeInBytes()
    assert unbounded > badge_paint.SPRITE_BUDGET, "one badge alone at these zooms would outgrow the budget"
    assert badge_paint._sprites.bytes <= badge_paint.SPRITE_BUDGET
    assert badge_paint._pictures.bytes <= badge_paint.PICTURE_BUDGET
    held = [badge_paint._sprites.get(key)[0].sizeInBytes() for key in list(badge_paint._sprites._items)]
    assert sum(held) == badge_paint._sprites.bytes


class _CopySpy(QPainter):
    """A painter that notes where each badge's image is copied."""

    def __init__(self, device) -> None:
        super().__init__(device)
        self.copies: list[tuple[float, float, QImage]] = []

    def drawImage(self, point, image):
        self.copies.append((point.x(), point.y(), image))
        super().drawImage(point, image)


@pytest.mark.parametrize("zoom", [(0.37, 0.37, 13.3, -7.9), (1.71, 1.2, -250.55, 31.25), (1.0, 1.0, 0.5, 0.5)])
def test_each_copied_badge_lands_where_the_painter_maps_its_anchor(qapp, zoom):
    """Copies are placed with the painter's transform worked out in Python: the pixel
    QTransform.map rounds each anchor to, at a stretched and a moved zoom too."""
    map_ = warehouse()
    layout = MapLayout(map_)
    badges = [(b, layout.lines[b.id]) for b in map_.borders]
    image = QImage(900, 700, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.white)
    painter = _CopySpy(image)
    sx, sy, dx, dy = zoom
    painter.translate(dx, dy)
    painter.scale(sx, sy)
    transform = painter.worldTransform()
    paint_badges(painter, badges, MapStyle())
    painter.end()
    assert len(painter.copies) == len(badges)
    for (x, y, sprite), (_, line) in zip(painter.copies, badges, strict=True):
        spot = transform.map(QPointF(*line.anchor))
        centre = (x + sprite.width() / 2, y + sprite.height() / 2)
        assert abs(centre[0] - spot.x()) <= sprite.width() / 2 and abs(centre[1] - spot.y()) <= sprite.height() / 2
        key = next(k for k in badge_paint._sprites._items if k[1] == sx and badge_paint._sprites.get(k)[0] is sprite)
        _, ox, oy = badge_paint._sprites.get(key)
        assert (x + ox, y + oy) == (round(spot.x()), round(spot.y()))


def _badge_colours(room, colour: QColor) -> set[int]:
    """The colours of the room's badges painted in a style of their own, dropped after."""
    image = _badges_image(room, 400, True, replace(MapStyle(), badge=colour))
    return {image.pixel(x, y) for x in range(image.width()) for y in range(image.height())}


def test_each_style_paints_its_own_badge_colour(qapp):
    """A style's badge key is kept for the style itself: a style made after it with another
    badge colour (even many styles later, and one in the place of a dropped one) paints its own."""
    room = room_with_door()
    for step in range(20):
        colour = QColor(f"#{step * 12:02x}2040")
        assert colour.rgb() in _badge_colours(room, colour), step
