"""Moves replayed on the players' window: when a token the players see moves, their window
shows it travelling the cheapest route the rules give (rules/move_routes.py), each border's
pass value (or each area, and an AF move's maneuver and hustle apart) ticking off by the token
as it crosses. It is the players' window's own animation, never an edit: the document holds
the token where it landed from the first frame, and the GM's window shows the move at once.

What the players may not see stays unseen: a hidden token's move is never replayed, and where
the route runs through a hidden or fogged place the token and its trail are not drawn (the
token goes out at the edge of what they see and comes back where it comes into sight, or
where it lands if that is in sight); nothing is painted inside such a place at all, and the
figures by the token count only what was paid in sight.

A new move while one replays finishes the old one at once; the GM skips a replay with a key,
and turns replaying on or off in the View menu (kept in the settings)."""

from __future__ import annotations

import math

from PySide6.QtCore import QObject, QPointF, QRectF, QVariantAnimation
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from tabletop.document.changes import Action, Part
from tabletop.geometry.single.clearing import GAP, Box, centred_box, overlaps
from tabletop.geometry.single.shapes import NAME_MAX_WIDTH, TOKEN_RADIUS, area_rect, border_line
from tabletop.model.kinds import Kind
from tabletop.model.tokens import ZoneLocation
from tabletop.render import text
from tabletop.render.background import cover_path, zone_place
from tabletop.render.badge_paint import BADGE_TEXT, paint_badge
from tabletop.render.replay_plates import (
    RINGS,
    badges_around,
    names_around,
    plate_size,
    plate_spot,
    tokens_on_grid,
    trail_boxes,
    zones_near,
)
from tabletop.render.token_paint import name_size, paint_token, token_boxes
from tabletop.render.words import Written
from tabletop.rules.move_routes import MoveRoute, Stop, hustle_last, move_route, tick_words
from tabletop.rules.visibility import token_hidden
from tabletop.ui.player.table import TableParts
from tabletop.ui.player.window import PlayerWindow
from tabletop.ui.registry import Act
from tabletop.ui.scene.items import detail_for, token_art

REPLAY_KEY = "player/replay_moves"
SKIP_KEYS = "Ctrl+Shift+J"
SHORTEST, LONGEST, PER_PLACE = 250, 900, 160
"""A replay's length in milliseconds: a little for each place on the way, and short however
long the way, so the table is never kept waiting on the picture."""


REPLAY_Z = 2.9
"""Over the map and the turn ring, under the standing tokens: a traveller passes behind the
tokens it goes by, never over their discs and names."""
NAME_RINGS = 1
"""How far the travelling token's name steps off what it would cover: a step at most, so it
stays with its token. Where no spot a step away is clear it takes the least covered of them,
under the standing tokens' names and under the badges (painted again over it), so what it
passes stays readable."""


NO_NAME = Written("", (0.0, 0.0), 0.0, (0.0, 0.0, 0.0, 0.0))
"""A plate with no words: the travelling token drawn without its name (too small to read)."""


class Leg:
    """A straight piece of the way, inside one place of the route (`stop`, its index); one that
    `enters` starts at the gate into its place (a border's middle on a zone map)."""

    __slots__ = ("end", "enters", "length", "start", "stop")

    def __init__(self, start: QPointF, end: QPointF, stop: int, enters: bool = False) -> None:
        self.start, self.end, self.stop, self.enters = start, end, stop, enters
        self.length = math.dist((start.x(), start.y()), (end.x(), end.y()))


class ReplayItem(QGraphicsItem):
    """The travelling token, its trail and its figures, on the players' scene under the
    standing tokens. It paints inside a clip that leaves out every place of the route the
    players do not see; its trail leaves out the names too, and the badges it passes over are
    painted again over the token, so the players read them all the way."""

    def __init__(self, style) -> None:
        super().__init__()
        self.style = style
        self.token = None
        self.route: MoveRoute | None = None
        self.legs: list[Leg] = []
        self.clip = QPainterPath()
        self.progress = 0.0
        self.avoid: list[Box] = []
        """The boxes of the names around the route (zones', tokens', badges'): plates keep off them."""
        self.badges: list[tuple[str, Box]] = []
        """The borders around the route whose badges the players see, with their boxes."""
        self.trail_clip = QPainterPath()
        """The clip with the names cut out: the dashed way runs under none of them."""
        self.plates: list[Box] = []
        """The plates' boxes as last painted."""
        self.name_box: Box | None = None
        """The travelling token's name plate as last painted (None: not painted)."""
        self._gates: dict[int, tuple[float, float]] = {}
        self._trail: list[Box] = []
        self._bounds = QRectF()
        self.setZValue(REPLAY_Z)
        self.setVisible(False)

    def set_route(self, token, route: MoveRoute, legs: list[Leg]) -> None:
        self.prepareGeometryChange()
        self.token, self.route, self.legs, self.clip, self.progress = token, route, legs, QPainterPath(), 0.0
        self.avoid, self.badges, self.plates, self._gates = [], [], [], {}
        self.trail_clip = QPainterPath()
        points = [leg.start for leg in legs] + [legs[-1].end]
        below = 1.6 * self.style.token_name_size * self.style.text_scale  # its name, under its disc
        self._trail = trail_boxes([(p.x(), p.y()) for p in points], TOKEN_RADIUS, below)
        # room for the plates stepped off their places to keep clear of names
        room = (4 * TOKEN_RADIUS + (3 + 2 * RINGS) * self.style.token_name_size) * self.style.text_scale
        self._bounds = QPolygonF(points).boundingRect().adjusted(-room, -room, room, room)
        self.setVisible(True)

    def keep_clear(self, avoid: list[Box], badges: list[tuple[str, Box]]) -> None:
        """What the replay keeps clear of, given once the route's clip is set: the names its
        plates step off and its trail breaks around, and the badges painted over the token."""
        self.avoid, self.badges = avoid, badges
        names = QPainterPath()
        for left, top, right, bottom in avoid:
            names.addRect(QRectF(left - GAP, top - GAP, right - left + 2 * GAP, bottom - top + 2 * GAP))
        self.trail_clip = self.clip.subtracted(names.simplified()) if avoid else QPainterPath(self.clip)

    def clear(self) -> None:
        self.prepareGeometryChange()
        self.token, self.route, self.legs, self._bounds = None, None, [], QRectF()
        self.setVisible(False)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def _travelled(self) -> float:
        return self.progress * sum(leg.length for leg in self.legs)

    def where(self) -> tuple[QPointF, int]:
        """The token's point now, and the index of the place it is in."""
        left = self._travelled()
        for leg in self.legs:
            if left <= leg.length or leg is self.legs[-1]:
                share = 0.0 if leg.length == 0 else min(1.0, left / leg.length)
                return leg.start + (leg.end - leg.start) * share, leg.stop
            left -= leg.length
        return self.legs[-1].end, self.legs[-1].stop

    def stop_now(self) -> Stop | None:
        """The place of the route the token is in now."""
        return None if self.route is None or not self.legs else self.route.stops[self.where()[1]]

    def paint(self, painter: QPainter, option, widget=None) -> None:
        if self.route is None or not self.legs or self.token is None:
            return
        stops = self.route.stops
        point, index = self.where()
        painter.setClipPath(self.trail_clip)
        colour = QColor(self.token.colour)
        trail = QPen(colour, 3 * self.style.line_scale)
        trail.setDashPattern([2.0, 2.0])
        size = self.style.token_name_size * self.style.text_scale * 0.9
        gates: list[tuple[QPointF, Stop]] = []
        left = self._travelled()
        for leg in self.legs:  # the way gone so far, in sight only
            if left <= 0:
                break
            share = 1.0 if leg.length == 0 else min(1.0, left / leg.length)
            if stops[leg.stop].seen:
                painter.setPen(trail)
                painter.drawLine(leg.start, leg.start + (leg.end - leg.start) * share)
            stop = stops[leg.stop]
            if leg.enters and stop.crossing and stop.seen and stops[leg.stop - 1].seen:  # a border in sight
                gates.append((leg.start, stop))
            left -= leg.length
        painter.setClipPath(self.clip)
        detail = detail_for(painter)
        document = getattr(self.scene(), "document", None)
        art = token_art(document) if document is not None else None
        shown = stops[index].seen
        spot = (point.x(), point.y())
        own = [_box(r) for r in token_boxes([self.token], {self.token.id: spot}, self.style, art)] if shown else []
        self.plates, self.name_box = [], None
        for at, (gate, stop) in enumerate(gates):
            words = f"+{stop.cost}"
            measured = plate_size(words, size, True)
            if at not in self._gates:  # a border's plate stays where it first stood, clear of the names
                clear = [*self.avoid, *self._trail, *self.plates]
                self._gates[at] = plate_spot((gate.x(), gate.y()), measured, clear)
            self.plates.append(centred_box(self._gates[at], measured))
            text.plated_label(painter, words, self._gates[at], colour, self.style.plate, size, True)
        if not shown:
            return
        name = self._name_plate(painter, spot, own, art) if detail else None
        paint_token(painter, self.token, spot, self.style, detail, plate=name or NO_NAME, art=art)
        if detail and text.readable(painter, BADGE_TEXT * self.style.text_scale):
            self._badges_over(painter, [own[0], *([self.name_box] if self.name_box else [])], document)
        words = tick_words(stops[index])
        if words and detail:
            measured = plate_size(words, size, True)
            above = plate_spot((spot[0], spot[1] - TOKEN_RADIUS - size), measured, [*self.avoid, *self.plates, *own])
            self.plates.append(centred_box(above, measured))
            text.plated_label(painter, words, above, self.style.label, self.style.plate, size, bold=True)

    def _name_plate(self, painter: QPainter, spot, own: list[Box], art) -> Written | None:
        """The travelling token's name: below its disc as it stands, or stepped off the names it
        passes (as near as is clear), recorded with the replay's plates."""
        token = self.token
        size = name_size(token, self.style, art.radius(token, True) if art is not None else TOKEN_RADIUS)
        words = text.elide(painter, text.shown(token.label), size, False, NAME_MAX_WIDTH * self.style.text_scale)
        if not words or len(own) < 2:
            return None
        left, top, right, bottom = own[1]
        measured = plate_size(words, size, False)
        clear = [*self.avoid, *self.plates, own[0]]
        x, y = plate_spot(((left + right) / 2, (top + bottom) / 2), measured, clear, rings=NAME_RINGS)
        box = self.name_box = centred_box((x, y), measured)
        self.plates.append(box)
        return Written(words, (x - spot[0], y - spot[1]), size, box)

    def _badges_over(self, painter: QPainter, under: list[Box], document) -> None:
        """The badges under the token or its name, painted again over them as the map paints them."""
        arrangement = getattr(self.scene(), "arrangement", None)
        if document is None or arrangement is None:
            return
        layout = document.layout
        for border_id, box in self.badges:
            border, line = layout.border(border_id), layout.lines.get(border_id)
            if border is not None and line is not None and any(overlaps(box, mine) for mine in under):
                paint_badge(painter, border, line, self.style, arrangement.drawn_at(border_id, line))


class MoveReplay(QObject):
    """The replays of one players' window: it follows the document's token moves and animates
    the route of each on that window's scene, hiding the token's own item meanwhile."""

    def __init__(self, player: PlayerWindow, on: bool = True) -> None:
        super().__init__(player)
        self.player, self.scene, self.document = player, player.scene, player.document
        self.on = on
        self.item = ReplayItem(self.scene.style)
        self.scene.addItem(self.item)
        self.animation = QVariantAnimation(self)
        self.animation.setStartValue(0.0)
        self.animation.setEndValue(1.0)
        self.animation.valueChanged.connect(self._frame)
        self.animation.finished.connect(self.finish)
        self.moving: str | None = None
        """The token being replayed."""
        self._fog = None
        self._was = self._from = None
        """Where the token replaying stood in the map, and on the players' window."""
        self._spots: dict[str, QPointF] = {}
        self._keep_spots()
        self.document.edited.connect(self._edited)
        self.document.reset.connect(self._reset)

    @property
    def running(self) -> bool:
        return self.moving is not None

    def set_on(self, on: bool) -> None:
        self.on = on
        if not on:
            self.finish()

    def finish(self) -> None:
        """End the replay at once: the token's own item shows where the document has it."""
        if self.animation.state() is QVariantAnimation.State.Running:
            self.animation.stop()
        moving, self.moving = self.moving, None
        if moving is not None:
            item = self.scene.items_by_key.get((Kind.TOKEN, moving))
            if item is not None:
                item.setOpacity(1.0)
            self.item.clear()

    def _reset(self) -> None:
        self.finish()
        self._keep_spots()

    def _keep_spots(self, ids=None) -> None:
        """Where the players' window last drew each token (a move starts from there)."""
        for (kind, object_id), item in self.scene.items_by_key.items():
            if kind is Kind.TOKEN and (ids is None or object_id in ids):
                self._spots[object_id] = QPointF(item.pos()) if item.isVisible() else None

    def _edited(self, change) -> None:
        if self.moving is not None and change.kind in (Part.CONFLICT, Kind.ZONE, Kind.GRID):
            # the log written after the move (a hustle's), or fog lifted where the token went
            # (the move and the reveal are one step): the same move, seen again
            self._route_again()
            return
        if change.kind is not Kind.TOKEN:
            return
        moved = [
            (token_id, before)
            for token_id, before in zip(change.object_ids, change.before, strict=False)
            if change.action is Action.CHANGED
            and before is not None
            and before.location != getattr(self.document.get(Kind.TOKEN, token_id), "location", None)
        ]
        if self.moving is not None and (self.moving in change.object_ids or moved):
            self.finish()  # a new move, or the moving token edited: the old replay ends at once
        for token_id, before in moved:
            now = self.document.get(Kind.TOKEN, token_id)
            if now is not None and self.on and not token_hidden(before):
                self._start(now, before.location, self._spots.get(token_id))
                break
        self._keep_spots(change.object_ids)

    def _start(self, token, was, start: QPointF | None) -> None:
        route = move_route(self.document.map, token, was, self._graph(token), self.scene.fog)
        legs = [] if route is None or not route.seen_at_all() else self._legs(route, start)
        if not legs or sum(leg.length for leg in legs) == 0:
            return
        item = self.scene.items_by_key.get((Kind.TOKEN, token.id))
        if item is not None:
            item.setOpacity(0.0)
        self.moving, self._fog, self._was, self._from = token.id, self.scene.fog, was, start
        self.item.set_route(token, route, legs)
        self.item.clip = self._clip(route)  # within the room the route just gave the item
        self.item.keep_clear(self._names(route, token), self._badges(route))
        self.animation.setDuration(min(LONGEST, max(SHORTEST, PER_PLACE * len(route.stops))))
        self.animation.start()

    def _route_again(self) -> None:
        """The route of the move replaying, worked out again as the map and fog now stand, where
        the token has got to kept: a hustle snap's move is told as a hustle once the log says so,
        and a place the move revealed is seen. Ended at once when it is no longer the same way."""
        token = self.document.get(Kind.TOKEN, self.moving)
        hustle = token is not None and hustle_last(self.document.map, token.id)
        fog = self.scene.fog
        route = (
            None if token is None else move_route(self.document.map, token, self._was, self._graph(token), fog, hustle)
        )
        old = self.item.route
        same = route is not None and old is not None and [s.place for s in route.stops] == [s.place for s in old.stops]
        if not same or not route.seen_at_all():
            self.finish()
            return
        progress = self.item.progress
        self.item.set_route(token, route, self._legs(route, self._from))
        self.item.clip = self._clip(route)
        self.item.keep_clear(self._names(route, token), self._badges(route))
        self.item.progress, self._fog = progress, fog

    def _names(self, route: MoveRoute, token) -> list[Box]:
        """What is written around the route on the players' window, for the plates to keep off:
        on a zone map the names, plates and badges of the zones it runs through and beside; on a
        grid the other tokens' discs and names."""
        map_ = self.document.map
        if route.grid is None:
            zones = zones_near(map_, [stop.place for stop in route.stops])
            return names_around(self.scene.arrangement, map_, zones, token.id, TOKEN_RADIUS)
        spots = {}
        for other in tokens_on_grid(map_, route.grid, token.id):
            item = self.scene.items_by_key.get((Kind.TOKEN, other.id))
            if item is not None and item.isVisible():
                spots[other.id] = (item.pos().x(), item.pos().y())
        others = [t for t in map_.tokens if t.id in spots]
        return [_box(r) for r in token_boxes(others, spots, self.scene.style, token_art(self.document))]

    def _badges(self, route: MoveRoute) -> list[tuple[str, Box]]:
        """The badges the players see on the borders around a zone map's route (a grid has none)."""
        if route.grid is not None:
            return []
        map_, arrangement = self.document.map, self.scene.arrangement
        zones = zones_near(map_, [stop.place for stop in route.stops])
        return [(border_id, arrangement.badge(border_id).box) for border_id in badges_around(arrangement, map_, zones)]

    def _graph(self, token):
        """The document's zone graph for a move between zones (a grid's move needs none)."""
        return self.document.graph() if isinstance(token.location, ZoneLocation) else None

    def _frame(self, value) -> None:
        if self.scene.fog is not self._fog:  # the GM sent other fog: what was out of sight may differ
            self.finish()
            return
        self.item.progress = float(value)
        self.item.update()

    # -- where the way runs on the players' scene -----------------------------------------

    def _legs(self, route: MoveRoute, start: QPointF | None) -> list[Leg]:
        """Straight pieces from where the token stood through the middle of each place on the
        way (through each border's middle on a zone map) to where it stands now."""
        stops = route.stops
        centres = [self._centre(route, stop) for stop in stops]
        if any(c is None for c in centres):
            return []
        start = centres[0] if start is None else start
        item = self.scene.items_by_key.get((Kind.TOKEN, route.token))
        end = QPointF(item.pos()) if item is not None and item.isVisible() else centres[-1]
        points = [start, *centres[1:-1], end]
        legs: list[Leg] = []
        for i in range(1, len(stops)):
            gate = self._gate(route, i, centres)
            legs.append(Leg(points[i - 1], gate, i - 1))
            legs.append(Leg(gate, points[i], i, enters=True))
        return legs

    def _centre(self, route: MoveRoute, stop: Stop) -> QPointF | None:
        if route.grid is None:
            zone = self.document.get(Kind.ZONE, stop.place)
            return None if zone is None else QPointF(*zone.shape.centre())
        grid = self.document.get(Kind.GRID, route.grid)
        if grid is None:
            return None
        x, y, w, h = area_rect(grid, *stop.place)
        return QPointF(x + w / 2, y + h / 2)

    def _gate(self, route: MoveRoute, i: int, centres: list[QPointF]) -> QPointF:
        """Where the way passes from place i-1 into place i: the border's middle, or halfway."""
        stop = route.stops[i]
        border = self.document.get(Kind.BORDER, stop.crossing) if stop.crossing else None
        if border is not None:
            a, b = self.document.get(Kind.ZONE, border.a), self.document.get(Kind.ZONE, border.b)
            if a is not None and b is not None:
                return QPointF(*border_line(border, a, b).anchor)
        return (centres[i - 1] + centres[i]) / 2

    def _clip(self, route: MoveRoute) -> QPainterPath:
        """All of the replay's room but the places of the route the players do not see."""
        room = QPainterPath()
        room.addRect(self.item.boundingRect())
        unseen = [stop.place for stop in route.stops if not stop.seen]
        if route.grid is None:
            zones = (self.document.get(Kind.ZONE, place) for place in unseen)
            places = [zone_place(zone) for zone in zones if zone is not None]
        else:
            grid = self.document.get(Kind.GRID, route.grid)
            places = [("rect", *area_rect(grid, *place)) for place in unseen] if grid is not None else []
        return room.subtracted(cover_path(tuple(places))) if places else room


def _box(rect: QRectF) -> Box:
    return (rect.left(), rect.top(), rect.right(), rect.bottom())


class ReplayControls(QObject):
    """View ▸ Replay Moves on Player Window, and the key that skips a replay."""

    def __init__(self, table: TableParts) -> None:
        players = table.players
        super().__init__(players)
        self.players, self.settings = players, table.settings
        self.replays: dict[int, MoveReplay] = {}
        self.replay_action = table.actions.register(
            Act("players.replay", "Replay &Moves on Player Window", checkable=True)
        )
        self.replay_action.setChecked(bool(self.settings.value(REPLAY_KEY, True, type=bool)))
        self.replay_action.toggled.connect(self.set_on)
        self.skip_action = table.actions.register(
            Act("players.skip_replay", "S&kip Move Replay", self.skip, SKIP_KEYS, reach="window")
        )
        players.opening.connect(self._opening)

    @property
    def replay(self) -> MoveReplay | None:
        """The open players' window's replays."""
        player = self.players.player
        return None if player is None else player.findChild(MoveReplay)

    def _opening(self, player: PlayerWindow) -> None:
        MoveReplay(player, self.replay_action.isChecked())

    def set_on(self, on: bool) -> None:
        self.settings.setValue(REPLAY_KEY, bool(on))
        if self.replay is not None:
            self.replay.set_on(on)

    def skip(self) -> None:
        if self.replay is not None:
            self.replay.finish()
