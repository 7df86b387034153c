"""Where an edit lands on the map layer's kept tiles: the edited map boxes as rectangles, the
tiles under them at every zoom, and the pixels of one tile they cover. Plain arithmetic on
the layer's tile grid, apart from the layer that keeps the tiles (ui/scene/layer.py)."""

from __future__ import annotations

import math

from PySide6.QtCore import QRect, QRectF
from PySide6.QtGui import QRegion

from tabletop.geometry.whole.tables import Box, union_of
from tabletop.ui.scene.tiles import TileBudget, TileKey

TILE = 256
"""Tile side in screen pixels: small enough that an edit repaints little, large enough that
a full-screen frame is a few dozen copies."""
BULK_RECTS = 64
"""Past this many edited boxes in one change, their union is dropped from the tiles."""
MARGIN_PX = 2
"""Pixels around an edited rectangle painted again: antialiasing and half a pen reach past
an object's box."""


def edited_rects(boxes: list[Box], reach: tuple[float, float]) -> tuple[list[QRectF], bool]:
    """(the boxes, each grown by `reach` across and down, once each; whether they are a bulk
    edit's). A bulk edit's boxes are one rectangle, their union, worked out on the tuples: Fog
    All on a big map repaints a box per zone and border, and a QRectF made of each was slow."""
    gx, gy = reach
    if len(boxes) > BULK_RECTS:
        left, top, right, bottom = union_of(boxes)
        return [QRectF(left - gx, top - gy, right - left + 2 * gx, bottom - top + 2 * gy)], True
    return [
        QRectF(left - gx, top - gy, right - left + 2 * gx, bottom - top + 2 * gy)
        for left, top, right, bottom in dict.fromkeys(boxes)
    ], False


def tiles_under(budget: TileBudget, owner: int, rects: list[QRectF]) -> list[TileKey]:
    """The kept tiles of this owner, at every zoom, that may show these map rectangles (a margin
    around them included): looked up by their columns and rows, or among the kept tiles when those
    are fewer."""
    found = []
    for level, count in budget.levels(owner).items():
        reach, side = MARGIN_PX / level, TILE / level
        spans = [
            (
                range(math.floor((rect.left() - reach) / side), math.floor((rect.right() + reach) / side) + 1),
                range(math.floor((rect.top() - reach) / side), math.floor((rect.bottom() + reach) / side) + 1),
            )
            for rect in rects
        ]
        if sum(len(columns) * len(rows) for columns, rows in spans) > count:
            found += [key for key in budget.keys(owner) if key[0] == level]
            continue
        keys = {(level, ix, iy) for columns, rows in spans for ix in columns for iy in rows}
        found += [key for key in keys if budget.has(owner, key)]
    return found


def clip_of(level: float, ix: int, iy: int, rects: list[QRectF]) -> QRegion:
    """The pixels of tile (ix, iy) that edited map rectangles cover, grown to whole pixels and a
    margin, in the screen pixels of the whole zoom level (the tile's own at ix * TILE, iy * TILE)."""
    clip = QRegion()
    whole = QRect(ix * TILE, iy * TILE, TILE, TILE)
    for rect in rects:
        device = QRectF(rect.left() * level, rect.top() * level, 0, 0)
        device.setSize(rect.size() * level)
        aligned = device.toAlignedRect().adjusted(-MARGIN_PX, -MARGIN_PX, MARGIN_PX, MARGIN_PX)
        clip = clip.united(aligned.intersected(whole))
    return clip


def span_of(tiles: list) -> int:
    """How many tiles the square around these (column, row, ...) tiles takes."""
    columns, rows = [tile[0] for tile in tiles], [tile[1] for tile in tiles]
    return (max(columns) - min(columns) + 1) * (max(rows) - min(rows) + 1)
