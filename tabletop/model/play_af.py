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
    """One participant's guard, snap, action and defenses, as of now.

    "Until your next turn" effects (defend's defenses, fend, quip, crouch, prepare) lapse when
    the holder's next turn begins; a screen's defenses outlast one more turn start, which is
    what `defense_turns` counts.
    """

    reflex: Reflex = 0
    guards: GameNumber = 1
    snaps: GameNumber = 0
    action: bool = False
    defenses: bool = False
    """A defense against every check that targets this participant (defend or screen)."""
    defense_turns: GameNumber = 0
    """Turn starts the defenses outlast: 0 after defend (they lapse at the next turn), 1 after
    a screen between turns (they hold through the next turn, whose action the screen took)."""
    lose_next_action: bool = False
    moved: bool = False
    """The action this turn was a maneuver: a hustle then gets at least 1 area."""
    extra_parries: GameNumber = 0
    """Extra parry defenses from the fend snap, until the next turn."""
    extra_retorts: GameNumber = 0
    """Extra retort defenses from the quip snap, until the next turn."""
    crouched: bool = False
    """Crouch snap: +2 to dodge attacks the adjacent cover applies to, until the next turn."""
    prepared: bool = False
    """Prepare snap: +2 on the next check or until the next turn."""
    snap_lost: bool = False
    """The snap went unused and was lost when the turn ended ("it is simply lost when your
    turn ends"), shown in the turn list until the next turn begins."""
    action_lost: bool = False
    """The action went unused and was lost when the turn ended."""
