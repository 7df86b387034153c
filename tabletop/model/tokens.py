"""Tokens: the characters, vehicles, daemons and problems that stand on the map."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator

from tabletop.model.base import (
    MAX_ASPECTS,
    MAX_CONSEQUENCES,
    MAX_TRACKS,
    Aspect,
    AtMost,
    Colour,
    Consequence,
    GameNumber,
    Id,
    Line,
    Model,
    StressTrack,
)
from tabletop.model.pictures import PicturePath

TokenState = Literal["down", "bleeding", "falling", "stall", "exhausted"]
"""A token's conflict states; whether the players see it is `Token.hidden`, said once."""
TOKEN_STATES: tuple[str, ...] = TokenState.__args__
"""The states in the order a GM reads them, for choice lists."""


AreaNumber = Annotated[int, Field(ge=-10_000, le=10_000)]
"""An area row or column; a grid reaches at most 5,005 areas from its first tile."""


class ZoneLocation(Model):
    """A token standing in a zone of a zone map."""

    kind: Literal["zone"] = "zone"
    zone: Id


class AreaLocation(Model):
    """A token standing in one area of an encounter grid (global area row and column)."""

    kind: Literal["area"] = "area"
    grid: Id
    row: AreaNumber
    col: AreaNumber


Location = Annotated[ZoneLocation | AreaLocation, Field(discriminator="kind")]


class Speeds(Model):
    """Areas a token can cover in one maneuver, by move type; the texts' normal speeds."""

    run: GameNumber = 2
    climb: GameNumber = 1
    jump: GameNumber = 1
    swim: GameNumber = 1
    fly: GameNumber | None = None

    def of(self, move: str) -> int:
        """The speed for a move type; 0 for a move type the token does not have."""
        value = getattr(self, move)
        return value or 0


MAX_CROP_ZOOM = 20.0
"""The closest a token's crop may come: a face picked out of a party's portrait; past it a
picture's pixels show as blocks on the disc."""


class TokenPicture(Model):
    """A token's art: a picture kept with the map (as the background is) and the part of it the
    disc shows. The crop is a square centred at (x, y), fractions of the picture's width and
    height, its side the picture's shorter side divided by `zoom` (1: the largest square)."""

    path: PicturePath
    x: Annotated[float, Field(ge=0, le=1)] = 0.5
    y: Annotated[float, Field(ge=0, le=1)] = 0.5
    zoom: Annotated[float, Field(ge=1, le=MAX_CROP_ZOOM)] = 1.0


class Token(Model):
    """Someone or something on the map, with its side, facing, speeds and conflict state.

    Facing is in degrees on the compass of the map: 0 faces up (north), 90 right (east).
    Any angle is allowed; it is kept in [0, 360).
    """

    id: Id
    name: Line = ""
    side: Line = "neutral"
    colour: Colour = "#c0392b"
    location: Location | None = None
    facing: float = 0.0
    reach: GameNumber = 1
    speeds: Speeds = Field(default_factory=Speeds)
    stress: Annotated[list[StressTrack], AtMost(MAX_TRACKS)] = Field(default_factory=list, fail_fast=True)
    aspects: Annotated[list[Aspect], AtMost(MAX_ASPECTS)] = Field(default_factory=list, fail_fast=True)
    states: Annotated[list[TokenState], AtMost(len(TOKEN_STATES))] = Field(default_factory=list, fail_fast=True)
    consequences: Annotated[list[Consequence], AtMost(MAX_CONSEQUENCES)] = Field(default_factory=list, fail_fast=True)
    problem: bool = False
    """A problem standing for a long action (Edgerunner, "Long actions"): it has an aspect or
    two and a stress track, is attacked, defended and moved, and never takes a turn."""
    hidden: bool = False
    picture: TokenPicture | None = None
    """Its art on the disc; None draws the disc in its colour."""

    @field_validator("facing")
    @classmethod
    def _facing_on_the_compass(cls, value: float) -> float:
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError("facing must be a number of degrees")
        return value % 360.0

    @field_validator("states")
    @classmethod
    def _states_once(cls, value: list[str]) -> list[str]:
        if len(set(value)) != len(value):
            raise ValueError("a token lists the same state twice")
        return value

    @property
    def label(self) -> str:
        return self.name or self.id
