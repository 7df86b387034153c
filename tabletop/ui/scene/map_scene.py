"""MapScene: the map layer (zones and borders, in tiles), one item per token and grid, and the
marks of the selection, all kept in step with the document's signals.

The document's selection is the only one: clicks and the rubber band change it, and the scene
shows it. Zones and borders are found by place through the layout's index, not by items.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPixmapCache
from PySide6.QtWidgets import QGraphicsScene

from tabletop.document import MapDocument
from tabletop.geometry.layout import Box, MapLayout
from tabletop.geometry.shapes import area_at, map_bounds, token_spots
from tabletop.heap import collector_paused
from tabletop.render.paint import zone_path
from tabletop.render.style import MapStyle
from tabletop.ui.scene.items import GridItem, MapItem, ReachOverlay, SelectionMarks, TokenItem
from tabletop.ui.scene.layer import MapLayer

ITEM_TYPES = {"token": (TokenItem, 3), "grid": (GridItem, -1)}

PIXMAP_CACHE_KB = 64 * 1024
"""Room for the token and grid items' cached pixmaps."""


class MapScene(QGraphicsScene):
    def __init__(self, document: MapDocument) -> None:
        super().__init__()
        QPixmapCache.setCacheLimit(max(QPixmapCache.cacheLimit(), PIXMAP_CACHE_KB))
        self.document = document
        self.items_by_key: dict[tuple[str, str], MapItem] = {}
        self.setBackgroundBrush(MapStyle().paper)
        self.layer = MapLayer(document)
        self.addItem(self.layer)
        self.marks = SelectionMarks(document)
        self.addItem(self.marks)
        self.overlay = ReachOverlay(document)
        self.addItem(self.overlay)
        self._syncing_selection = False
        document.changed.connect(self._changed)
        document.removed.connect(self._removed)
        document.reset.connect(self.rebuild)
        document.selectionChanged.connect(self._selection_from_document)
        self.selectionChanged.connect(self._selection_to_document)
        self.rebuild()

    def rebuild(self) -> None:
        for item in self.items_by_key.values():
            self.removeItem(item)
        self.items_by_key.clear()
        self.overlay.clear()
        map_ = self.document.map
        with collector_paused():
            self.layout = MapLayout(map_)
        for kind, objects in (("grid", map_.grids), ("token", map_.tokens)):
            for obj in objects:
                self._add(kind, obj.id)
        x, y, w, h = map_bounds(map_, margin=0)
        self.layer.reset(self.layout, QRectF(x, y, w, h).adjusted(-200, -200, 200, 200))
        self.marks.refresh(self.layout)
        self.setSceneRect(QRectF(x, y, w, h).adjusted(-400, -400, 400, 400).united(self.itemsBoundingRect()))

    def _grow_to(self, rect: QRectF) -> None:
        """Room on the canvas for an edited object (the canvas grows, it never jumps back)."""
        self.layer.grow_to(rect)
        if not self.sceneRect().contains(rect):
            self.setSceneRect(self.sceneRect().united(rect.adjusted(-400, -400, 400, 400)))

    def _add(self, kind: str, object_id: str) -> None:
        cls, z = ITEM_TYPES[kind]
        item = cls(self.document, object_id)
        item.setZValue(z)
        item.setSelected((kind, object_id) in self.document.selection)
        self.items_by_key[(kind, object_id)] = item
        self.addItem(item)

    def _changed(self, kind: str, object_id: str) -> None:
        if kind in ("zone", "border"):
            self._relayout(kind, object_id)
        elif kind in ITEM_TYPES:
            item = self.items_by_key.get((kind, object_id))
            if item is None:
                self._add(kind, object_id)
            else:
                item.sync()
            self._grow_to(self.items_by_key[(kind, object_id)].sceneBoundingRect())
        if kind in ("zone", "token"):  # tokens share their zone's space
            self._sync_tokens()

    def _relayout(self, kind: str, object_id: str) -> None:
        """Update the layout for one edited zone or border and repaint what it covered and covers."""
        layout = self.layout
        obj = self.document.get(kind, object_id)
        touched = sorted(layout.borders_at.get(object_id, ())) if kind == "zone" else []
        keys = [(kind, object_id)] + [("border", b) for b in touched]
        before = [layout.boxes[key] for key in keys if key in layout.boxes]
        if kind == "zone":
            layout.set_zone(obj)
        else:
            layout.set_border(obj)
        after = [layout.boxes[key] for key in keys if key in layout.boxes]
        left, top, right, bottom = layout.boxes[(kind, object_id)]
        self._grow_to(QRectF(left, top, right - left, bottom - top))
        self.layer.dirty(before + after)
        self.marks.refresh(layout)

    def _removed(self, kind: str, object_id: str) -> None:
        if kind in ("zone", "border"):
            box = self.layout.boxes.get((kind, object_id))
            self.layout.drop(kind, object_id)
            if box is not None:
                self.layer.dirty([box])
            self.marks.refresh(self.layout)
            return
        item = self.items_by_key.pop((kind, object_id), None)
        if item is not None:
            self.removeItem(item)
        if kind == "token":
            self._sync_tokens()

    def _sync_tokens(self) -> None:
        """Tokens share their zone's space, so all are placed together, once per change."""
        spots = token_spots(self.document.map, lambda zone_id: self.document.get("zone", zone_id))
        for token in self.document.map.tokens:
            item = self.items_by_key.get(("token", token.id))
            if item is not None:
                item.place(spots.get(token.id))

    # -- selection: the document's, shown here --------------------------------------------------

    def _selection_to_document(self) -> None:
        """Qt selected tokens (the rubber band does): they replace the selected tokens only."""
        if self._syncing_selection:
            return
        tokens = [(item.kind, item.object_id) for item in self.selectedItems() if isinstance(item, MapItem)]
        others = [key for key in self.document.selection if key[0] not in ITEM_TYPES]
        self._syncing_selection = True
        self.document.select(others + tokens)
        self._syncing_selection = False

    def _selection_from_document(self) -> None:
        self.marks.refresh(self.layout)
        if self._syncing_selection:
            return
        self._syncing_selection = True
        wanted = set(self.document.selection)
        for key, item in self.items_by_key.items():
            item.setSelected(key in wanted)
        self._syncing_selection = False

    def in_band(self, band: QRectF) -> list[tuple[str, str]]:
        """What a rubber band selects: tokens, zones and borders it touches, in map order."""
        box = (band.left(), band.top(), band.right(), band.bottom())
        found = [key for key in self.layout.find(box) if _in_band(self.layout, key, band)]
        found.sort(key=lambda key: (key[0], self.document.position(*key)))
        tokens = [key for key, item in self.items_by_key.items() if key[0] == "token" and item.isVisible()]
        return found + [key for key in tokens if band.intersects(self.items_by_key[key].sceneBoundingRect())]

    # -- what is where ------------------------------------------------------------------------

    def hit(self, pos: QPointF, kinds: tuple[str, ...]) -> tuple[str, str] | None:
        """The topmost map object of one of `kinds` under a scene point: tokens over borders
        over zones, later ones over earlier ones."""
        if "token" in kinds:
            for item in self.items(pos):
                if isinstance(item, TokenItem) and item.isVisible():
                    return ("token", item.object_id)
        if "border" in kinds:
            near = self.layout.borders_near(pos.x(), pos.y())
            if near:
                return ("border", max(near, key=lambda i: self.document.position("border", i)))
        if "zone" in kinds:
            zone_id = self.zone_at(pos)
            if zone_id is not None:
                return ("zone", zone_id)
        return None

    def zone_at(self, pos: QPointF) -> str | None:
        under = self.layout.zones_at(pos.x(), pos.y())
        return max(under, key=lambda i: self.document.position("zone", i)) if under else None

    def box_of(self, kind: str, object_id: str) -> Box | None:
        return self.layout.boxes.get((kind, object_id))

    def area_at(self, pos: QPointF) -> tuple[str, tuple[int, int]] | None:
        for grid in self.document.map.grids:
            row, col = area_at(grid, pos.x(), pos.y())
            if grid.has_area(row, col):
                return grid.id, (row, col)
        return None


def _in_band(layout: MapLayout, key: tuple[str, str], band: QRectF) -> bool:
    """A zone is in the band when the band touches its shape; a border, when its badge or an
    end of its line is inside."""
    kind, object_id = key
    if kind == "zone":
        return zone_path(layout.zones[object_id]).intersects(band)
    line = layout.lines[object_id]
    points = [line.anchor] + [point for segment in line.segments for point in segment]
    return any(band.contains(QPointF(x, y)) for x, y in points)
