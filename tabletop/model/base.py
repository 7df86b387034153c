"""Shared pieces of the model: the strict base class, ids, colours, aspects and stress tracks.

Every model class refuses unknown fields, so a typo in a hand-edited map file is reported
instead of silently dropped. Every list and table field stops its check at the first item it
refuses (`fail_fast`): a GM is told the first problem and no more, and a file of millions of
bad values would otherwise hold a refusal for each, many times the file's own memory. Every
list and table a map can fill in bulk is capped (`AtMost`), its items counted before one is read.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Self

from pydantic import BaseModel, ConfigDict, Field, GetCoreSchemaHandler, StringConstraints, model_validator
from pydantic_core import CoreSchema, PydanticKnownError, core_schema

from tabletop.bounds import MAX_LINE, MAX_TEXT
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
MAX_ASPECTS = 50
"""The most aspects one zone, border, token or scene may carry: a maneuver places one, a busy
scene has a handful."""
MAX_GAME_NUMBER = 1_000
"""The largest speed, reach, pass value, door cost, invoke count or threshold a map may hold:
a game's numbers are a few units, and a search bounded by them stays quick."""

# The counts of what a map holds in bulk. A loaded map takes many times its file's bytes (a
# token of a few dozen bytes of JSON is a model object, its dicts and its lists), so a file of
# millions of small things, well within the file's size cap, would fill the computer's memory:
# each count is capped far past any map a GM draws, and counted before an item is read.
MAX_ZONES = 500_000
"""The most zones a map may have: the biggest city the benchmarks open has 100,000."""
MAX_BORDERS = 1_500_000
"""The most borders: zones that tile a plane meet at most three borders each on average."""
MAX_TOKENS = 10_000
"""The most tokens (and so participants in a conflict): a battle on the table has dozens."""
MAX_GRIDS = 100
"""The most encounter grids on one map: a campaign's map has a handful, each of up to 2,500 tiles."""
MAX_TILE_SETS = 100
"""The most tile sets one map keeps: a grid draws from one."""
MAX_SET_TILES = 1_000
"""The most tiles in one tile set: the texts' sets have nine to thirty."""
MAX_PROPERTY_DRAWS = 1_000
"""The most entries of a tile set's random properties (an entry repeated weighs its chance)."""
MAX_SEGMENTS = 25
"""The most segments on one tile, and areas in one segment: a tile has 5x5 areas."""
MAX_SIDES = 100
"""The most setup marks on one grid (one a side)."""
MAX_PASSAGES = 50
"""The most passages through one border: the texts' wall with a door has three."""
MAX_TRACKS = 20
"""The most stress tracks one token keeps: the texts' characters have two."""
MAX_CONSEQUENCES = 50
"""The most consequences one token carries: the texts give a character three slots."""
MAX_LOG_NUMBERS = 50
"""The most named numbers in one log entry: an attack's roll, shifts and stress are a handful."""
MAX_BOXES = 100
"""The most boxes on one stress track (and so marks): the texts' tracks have a few."""

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


@dataclass(frozen=True)
class AtMost:
    """A list or table of at most `cap` items, counted before any item is read: a file of a
    million tokens is refused at once, not after its first 10,000 tokens were made (pydantic's
    own max_length counts while it reads). The JSON Schema says the cap (maxItems)."""

    cap: int

    @property
    def max_length(self) -> int:
        """The cap under pydantic's name for it, as a reader asks a field's metadata."""
        return self.cap

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        schema = handler(source)
        if schema["type"] not in ("list", "dict"):
            raise TypeError(f"AtMost caps a list or a table, not {schema['type']}")
        schema["max_length"] = self.cap  # type: ignore[typeddict-unknown-key]
        return core_schema.no_info_before_validator_function(self._counted, schema)

    def _counted(self, value: Any) -> Any:
        if isinstance(value, list | dict) and len(value) > self.cap:
            raise PydanticKnownError(
                "too_long", {"field_type": "List", "max_length": self.cap, "actual_length": len(value)}
            )
        return value


NonNegative = Annotated[int, Field(ge=0)]
GameNumber = Annotated[int, Field(ge=0, le=MAX_GAME_NUMBER)]
"""A speed, reach, cost or count a game can mean."""
Coordinate = Annotated[float, Field(ge=-MAX_COORDINATE, le=MAX_COORDINATE)]
Point = tuple[Coordinate, Coordinate]


class Model(BaseModel):
    """The base of every model class: unknown fields are errors, assignments are validated."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True, allow_inf_nan=False, defer_build=True)
    """Checks built at the class's first use, or by build_checks, as the records' are."""

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
    boxes: Annotated[int, Field(ge=0, le=MAX_BOXES)] = 5
    marked: Annotated[list[Annotated[int, Field(ge=1)]], AtMost(MAX_BOXES)] = Field(
        default_factory=list, fail_fast=True
    )
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
