"""AF encounter: what a reaction's check makes of the check it contests, once the GM types its
result: the defense against the attack's result, and whether the attack's damage lands.

Source: ../shared/rules/af-encounter.txt, "Defense" ("A defense contests an opponent's check
against you"), "Action" ("Attack: ... Roll damage if you succeed"), "Guard" ("your guard
cooperates with the defense check") and "Overlap" ("If you fail or the defense ... wins"). A
contest goes to the higher result. The text does not say who wins a tie, how a guard and a
defense that cooperate add up, or what becomes of the attack a counter answers ("attack in
place of diverting the attack"): those are said as the table's to decide, never guessed.
"""

from __future__ import annotations

from tabletop.model import Conflict
from tabletop.rules.af_attacks import result_of

TABLE = "the table decides"


def outcome(
    conflict: Conflict, index: int, kind: str, result: int | None, modifier: int = 0, together: str = ""
) -> str:
    """The contest in words, for the log and the helper: "dodge 12 against aim 14: the attack
    wins, damage 3". `index` is the contested check's place in the log, `kind` the reaction's
    type (a dodge, a counter), `modifier` the flank's and the crouch's (added to the typed
    result), `together` the reaction this one cooperates with, if any."""
    entry = conflict.log[index]
    found = result_of(entry.numbers)
    if result is None:
        against = f" to compare with {found[0]} {found[1]}" if found else ""
        return f"type the {kind}'s result{against}"
    total = result + modifier
    mine = f"{kind} {result}" + (f" {modifier:+d} = {total}" if modifier else "")
    if found is None:
        return f"{mine}: no result of the {entry.action} in the log, {TABLE}"
    head = f"{mine} against {found[0]} {found[1]}"
    if together:
        return f"{head}: it cooperates with the {together}; how the two add up is not in the text, {TABLE}"
    if total == found[1]:
        return f"{head}: a tie; the text does not say who wins one, {TABLE}"
    if total > found[1]:
        if kind == "counter":
            return f"{head}: the counter wins and attacks in place of diverting the attack"
        if kind in ("insight", "retort"):
            return f"{head}: the {kind} wins; only its effects on the defender are avoided"
        return f"{head}: the {kind} wins, the {entry.action} fails"
    if entry.action != "attack":
        return f"{head}: the {entry.action} succeeds"
    damage = entry.numbers.get("damage")
    return f"{head}: the attack wins, " + (f"damage {damage}" if damage is not None else "roll damage")
