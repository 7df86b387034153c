"""Where everything written on a map goes, for one picture or one view: the tokens' discs and
name plates in each zone, each zone's name, each border's badge and a dragged token's reach
numbers, so none covers another.

Tokens are placed first, with a place kept for each badge at its smallest and for a reach number
in each zone; then each zone's name, clear of its tokens and those kept places, and if it can of
its badges' homes (the middles of their lines) and its tokens' fronts; then the badges, each slid
along its line or drawn smaller where its home is covered. Reach numbers clear them all. The
placing is geometry's (Qt-free, geometry/single/clearing.py); this measures the words and keeps
what was worked out for the window's tiles, token items and overlays to share. Told what an edit
changed (`forget`), it answers with the map boxes to paint again."""

from __future__ import annotations

import weakref
from collections.abc import Callable, Collection, Iterable, Iterator

from tabletop.geometry.single import clearing
from tabletop.geometry.single.clearing import (
    GAP,
    BadgeLine,
    BadgeRoom,
    BadgeSpot,
    Box,
    anchor_piece,
    badge_scales,
    long_enough,
)
from tabletop.geometry.single.fitting import (
    front_boxes,
    plate_spots,
    text_sizes,
)
from tabletop.geometry.single.shapes import NAME_MAX_WIDTH, TOKEN_RADIUS, BorderLine, Point
from tabletop.geometry.whole.boxes import border_box, zone_box
from tabletop.geometry.whole.layout import MapLayout
from tabletop.model import NodeShape, Token, Zone
from tabletop.render import text
from tabletop.render.badge_paint import badge_extent, badge_reach
from tabletop.render.reach_numbers import ReachNumbers
from tabletop.render.style import Audience, MapStyle
from tabletop.render.token_paint import flank_box
from tabletop.render.words import NO_TOKENS, Measured, Written, ZoneTokens, advance, elided, plate_room
from tabletop.render.zone_names import bulk_name, placed_name

INK = 2.0
"""How far a name's letters or a badge's outline may reach past its box."""
PAST_EDGES = 300.0
"""How far past the zones' edges their words may be written: a node's name beside its disc, a
badge on an outer wall."""


class Arrangement(ReachNumbers):
    """The places of a map's words for one audience, worked out when asked and kept.

    `tokens_in(zone_id)`: the tokens drawn in a zone with their spots, in map order;
    `occupied()`: the zones where any is drawn; `shows(kind, id)`: what is drawn (the players'
    picture; None: everything); `fogged(zone)`: which zones are fog (None: their own flag).

    Each badge has a place kept at its smallest (`reserved`, clear of its zones' discs and the
    other kept places) that plates and names keep clear of; it is then drawn as large and as
    near its line's middle as they let it (`badges`): never covered where its line has room."""

    def __init__(
        self,
        layout: MapLayout,
        style: MapStyle,
        tokens_in: Callable[[str], list[tuple[Token, Point]]],
        occupied: Callable[[], Collection[str]],
        shows: Callable[[str, str], bool] | None = None,
        fogged: Callable[[Zone], bool] | None = None,
    ) -> None:
        self.style, self.tokens_in, self.occupied = style, tokens_in, occupied
        self.shows, self.fogged = shows, fogged
        self.players = style.audience is Audience.PLAYERS
        self.scales = badge_scales(style.text_scale)
        self.reset(layout)

    def reset(self, layout: MapLayout) -> None:
        """Forget everything: a new map, or too much changed to follow."""
        self.layout = layout
        self.hand_drawn = _hand_drawn(layout)  # every badge settled, every name placed alone
        self._tokens: dict[str, ZoneTokens] = {}
        self._names: dict[str, Written | None] = {}
        self._numbers: dict[str, Box | None] = {}
        self._watch: dict[str, set[str]] = {}
        """The badges whose places were worked out from what each zone holds (its tokens, name,
        reach number's place), by zone: an edit there places them again."""
        self._fixed: dict[str, bool] = {}
        """Whether each border's badge stays in its line's middle (its line is not long_enough)."""
        self._near: dict[str, list[str]] = {}
        self._around: dict[str, list[str]] = {}
        """Each zone's borders whose badges are drawn, by zone."""
        self._boxes: dict[str, Box] = {}
        self._zone_boxes: dict[str, tuple[Zone, Box]] = {}
        self._where: dict[str, str] = {}
        """The zone each token was last placed in, by token: where a step or a removal takes it from."""
        self._ends: dict[str, tuple[str, str]] = {}
        """The zones each border joined when its badge was last placed: the names an edit of it moves."""
        me = weakref.proxy(self)  # the rooms ask back through it: no cycle keeps a band's layout alive
        self.reserved = BadgeRoom(
            lambda b: me._least_line(b), lambda b: me._discs_around(b), lambda b: me._neighbours(b)
        )
        self.badges = BadgeRoom(lambda b: me._badge_line(b), lambda b: me._obstacles(b), lambda b: me._neighbours(b))

    # -- tokens ---------------------------------------------------------------------------------

    def standing(self, zone_id: str) -> list[tuple[Token, Point]]:
        """The tokens drawn in a zone, with their spots."""
        return self.tokens_in(zone_id) if zone_id in self.occupied() and self.layout.zone(zone_id) is not None else []

    def zone_tokens(self, zone_id: str) -> ZoneTokens:
        found = self._tokens.get(zone_id)
        if found is None:
            found = self._tokens[zone_id] = self._place_tokens(zone_id)
        return found

    def plate(self, token_id: str, zone_id: str) -> Written | None:
        """A token's name plate as written in its zone, placed from its disc's centre."""
        return self.zone_tokens(zone_id).drawn.get(token_id)

    def _place_tokens(self, zone_id: str) -> ZoneTokens:
        standing = self.standing(zone_id)
        for token, _ in standing:
            self._where[token.id] = zone_id
        if not standing:
            return NO_TOKENS
        zone = self.layout.zone(zone_id)
        size = self.style.token_name_size * self.style.text_scale
        sizes = text_sizes(size, self.style.token_name_size)
        names = [text.shown(token.label) for token, _ in standing]
        plates = [Measured(name, sizes, False, plate_room) for name in names]
        points = None if isinstance(zone.shape, NodeShape) else tuple(zone.shape.points)
        most = NAME_MAX_WIDTH * self.style.text_scale + size * 0.6
        kept = [(left - GAP, top - GAP, right + GAP, bottom + GAP) for left, top, right, bottom in self._kept(zone_id)]
        flanks = tuple(flank_box(token, spot, self.style) for token, spot in standing if not token.problem)
        # a zone's aspects are written just below its plates' usual place (aspect_paint): there a
        # plate stays against its disc rather than move down onto them
        rims = None if zone.aspects else [_rim(token, spot, self.style) for token, spot in standing]
        spots = plate_spots(points, [spot for _, spot in standing], TOKEN_RADIUS, plates, most, kept, rims)
        written, drawn = {}, {}
        for (token, (x, _)), name, room, spot in zip(standing, names, plates, spots, strict=True):
            at = sizes[spot.size]
            width, height = room[spot.size]
            words = name if spot.width >= width else elided(name, at, False, spot.width - at * 0.6)
            half = (advance(words, at, False) + at * 0.6) / 2 if words else 0.0
            dx, dy = spot.x - x, spot.down
            drawn[token.id] = Written(words, (dx, dy), at, (dx - half, dy - height / 2, dx + half, dy + height / 2))
            box = (spot.x - half, spot.y - height / 2, spot.x + half, spot.y + height / 2)
            written[token.id] = Written(words, (spot.x, spot.y), at, box)
        fronts = tuple(
            box
            for token, spot in standing
            if self.style.facing_wedges and not token.problem
            for box in front_boxes(spot, token.facing, TOKEN_RADIUS * 2)
        )
        return ZoneTokens(tuple((token.id, spot) for token, spot in standing), written, drawn, fronts, flanks)

    # -- names ----------------------------------------------------------------------------------

    def name_shown(self, zone: Zone) -> bool:
        """Whether the zone's name is written for this audience."""
        if self.shows is not None and not self.shows("zone", zone.id):
            return False
        return not (self.players and (self.fogged(zone) if self.fogged is not None else zone.fogged))

    def name(self, zone_id: str) -> Written | None:
        """The zone's name as written (None: no name, or not for this audience)."""
        if zone_id in self._names:
            return self._names[zone_id]
        zone = self.layout.zone(zone_id)
        found = self._names[zone_id] = self._place_name(zone) if zone is not None and self.name_shown(zone) else None
        return found

    def smallest_name_size(self) -> float:
        """The smallest size a zone's name is drawn at before it is cut."""
        return text_sizes(self.style.zone_label_size * self.style.text_scale, self.style.zone_label_size)[-1]

    def _bulk_name(self, zone_id: str) -> Written | None:
        """The name a zone not asked for its name had, if any: written in bulk (an unoccupied
        zone's, fitting.in_bulk), which keeps no note of it so a big map's picture stays light."""
        if self.hand_drawn:
            return None
        zone = self.layout.zone(zone_id)
        return bulk_name(zone, self.style) if zone is not None and self.name_shown(zone) else None

    def _place_name(self, zone: Zone) -> Written | None:
        """A zone's name, clear of its tokens and the places kept for its badges; if it can, off
        its badges' homes, its tokens' fronts and (where tokens stand, the zone a dragged token
        is read in) where its reach number would go without it, given up in that order."""
        tokens = self.zone_tokens(zone.id)
        kept = self._kept(zone.id)

        def rather() -> tuple[list[Box], ...]:
            number = self._number_room(zone.id, named=False) if tokens.discs else None
            return (self._homes(zone.id), list(tokens.fronts), [number] if number is not None else [])

        occupied = bool(tokens.discs)
        return placed_name(
            zone,
            self.style,
            lambda: tokens.boxes() + kept + self._strays(zone.id),
            rather,
            occupied,
            not self.hand_drawn,
        )

    def _strays(self, zone_id: str) -> list[Box]:
        """The plates and flank lines of other zones' tokens written into this zone (a small room
        has no room for them in its own), which its name keeps off: drawn over a name, a plate
        would hide it. Sought on a map of a GM's own rooms (hand_drawn), zone by zone."""
        if not self.hand_drawn:
            return []
        box = self._zone_box(zone_id)
        found = []
        for other in self._beside(zone_id):
            if other == zone_id or other not in self.occupied():
                continue
            tokens = self.zone_tokens(other)
            for written in (*tokens.plates.values(), *tokens.flanks):
                edges = written.box if isinstance(written, Written) else written
                if (not isinstance(written, Written) or written.words) and _meet(edges, box):
                    found.append(edges)
        return found

    def _beside(self, zone_id: str) -> list[str]:
        """The zones whose tokens' plates could reach into this one: those whose boxes come
        within a plate's reach of its box."""
        near = _widened(self._zone_box(zone_id), self._plate_reach())
        return [other for other in self.layout.zone_ids() if _meet(self._zone_box(other), near)]

    def _zone_box(self, zone_id: str) -> Box:
        zone = self.layout.zone(zone_id)
        kept = self._zone_boxes.get(zone_id)
        if kept is None or kept[0] is not zone:  # an edited zone is a new object
            kept = self._zone_boxes[zone_id] = (zone, zone_box(zone))
        return kept[1]

    def _plate_reach(self) -> float:
        """How far past its zone's edges a token's plate may be written: half the widest plate
        beside its disc, or a disc, a flank line and a plate below it."""
        size = self.style.token_name_size * self.style.text_scale
        return max(NAME_MAX_WIDTH * self.style.text_scale / 2 + size, TOKEN_RADIUS * 3 + size * 2)

    # -- badges ---------------------------------------------------------------------------------

    def badge(self, border_id: str) -> BadgeSpot:
        """Where a border's badge is drawn."""
        return self.badges.place(border_id)

    def badge_shown(self, border_id: str) -> bool:
        return self.layout.border(border_id) is not None and (self.shows is None or self.shows("border", border_id))

    def _borders_of(self, zone_id: str) -> list[str]:
        found = self._around.get(zone_id)
        if found is None:
            shows = self.shows
            found = list(self.layout.borders_at.get(zone_id, ()))
            found = self._around[zone_id] = found if shows is None else [b for b in found if shows("border", b)]
        return found

    def _homes(self, zone_id: str) -> list[Box]:
        return [self.badges.home(b).box for b in self._borders_of(zone_id)]

    def _kept(self, zone_id: str) -> list[Box]:
        """The places kept for the badges of a zone's borders."""
        return [self.reserved.place(b).box for b in self._borders_of(zone_id)]

    def _badge_line(self, border_id: str, least: bool = False) -> BadgeLine:
        """The badge of a border on its line, all its sizes or (`least`) its smallest; at its
        size alone, fixed in its home, on a line not long_enough."""
        border, line = self.layout.border(border_id), self.layout.lines[border_id]
        self._ends[border_id] = (border.a, border.b)
        piece = anchor_piece(line.segments, line.anchor)
        extent = badge_extent(border, line, self.style)
        long = long_enough(piece)
        if not long and not self.hand_drawn:
            return BadgeLine(piece, line.anchor, extent, self._line_box(border_id), (1.0,), fixed=True)
        scales = self.scales[-1:] if least else self.scales
        return BadgeLine(piece, line.anchor, extent, self._line_box(border_id), scales, shrink_first=not long)

    def _least_line(self, border_id: str) -> BadgeLine:
        return self._badge_line(border_id, least=True)

    def drawn_at(self, border_id: str, line: BorderLine | None = None) -> BadgeSpot | None:
        """Where a border's badge is painted: None for its home at its size (every badge on a
        line not long_enough on a map not hand_drawn, most badges), which the painting finds
        quickest from its `line` (the layout's, when the caller has not read it already)."""
        fixed = self._fixed.get(border_id)
        if fixed is None:
            segments = (line or self.layout.lines[border_id]).segments
            fixed = self._fixed[border_id] = not self.hand_drawn and not any(map(long_enough, segments))
        if fixed:
            return None
        spot = self.badges.place(border_id)
        return None if spot is self.badges.home(border_id) else spot

    def movable(self, counts, coords) -> list[bool]:
        """Whether each line's badge (layout.line_arrays' `counts` and `coords`) may stand off its
        middle, so the painting asks drawn_at: all on a hand_drawn map, else the long_enough."""
        return [True] * len(counts) if self.hand_drawn else clearing.long_lines(counts, coords)

    def _discs_around(self, border_id: str) -> list[Box]:
        """The discs and flank lines of the tokens in a border's zones."""
        border, r = self.layout.border(border_id), TOKEN_RADIUS
        found = []
        for zone_id in (border.a, border.b):
            for token, (x, y) in self.standing(zone_id):
                found.append((x - r, y - r, x + r, y + r))
                if not token.problem:
                    found.append(flank_box(token, (x, y), self.style))
        return found

    def _obstacles(self, border_id: str) -> Iterator[Box]:
        """What a badge keeps clear of, the quickest known first (a badge's home is tested
        against them until one covers it): the tokens and names of its zones, and of the zones
        around whose places it may reach; the places kept for their reach numbers; the places
        kept for the badges around."""
        border = self.layout.border(border_id)
        own = (border.a, border.b)
        reach = self.badges.line(border_id).reach
        around = {zone_id for n in self._neighbours(border_id) for zone_id in self._ends_of(n)} - set(own)
        for zone_id in (*own, *around):  # what the zones hold now decides where it stands
            self._watch.setdefault(zone_id, set()).add(border_id)
        for zone_id in own:
            yield from self.zone_tokens(zone_id).boxes()
            name = self.name(zone_id)
            if name is not None:
                yield name.box
        for zone_id in sorted(around):
            for box in self.zone_tokens(zone_id).boxes():
                if _meet(box, reach):
                    yield box
            name = self.name(zone_id)
            if name is not None and _meet(name.box, reach):
                yield name.box
        for zone_id in own:
            number = self.number_kept(zone_id)
            if number is not None:
                yield number
        for n in self._neighbours(border_id):
            yield self.reserved.place(n).box

    def _neighbours(self, border_id: str) -> list[str]:
        """The badges that could meet this one: those of its zones' borders, and those of the
        borders one zone further whose lines' boxes come near its own (across a corner where
        four zones meet, two lines end to end)."""
        found = self._near.get(border_id)
        if found is not None:
            return found
        layout = self.layout
        border = layout.border(border_id)
        if border is None or border_id not in layout.lines:
            return []
        ends = (border.a, border.b)
        first = {b for zone_id in ends for b in self._borders_of(zone_id)}
        farther = {other for b in first for other in self._ends_of(b)} - set(ends)
        box = self._line_box(border_id)
        second = {
            b
            for zone_id in farther
            for b in self._borders_of(zone_id)
            if b not in first and _meet(box, self._line_box(b))
        }
        found = self._near[border_id] = sorted((first | second) - {border_id})
        return found

    def _ends_of(self, border_id: str) -> tuple[str, str]:
        border = self.layout.border(border_id)
        return (border.a, border.b)

    def zones_of_tokens(self, token_ids: Iterable[str]) -> set[str]:
        """The zones these tokens stood in when last placed here."""
        return {self._where[t] for t in token_ids if t in self._where}

    def zones_of_borders(self, border_ids: Iterable[str]) -> set[str]:
        """The zones these borders joined when last placed here."""
        return {zone_id for b in border_ids for zone_id in self._ends.get(b, ())}

    def _line_box(self, border_id: str) -> Box:
        """The box of a border's line and of its badge wherever it slides."""
        found = self._boxes.get(border_id)
        if found is None:
            border, line = self.layout.border(border_id), self.layout.lines[border_id]
            left, top, right, bottom = border_box(border, line)
            gx, gy = badge_reach(self.style)
            found = self._boxes[border_id] = (left - gx, top - gy, right + gx, bottom + gy)
        return found

    # -- what an edit changed -------------------------------------------------------------------

    def forget(self, zones: Iterable[str] = (), borders: Iterable[str] = (), gone: Iterable[str] = ()) -> list[Box]:
        """Forget what these zones (their tokens, shape or name changed) and borders (changed or
        new; `gone`: removed, their zones among `zones`) decided, and answer the map boxes where a
        name or a badge was or now is written otherwise. A token's plate follows from its zone's
        (zone_tokens), asked again by its item."""
        zones, borders, gone = set(zones), set(borders), set(gone)
        layout = self.layout
        if _hand_drawn(layout) != self.hand_drawn:  # every badge and name is placed otherwise now
            self.reset(layout)
            whole = layout.zone_extent()
            if whole is None:
                return []
            return [_widened(whole, PAST_EDGES)]  # with room for what is written past the zones' edges
        for border_id in borders:
            border = layout.border(border_id)
            if border is not None:
                zones |= {border.a, border.b}
        for zone_id in zones:
            self._around.pop(zone_id, None)
        if borders or gone:  # who is near whom changes around an added, moved or removed border
            for border_id in borders | gone:
                self._boxes.pop(border_id, None)
                self._fixed.pop(border_id, None)
            changed = borders | gone | {b for zone_id in zones for b in layout.borders_at.get(zone_id, ())}
            for border_id, near in list(self._near.items()):
                if border_id in changed or changed.intersection(near):
                    del self._near[border_id]
            for border_id in changed:
                self._near.pop(border_id, None)
        around = {b for zone_id in zones for b in layout.borders_at.get(zone_id, ())} - gone
        kept = self.reserved.forget(around, moved=borders, gone=gone)
        shifted = {
            b
            for b, spot in kept.items()
            if b not in gone and (not self.badge_shown(b) or self.reserved.place(b) != spot)
        }
        for border_id in shifted:  # the zones on both sides keep clear of where it is kept now
            border = layout.border(border_id)
            if border is not None:
                zones |= {border.a, border.b}
        if self.hand_drawn:  # a plate written past its zone's edge moves the names it keeps off
            zones |= {other for zone_id in zones if layout.zone(zone_id) is not None for other in self._beside(zone_id)}
        for zone_id in zones:
            self._tokens.pop(zone_id, None)
            self._numbers.pop(zone_id, None)
        names = {
            zone_id: self._names.pop(zone_id) if zone_id in self._names else self._bulk_name(zone_id)
            for zone_id in zones
        }
        around = {b for zone_id in zones for b in layout.borders_at.get(zone_id, ())}
        around |= {b for zone_id in zones for b in self._watch.pop(zone_id, ())}
        around |= {n for b in shifted for n in self._neighbours(b)}
        was = self.badges.forget(around - gone, moved=borders, gone=gone)
        boxes: list[Box] = []
        for zone_id, before in names.items():
            now = self.name(zone_id)
            if now != before:
                boxes += [written.box for written in (before, now) if written is not None]
        for border_id, before in was.items():
            now = self.badge(border_id) if border_id not in gone and self.badge_shown(border_id) else None
            if now is None or now.box != before.box:
                boxes += [spot.box for spot in (before, now) if spot is not None]
        return [_widened(box, INK) for box in boxes]


def _rim(token: Token, spot: Point, style: MapStyle) -> tuple[float, float]:
    """How far below and above its centre a token's own drawing reaches: its disc, or its flank
    line where it reaches past the disc (turned towards the plate), which its plate keeps off as
    a name does."""
    if token.problem:
        return (TOKEN_RADIUS, TOKEN_RADIUS)
    _, top, _, bottom = flank_box(token, spot, style)
    return (max(TOKEN_RADIUS, bottom - spot[1]), max(TOKEN_RADIUS, spot[1] - top))


def _hand_drawn(layout: MapLayout) -> bool:  # a map small enough to place each word alone
    return len(layout.zone_ids()) <= clearing.HAND_DRAWN


def _meet(a: Box, b: Box) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _widened(box: Box, by: float) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)
