"""Shared pieces of the model: the strict base class, ids, colours, aspects and stress tracks.

Every model class refuses unknown fields, so a typo in a hand-edited map file is reported
instead of silently dropped. Every list and table field stops its check at the first item it
refuses (`fail_fast`): a GM is told the first problem and no more, and a file of millions of
bad values would otherwise hold a refusal for each, many times the file's own memory.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Self

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from tabletop.model.record import Record, check_update, record

MAX_COORDINATE = 100_000.0
"""How far from the origin anything on a map may lie, in map units: at 40 units an area,
2,500 areas each way, and a 100k-zone map is 23,000 units across; small enough that the
window and every export stay quick (a zone a million units long held the window for seconds)."""
MAX_RADIUS = 10_000.0
"""The largest node zone's radius, in map units."""
MAX_AREA_SIZE = 1_000.0
"""The largest side of one area of an encounter grid, in map units."""
MAX_POINTS = 10_000
"""The most points one polygon zone may have: a traced coastline needs a few hundred."""
MAX_MAP_POINTS = 2_000_000
"""The most points all of a map's polygons may have together: a city of 100,000 hand-drawn
zones has some twenty points each; a map past this is a drawing no table can read, and every
picture of a map is work in proportion to its points."""
MAX_LINE = 200
"""The longest name, title, label, side or aspect, in characters: three lines of this page, past
any name a table reads aloud; a picture measures and cuts each name it writes."""
MAX_TEXT = 50_000
"""The longest description, note or story, in characters: some twenty printed pages, past any
note a GM reads at the table; the panes that show one hold it whole."""
MAX_ASPECTS = 50
"""The most aspects one zone, border, token or scene may carry: a maneuver places one, a busy
scene has a handful."""
MAX_GAME_NUMBER = 1_000
"""The largest speed, reach, pass value, door cost, invoke count or threshold a map may hold:
a game's numbers are a few units, and a search bounded by them stays quick."""

LINE_PATTERN = r"^[^\x00-\x1f\x7f-\x9f\u2028\u2029\ufffe\uffff]*$"
"""Names, titles and labels: one line of text, no control characters (a terminal escape or a
line break would break every one-line message and the SVG that shows them)."""
TEXT_PATTERN = r"^[^\x00-\x08\x0b-\x1f\x7f-\x9f\ufffe\uffff]*$"
"""Notes and descriptions: text with new lines and tabs, no other control characters."""

Line = Annotated[str, StringConstraints(max_length=MAX_LINE, pattern=LINE_PATTERN)]
Text = Annotated[str, StringConstraints(max_length=MAX_TEXT, pattern=TEXT_PATTERN)]
"""Both patterns also refuse what cannot be written as UTF-8 (a lone surrogate), because the
check runs on the text as Unicode: io/read.py words those refusals for a GM."""

Id = Annotated[str, StringConstraints(min_length=1, max_length=200, pattern=r"^[^\s\x00-\x1f\x7f-\x9f\ufffe\uffff]+$")]
"""Stable ids are strings without white space, so commands and items survive copies."""

Colour = Annotated[str, StringConstraints(pattern=r"^#[0-9a-fA-F]{6}$")]
"""A colour as #rrggbb, the form a GM can type and Qt can read."""

NonNegative = Annotated[int, Field(ge=0)]
GameNumber = Annotated[int, Field(ge=0, le=MAX_GAME_NUMBER)]
"""A speed, reach, cost or count a game can mean."""
Coordinate = Annotated[float, Field(ge=-MAX_COORDINATE, le=MAX_COORDINATE)]
Point = tuple[Coordinate, Coordinate]


class Model(BaseModel):
    """The base of every model class: unknown fields are errors, assignments are validated."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True, allow_inf_nan=False)

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy with `update` checked as an assignment is (pydantic's own skips the checks)."""
        new = super().model_copy(update=update, deep=deep)
        if update:
            check_update(new, update)
        return new


@record
class Aspect(Record):
    """An aspect placed on a zone, border, token or the scene, with its free invokes.

    A maneuver buys free invokes; their number is also the aspect's stress boxes when
    someone attacks it to get rid of it.
    """

    name: Annotated[Line, StringConstraints(min_length=1)]
    free_invokes: GameNumber = 0


@record
class Consequence(Record):
    """A consequence a resister took to "remove shifts from the ongoing action" (Edgerunner,
    "Resist"): it stays on the character after the conflict ("Any consequences remain
    regardless of how long an exchange may take"), with the shifts it bought."""

    name: Annotated[Line, StringConstraints(min_length=1)]
    shifts: GameNumber = 0


@record
class StressTrack(Record):
    """A stress track: numbered boxes, those marked, and the threshold.

    Stress higher than the threshold takes the owner out; a defense replaces the threshold
    until the defender acts again, so the original is kept beside it.
    """

    name: Annotated[Line, StringConstraints(min_length=1)]
    boxes: Annotated[int, Field(ge=0, le=100)] = 5
    marked: list[Annotated[int, Field(ge=1)]] = Field(default_factory=list, fail_fast=True)
    threshold: GameNumber = 0
    defended_threshold: GameNumber | None = None

    @property
    def threshold_now(self) -> int:
        """The threshold stress is measured against now: a held defense's, else the track's own."""
        return self.threshold if self.defended_threshold is None else self.defended_threshold

    @model_validator(mode="after")
    def _marked_boxes_exist(self) -> StressTrack:
        for box in self.marked:
            if box > self.boxes:
                raise ValueError(f"stress track '{self.name}' marks box {box} but has only {self.boxes} boxes")
        if len(set(self.marked)) != len(self.marked):
            raise ValueError(f"stress track '{self.name}' marks the same box twice")
        return self
