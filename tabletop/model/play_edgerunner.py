"""What an Edgerunner conflict remembers of each participant between actions.

Edgerunner is played in exchanges where everyone acts once, in the order social initiative
gives; a continue action repeats the last action's shifts, and a defense holds a stress
threshold only while its holder keeps continuing it, so both are remembered here.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from tabletop.model.base import MAX_GAME_NUMBER, GameNumber, Id, Line, Model

EdgerunnerAction = Literal[
    "move", "move another", "attack", "defense", "maneuver", "recovery", "resist", "continue", "simple"
]
"""The actions of the text, in its words; every action in a conflict is one of them."""
EDGERUNNER_ACTIONS: tuple[str, ...] = EdgerunnerAction.__args__

AspectTarget = Literal["token", "zone", "border", "scene"]
"""What a maneuver may place an aspect on: a token, a zone, a border, or the scene itself."""

Shifts = Annotated[int, Field(ge=-MAX_GAME_NUMBER, le=MAX_GAME_NUMBER)]
"""Shifts of a roll: negative when the roll failed (spin), as typed by the GM."""


class LastAction(Model):
    """Skill, action and target of the last exchange's action with its shifts: the same three
    again must be a continue, which gets these shifts without a roll."""

    skill: Line = ""
    action: EdgerunnerAction
    target: Line = ""
    shifts: Shifts = 0
    track: Line = ""
    """The stress track an attack, defense or recovery worked on, so a continue works on it again."""
    on: AspectTarget | None = None
    aspect: Line = ""
    """What a maneuver placed its aspect on, and the aspect, for the same reason."""


class HeldDefense(Model):
    """A defense in force: the holder set the target's track threshold; it reverts when the
    holder takes another action or the target moves."""

    target: Id
    track: Line
    threshold: GameNumber


class EdgerunnerTurn(Model):
    """One participant's state in the current exchange, and what carries to the next."""

    acted: bool = False
    compelled: bool = False
    bid: GameNumber | None = None
    last: LastAction | None = None
    defense: HeldDefense | None = None
    spin: GameNumber = 0
    """Shifts below zero on a failed move: "he may get spin, which can be used against him later"."""
