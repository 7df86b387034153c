"""Borders between zones and the passages through them, each with its pass values."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from tabletop.model.base import MAX_ASPECTS, MAX_PASSAGES, Aspect, AtMost, GameNumber, Id, Line, StressTrack
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
    a window is impassable both ways and "clear".
    """

    label: Line = ""
    cost_from_a: GameNumber | None = 1
    cost_from_b: GameNumber | None = 1
    door: Door | None = None
    sight: Sight = "door"

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

    def side_of(self, zone_id: str) -> Literal["a", "b"]:
        """Which end of the border a zone is, so a caller can pick the cost for its direction."""
        if zone_id == self.a:
            return "a"
        if zone_id == self.b:
            return "b"
        raise KeyError(f"zone '{zone_id}' is not on border '{self.id}'")

    def other(self, zone_id: str) -> str:
        return self.b if self.side_of(zone_id) == "a" else self.a
