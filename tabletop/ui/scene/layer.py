"""MapLayer: all zones and borders as one item, painted in cached tiles.

Ten thousand zone and border items cost seconds to make and a Python call each per frame.
This item instead paints square tiles of the screen at the current zoom, each holding the
zones and borders the layout finds there, and keeps them: a frame is a few dozen pixmap
copies. An edit marks the edited map rectangles on the tiles under them; the next frame
paints just those rectangles again, clipped, over the kept tile (what a fresh tile would hold
there, pixel for pixel: every stroke is placed in map units, never by the tile). While the
wheel turns, tiles of another zoom stand in, scaled, until the zoom rests and crisp tiles are
painted, a few each frame.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable
from functools import partial
from operator import attrgetter

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QPainter, QPixmap, QRegion, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from tabletop.document import MapDocument
from tabletop.geometry.whole.layout import Box
from tabletop.model import Zone
from tabletop.model.kinds import Kind
from tabletop.render.arrangement import Arrangement
from tabletop.render.badge_paint import badge_reach
from tabletop.render.paint import paint_region
from tabletop.render.specks import PLAIN
from tabletop.render.style import DETAIL_SCALE, MapStyle
from tabletop.ui.scene.tile_marks import MARGIN_PX, TILE, clip_of, edited_rects, span_of, tiles_under
from tabletop.ui.scene.tiles import TILES, TileBudget, TileKey

SETTLE_MS = 180
"""How long the zoom must rest before stand-in tiles are replaced by crisp ones."""
CATCH_UP_MS = 40
"""Once the zoom rests, crisp tiles are painted for this long per frame, the stand-ins kept
for the rest and another frame asked for: a big map fitted at a new zoom needs many tiles, which
would otherwise hold the window (a hover, the next wheel turn) in one frame."""
MEND_RECTS = 64
"""Past this many edited rectangles waiting on one tile, the tile is painted afresh instead."""
MEND_GROUP = 4
"""Kept tiles mended on one patch when they lie within this many tiles' square together."""
EDGE = 2
"""Pixels a tile or a patch is painted past its right and bottom edges, then left off: at some
zooms Qt fills the last column of a pixmap a shade short (alpha 254 for 255), which a patch
across two tiles, whose pixels there are inside it, would not match."""


def _level(scale: float) -> float:
    return round(scale, 6)


_owners = itertools.count(1)


class MapLayer(QGraphicsItem):
    """Paints the document's layout in the given style; its tiles live in the shared budget."""

    def __init__(
        self,
        document: MapDocument,
        style: MapStyle,
        arrangement: Arrangement,
        shows: Callable[[str, str], bool] | None = None,
        budget: TileBudget = TILES,
        fogged: Callable[[Zone], bool] | None = None,
        unseen: Callable[[], set[tuple[str, str]]] | None = None,
    ) -> None:
        """`arrangement` places the names and badges (the scene's, kept between frames and told
        of every edit). `shows(kind, id)` filters what is painted (the players' picture); None
        paints all. `fogged(zone)` says which zones are fog (the players' held fog); None: their
        own flag. `unseen()`, when given, is the set of (kind, id) `shows` leaves out, kept by the
        scene: a tile then filters with one set difference."""
        super().__init__()
        self.document, self.style, self.shows, self.budget = document, style, shows, budget
        self.arrangement, self.fogged, self.unseen = arrangement, fogged, unseen
        self._owner = next(_owners)  # never reused, so a new layer never sees a dead one's tiles
        self._rect = QRectF()
        self._mends: dict[TileKey, list[QRectF]] = {}
        """Edited map rectangles each kept tile must paint again before it is next shown."""
        self.quick = False
        """True while zooming: missing tiles are borrowed from another zoom, not painted."""
        self._settle = QTimer()
        self._settle.setSingleShot(True)
        self._settle.setInterval(SETTLE_MS)
        self._settle.timeout.connect(self._settled)
        self._catching_up = False
        """True from the zoom's rest until a frame needed no stand-in (CATCH_UP_MS)."""
        self._paint_until, self._rendered = math.inf, 0
        self._next_frame = QTimer()
        self._next_frame.setSingleShot(True)
        self._next_frame.timeout.connect(self.update)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    # -- content ---------------------------------------------------------------------------

    def reset(self, bounds: QRectF) -> None:
        self.budget.clear(self._owner)
        self._mends.clear()
        self.prepareGeometryChange()
        self._rect = bounds
        self.update()

    def grow_to(self, rect: QRectF) -> None:
        if not self._rect.contains(rect):
            self.prepareGeometryChange()
            self._rect = self._rect.united(rect)

    def dirty(self, boxes: list[Box], bulk: bool = False) -> None:
        """Mark these map boxes on the tiles, at every zoom, that show them: each tile paints
        them again when next shown, once however many edits came (a bulk edit's thousands, or
        their union given as `bulk`, drop the tiles under them instead)."""
        if not boxes:
            return
        rects, many = edited_rects(boxes, self._badge_reach())  # a border's badge drawn larger than its box
        bulk = bulk or many
        for key in tiles_under(self.budget, self._owner, rects):
            level, ix, iy = key
            reach = MARGIN_PX / level
            tile = QRectF(ix * TILE / level, iy * TILE / level, TILE / level, TILE / level)
            tile.adjust(-reach, -reach, reach, reach)
            hits = [rect for rect in rects if tile.intersects(rect)]
            if not hits:
                continue
            mends = self._mends.setdefault(key, [])
            mends += [rect for rect in hits if not any(kept.contains(rect) for kept in mends)]
            if bulk or len(mends) > MEND_RECTS or any(rect.contains(tile) for rect in hits):
                self.budget.drop(self._owner, key)
                del self._mends[key]
        for rect in rects:
            self.update(rect.adjusted(-2, -2, 2, 2))

    def zooming(self) -> None:
        """Called on every zoom step: borrow tiles until the zoom rests."""
        self.quick, self._catching_up = True, False
        self._settle.start()

    def _settled(self) -> None:
        self.quick, self._catching_up = False, True
        self.update()

    # -- painting ----------------------------------------------------------------------------

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        transform = painter.worldTransform()
        level = _level(transform.m11())
        if level <= 0 or transform.isRotating():
            return
        # QGraphicsView.render() exposes the whole item; only what reaches the device is wanted
        device = QRectF(0, 0, painter.device().width(), painter.device().height())
        exposed = option.exposedRect.intersected(transform.inverted()[0].mapRect(device))
        if exposed.isEmpty():
            return
        x0, x1 = math.floor(exposed.left() * level / TILE), math.floor(exposed.right() * level / TILE)
        y0, y1 = math.floor(exposed.top() * level / TILE), math.floor(exposed.bottom() * level / TILE)
        if self._mends:
            mends = self._mends
            waiting = [(ix, iy) for iy in range(y0, y1 + 1) for ix in range(x0, x1 + 1) if (level, ix, iy) in mends]
            if waiting:
                self._mend_tiles(level, waiting)
        self._paint_until = time.perf_counter() + CATCH_UP_MS / 1000 if self._catching_up else math.inf
        self._rendered = 0  # at least one tile a frame, however long it takes
        painter.save()
        painter.setWorldTransform(QTransform())  # tiles are in screen pixels already
        dx, dy = transform.dx(), transform.dy()
        borrowed = []
        for iy in range(y0, y1 + 1):
            for ix in range(x0, x1 + 1):
                pixmap = self._tile(level, ix, iy)
                if pixmap is None:
                    borrowed.append((ix, iy))
                else:
                    painter.drawPixmap(QPointF(ix * TILE + dx, iy * TILE + dy), pixmap)
        painter.restore()
        if borrowed:
            self._borrow(painter, level, borrowed)
        if self._catching_up and not self.quick:
            if borrowed:
                self._next_frame.start(0)
            else:
                self._catching_up = False

    def _tile(self, level: float, ix: int, iy: int) -> QPixmap | None:
        key = (level, ix, iy)
        pixmap = self.budget.get(self._owner, key)
        mends = self._mends.pop(key, None)
        if pixmap is not None:
            if mends:
                self._mend(pixmap, level, ix, iy, mends)
            return pixmap
        if self._stands_in():
            return None
        pixmap = self._render(level, ix, iy)
        self._rendered += 1
        self.budget.put(self._owner, key, pixmap)
        return pixmap

    def _stands_in(self) -> bool:
        """Whether a missing tile is borrowed this frame: while zooming, and once the zoom rests,
        after CATCH_UP_MS of tiles (one at least); never with nothing to borrow."""
        late = self._rendered and time.perf_counter() > self._paint_until
        return (self.quick or late) and self.budget.holds(self._owner)

    def _render(self, level: float, ix: int, iy: int) -> QPixmap:
        side = TILE / level
        pixmap = QPixmap(TILE + EDGE, TILE + EDGE)
        pixmap.fill(Qt.GlobalColor.transparent)
        self._paint_tile(pixmap, level, ix, iy, [(ix * side, iy * side, (ix + 1) * side, (iy + 1) * side)])
        return pixmap.copy(0, 0, TILE, TILE)

    def _mend(self, pixmap: QPixmap, level: float, ix: int, iy: int, rects: list[QRectF]) -> None:
        """Paint the edited map rectangles of one kept tile again (see _mend_group)."""
        clip = clip_of(level, ix, iy, rects)
        if not clip.isEmpty():
            self._mend_group(level, [(ix, iy, pixmap, clip)])

    def _mend_tiles(self, level: float, tiles: list[tuple[int, int]]) -> None:
        """Mend the kept tiles about to be shown, neighbours together: an edit across a tile's
        edge is painted once for both tiles, not once per tile."""
        groups: list[list[tuple[int, int, QPixmap, QRegion]]] = []
        for ix, iy in tiles:
            rects = self._mends.pop((level, ix, iy))
            pixmap = self.budget.get(self._owner, (level, ix, iy))
            clip = clip_of(level, ix, iy, rects)
            if pixmap is None or clip.isEmpty():
                continue
            if groups and span_of([*groups[-1], (ix, iy)]) <= MEND_GROUP:
                groups[-1].append((ix, iy, pixmap, clip))
            else:
                groups.append([(ix, iy, pixmap, clip)])
        for group in groups:
            self._mend_group(level, group)

    def _mend_group(self, level: float, group: list[tuple[int, int, QPixmap, QRegion]]) -> None:
        """Everything the layout finds in the tiles' edited rectangles is painted on one clear
        patch over those tiles, unclipped (a clip would change the antialiasing at its edge), and
        the rectangles, grown to whole pixels and a margin, are copied onto each tile. The patch
        is placed in whole tiles, so a line, a fill or a letter lands on the same pixels as in a
        fresh tile; a pattern or a texture may not (see _textured)."""
        x0, y0 = min(ix for ix, *_ in group), min(iy for _, iy, *_ in group)
        x1, y1 = max(ix for ix, *_ in group), max(iy for _, iy, *_ in group)
        left, top = x0 * TILE, y0 * TILE
        width, height = (x1 - x0 + 1) * TILE, (y1 - y0 + 1) * TILE
        region = QRegion()
        for *_, clip in group:
            region = region.united(clip)
        boxes = []
        for r in region:  # what is painted there: the clip's rectangles a pixel wider, never past the patch
            boxes.append(
                (
                    max(left, r.left() - 1) / level,
                    max(top, r.top() - 1) / level,
                    min(left + width, r.right() + 2) / level,
                    min(top + height, r.bottom() + 2) / level,
                )
            )
        found = self._find(boxes)
        if len(group) > 1 and self._textured(found[0]):
            for ix, iy, pixmap, clip in group:  # the same objects, each on a patch placed as its tile
                self._copy(pixmap, ix, iy, clip, self._patch(level, ix, iy, TILE, TILE, found), ix * TILE, iy * TILE)
            return
        patch = self._patch(level, x0, y0, width, height, found)
        for ix, iy, pixmap, clip in group:
            self._copy(pixmap, ix, iy, clip, patch, left, top)

    def _patch(self, level: float, ix: int, iy: int, width: int, height: int, found: tuple) -> QPixmap:
        patch = QPixmap(width + EDGE, height + EDGE)
        patch.fill(Qt.GlobalColor.transparent)
        self._paint_found(patch, level, ix, iy, *found)
        return patch

    @staticmethod
    def _copy(pixmap: QPixmap, ix: int, iy: int, clip: QRegion, patch: QPixmap, left: int, top: int) -> None:
        """The clip's pixels (in the zoom level's pixels) copied from a patch whose corner is at
        (left, top) onto tile (ix, iy)."""
        painter = QPainter(pixmap)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
        for rect in clip:
            painter.drawPixmap(rect.translated(-ix * TILE, -iy * TILE), patch, rect.translated(-left, -top))
        painter.end()

    def _paint_tile(self, pixmap: QPixmap, level: float, ix: int, iy: int, boxes: list[Box]) -> None:
        """The zones and borders the layout finds in these map boxes, in map order, painted
        onto the tile (a fresh tile of a map as opened takes them in order from the layout)."""
        self._paint_found(pixmap, level, ix, iy, *self._find(boxes))

    def _find(self, boxes: list[Box]) -> tuple[list[str], list[str]]:
        ordered = None
        if len(boxes) == 1 and self.unseen is None and self.shows is None:  # a whole tile of everything
            ordered = self.document.layout.find_in_order(boxes[0])
        return ordered if ordered is not None else self._found(boxes)

    def _paint_found(
        self, pixmap: QPixmap, level: float, ix: int, iy: int, zones: list[str], borders: list[str]
    ) -> None:
        """These zones and borders painted onto a pixmap whose corner is tile (ix, iy)'s."""
        if zones or borders:
            layout = self.document.layout
            detail = level >= DETAIL_SCALE
            painter = QPainter(pixmap)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, detail)
            painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
            painter.translate(-ix * TILE, -iy * TILE)
            painter.scale(level, level)
            shown = None if self.shows is None else partial(self.shows, "border")
            with layout.lines_held(borders):  # a map's lines made once for the tile, not per read
                paint_region(painter, layout, zones, borders, self.style, detail, self.arrangement, shown, self.fogged)
            painter.end()

    def _textured(self, zone_ids: list[str]) -> bool:
        """Whether any of these zones is filled with a pattern or a texture (a hatched fill, the
        hatching of a hidden zone, fog or its veil): those brushes fall on pixels that depend on
        where the painting's corner is, so such zones are painted on each tile's own patch."""
        fogged = self.fogged or attrgetter("fogged")
        for zone in self.document.get_many([(Kind.ZONE, zone_id) for zone_id in zone_ids]):
            if zone.hidden or zone.fill.pattern not in PLAIN or fogged(zone):
                return True
        return False

    def _found(self, boxes: list[Box]) -> tuple[list[str], list[str]]:
        """The zones and borders shown in these map boxes, each in map order."""
        found = self.document.layout.find_any(boxes)
        gx, gy = self._badge_reach()
        if gx or gy:  # the borders whose larger badges reach in from outside the boxes
            wider = [(left - gx, top - gy, right + gx, bottom + gy) for left, top, right, bottom in boxes]
            found |= {key for key in self.document.layout.find_any(wider) if key[0] == "border"}
        if self.unseen is not None:
            found = found - self.unseen()
        elif self.shows is not None:
            found = {key for key in found if self.shows(*key)}
        order = self.document.in_map_order
        zones, borders = [i for k, i in found if k == "zone"], [i for k, i in found if k == "border"]
        return order("zone", zones), order("border", borders)

    def _badge_reach(self) -> tuple[float, float]:
        """How far this layer's badges may reach past the layout's boxes, across and down (none
        at the GM's size)."""
        return badge_reach(self.style)

    def _borrow(self, painter: QPainter, level: float, missing: list[tuple[int, int]]) -> None:
        """Stand-ins while zooming: the nearest zoom's tiles that cover the missing ones, scaled."""
        levels = self.budget.levels(self._owner)
        if not levels:
            return
        near = min(levels, key=lambda other: abs(math.log(other / level)))
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        side = TILE / near
        for ix, iy in missing:
            want = QRectF(ix * TILE / level, iy * TILE / level, TILE / level, TILE / level)
            painter.save()
            painter.setClipRect(want, Qt.ClipOperation.IntersectClip)
            for jx in range(math.floor(want.left() / side), math.floor(want.right() / side) + 1):
                for jy in range(math.floor(want.top() / side), math.floor(want.bottom() / side) + 1):
                    pixmap = self.budget.get(self._owner, (near, jx, jy))
                    mends = self._mends.pop((near, jx, jy), None)
                    if pixmap is not None and mends:  # a stand-in never shows what an edit took away
                        self._mend(pixmap, near, jx, jy, mends)
                    if pixmap is not None:
                        painter.drawPixmap(QRectF(jx * side, jy * side, side, side), pixmap, QRectF(0, 0, TILE, TILE))
            painter.restore()
        painter.restore()
