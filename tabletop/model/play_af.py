"""What an AF encounter remembers of each participant between turns.

At each turn a participant resets the guard and gains a snap and an action; defend and screen
give defenses until a later turn, and down or a screen costs the next action, so each of
those is a counter or flag here rather than something the GM must remember.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from tabletop.model.base import GameNumber, Model

Reflex = Annotated[int, Field(ge=-1000, le=1000)]
"""A participant's reflex: turns run from the highest."""


class AfTurn(Model):
    """One participant's guard, snap, action and defenses, as of now."""

    reflex: Reflex = 0
    guards: GameNumber = 1
    snaps: GameNumber = 0
    action: bool = False
    defenses: bool = False
    defenses_until: GameNumber | None = None
    """The turn count (see Conflict.turns_taken) at which defenses from defend or screen lapse."""
    lose_next_action: bool = False
    moved: bool = False
