"""Scene items: tokens and grids each hold an id, ask the document for their object and paint
it with render/ in the scene's style; zones and borders are painted by the MapLayer.

Items never write the model and hold no state of their own (a drag's state is the tool's).
`sync()` is called by the scene when the document says the object changed; it only
refreshes cached geometry.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QStyleOptionGraphicsItem

from tabletop.document import MapDocument
from tabletop.geometry.single.shapes import TOKEN_RADIUS, grid_rect
from tabletop.model import AreaLocation, ZoneLocation
from tabletop.model.kinds import Kind
from tabletop.render.grid_paint import altitude_rooms
from tabletop.render.paint import paint_grid, paint_token, token_rect
from tabletop.render.setup_paint import label_zones
from tabletop.render.state_marks import problem_box
from tabletop.render.style import DETAIL_SCALE, Audience, MapStyle
from tabletop.render.token_art import TokenArt
from tabletop.render.token_paint import area_crowds, token_boxes
from tabletop.rules import Terrain
from tabletop.rules.visibility import LIVE, players_grid

_CROWDS: WeakKeyDictionary = WeakKeyDictionary()
"""Per scene: the crowds of the tokens it shows, and the document revision and fog they are for."""


def scene_crowds(scene, document: MapDocument) -> dict:
    """Every token's place among the tokens a scene shows in its area, worked out once per
    revision (and fog), since placing all tokens after one edit asks it for each of them."""
    if scene is None:  # not in a scene yet: the scene places every token once it holds them all
        return {}
    key = (document.revision, getattr(scene, "fog", None))
    held = _CROWDS.get(scene)
    if held is None or held[0] != key:
        shows = scene.shows if getattr(scene, "players", False) else None
        on_grids = [t for t in document.map.tokens if isinstance(t.location, AreaLocation)]
        held = _CROWDS[scene] = (key, area_crowds(t for t in on_grids if shows is None or shows(Kind.TOKEN, t.id)))
    return held[1]


_ART: WeakKeyDictionary = WeakKeyDictionary()
"""Per document (the GM's scenes) or per players' scene: its token art, and the revision, folder
and fog it is for."""


def token_art(document: MapDocument, scene=None) -> TokenArt:
    """The token pictures of the document's map, found in its folder (none before it is saved),
    with its sides' rings: made once per revision, since every token asks it at each paint. In
    the players' scene the rings come from the tokens that scene shows, as in their export and
    on the phones: a token under fog or out of sight changes nothing they see."""
    folder = document.path.parent if document.path is not None else None
    players = scene is not None and getattr(scene, "players", False)
    owner = scene if players else document
    key = (document.revision, folder, scene.fog if players else None)
    held = _ART.get(owner)
    if held is None or held[0] != key:
        shown = [t for t in document.map.tokens if scene.shows(Kind.TOKEN, t.id)] if players else None
        held = _ART[owner] = (key, TokenArt(folder, document.map, shown))
    return held[1]


def detail_for(painter: QPainter) -> bool:
    """Whether the current zoom shows labels, badges and antialiasing (level of detail)."""
    scale = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
    detail = scale >= DETAIL_SCALE
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, detail)
    return detail


class MapItem(QGraphicsRectItem):
    """An item for one map object, known by kind and id. Its bounds live in Qt's own rect
    (no pen, no brush), so Qt never calls into Python for them: a frame of cached items
    then runs without Python."""

    kind = ""

    def __init__(self, document: MapDocument, object_id: str, style: MapStyle) -> None:
        super().__init__()
        self.document, self.object_id, self.style = document, object_id, style
        # Qt keeps each item's strokes as a pixmap at the current zoom, so panning and
        # repainting around a dragged token redraw pixmaps, not labels and badges.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setPen(Qt.PenStyle.NoPen)
        self.sync()

    def model(self):
        return self.document.get(self.kind, self.object_id)

    def sync(self) -> None:
        raise NotImplementedError


class TokenItem(MapItem):
    kind = "token"
    crowd = None
    """Its place among the tokens sharing its area in its scene (render.token_paint.Crowd), or None."""

    def sync(self) -> None:
        self._placed = None  # the token itself changed (its name, say): placed again in full
        self.place(self.document.token_spots().get(self.object_id))
        token = self.model()
        look = None if token is None else {field: value for field, value in token if field != "location"}
        if look != self._look:  # its picture changed: the cached one goes (a step only moves it)
            self._look = look
            self.update()

    _placed: tuple | None = None
    _look: dict | None = None
    """The token's fields as last painted, but where it stands: a step keeps the cached picture."""

    def place(self, spot: tuple[float, float] | None) -> None:
        """Move to the spot the document worked out for all tokens at once (None: off the map).
        Placing keeps the cached picture: one token's step repainted all fifty."""
        self.setVisible(spot is not None)
        if spot is not None:
            self.setPos(QPointF(*spot))
        # a token on a grid has a crowd (itself alone, at least); one in a zone has none
        crowd = scene_crowds(self.scene(), self.document).get(self.object_id) if spot is not None else None
        plate = self._plate(spot)
        token = self.model()
        # a side's ring colour follows the tokens shown: one hidden or fogged elsewhere repaints this one
        ring = token_art(self.document, self.scene()).ring(token) if spot is not None and token is not None else None
        if (spot, crowd, plate, ring) == self._placed:
            return
        ring_changed = self._placed is not None and ring is not None and ring != self._placed[3]
        self._placed = (spot, crowd, plate, ring)
        self.setRect(token_rect(self.style, crowd))
        if (
            crowd != self.crowd or plate != self.plate or ring_changed
        ):  # its name moves or is cut otherwise, its frame comes or goes
            self.crowd, self.plate = crowd, plate
            self.update()
        if crowd is not None or self._grid_key[0] is not None:
            self._tell_grids(self.model(), spot if crowd is not None else None)

    plate = None
    """Its name plate where its scene's arrangement puts it in its zone, from its disc (None: on a grid)."""

    def _plate(self, spot):
        token, scene = self.model(), self.scene()
        arrangement = getattr(scene, "arrangement", None)
        if spot is None or arrangement is None or token is None or not isinstance(token.location, ZoneLocation):
            return None
        plate = arrangement.plate(self.object_id, token.location.zone)
        return plate

    _grid_key: tuple = (None,)
    _grid_boxes: tuple = ()

    def _tell_grids(self, token, spot) -> None:
        """A grid's setup labels keep clear of its tokens: the grid a token stands on, or stood
        on, repaints when the token's disc or name comes onto or leaves a marked tile or edge."""
        scene = self.scene()
        grid_id = token.location.grid if spot is not None else None
        key = (grid_id, spot, token.label if token is not None else None, self.crowd)
        before, self._grid_key = self._grid_key, key
        if key == before or scene is None:
            return
        art = token_art(self.document, self.scene())
        boxes = tuple(token_boxes([token], {token.id: spot}, self.style, art)) if grid_id is not None else ()
        were, self._grid_boxes = self._grid_boxes, boxes
        for gid in {before[0], grid_id} - {None}:
            item = getattr(scene, "items_by_key", {}).get((Kind.GRID, gid))
            grid = item.model() if item is not None else None
            # where a start's label or an altitude stands that the token may move
            zones = [*label_zones(grid), *altitude_rooms(grid)] if grid is not None else []
            if any(box.intersects(zone) for box in (*boxes, *were) for zone in zones):
                item.update()

    def shape(self) -> QPainterPath:
        """Where a click picks it: its disc, or a problem's square, corners included."""
        path = QPainterPath()
        token = self.model()
        if token is not None and token.problem:
            path.addRect(problem_box(QPointF(0, 0), 2))
        else:
            crowd = self.crowd
            alone = crowd is None or crowd.count < 2
            r = TOKEN_RADIUS if token is None else token_art(self.document, self.scene()).radius(token, alone)
            path.addEllipse(QPointF(0, 0), r + 2, r + 2)
        return path

    def paint(self, painter: QPainter, option, widget=None) -> None:
        crowd, plate = self.crowd, self.plate
        art = token_art(self.document, self.scene())
        detail = detail_for(painter)
        paint_token(painter, self.model(), (0.0, 0.0), self.style, detail, self.isSelected(), crowd, plate, art)


class GridItem(MapItem):
    kind = "grid"

    def sync(self) -> None:
        x, y, w, h = grid_rect(self.model())
        self.prepareGeometryChange()
        self.setRect(QRectF(x - 4, y - 4, w + 8, h + 3 * self.model().area_size))
        self.update()

    def paint(self, painter: QPainter, option, widget=None) -> None:
        grid = self.model()
        terrain = self.document.terrain(grid.id)
        if self.style.audience is Audience.PLAYERS:  # fogged areas keep no terrain for them
            grid, terrain = self._players_grid(grid)
        ground = self.document.map.background is None
        paint_grid(painter, grid, terrain, self.style, detail_for(painter), self._token_boxes(grid), ground)
        if self.isSelected():  # a selected grid must look selected
            x, y, w, h = grid_rect(grid)
            pen = QPen(self.style.selection, 4.0)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(x - 2, y - 2, w + 4, h + 4))

    def _token_boxes(self, grid) -> list:
        """The discs and names of the tokens shown on this grid, where the scene placed them."""
        if not grid.starts and not any(s.altitude for tile in grid.tiles for s in tile.segments):
            return []  # nothing on the grid keeps clear of the tokens
        items = getattr(self.scene(), "items_by_key", {})
        tokens, spots = [], {}
        for token_id in self.document.tokens_on("grid", grid.id):
            item = items.get((Kind.TOKEN, token_id))
            if item is not None and item.isVisible():
                tokens.append(item.model())
                spots[token_id] = (item.pos().x(), item.pos().y())
        return token_boxes(tokens, spots, self.style, token_art(self.document, self.scene()))

    def _players_grid(self, grid):
        """The grid filtered by the players' fog, made again only when the grid or fog changed."""
        fog = getattr(self.scene(), "fog", LIVE)
        held = getattr(self, "_held", None)
        if held is None or held[0] is not grid or held[1] is not fog:
            shown = players_grid(grid, fog)
            held = self._held = (grid, fog, shown, Terrain(shown))
        return held[2], held[3]
