"""AF encounter: what a participant holds between steps (guard, snap, action, defenses) and
what lapses when a turn ends.

Source: ../shared/rules/af-encounter.txt, "Turn", "Guard", "Snap" and "Defense". The lowest of
the AF modules: the turns, the actions, the reactions and the end of an exchange all read and
change a participant's AfTurn through these few functions.
"""

from __future__ import annotations

from tabletop.model import AfTurn, Conflict
from tabletop.rules.play import logged

ROUNDS = 5
"""An encounter "is run in exchanges of 5 rounds" ("Exchange")."""


def turn_of(conflict: Conflict, token: str) -> AfTurn:
    """A participant's AF turn state (a fresh one if the conflict never gave it one)."""
    return conflict.participant(token).af or AfTurn()


def with_turn(conflict: Conflict, token: str, **changes) -> Conflict:
    """The conflict with one participant's AF turn state changed."""
    participants = [
        p.model_copy(update={"af": turn_of(conflict, token).model_copy(update=changes)}) if p.token == token else p
        for p in conflict.participants
    ]
    return conflict.model_copy(update={"participants": participants})


def defenses_of(conflict: Conflict, token_id: str) -> list[str]:
    """What the target can still contest with this turn: each guard left, a defense against
    every check (defend or screen), and the fend and quip extras ("Guard", "Defense")."""
    turn = turn_of(conflict, token_id)
    found = ["guard"] * turn.guards
    if turn.defenses:
        found.append("a defense against every check")
    found += ["parry (fend)"] * turn.extra_parries
    found += ["retort (quip)"] * turn.extra_retorts
    return found


def lapsed(conflict: Conflict) -> tuple[Conflict, str]:
    """The conflict after the turn of `conflict.turn` ends: its unused snaps and action are
    lost ("If you do not use your snap it is simply lost when your turn ends"; the action is
    the turn's too), logged, and the words for the step's text ("" when nothing lapsed)."""
    actor = conflict.turn
    if actor is None or all(p.token != actor for p in conflict.participants):
        return conflict, ""
    turn = turn_of(conflict, actor)
    lost = []
    if turn.snaps:
        lost.append("snap" if turn.snaps == 1 else f"{turn.snaps} snaps")
    if turn.action:
        lost.append("action")
    if not lost:
        return conflict, ""
    words = f"{' and '.join(lost)} lost"
    conflict = with_turn(conflict, actor, snaps=0, action=False, snap_lost=bool(turn.snaps), action_lost=turn.action)
    return logged(conflict, actor=actor, action=words), words
