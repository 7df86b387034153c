"""The map: everything a GM prepares before the session, and the checks that keep it whole."""

from __future__ import annotations

from collections.abc import Mapping
from operator import attrgetter
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    Field,
    ValidationError,
    ValidationInfo,
    model_validator,
)

from tabletop.bounds import LATTICE_STEP, MAX_LATTICE_STEP, MIN_LATTICE_STEP
from tabletop.model.base import (
    MAX_BORDERS,
    MAX_GRIDS,
    MAX_TILE_SETS,
    MAX_TOKENS,
    MAX_ZONES,
    AtMost,
    Coordinate,
    Line,
    Model,
    Text,
)
from tabletop.model.borders import Border
from tabletop.model.conflict import MAX_LOG, Conflict
from tabletop.model.grids import EncounterGrid, TileSet
from tabletop.model.pictures import (  # noqa: F401  (named from here by io and the tests)
    MAX_PICTURE_PATH,
    SHOWN_PATH,
    WINDOWS_DEVICES,
    PicturePath,
    picture_path_problem,
)
from tabletop.model.tokens import Token
from tabletop.model.whole_map import (
    conflict_problems,
    count_problems,
    grid_problems,
    map_problems,
    refusal,
    repeated_ids,
    rows_among,
)
from tabletop.model.zones import Zone

FORMAT_VERSION = 10
"""The map file format this code writes. io/migrate.py upgrades every older version to it."""


MAX_BACKGROUND_SCALE = 100.0
"""A picture a hundred times its pixel size is already blurred past use."""


DETAILS = ("title", "notes", "lattice_step")
"""The map's own settings, which no other part of it refers to: each is checked alone when set."""


class Background(Model):
    """A picture under the zones, referenced by a path relative to the map file."""

    path: PicturePath
    x: Coordinate = 0.0
    y: Coordinate = 0.0
    scale: Annotated[float, Field(gt=0, le=MAX_BACKGROUND_SCALE)] = 1.0
    opacity: Annotated[float, Field(ge=0, le=1)] = 1.0


CHECKED_WHOLE = "checked_whole"
"""The validation context's key by which a reader that adds the zones and borders itself (a
map file's columns: io/columns.py) asks the map's last check to wait for it: it checks the
whole map by model/whole_map.py's functions once it has the columns."""


class Map(Model):
    """A zone map with its tokens, and any encounter grids and tile sets played on it."""

    format_version: Literal[10] = FORMAT_VERSION
    title: Line = ""
    notes: Text = ""
    background: Background | None = None
    lattice_step: Annotated[float, Field(ge=MIN_LATTICE_STEP, le=MAX_LATTICE_STEP)] = LATTICE_STEP
    """Where drawn points land, in map units: the map's own, so everyone opening it draws alike."""
    zones: Annotated[list[Zone], AtMost(MAX_ZONES)] = Field(default_factory=list, fail_fast=True)
    borders: Annotated[list[Border], AtMost(MAX_BORDERS)] = Field(default_factory=list, fail_fast=True)
    tokens: Annotated[list[Token], AtMost(MAX_TOKENS)] = Field(default_factory=list, fail_fast=True)
    grids: Annotated[list[EncounterGrid], AtMost(MAX_GRIDS)] = Field(default_factory=list, fail_fast=True)
    tile_sets: Annotated[list[TileSet], AtMost(MAX_TILE_SETS)] = Field(default_factory=list, fail_fast=True)
    conflict: Conflict | None = None

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Map:
        """Unchecked, as pydantic's: a whole map's copies are views (the players' map, an
        export, a step's what-if), never saved as such, and a check would walk every reference."""
        return BaseModel.model_copy(self, update=update, deep=deep)

    @model_validator(mode="after")
    def _references_hold(self, info: ValidationInfo) -> Map:
        if (info.context or {}).get(CHECKED_WHOLE) is not None:  # the caller checks the map once it is whole
            return self
        problems = self.problems()
        if problems:
            raise ValueError(refusal(problems))
        return self

    def problems(self) -> list[str]:
        """Every broken reference, in words a GM understands; empty when the map is whole: the
        checks of model/whole_map.py over the zones' and borders' columns, taken from the records."""
        ids = attrgetter("id")
        zone_ids = list(map(ids, self.zones))
        ends = [list(map(attrgetter(end), self.borders)) for end in ("a", "b")]
        rows = dict(zip(zone_ids, range(len(zone_ids)), strict=True)) if self.borders else {}
        a, b = (rows_among(column, rows) for column in ends)
        return map_problems(
            zone_ids=zone_ids,
            point_total=points_in(self.zones),
            border_ids=list(map(ids, self.borders)),
            a=a,
            b=b,
            named=lambda end, k: ends[end == "b"][k],
            tokens=self.tokens,
            grids=self.grids,
            tile_sets=self.tile_sets,
            conflict=self.conflict,
        )

    # -- parts set whole, each checked alone --------------------------------------------------
    # Assigning a field validates the whole map, every reference of every zone, which a big map
    # cannot afford on every step of play or keystroke. These setters check what the one part
    # can break, then write it without the whole map's check.

    def set_details(self, **details: Any) -> None:
        """Some of the title, the notes and the lattice step, checked alone (an empty map with
        them): assigning them would check the whole map's references on every keystroke. A
        value the map cannot keep raises pydantic's ValidationError, as an assignment would."""
        unknown = set(details) - set(DETAILS)
        if unknown:
            raise TypeError(f"not a map detail: {sorted(unknown)}")
        checked = Map(**details)
        self.__dict__.update({name: getattr(checked, name) for name in details})

    def set_background(self, background: Background | None) -> None:
        """The picture under the zones (None: no picture), checked alone: a path worked out on
        save is copied in unchecked (a folder name with a control character), so the picture
        is validated again here. ValueError says why it cannot be saved."""
        if background is not None:
            try:
                Background.model_validate(background.model_dump())
            except ValidationError as error:
                why = error.errors()[0]["msg"]
                raise ValueError(f"the background picture cannot be saved: {why}") from None
        self.__dict__["background"] = background

    def set_conflict(self, conflict: Conflict | None) -> None:
        """Start, step or end the conflict in play. Play steps copy a conflict without checking
        (101 reserve sides, a turn for a token no longer taking part would save and then not
        open), so it is validated as the loader will, but for its log: each entry was checked
        when it was made, and dumping a long evening's log on every step would cost more than
        the rest. Every participant must stand on the map. ValueError says what would not load."""
        if conflict is not None:
            if len(conflict.log) > MAX_LOG:
                raise ValueError(f"the conflict's log would hold more than {MAX_LOG} entries")
            try:
                Conflict.model_validate(conflict.model_dump(exclude={"log"}))
            except ValidationError as error:
                why = error.errors()[0]["msg"].removeprefix("Value error, ")
                raise ValueError(f"the conflict would not load: {why}") from None
            problems = conflict_problems(conflict, set(map(attrgetter("id"), self.tokens)))
            if problems:
                raise ValueError(problems[0])
        self.__dict__["conflict"] = conflict

    def set_tile_sets(self, tile_sets: list[TileSet]) -> None:
        """The map's tile sets, replaced whole (a set is small and rarely edited): refused with
        ValueError when two share an id or a grid would draw from a set no longer on the map."""
        ids = [s.id for s in tile_sets]
        problems = count_problems({"tile set": len(ids)}, would=True)
        problems += repeated_ids("tile set", ids, would=True) + grid_problems(self.grids, ids, would=True)
        if problems:
            raise ValueError(problems[0])
        self.__dict__["tile_sets"] = list(tile_sets)

    def zone(self, zone_id: str) -> Zone:
        """The zone with this id; KeyError names it when it is not on the map."""
        for zone in self.zones:
            if zone.id == zone_id:
                return zone
        raise KeyError(f"no zone '{zone_id}' on the map")

    def find_zone(self, key: str) -> Zone | None:
        """A zone by id, else by name, else by the start of one name (case-insensitive), as a
        GM types it on the command line; None when nothing or more than one zone fits."""
        for zone in self.zones:
            if zone.id == key:
                return zone
        lowered = key.casefold()
        for fits in (lambda name: name == lowered, lambda name: name.startswith(lowered)):
            named = [z for z in self.zones if fits(z.name.casefold())]
            if named:
                return named[0] if len(named) == 1 else None
        return None

    def grid(self, grid_id: str) -> EncounterGrid:
        for grid in self.grids:
            if grid.id == grid_id:
                return grid
        raise KeyError(f"no grid '{grid_id}' on the map")

    def tile_set(self, set_id: str) -> TileSet:
        for tile_set in self.tile_sets:
            if tile_set.id == set_id:
                return tile_set
        raise KeyError(f"no tile set '{set_id}' on the map")

    def token(self, token_id: str) -> Token:
        for token in self.tokens:
            if token.id == token_id:
                return token
        raise KeyError(f"no token '{token_id}' on the map")


def points_in(zones: list[Zone]) -> int:
    """How many points the zones' polygons have together (a node has none): read in C while
    every zone is a polygon, as in most big maps."""
    try:
        return sum(map(len, map(attrgetter("shape.points"), zones)))
    except AttributeError:  # a node among them
        return sum(len(getattr(shape, "points", ())) for shape in map(attrgetter("shape"), zones))
