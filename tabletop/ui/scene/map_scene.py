"""MapScene: a passive picture of the document, for any audience: the map layer (zones and
borders, in tiles), one item per token and grid. It knows nothing of selection or tools, so
the GM's editor and the players' window can both be one of these (the editor adds its marks
and overlays in EditorScene).

Every index it reads (layout, token spots, terrain) is the document's, already current when
the document signals.
"""

from __future__ import annotations

from types import SimpleNamespace

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPixmapCache
from PySide6.QtWidgets import QGraphicsScene

from tabletop.document import MapDocument
from tabletop.document.changes import Change, Part
from tabletop.geometry.single.shapes import map_bounds, token_spots, zones_extent
from tabletop.geometry.whole.tables import union_of
from tabletop.model import ZoneLocation
from tabletop.model.kinds import Kind
from tabletop.render.arrangement import Arrangement
from tabletop.render.style import Audience, MapStyle
from tabletop.rules.visibility import LIVE, Fog, border_shown, token_shown, zone_shown
from tabletop.ui.scene.background import BackgroundItem
from tabletop.ui.scene.items import GridItem, MapItem, TokenItem
from tabletop.ui.scene.layer import MapLayer
from tabletop.ui.scene.tile_marks import BULK_RECTS
from tabletop.ui.scene.turn_mark import TurnMark
from tabletop.ui.scene.unseen import Unseen

ITEM_TYPES = {Kind.TOKEN: (TokenItem, 3), Kind.GRID: (GridItem, -1)}

PIXMAP_CACHE_KB = 64 * 1024
"""Room for the token and grid items' cached pixmaps."""


class MapScene(QGraphicsScene):
    def __init__(self, document: MapDocument, style: MapStyle | None = None) -> None:
        super().__init__()
        QPixmapCache.setCacheLimit(max(QPixmapCache.cacheLimit(), PIXMAP_CACHE_KB))
        self.document = document
        self.style = style or MapStyle()
        self.items_by_key: dict[tuple[Kind, str], MapItem] = {}
        self.setBackgroundBrush(self.style.paper)
        self.players = self.style.audience is Audience.PLAYERS
        self.fog: Fog = LIVE
        """The fog the players see: the map's own, or the fog last sent while the GM stages changes."""
        self.unseen = Unseen(document, lambda: self.fog) if self.players else None
        """The players' picture leaves out what the GM hides, asked object by object of the
        rules (never painted and then covered)."""
        self._spots_held: tuple | None = None
        self.arrangement = self.new_arrangement()
        """Where the names, badges and token plates go, shared by the layer, the token items and
        the overlays, and told of every edit."""
        self.layer = MapLayer(
            document,
            self.style,
            self.arrangement,
            self.shows if self.players else None,
            fogged=self._fogged if self.players else None,
            unseen=(lambda: self.unseen.keys) if self.players else None,
        )
        self.addItem(self.layer)
        self.background = BackgroundItem(document, self.style, self.players)
        self.addItem(self.background)
        document.edited.connect(self._edited)
        document.reset.connect(self.rebuild)
        document.pathChanged.connect(self._background_changed)
        self.turn_mark: TurnMark | None = None
        self.rebuild()
        self.turn_mark = TurnMark(self)

    @property
    def layout(self):
        return self.document.layout

    def rebuild(self) -> None:
        if getattr(self, "unseen", None) is not None:
            self.unseen.rebuild()
        for item in self.items_by_key.values():
            self.removeItem(item)
        self.items_by_key.clear()
        self.arrangement.reset(self.layout)
        map_ = self.document.map
        for kind, objects in ((Kind.GRID, map_.grids), (Kind.TOKEN, map_.tokens)):
            for obj in objects:
                self._add(kind, obj.id)
        self._sync_tokens()
        x, y, w, h = map_bounds(map_, margin=0, zone_extent=self.layout.zone_extent())
        self.layer.reset(QRectF(x, y, w, h).adjusted(-200, -200, 200, 200))
        self.background.refresh()
        self.setSceneRect(QRectF(x, y, w, h).adjusted(-400, -400, 400, 400).united(self.itemsBoundingRect()))

    def _background_changed(self) -> None:
        self.background.refresh()
        for (kind, _), item in self.items_by_key.items():
            if kind is Kind.GRID:  # a grid leaves its ground out over a picture
                item.update()
        if not self.background.boundingRect().isEmpty():
            self._grow_to(self.background.boundingRect())

    def _grow_to(self, rect: QRectF) -> None:
        """Room on the canvas for an edited object (the canvas grows, it never jumps back)."""
        self.layer.grow_to(rect)
        if not self.sceneRect().contains(rect):
            self.setSceneRect(self.sceneRect().united(rect.adjusted(-400, -400, 400, 400)))

    def _add(self, kind: Kind, object_id: str) -> MapItem:
        cls, z = ITEM_TYPES[kind]
        item = cls(self.document, object_id, self.style)
        item.setZValue(z)
        self.items_by_key[(kind, object_id)] = item
        self.addItem(item)
        return item

    def _edited(self, change: Change) -> None:
        kind = change.kind
        if kind is Part.BACKGROUND:
            self._background_changed()
        if isinstance(kind, Part):  # the conflict's turn ring follows it itself
            return
        if self.unseen is not None:
            self.unseen.update(change)
        if self.players and kind in (Kind.ZONE, Kind.GRID):
            self.background.update()  # its cut-outs follow the hidden zones
        # a change of many objects (its boxes, or the one box around the map the document gives
        # for most of it) is painted as the union of its boxes, its zones never looked at one by one
        bulk = kind in (Kind.ZONE, Kind.BORDER) and max(len(change.repaint), len(change.object_ids)) > BULK_RECTS
        if bulk:
            self.arrangement.reset(self.layout)
            if change.repaint:
                whole = union_of(change.repaint)  # once, for the tiles and the canvas (Fog All: 700k boxes)
                self.layer.dirty([whole], bulk=True)
                self._grow_to(QRectF(whole[0], whole[1], whole[2] - whole[0], whole[3] - whole[1]))
        elif kind is Kind.ZONE:
            self.layer.dirty(self._zones_repaint(change))
        elif kind is not Kind.TOKEN:  # a token is an item: the layer holds only the names and badges it moves
            self.layer.dirty(change.repaint)
        if not bulk:
            self.layer.dirty(self._rearranged(change))
        if kind in (Kind.ZONE, Kind.BORDER):
            if change.repaint and not bulk:
                left, top, right, bottom = union_of(change.repaint)
                self._grow_to(QRectF(left, top, right - left, bottom - top))
        elif change.removed:
            for object_id in change.object_ids:
                item = self.items_by_key.pop((kind, object_id), None)
                if item is not None:
                    self.removeItem(item)
        else:
            for object_id in change.object_ids:
                item = self.items_by_key.get((kind, object_id)) or self._add(kind, object_id)
                item.sync()
                self._grow_to(item.sceneBoundingRect())
        if kind in (Kind.ZONE, Kind.TOKEN, Kind.GRID):  # tokens share their zone's or area's space
            self._sync_tokens()

    def _rearranged(self, change: Change) -> list:
        """Tell the arrangement what the edit changed: the boxes where a name or a badge moves.
        A token's step moves its zones' names and the badges around them; a zone's edit, its
        name and its borders' badges; a border's, its badge and the names and badges near it."""
        kind, ids, arrangement = change.kind, change.object_ids, self.arrangement
        if kind is Kind.TOKEN:
            zones = arrangement.zones_of_tokens(ids)
            for token_id in ids:
                token = None if change.removed else self.document.get(Kind.TOKEN, token_id)
                if token is not None and isinstance(token.location, ZoneLocation):
                    zones.add(token.location.zone)
            return arrangement.forget(zones=zones)
        if kind is Kind.ZONE:
            borders = {b for zone_id in ids for b in self.layout.borders_at.get(zone_id, ())}
            return arrangement.forget(zones=ids, borders=borders)
        if kind is Kind.BORDER:
            zones = arrangement.zones_of_borders(ids)
            if change.removed:
                return arrangement.forget(zones=zones, gone=ids)
            return arrangement.forget(zones=zones, borders=ids)
        return []

    def _zones_repaint(self, change: Change) -> tuple:
        """What a zone edit paints again. Zones edited in place (the same shape; for the players
        the same hidden and fog, which decide their borders) change only their own picture, a
        name or a fill: their borders, in the document's repaint too, are not painted again. For
        the GM, fog lifted or dropped or a zone hidden or shown changes only the mark over its
        shape (the veil, the hatching), never its name's room. What each zone was the change
        itself says."""
        before = change.before
        now = [None if change.removed else self.document.get(Kind.ZONE, zone_id) for zone_id in change.object_ids]
        if not all(
            old is not None and new is not None and old.shape == new.shape for old, new in zip(before, now, strict=True)
        ):
            return change.repaint
        if self.players and any((o.hidden, o.fogged) != (n.hidden, n.fogged) for o, n in zip(before, now, strict=True)):
            return change.repaint
        if not self.players and all(_marked_only(old, new) for old, new in zip(before, now, strict=True)):
            return tuple(zones_extent([zone]) for zone in now)  # the veil or hatching over its shape, no more
        boxes = self.layout.boxes
        return tuple(boxes[(Kind.ZONE, zone.id)] for zone in now)

    def _sync_tokens(self) -> None:
        """Tokens share their zone's space, so all are placed together, once per change."""
        spots = self._spots()
        for (kind, object_id), item in self.items_by_key.items():
            if kind is Kind.TOKEN:
                item.place(spots.get(object_id) if not self.players or self.shows(kind, object_id) else None)
        if self.turn_mark is not None:
            self.turn_mark.follow()

    def new_arrangement(self) -> Arrangement:
        """An arrangement of this scene's map for its audience, nothing placed yet: the scene's
        own, and one a check compares it with."""
        return Arrangement(
            self.document.layout,
            self.style,
            self._tokens_in,
            self._occupied,
            self.shows if self.players else None,
            self._fogged if self.players else None,
        )

    def _spots(self) -> dict:
        """Where each token drawn stands: the document's spots for the GM; for the players, spots
        worked out among the tokens they see (a hidden token must not push a visible one aside),
        once per revision and fog."""
        if not self.players:
            return self.document.token_spots()
        held = self._spots_held
        if held is None or held[0] != self.document.revision or held[1] is not self.fog:
            map_ = self.document.map
            shown = SimpleNamespace(tokens=[t for t in map_.tokens if self.shows(Kind.TOKEN, t.id)], grids=map_.grids)
            spots = token_spots(shown, self._find_zone, name_scale=self.style.text_scale)
            held = self._spots_held = (self.document.revision, self.fog, spots)
        return held[2]

    def _tokens_in(self, zone_id: str) -> list:
        """The tokens drawn in a zone, with their spots, in map order."""
        spots, get = self._spots(), self.document.get
        return [(get(Kind.TOKEN, t), spots[t]) for t in self.document.tokens_on(Kind.ZONE, zone_id) if t in spots]

    def _occupied(self) -> set[str]:
        """Zones where tokens are drawn: for the players, only tokens they see (a name moved aside
        for a hidden token would give it away)."""
        occupied = self.document.occupied_zones()
        if not self.players:
            return occupied
        tokens_on = self.document.tokens_on
        return {z for z in occupied if any(self.shows(Kind.TOKEN, t) for t in tokens_on(Kind.ZONE, z))}

    def shows(self, kind: str, object_id: str) -> bool:
        """Whether the players see this object (everything, for the GM)."""
        obj = self.document.get(kind, object_id)
        find_zone = self._find_zone
        if kind == Kind.ZONE:
            return zone_shown(obj)
        if kind == Kind.BORDER:
            return obj is not None and border_shown(obj, find_zone, self.fog)
        if kind == Kind.TOKEN:
            return obj is not None and token_shown(obj, find_zone, self._find_grid, self.fog)
        return obj is not None

    def _find_zone(self, zone_id: str):
        return self.document.get(Kind.ZONE, zone_id)

    def _find_grid(self, grid_id: str):
        return self.document.get(Kind.GRID, grid_id)

    def _fogged(self, zone) -> bool:
        return self.fog.zone_fogged(zone)

    def sight_moved(self, zone_ids: set[str]) -> None:
        """The players' tokens see other places now (fog by sight), the fog itself the same:
        the names of the zones that came into sight or went out of it placed again (for the
        tokens shown there or not), and every token placed again."""
        if zone_ids:
            self.layer.dirty(self.arrangement.forget(zones=zone_ids))
        self._sync_tokens()

    def set_fog(self, fog: Fog) -> None:
        """Show the players another fog (the GM sent staged changes, or stopped staging): the
        places whose fog changed are painted again, with their borders and tokens."""
        before, self.fog = self.fog, fog
        map_ = self.document.map
        changed = [z.id for z in map_.zones if before.zone_fogged(z) != fog.zone_fogged(z)]
        if not changed:  # no fog lifted or dropped: at most what is in sight (fog by sight) changed
            dimmed = {z.id for z in map_.zones if before.zone_dimmed(z) != fog.zone_dimmed(z)}
            if dimmed:
                self.layer.dirty(self.arrangement.forget(zones=dimmed))  # names move for the tokens shown or not
            self._sync_tokens()
            return
        if self.unseen is not None:
            self.unseen.rebuild()
        keys = [(Kind.ZONE, z) for z in changed]
        keys += [(Kind.BORDER, b) for z in changed for b in self.layout.borders_at.get(z, ())]
        boxes = self.layout.boxes
        self.arrangement.reset(self.layout)  # names, plates and badges keep clear of what the players now see
        self.layer.dirty([boxes[key] for key in keys if key in boxes])
        for (kind, _), item in self.items_by_key.items():
            if kind is Kind.GRID:
                item.update()
        self._sync_tokens()
        self.background.update()  # its masked picture follows the fog sent


def _marked_only(old, new) -> bool:
    """Whether a zone edit changed no more than its fog and hidden marks."""
    if old is None or new is None:
        return False
    return old.model_copy(update={"hidden": new.hidden, "fogged": new.fogged}) == new
