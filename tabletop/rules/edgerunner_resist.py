"""Resist, as the Edgerunner text has it: "you take stress and/or a number of consequences,
and remove shifts from the ongoing action ... You may also invoke aspects to reduce the roll
by 2". Source: ../shared/rules/edgerunner-conflicts.txt, "Resist".

What the resister pays is what comes off the action: each point of stress one shift, each
consequence its shifts, each aspect invoked two, and `shifts` on the GM's word. "You must be
the target of the action in order to resist it", so the resister is always the action's
target; only a token can take stress or consequences (a border or the scene resists with
invokes or on the GM's word).

"Except when resisting direct attacks, you determine the type of stress you take": against a
move another or a maneuver the resister names the track (its only one when it has one). An
attack's stress is the attack's own: consequences, invokes and `shifts` come off its shifts
first, and what is left marks the attacked track as any attack does. So on an attack
`stress`, when given, says how much of it the resister takes, and must be what is left; a
`track` other than the attacked one is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.model import Consequence
from tabletop.rules.edgerunner_state import SHIFT_LIMIT, Work
from tabletop.rules.edgerunner_stress import take_stress
from tabletop.rules.play import logged

INVOKE_SHIFTS = 2
"""An aspect invoked while resisting "reduces the roll by 2"."""


@dataclass(frozen=True)
class Paid:
    """What a resist took off the action, the stress the resister said it takes from an
    attack (None when it said nothing), and whether its own stress took it out."""

    resisted: int = 0
    attack_stress: int | None = None
    out: bool = False


def offered(resist: dict[str, Any] | None, *, attack: bool = False) -> int:
    """The shifts a resist takes off an action, without paying it (the helper's words)."""
    if not resist:
        return 0
    paid = resist.get("shifts", 0) + INVOKE_SHIFTS * resist.get("invokes", 0)
    paid += sum(c.get("shifts", 0) for c in resist.get("consequences", []))
    if not attack:
        paid += resist.get("stress", 0)
    return min(paid, SHIFT_LIMIT)


def pay(work: Work, resister: str, actor: str, resist: dict[str, Any] | None, *, attack_track: str = "") -> Paid:
    """The resister pays: stress marked on its track (box n; over the threshold it is taken
    out), consequences kept on it, and a log entry "resists" with what it paid. `attack_track`
    names the attacked track when the action is an attack."""
    if not resist:
        return Paid()
    if resister == actor:
        raise ValueError("a resist comes from the action's target, not from whoever acts")
    stress, consequences = resist.get("stress", 0), resist.get("consequences", [])
    takes = bool(stress or consequences or resist.get("track"))
    if takes and not work.has_token(resister):
        name = work.label(resister) or "the scene"
        raise ValueError(f"{name} cannot take stress or consequences: it resists with invokes or shifts only")
    numbers: dict[str, int] = {}
    out = False
    if attack_track:
        if resist.get("track") and resist["track"] != attack_track:
            raise ValueError(
                f"resisting a direct attack, the stress is the attack's own ({attack_track}), not {resist['track']}"
            )
    elif resist.get("track") and not stress:
        raise ValueError(f"a resist names the {resist['track']} track for its stress: say how much ('stress')")
    elif stress:
        track = work.track(resister, resist.get("track", ""))
        hit = take_stress(track, stress)
        work.set_track(resister, hit.track)
        numbers["stress"] = stress
        if hit.box is not None:
            numbers["box"] = hit.box
        out = hit.taken_out
    if consequences:
        token = work.token(resister)
        taken = [Consequence(name=c["name"], shifts=c["shifts"]) for c in consequences]
        token.consequences = [*token.consequences, *taken]
        numbers["consequences"] = sum(c["shifts"] for c in consequences)
    if resist.get("invokes"):
        numbers["invokes"] = resist["invokes"]
    if resist.get("shifts"):
        numbers["on the GM's word"] = resist["shifts"]
    resisted = offered(resist, attack=bool(attack_track))
    numbers["resisted"] = resisted
    story = ", ".join(c["name"] for c in consequences)
    work.conflict = logged(work.conflict, actor=resister, action="resists", target=actor, numbers=numbers, story=story)
    return Paid(resisted, stress if attack_track and "stress" in resist else None, out)


def check_attack_stress(paid: Paid, left: int, track: str) -> None:
    """The stress a resister says it takes from an attack must be what the attack has left."""
    if paid.attack_stress is not None and paid.attack_stress != max(left, 0):
        raise ValueError(f"the attack leaves {max(left, 0)} {track} stress to take, not {paid.attack_stress}")
