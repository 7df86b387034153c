"""MapScene: one item per zone, border, token and grid, kept in step with the document's
signals; selection flows both ways between the scene and the document."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPixmapCache
from PySide6.QtWidgets import QGraphicsScene

from tabletop.document import MapDocument
from tabletop.render.geometry import area_at, map_bounds, token_spots
from tabletop.render.style import MapStyle
from tabletop.ui.scene.items import BorderItem, GridItem, MapItem, ReachOverlay, TokenItem, ZoneItem
from tabletop.ui.scene.overview import OverviewSwitch

ITEM_TYPES = {"zone": (ZoneItem, 0), "border": (BorderItem, 1), "token": (TokenItem, 3), "grid": (GridItem, -1)}


PIXMAP_CACHE_KB = 256 * 1024
"""Room for the items' cached pixmaps (Qt's default of 10 MB thrashes on a big map)."""


class MapScene(QGraphicsScene):
    def __init__(self, document: MapDocument) -> None:
        super().__init__()
        QPixmapCache.setCacheLimit(max(QPixmapCache.cacheLimit(), PIXMAP_CACHE_KB))
        self.document = document
        self.items_by_key: dict[tuple[str, str], MapItem] = {}
        self.setBackgroundBrush(MapStyle().paper)
        self.overlay = ReachOverlay(document)
        self.addItem(self.overlay)
        self.overview = OverviewSwitch(self)
        self._syncing_selection = False
        document.changed.connect(self._changed)
        document.removed.connect(self._removed)
        document.reset.connect(self.rebuild)
        document.selectionChanged.connect(self._selection_from_document)
        self.selectionChanged.connect(self._selection_to_document)
        self.rebuild()

    def rebuild(self) -> None:
        self.overview._show(False)
        self.overview.edited()
        for item in self.items_by_key.values():
            self.removeItem(item)
        self.items_by_key.clear()
        self.overlay.clear()
        map_ = self.document.map
        for kind, objects in (
            ("grid", map_.grids),
            ("zone", map_.zones),
            ("border", map_.borders),
            ("token", map_.tokens),
        ):
            for obj in objects:
                self._add(kind, obj.id)
        self.fit_scene_rect()

    def fit_scene_rect(self) -> None:
        x, y, w, h = map_bounds(self.document.map, margin=400)
        self.setSceneRect(QRectF(x, y, w, h).united(self.itemsBoundingRect()))

    def _add(self, kind: str, object_id: str) -> None:
        cls, z = ITEM_TYPES[kind]
        item = cls(self.document, object_id)
        item.setZValue(z)
        self.items_by_key[(kind, object_id)] = item
        self.addItem(item)

    def _changed(self, kind: str, object_id: str) -> None:
        if kind not in ITEM_TYPES:
            return
        if kind in ("zone", "border"):
            self.overview.edited()
        item = self.items_by_key.get((kind, object_id))
        if item is None:
            self._add(kind, object_id)
            if self.overview.on and kind in ("zone", "border"):
                self.items_by_key[(kind, object_id)].setVisible(False)
        else:
            item.sync()
        if kind == "zone":
            for border in self.document.borders_of(object_id):
                self.items_by_key[("border", border.id)].sync()
        if kind in ("zone", "token"):  # tokens share their zone's space
            self._sync_tokens()
        if not self.sceneRect().contains(self.items_by_key[(kind, object_id)].sceneBoundingRect()):
            self.fit_scene_rect()

    def _removed(self, kind: str, object_id: str) -> None:
        if kind in ("zone", "border"):
            self.overview.edited()
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

    # -- selection both ways ---------------------------------------------------------------

    def _selection_to_document(self) -> None:
        if self._syncing_selection:
            return
        chosen = [(item.kind, item.object_id) for item in self.selectedItems() if isinstance(item, MapItem)]
        self._syncing_selection = True
        self.document.select(chosen)
        self._syncing_selection = False

    def _selection_from_document(self) -> None:
        if self._syncing_selection:
            return
        self._syncing_selection = True
        wanted = set(self.document.selection)
        for key, item in self.items_by_key.items():
            item.setSelected(key in wanted)
        self._syncing_selection = False

    # -- what is where ------------------------------------------------------------------------

    def item_at(self, pos: QPointF, kinds: tuple[str, ...]) -> MapItem | None:
        """The topmost map item of one of `kinds` under a scene point."""
        for item in self.items(pos):
            if isinstance(item, MapItem) and item.kind in kinds:
                return item
        return None

    def zone_at(self, pos: QPointF) -> str | None:
        item = self.item_at(pos, ("zone",))
        return item.object_id if item else None

    def area_at(self, pos: QPointF) -> tuple[str, tuple[int, int]] | None:
        for grid in self.document.map.grids:
            row, col = area_at(grid, pos.x(), pos.y())
            if grid.has_area(row, col):
                return grid.id, (row, col)
        return None
