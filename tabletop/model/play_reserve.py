"""The sides of an extended conflict with reserve, kept with the map between timeslices.

Reserve is spent and lost over many timeslices, so what each side has left is saved with the
conflict and each timeslice is one undo step, like any play step.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StringConstraints

from tabletop.model.base import AtMost, GameNumber, Line, Model

ScoreName = Annotated[Line, StringConstraints(min_length=1, max_length=40)]
MAX_SCORES = 20
"""The most defensive scores, and Core Values, one side keeps: the text's sides have a few."""


class ReserveSide(Model):
    """One side: combined Offense, Defense and Force, the Reserve left per defensive score, and
    the Core Values an argument may go against or be consistent with (name and rating)."""

    name: Annotated[Line, StringConstraints(min_length=1)]
    offense: GameNumber = 0
    defense: GameNumber = 0
    force: GameNumber = 0
    reserve: Annotated[dict[ScoreName, GameNumber], AtMost(MAX_SCORES)] = Field(default_factory=dict, fail_fast=True)
    core_values: Annotated[dict[ScoreName, GameNumber], AtMost(MAX_SCORES)] = Field(
        default_factory=dict, fail_fast=True
    )
    folded: bool = False
    escaped: bool = False
    beaten: bool = False
    """At the attacker's mercy and the victory taken: out of the conflict."""
