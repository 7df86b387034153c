"""The reserve and card resolvers as play steps: what the panes of the play dock push.

rules/reserve.py and rules/cards.py do the arithmetic on plain values; these functions keep
the sides of an extended conflict in the map's Conflict between timeslices and put every
resolution in the conflict log, so each is one undo step and is saved with the map.
"""

from __future__ import annotations

from collections.abc import Mapping

from tabletop.model import Conflict, ReserveSide
from tabletop.rules.cards import Confrontation, Level
from tabletop.rules.play import Step, logged
from tabletop.rules.reserve import Participant, escape, offensive_action, turn_order


def start_reserve(sides: list[ReserveSide], first: str | None = None) -> Step:
    """An extended conflict with reserve between these sides, in the text's order: whoever
    declared the conflict first, then the highest combined Offense."""
    conflict = Conflict(system="reserve", reserve=sides)
    order = ", ".join(p.name for p in turn_order(_participants(conflict), first))
    return Step(logged(conflict, action="start", story=f"order: {order}"), "Start extended conflict")


def reserve_order(conflict: Conflict, first: str | None = None) -> list[str]:
    """Who acts in each timeslice, in order; sides that folded or escaped are out of it."""
    return [p.name for p in turn_order(_participants(conflict), first) if not _side(conflict, p.name).folded]


def offensive(
    conflict: Conflict,
    attacker: str,
    defender: str,
    attack: int,
    defense: int,
    *,
    pays: str,
    attacker_spends: Mapping[str, int] | None = None,
    defender_spends: Mapping[str, int] | None = None,
    weapon: int = 0,
    subtle: bool = False,
    story: str = "",
) -> Step:
    """One offensive action of a timeslice, both rolls typed in: the reserve spent and lost
    is taken from the sides, and the log keeps the rolls, the loss and every why."""
    outcome = offensive_action(
        _participant(conflict, attacker),
        _participant(conflict, defender),
        attack,
        defense,
        pays=pays,
        attacker_spends=attacker_spends,
        defender_spends=defender_spends,
        weapon=weapon,
        subtle=subtle,
    )
    after = _with(conflict, outcome.attacker, outcome.defender)
    why = "; ".join(outcome.loss.why) + ("; at your mercy: the attacker may take a victory" if outcome.victory else "")
    after = logged(
        after,
        actor=attacker,
        action="offensive action",
        target=defender,
        numbers={"attack": attack, "defense": defense, "lost": outcome.loss.lost},
        story=" — ".join(part for part in (story, why) if part),
    )
    return Step(after, f"{attacker} against {defender}: {defender} loses {outcome.loss.lost}")


def escape_step(
    conflict: Conflict, escaper: str, opponent: str, attack: int, escape_roll: int, *, pays: str, story: str = ""
) -> Step:
    """Escape instead of defending: one reserve paid; away if the opponent's roll loses."""
    away, outcome = escape(
        _participant(conflict, escaper), _participant(conflict, opponent), attack, escape_roll, pays=pays
    )
    after = _with(conflict, outcome.attacker, outcome.defender)
    if away:
        sides = [s.model_copy(update={"escaped": s.name == escaper or s.escaped}) for s in after.reserve]
        after = after.model_copy(update={"reserve": sides})
    said = "gets away" if away else f"is caught and loses {outcome.loss.lost}"
    after = logged(
        after,
        actor=escaper,
        action="escape",
        target=opponent,
        numbers={"attack": attack, "escape": escape_roll, "lost": outcome.loss.lost + 1},
        story=" — ".join(part for part in (story, f"{escaper} {said}") if part),
    )
    return Step(after, f"{escaper} tries to escape {opponent}")


def fold_step(conflict: Conflict, folded: str, victor: str, story: str = "") -> Step:
    """Folding ends the conflict: the victor picks the victory, the folded side keeps its reserve."""
    sides = [s.model_copy(update={"folded": s.name == folded or s.folded}) for s in conflict.reserve]
    after = conflict.model_copy(update={"reserve": sides, "ended": "concession", "story": story})
    after = logged(after, actor=folded, action="fold", target=victor, story=story or f"{victor} chooses the victory")
    return Step(after, f"{folded} folds to {victor}")


def log_confrontation(conflict: Conflict | None, confrontation: Confrontation, story: str = "") -> Step:
    """A resolved card confrontation in the conflict log (a card conflict is started for it
    when no conflict runs): the final values, each result and whether the action succeeds."""
    conflict = conflict or Conflict(system="cards")
    action = confrontation.action.name
    numbers = {name: confrontation.value(name) for name in confrontation.characters}
    results = []
    for result in confrontation.results():
        if result.level is Level.TIE:
            results.append(f"{result.confronter}: a tie, every action fails")
        else:
            results.append(f"{result.confronter}: {result.winner} wins by {result.margin}, {result.level.value}")
    verdict = "the action succeeds" if confrontation.action_succeeds() else "the action fails"
    after = logged(
        conflict,
        actor=action,
        action="confrontation",
        target=", ".join(c.name for c in confrontation.confronting),
        numbers={k[:40]: v for k, v in numbers.items()},
        story=" — ".join(part for part in (story, "; ".join(results), verdict) if part),
    )
    return Step(after, f"Confrontation: {action}, {verdict}")


def _side(conflict: Conflict, name: str) -> ReserveSide:
    for side in conflict.reserve:
        if side.name == name:
            return side
    raise KeyError(f"no side '{name}' in the extended conflict")


def _participant(conflict: Conflict, name: str) -> Participant:
    side = _side(conflict, name)
    return Participant(side.name, side.offense, side.defense, side.force, dict(side.reserve))


def _participants(conflict: Conflict) -> list[Participant]:
    return [_participant(conflict, side.name) for side in conflict.reserve]


def _with(conflict: Conflict, *changed: Participant) -> Conflict:
    by_name = {p.name: p for p in changed}
    sides = [
        s.model_copy(update={"reserve": dict(by_name[s.name].reserve)}) if s.name in by_name else s
        for s in conflict.reserve
    ]
    return conflict.model_copy(update={"reserve": sides})
