"""Borders between zones and the passages through them, each with its pass values."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import Field, model_validator

from tabletop.model.base import MAX_ASPECTS, MAX_PASSAGES, Aspect, AtMost, GameNumber, Id, Line, Point, StressTrack
from tabletop.model.record import Record, record
from tabletop.model.whole_map import end_problems

DoorState = Literal["open", "closed", "locked", "broken"]
Sight = Literal["door", "clear", "blocked"]
"""Whether a passage lets sight through: "door" as its door is (a closed or locked door blocks
sight, an open or broken one does not, and a passage with no door is open ground), "clear"
always (a window, a glass door, a railing), "blocked" never (a wall with a hatch in it)."""


@record
class Door(Record):
    """Door-like state on a passage: a closed door costs `open_cost` more, a locked one bars it.

    "1 to go through the open door, 2 more to open or close the door": the passage's own cost
    is the 1, `open_cost` is the 2. A broken door stays open.
    """

    state: DoorState = "closed"
    open_cost: GameNumber = 2


@record
class Passage(Record):
    """One way through a border, with its pass value from each side.

    `cost_from_a` is paid when moving from the border's zone `a` into zone `b`, and
    `cost_from_b` the other way; None means this way is impassable from that side (a one-way
    vent, a firewall that only lets traffic out). `sight` says whether one can see through it:
    a window is impassable both ways and "clear". `place` is where on its border the passage
    is (a door in a long wall), a point of the map on the border's line: the border's badge
    stands there; None, the badge stands at the line's middle.
    """

    label: Line = ""
    cost_from_a: GameNumber | None = 1
    cost_from_b: GameNumber | None = 1
    door: Door | None = None
    sight: Sight = "door"
    place: Point | None = None

    @property
    def blocks_sight(self) -> bool:
        if self.sight != "door":
            return self.sight == "blocked"
        return self.door is not None and self.door.state in ("closed", "locked")


def _one_passage() -> list[Passage]:
    return [Passage()]


@record
class Border(Record):
    """Where two zones meet. All borders have a pass value, 1 unless said otherwise.

    A border can be attacked like anything that resists: it may carry aspects and a stress
    track, and once taken out the GM redefines its passages.
    """

    id: Id
    a: Id
    b: Id
    label: Line = ""
    passages: Annotated[list[Passage], AtMost(MAX_PASSAGES)] = Field(default_factory=_one_passage, fail_fast=True)
    aspects: Annotated[list[Aspect], AtMost(MAX_ASPECTS)] = Field(default_factory=list, fail_fast=True)
    stress: StressTrack | None = None

    @model_validator(mode="after")
    def _two_different_zones(self) -> Border:
        rows = {self.a: 0, self.b: 1}  # each end as a row of the zones it names: one row when they are one zone
        problems = end_problems([self.id], [rows[self.a]], [rows[self.b]], None, lambda end, k: self.a)
        if problems:
            raise ValueError(problems[0])
        return self

    @property
    def blocks_sight(self) -> bool:
        """A border with no passage is a wall: sight goes through a border only by a passage."""
        passages = self.passages
        if len(passages) == 1:  # most borders: asked per border a sight walk crosses
            return passages[0].blocks_sight
        return all(passage.blocks_sight for passage in passages)

    @property
    def place(self) -> Point | None:
        """Where the border's badge stands: the place of its first passage that has one."""
        return next((passage.place for passage in self.passages if passage.place is not None), None)

    def side_of(self, zone_id: str) -> Literal["a", "b"]:
        """Which end of the border a zone is, so a caller can pick the cost for its direction."""
        if zone_id == self.a:
            return "a"
        if zone_id == self.b:
            return "b"
        raise KeyError(f"zone '{zone_id}' is not on border '{self.id}'")

    def other(self, zone_id: str) -> str:
        return self.b if self.side_of(zone_id) == "a" else self.a


PLACE_SLACK = 4.0
"""How far off its border's line a passage's place may lie, in map units: a place is put on the
line (an import, a drag along it), and the slack takes a drawing's rounding."""

Outline = Sequence[Point] | tuple[Point, float]
"""A zone's shape as the place check reads it: a polygon's points, or a node's (centre, radius)."""


def place_off(place: Point, a: Outline, b: Outline) -> float:
    """How far a place lies from the border between two zones' shapes: the line from rim to rim
    between their centres (a node's rim, a polygon's centre), as the map draws a border between
    zones that share no edge; and on a wall two rooms share, near both outlines (the farther of
    the two counts). Which of the two the map draws is the geometry's to say: the nearer is taken."""
    (ca, ra), (cb, rb) = _disc(a), _disc(b)
    length = math.dist(ca, cb)
    ux, uy = ((cb[0] - ca[0]) / length, (cb[1] - ca[1]) / length) if length else (0.0, 1.0)
    start = (ca[0] + ux * ra, ca[1] + uy * ra)
    end = (cb[0] - ux * rb, cb[1] - uy * rb)
    if _is_polygon(a) and _is_polygon(b) and shared_edges(a, b):  # type: ignore[arg-type]
        return max(_outline_distance(place, a), _outline_distance(place, b))  # type: ignore[arg-type]
    return _segment_distance(place, start, end)


def place_problem(border_id: str, place: Point, a: Outline, b: Outline) -> str | None:
    """A place too far off its border's line, in one line naming the border."""
    off = place_off(place, a, b)
    if off <= PLACE_SLACK:
        return None
    return (
        f"border '{border_id}': a passage's place ({place[0]:g}, {place[1]:g}) is {off:,.1f} units off the "
        f"border's line; a place is on it, within {PLACE_SLACK:g}"
    )


def _is_polygon(outline: Outline) -> bool:
    return not (len(outline) == 2 and isinstance(outline[1], (int, float)))


def _disc(outline: Outline) -> tuple[Point, float]:
    if _is_polygon(outline):
        points = list(outline)
        return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)), 0.0  # type: ignore[index]
    return outline  # type: ignore[return-value]


def edges(points: Sequence[Point]) -> list[tuple[Point, Point]]:
    """A polygon's edges, the last closing it."""
    return list(zip(points, [*points[1:], points[0]], strict=True))


def shared_edges(a: Sequence[Point], b: Sequence[Point], tolerance: float = 1e-6) -> list[tuple[Point, Point]]:
    """The pieces of edge two polygons share: collinear edges that overlap. Kept with the model,
    which checks a passage's place against them; the geometry draws borders from them.

    Edge pairs whose boxes do not touch are skipped before any arithmetic: on a map of
    thousands of borders this is most of the pairs.
    """
    found: list[tuple[Point, Point]] = []
    others = [
        (q1, q2, min(q1[0], q2[0]), max(q1[0], q2[0]), min(q1[1], q2[1]), max(q1[1], q2[1])) for q1, q2 in edges(b)
    ]
    for p1, p2 in edges(a):
        left, right = min(p1[0], p2[0]) - tolerance, max(p1[0], p2[0]) + tolerance
        top, bottom = min(p1[1], p2[1]) - tolerance, max(p1[1], p2[1]) + tolerance
        dx, dy = p2[0] - p1[0], p2[1] - p1[1]
        length2 = dx * dx + dy * dy
        if length2 == 0:
            continue
        slack = tolerance * math.sqrt(length2)
        for q1, q2, qleft, qright, qtop, qbottom in others:
            if qright < left or qleft > right or qbottom < top or qtop > bottom:
                continue
            if abs(dx * (q1[1] - p1[1]) - dy * (q1[0] - p1[0])) > slack:
                continue
            if abs(dx * (q2[1] - p1[1]) - dy * (q2[0] - p1[0])) > slack:
                continue
            t1 = ((q1[0] - p1[0]) * dx + (q1[1] - p1[1]) * dy) / length2
            t2 = ((q2[0] - p1[0]) * dx + (q2[1] - p1[1]) * dy) / length2
            lo, hi = max(0.0, min(t1, t2)), min(1.0, max(t1, t2))
            if (hi - lo) * math.sqrt(length2) > tolerance:
                found.append(((p1[0] + dx * lo, p1[1] + dy * lo), (p1[0] + dx * hi, p1[1] + dy * hi)))
    return found


def _outline_distance(place: Point, points: Sequence[Point]) -> float:
    return min(_segment_distance(place, p, q) for p, q in edges(points))


def _segment_distance(place: Point, p: Point, q: Point) -> float:
    dx, dy = q[0] - p[0], q[1] - p[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((place[0] - p[0]) * dx + (place[1] - p[1]) * dy) / length2))
    return math.hypot(place[0] - (p[0] + t * dx), place[1] - (p[1] + t * dy))
