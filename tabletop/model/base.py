"""Shared pieces of the model: the strict base class, ids, colours, aspects and stress tracks.

Every model class refuses unknown fields, so a typo in a hand-edited map file is reported
instead of silently dropped.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

Id = Annotated[str, StringConstraints(min_length=1, max_length=200, pattern=r"^[^\s]+$")]
"""Stable ids are strings without white space, so commands and items survive copies."""

Colour = Annotated[str, StringConstraints(pattern=r"^#[0-9a-fA-F]{6}$")]
"""A colour as #rrggbb, the form a GM can type and Qt can read."""

NonNegative = Annotated[int, Field(ge=0)]


class Model(BaseModel):
    """The base of every model class: unknown fields are errors, assignments are validated."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True, allow_inf_nan=False)


class Aspect(Model):
    """An aspect placed on a zone, border, token or the scene, with its free invokes.

    A maneuver buys free invokes; their number is also the aspect's stress boxes when
    someone attacks it to get rid of it.
    """

    name: Annotated[str, StringConstraints(min_length=1)]
    free_invokes: NonNegative = 0


class StressTrack(Model):
    """A stress track: numbered boxes, those marked, and the threshold.

    Stress higher than the threshold takes the owner out; a defense replaces the threshold
    until the defender acts again, so the original is kept beside it.
    """

    name: Annotated[str, StringConstraints(min_length=1)]
    boxes: Annotated[int, Field(ge=0, le=100)] = 5
    marked: list[Annotated[int, Field(ge=1)]] = Field(default_factory=list)
    threshold: NonNegative = 0
    defended_threshold: NonNegative | None = None

    @model_validator(mode="after")
    def _marked_boxes_exist(self) -> StressTrack:
        for box in self.marked:
            if box > self.boxes:
                raise ValueError(f"stress track '{self.name}' marks box {box} but has only {self.boxes} boxes")
        if len(set(self.marked)) != len(self.marked):
            raise ValueError(f"stress track '{self.name}' marks the same box twice")
        return self
