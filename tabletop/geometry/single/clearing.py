"""Where a border's badge stands when its middle is taken: slid along its line, or drawn smaller,
clear of the names and tokens of its two zones and of the badges around them. Qt-free: the painter
measures each badge and asks here where it may stand.

Tokens and names are placed first (render/arrangement.py: they keep clear of a place kept for
each badge at its smallest, settled by a BadgeRoom of their own); a badge whose middle is covered
then moves. Badges that must move and could meet are settled together, in one order, so every
picture of the map and every tile of a view place them alike. A cluster of more than
SETTLED_TOGETHER such badges is left in the middles, and a badge on a line shorter than
LONG_ENOUGH never moves (a big map's small zones, packed with badges larger than they): neither
can be cleared, and settling them would cost a frame. A map of a GM's own rooms (HAND_DRAWN)
settles every badge: a short line's shrinks in its middle before it slides, as a small room has
little wall to slide along.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    import numpy as np

Point = tuple[float, float]
Box = tuple[float, float, float, float]
"""(left, top, right, bottom) in map units."""

SMALLEST = 0.6
"""The smallest a text is drawn before it is cut, as a share of the GM's size of it: names,
badges, token plates and reach numbers shrink this far to keep clear and stay readable. The
players' larger text shrinks as far: the least that reads is the same on either screen."""
GAP = 1.0
"""Room kept between a badge and what it clears."""
SHRINK_STEP = 1 / 6
"""A badge is tried at its size, then this much smaller each time, down to SMALLEST."""
MOST_STEPS = 24
"""How many steps a badge slides each way from its line's middle at most."""
BADGE_WEIGHT = 4.0
"""A badge that cannot be cleared covers this many times less of another badge than of a name."""
LONG_ENOUGH = 64.0
"""A border's line this long (the width of two tokens) has room for its badge to slide."""
SETTLED_TOGETHER = 32
"""The most badges settled together; a larger cluster stays in the middles (see above)."""
HAND_DRAWN = 250
"""A map of at most this many zones (what a GM draws by hand) settles every badge, a short
line's too, and places every zone's name alone; a larger one (a generated city) keeps short
lines' badges in their middles and small zones' names at their anchors, at its speed."""


def overlaps(a: Box, b: Box, gap: float = 0.0) -> bool:
    """Whether two boxes come closer than `gap`."""
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def clear_of(box: Box, others: Iterable[Box], gap: float = 0.0) -> bool:
    return not any(overlaps(box, other, gap) for other in others)


def overlap_area(a: Box, b: Box) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def centred_box(centre: Point, size: Point) -> Box:
    """The box of something `size` (width, height) drawn centred on `centre`."""
    return (centre[0] - size[0] / 2, centre[1] - size[1] / 2, centre[0] + size[0] / 2, centre[1] + size[1] / 2)


def first_clear(spots: Sequence[Point], size: Point, avoid: Sequence[Box], gap: float = 0.0) -> Point:
    """The first of `spots` where something of `size` drawn there covers nothing in `avoid` (with
    `gap` to spare); when none is clear, the one where it covers least: a plate or a badge is
    still drawn, as what it says must be read."""
    for spot in spots:
        if clear_of(centred_box(spot, size), avoid, gap):
            return spot
    return min(spots, key=lambda spot: sum(overlap_area(centred_box(spot, size), other) for other in avoid))


def union(boxes: Iterable[Box]) -> Box:
    boxes = list(boxes)
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


class BadgeSpot(NamedTuple):
    """Where a badge is drawn: its centre, the share of its size, and the box it covers."""

    x: float
    y: float
    scale: float
    box: Box


def badge_scales(text_scale: float) -> tuple[float, ...]:
    """The shares of its size a badge drawn `text_scale` times the GM's size is tried at,
    largest first, down to SMALLEST of the GM's size."""
    least = min(1.0, SMALLEST / text_scale)
    steps = int((1 - least) / SHRINK_STEP + 1e-9)
    return tuple(1 - k * SHRINK_STEP for k in range(steps + 1)) + (
        (least,) if 1 - steps * SHRINK_STEP > least + 1e-9 else ()
    )


def badge_spots(
    piece: tuple[Point, Point],
    anchor: Point,
    extent: Box,
    limit: Box,
    scales: tuple[float, ...] = (1.0,),
    shrink_first: bool = False,
) -> tuple[BadgeSpot, ...]:
    """Every place a badge may take, in the order it is tried: its middle (`anchor`) first, then
    steps along `piece` (the longest stretch of its line) nearest first, then the same smaller.
    `extent` is the badge's box around its centre at full size; a place keeps the badge along
    the piece (a badge longer than its line stays in the middle) and within `limit`, where the
    map's index finds the border. `scales` are the sizes tried (badge_scales), largest first:
    a badge slides along its line before it shrinks, or (`shrink_first`) shrinks in its middle
    down to its smallest before it slides."""
    (x1, y1), (x2, y2) = piece
    length = math.hypot(x2 - x1, y2 - y1)
    dx, dy = ((x2 - x1) / length, (y2 - y1) / length) if length > 0 else (0.0, 0.0)
    ax, ay = anchor
    off = (ax - (x1 + x2) / 2) * dx + (ay - (y1 + y2) / 2) * dy  # a passage's place: the anchor off the middle
    spots: list[BadgeSpot] = []
    for scale in scales:
        left, top, right, bottom = (v * scale for v in extent)
        along = [cx * dx + cy * dy for cx in (left, right) for cy in (top, bottom)]
        low, high = -length / 2 - min(along) - off, length / 2 - max(along) - off  # the centre's range from the anchor
        step = max(2.0, (max(along) - min(along)) / 4)
        shifts = [0.0]
        if low <= high:
            if not low <= 0 <= high:  # a place by the line's end: the badge just back on the line first
                shifts.append(min(max(0.0, low), high))
            for k in range(1, MOST_STEPS + 1):
                shifts += [t for t in (k * step, -k * step) if low <= t <= high]
        for t in shifts:
            x, y = ax + t * dx, ay + t * dy
            box = (x + left, y + top, x + right, y + bottom)
            if t == 0 or (box[0] >= limit[0] and box[1] >= limit[1] and box[2] <= limit[2] and box[3] <= limit[3]):
                spots.append(BadgeSpot(x, y, scale, box))
    if shrink_first:
        middles = [spot for spot in spots if (spot.x, spot.y) == anchor]
        spots = middles + [spot for spot in spots if (spot.x, spot.y) != anchor]
    return tuple(spots)


def anchor_piece(segments: list[tuple[Point, Point]], anchor: Point) -> tuple[Point, Point]:
    """The stretch of a border's line its badge slides along: the one its anchor stands on (a
    passage's place), the longest of those (the middle of the longest is the usual anchor)."""

    def key(piece: tuple[Point, Point]) -> tuple[bool, float]:
        (x1, y1), (x2, y2) = piece
        dx, dy = x2 - x1, y2 - y1
        length2 = dx * dx + dy * dy
        cross = abs(dx * (anchor[1] - y1) - dy * (anchor[0] - x1))
        t = ((anchor[0] - x1) * dx + (anchor[1] - y1) * dy) / length2 if length2 else 0.0
        on = length2 > 0 and cross <= 1e-6 * length2 + 1e-9 and -1e-9 <= t <= 1 + 1e-9
        return (on, length2)

    return max(segments, key=key)


def long_enough(piece: tuple[Point, Point]) -> bool:
    """Whether a border's line (the longest stretch of it) is long enough for its badge to make
    way on it: a shorter one's badge stays in its middle at its size, and the names and tokens
    around keep clear of it there (a big map's small zones: their badges are larger than they)."""
    (x1, y1), (x2, y2) = piece
    return (x2 - x1) ** 2 + (y2 - y1) ** 2 >= LONG_ENOUGH**2


def long_lines(counts: np.ndarray, coords: np.ndarray) -> list[bool]:
    """long_enough of many lines at once, with the same arithmetic: `counts` segments each,
    `coords` their segments (x1, y1, x2, y2) end to end (layout.line_arrays)."""
    import numpy as np

    if not len(counts):
        return []
    x1, y1, x2, y2 = coords[:, 0], coords[:, 1], coords[:, 2], coords[:, 3]
    long = ((x2 - x1) ** 2 + (y2 - y1) ** 2 >= LONG_ENOUGH**2).astype(np.int64)
    if not len(long):
        return [False] * len(counts)
    starts = np.minimum(np.cumsum(counts) - counts, len(long) - 1)
    return ((np.add.reduceat(long, starts) > 0) & (counts > 0)).tolist()


class BadgeLine:
    """A badge on its border's line: its home and the box it may reach (its line's box, which
    the map's index holds, and its home), its spots worked out when first asked (most badges
    stay home). A badge `fixed` in its home (its line is not long_enough, on a map larger than
    HAND_DRAWN) is never moved; one that may `shrink_first` does so in its home (badge_spots)."""

    __slots__ = ("_spots", "args", "fixed", "home", "reach")

    def __init__(
        self,
        piece: tuple[Point, Point],
        anchor: Point,
        extent: Box,
        limit: Box,
        scales: tuple[float, ...],
        fixed: bool = False,
        shrink_first: bool = False,
    ) -> None:
        self.args = (piece, anchor, extent, limit, scales, shrink_first)
        self.fixed = fixed
        scale, (x, y) = scales[0], anchor
        left, top, right, bottom = (v * scale for v in extent)
        self.home = BadgeSpot(x, y, scale, (x + left, y + top, x + right, y + bottom))
        self.reach = union((limit, self.home.box))
        self._spots: tuple[BadgeSpot, ...] | None = (self.home,) if fixed else None

    def spots(self) -> tuple[BadgeSpot, ...]:
        """badge_spots of the badge: its home first."""
        if self._spots is None:
            self._spots = badge_spots(*self.args)
        return self._spots


class BadgeRoom:
    """Settles the badges of a map: each at its home when that is clear of the homes of the
    badges around it (`neighbours`: the borders of its two zones and those near them) and of
    what its border's zones hold (`obstacles`), else in the first of its spots clear of those
    and of the badges settled before it in its cluster. Worked out when asked, kept until
    `forget`."""

    def __init__(
        self,
        lines: Callable[[str], BadgeLine],
        obstacles: Callable[[str], Iterable[Box]],
        neighbours: Callable[[str], list[str]],
    ) -> None:
        self._line_of, self._obstacles_of, self._neighbours = lines, obstacles, neighbours
        self._lines: dict[str, BadgeLine] = {}
        self._home_clear: dict[str, bool] = {}
        self._placed: dict[str, BadgeSpot] = {}
        self._cluster: dict[str, frozenset[str]] = {}
        """Each settled cluster's members, by member; empty for a member of a cluster too large."""

    def line(self, border_id: str) -> BadgeLine:
        found = self._lines.get(border_id)
        if found is None:
            found = self._lines[border_id] = self._line_of(border_id)
        return found

    def spots(self, border_id: str) -> tuple[BadgeSpot, ...]:
        return self.line(border_id).spots()

    def home(self, border_id: str) -> BadgeSpot:
        return self.line(border_id).home

    def at_home(self, border_id: str) -> bool:
        """Whether the badge's home is clear: of the badges' homes around, and of its zones'
        names and tokens (asked only then: most badges of a map of small zones meet another)."""
        found = self._home_clear.get(border_id)
        if found is None and self.line(border_id).fixed:
            found = self._home_clear[border_id] = True
        if found is None:
            box = self.home(border_id).box
            found = clear_of(box, [self.home(n).box for n in self._neighbours(border_id)]) and clear_of(
                box, self._obstacles_of(border_id), GAP
            )
            self._home_clear[border_id] = found
        return found

    def place(self, border_id: str) -> BadgeSpot:
        """Where the badge is drawn."""
        placed = self._placed.get(border_id)
        if placed is not None:
            return placed
        if self.at_home(border_id):
            placed = self._placed[border_id] = self.home(border_id)
            return placed
        cluster, members = self._cluster_of(border_id)
        if cluster:
            self._settle(cluster)
        else:
            for member in members:
                self._placed.setdefault(member, self.home(member))
            self._placed.setdefault(border_id, self.home(border_id))
        return self._placed[border_id]

    def _linked(self, border_id: str) -> list[str]:
        """The moving badges that could meet this one: around it, not at home, within its reach."""
        reach = self.line(border_id).reach
        return [n for n in self._neighbours(border_id) if overlaps(reach, self.line(n).reach) and not self.at_home(n)]

    def _members(self, border_id: str, marks: bool = True) -> tuple[list[str], bool]:
        """The cluster found from a moving badge, up to one past SETTLED_TOGETHER, and whether it
        is too large (or, with `marks`, holds a badge found in a cluster too large before)."""
        seen = {border_id: None}
        queue = [border_id]
        while queue and len(seen) <= SETTLED_TOGETHER:
            for n in self._linked(queue.pop()):
                if marks and self._cluster.get(n) == frozenset():
                    return [*seen, n], True
                if n not in seen:
                    seen[n] = None
                    queue.append(n)
        return list(seen), len(seen) > SETTLED_TOGETHER

    def _cluster_of(self, border_id: str) -> tuple[frozenset[str], list[str]]:
        """The badge's cluster (empty when it is too large to settle: each member found is marked
        so, and any badge linked to a marked one is in the same large cluster), and the members found."""
        known = self._cluster.get(border_id)
        if known is not None:
            return known, [border_id]
        members, too_many = self._members(border_id)
        cluster = frozenset() if too_many else frozenset(members)
        for member in members:
            self._cluster[member] = cluster
        return cluster, members

    def _settle(self, members: frozenset[str]) -> None:
        """Each moving badge of a cluster in turn, those with the fewest spots first: the first
        spot clear of its obstacles, of the homes around it and of those settled before it, else
        the spot that covers least of them (of other badges least of all)."""
        placed: list[BadgeSpot] = []
        for member in sorted(members, key=lambda m: (len(self.spots(m)), m)):
            reach = self.line(member).reach
            fixed = [box for box in self._obstacles_of(member) if overlaps(box, reach, GAP)]
            homes = [self.home(n).box for n in self._neighbours(member) if self.at_home(n)]
            taken = [spot.box for spot in placed]
            spots = self.spots(member)
            chosen = next(
                (s for s in spots if clear_of(s.box, fixed, GAP) and clear_of(s.box, homes + taken, GAP / 2)), None
            )
            if chosen is None:  # covering a name or a plate rather than another badge's costs
                chosen = min(
                    spots,
                    key=lambda s: (
                        sum(overlap_area(s.box, o) for o in fixed)
                        + BADGE_WEIGHT * sum(overlap_area(s.box, o) for o in (*homes, *taken))
                    ),
                )
            self._placed[member] = chosen
            placed.append(chosen)

    def forget(
        self, borders: Iterable[str], moved: Iterable[str] = (), gone: Iterable[str] = ()
    ) -> dict[str, BadgeSpot]:
        """Forget what depends on these borders, for their zones' names or tokens changed;
        `moved`: borders whose line or badge changed (or which are new), `gone`: borders removed
        (their old neighbours among `borders`). Returns where the badges placed before stood, by
        border, for each badge placed again from now on: the caller paints them again there and
        where they go."""
        gone = set(gone)
        moved = set(moved) - gone
        changed = (set(borders) - gone) | moved | {n for b in moved for n in self._neighbours(b)}
        around = changed | {n for b in changed for n in self._neighbours(b)}
        for b in moved | gone:
            self._lines.pop(b, None)
        for b in changed | gone:
            self._home_clear.pop(b, None)
        dropped = around | gone
        for b in around | gone:
            dropped |= self._cluster.get(b, frozenset())
        was = {b: self._placed.pop(b) for b in dropped if b in self._placed}
        for b in dropped:
            self._cluster.pop(b, None)
        seen: set[str] = set()
        for b in around:  # a cluster too large before may fall apart into ones now settled
            if b in seen or self.at_home(b):
                continue
            members, too_many = self._members(b, marks=False)
            seen.update(members)
            if not too_many:
                for member in members:
                    if member in self._placed:
                        was[member] = self._placed.pop(member)
                    self._cluster.pop(member, None)
        return was
