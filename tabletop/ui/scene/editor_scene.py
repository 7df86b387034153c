"""EditorScene: the GM's map scene. The passive MapScene plus what editing needs: the
selection's marks, the reach overlay, tools' items, selectable tokens and grids, and
"what is under the cursor" for clicks and the rubber band.

The document's selection is the only one: clicks and the rubber band change it, and the
scene shows it. Zones and borders are looked up by place through the document's layout.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView

from tabletop.document import MapDocument
from tabletop.document.changes import Change
from tabletop.geometry.whole.boxes import BADGE_HALF
from tabletop.model.kinds import Key, Kind
from tabletop.render.badge_paint import badge_reach
from tabletop.render.paint import badges_shown
from tabletop.render.style import MapStyle
from tabletop.render.zone_paint import zone_path
from tabletop.ui.scene.items import MapItem, TokenItem
from tabletop.ui.scene.map_scene import ITEM_TYPES, MapScene
from tabletop.ui.scene.marks import ReachOverlay, SelectionMarks


class EditorScene(MapScene):
    def __init__(self, document: MapDocument, style: MapStyle | None = None) -> None:
        self._syncing_selection = False
        self.marks: SelectionMarks | None = None
        super().__init__(document, style)
        self.marks = SelectionMarks(document, self.style, self.arrangement)
        self.addItem(self.marks)
        self.overlay = ReachOverlay(document, self.style, self.arrangement)
        self.addItem(self.overlay)
        document.selectionChanged.connect(self._selection_from_document)
        self.selectionChanged.connect(self._selection_to_document)
        self.marks.refresh()

    def rebuild(self) -> None:
        super().rebuild()
        if self.marks is not None:
            self.overlay.clear()
            self.marks.refresh()

    def _add(self, kind: Kind, object_id: str) -> MapItem:
        item = super()._add(kind, object_id)
        item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self._syncing_selection = True
        item.setSelected((kind, object_id) in self.document.selection)
        self._syncing_selection = False
        return item

    def _edited(self, change: Change) -> None:
        super()._edited(change)
        if change.kind in (Kind.ZONE, Kind.BORDER):
            self.marks.refresh()

    # -- selection: the document's, shown here --------------------------------------------------

    def _selection_to_document(self) -> None:
        """Qt selected items (the rubber band does): they replace the selected tokens and grids."""
        if self._syncing_selection:
            return
        items = [(item.kind, item.object_id) for item in self.selectedItems() if isinstance(item, MapItem)]
        others = [key for key in self.document.selection if key[0] not in ITEM_TYPES]
        self._syncing_selection = True
        self.document.select(others + items)
        self._syncing_selection = False

    def _selection_from_document(self) -> None:
        self.marks.refresh()
        if self._syncing_selection:
            return
        self._syncing_selection = True
        wanted = set(self.document.selection)
        for key, item in self.items_by_key.items():
            item.setSelected(key in wanted)
        self._syncing_selection = False

    def in_band(self, band: QRectF) -> list[Key]:
        """What a rubber band selects: zones and borders it touches, in map order, then tokens."""
        box = (band.left(), band.top(), band.right(), band.bottom())
        found = [key for key in self.layout.find(box) if _in_band(self.document, key, band)]
        found.sort(key=lambda key: (key[0], self.document.position(*key)))
        tokens = [key for key, item in self.items_by_key.items() if key[0] is Kind.TOKEN and item.isVisible()]
        return found + [key for key in tokens if band.intersects(self.items_by_key[key].sceneBoundingRect())]

    # -- what is where ------------------------------------------------------------------------

    def hit(self, pos: QPointF, kinds: tuple[str, ...], badges: bool = True) -> Key | None:
        """The topmost map object of one of `kinds` under a scene point: tokens over borders
        over zones over grids, later ones over earlier ones. A border's badge counts only where
        the view draws badges (`badges`): far out, where none is drawn, a click on a zone picked
        the border whose unseen badge covered it."""
        if Kind.TOKEN in kinds:
            for item in self.items(pos):
                if isinstance(item, TokenItem) and item.isVisible():
                    return (Kind.TOKEN, item.object_id)
        if Kind.BORDER in kinds:
            border_id = (self._badge_at(pos) if badges else None) or self.document.border_at(pos.x(), pos.y(), False)
            if border_id is not None:
                return (Kind.BORDER, border_id)
        if Kind.ZONE in kinds:
            zone_id = self.document.zone_at(pos.x(), pos.y())
            if zone_id is not None:
                return (Kind.ZONE, zone_id)
        if Kind.GRID in kinds:
            area = self.document.area_at(pos.x(), pos.y())
            if area is not None:
                return (Kind.GRID, area[0])
        return None

    def _badge_at(self, pos: QPointF) -> str | None:
        """The topmost border whose badge, where it is drawn (slid along its line, or smaller),
        holds the point."""
        x, y = pos.x(), pos.y()
        gx, gy = badge_reach(self.style)
        reach_x, reach_y = BADGE_HALF[0] + gx, BADGE_HALF[1] + gy
        near = [key for key in self.layout.find((x - reach_x, y - reach_y, x + reach_x, y + reach_y))]
        hits = []
        for kind, border_id in near:
            if kind == Kind.BORDER and self.arrangement.badge_shown(border_id):
                left, top, right, bottom = self.arrangement.badge(border_id).box
                if left <= x <= right and top <= y <= bottom:
                    hits.append(border_id)
        return max(hits, key=lambda b: self.document.position(Kind.BORDER, b)) if hits else None

    def zone_at(self, pos: QPointF) -> str | None:
        return self.document.zone_at(pos.x(), pos.y())

    def area_at(self, pos: QPointF) -> tuple[str, tuple[int, int]] | None:
        return self.document.area_at(pos.x(), pos.y())


def _in_band(document: MapDocument, key: tuple[str, str], band: QRectF) -> bool:
    """A zone is in the band when the band touches its shape; a border, when its badge or an
    end of its line is inside."""
    kind, object_id = key
    if kind == "zone":
        return zone_path(document.get(Kind.ZONE, object_id)).intersects(band)
    line = document.layout.lines[object_id]
    points = [line.anchor] + [point for segment in line.segments for point in segment]
    return any(band.contains(QPointF(x, y)) for x, y in points)


def badges_seen(view: QGraphicsView) -> bool:
    """Whether `view` draws the borders' badges at its zoom (render/paint.badges_shown), at the
    scale its map layer paints its tiles (the view's, in logical pixels: a screen's pixel ratio
    counted here would have a high-DPI screen pick badges not drawn)."""
    return badges_shown(view.transform().m11(), view.scene().style)
