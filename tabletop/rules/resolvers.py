"""Extended conflicts with reserve as play steps: what the Reserve pane and `tabletop play` push.

rules/reserve.py does the arithmetic on plain values; these functions keep the sides of an
extended conflict in the map's Conflict between timeslices and put every resolution in the
conflict log, so each is one undo step and is saved with the map.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from tabletop.model import Conflict, ReserveSide
from tabletop.model.base import LINE_PATTERN, TEXT_PATTERN
from tabletop.rules.play import Question, Step, Unanswered, logged
from tabletop.rules.reserve import (
    Participant,
    ReserveError,
    Score,
    Substitution,
    contest,
    core_value_bonus,
    difficulty,
    escape,
    offensive_action,
    reserve_loss,
    resisting,
    simple_roll,
    spend,
    turn_order,
)

OFFENSIVE, ESCAPE = "offensive action", "escape"


def plain_words(step: Mapping[str, Any]) -> None:
    """Refuse, naming the field, a step's words that the log could not keep: a terminal escape or
    another control character (a line break only in a story). Both resolvers' logs are written
    from these words, and the log is saved as the map file checks it."""
    for key, value in step.items():
        if isinstance(value, str):
            pattern = TEXT_PATTERN if key == "story" else LINE_PATTERN
            if re.fullmatch(pattern, value) is None:
                kind = "a story" if key == "story" else "one line"
                raise ValueError(f"{key}: {kind} of plain text, without control characters")


def start_reserve(sides: list[ReserveSide], first: str | None = None) -> Step:
    """An extended conflict with reserve between these sides, in the text's order: whoever
    swings first, then the highest combined Offense."""
    if first and first not in {s.name for s in sides}:
        raise ReserveError(f"'{first}' swings first but is not one of the sides")
    conflict = Conflict(system="reserve", reserve=sides, swings_first=first or "")
    order = ", ".join(reserve_order(conflict))
    return Step(logged(conflict, action="start", story=f"order: {order}" if order else ""), "Start extended conflict")


def in_play(side: ReserveSide) -> bool:
    return not (side.folded or side.escaped or side.beaten)


def reserve_order(conflict: Conflict, first: str | None = None) -> list[str]:
    """Who acts in each timeslice, in order (whoever swings first, then by Offense); sides that
    folded, escaped or were beaten are out of it."""
    first = conflict.swings_first if first is None else first
    out = {s.name for s in conflict.reserve if not in_play(s)}
    return [p.name for p in turn_order(_participants(conflict), first or None) if p.name not in out]


def acted(conflict: Conflict) -> set[str]:
    """The sides that made their offensive action this timeslice: 'in each timeslice you get
    to make one offensive action against a single target' (an escape answers one)."""
    done = set()
    for entry in conflict.log:
        if entry.exchange == conflict.exchange and entry.action in (OFFENSIVE, ESCAPE):
            done.add(entry.actor if entry.action == OFFENSIVE else entry.target)
    return done


def to_act(conflict: Conflict) -> list[str]:
    """The sides still to make their offensive action this timeslice, in order."""
    done = acted(conflict)
    return [name for name in reserve_order(conflict) if name not in done]


@dataclass(frozen=True)
class CoreValues:
    """The Core Values an offensive action touches, each named from a side's own list: the
    defender's that the attempt goes `against` or is `consistent` with, and a side's own when
    its attempt has 'strong connections' to it (the GM agreeing)."""

    against: str = ""
    consistent: str = ""
    attacker_own: str = ""
    defender_own: str = ""


def scores(conflict: Conflict, attacker: str, defender: str, values: CoreValues = CoreValues()) -> tuple[Score, Score]:
    """The scores the attacker and the defender roll with this time (see reserve.Score)."""
    a_side, d_side = _side(conflict, attacker), _side(conflict, defender)
    if values.against and values.against == values.consistent:
        raise ReserveError(f"an argument cannot both go against {values.against} and be consistent with it")
    a_added: list[tuple[str, int]] = []
    d_added: list[tuple[str, int]] = []
    if values.against:
        d_added.append((f"CV {values.against}", resisting(_rating(d_side, values.against))))
    if values.consistent:
        a_added.append((f"{defender}'s CV {values.consistent}", core_value_bonus(_rating(d_side, values.consistent))))
    if values.attacker_own:
        a_added.append((f"own CV {values.attacker_own}", core_value_bonus(_rating(a_side, values.attacker_own))))
    if values.defender_own:
        d_added.append((f"own CV {values.defender_own}", core_value_bonus(_rating(d_side, values.defender_own))))
    return (
        Score(attacker, "Offense", a_side.offense, tuple(a_added)),
        Score(defender, "Defense", d_side.defense, tuple(d_added)),
    )


def offensive(
    conflict: Conflict,
    attacker: str,
    defender: str,
    attack: int,
    defense: int,
    *,
    pays: str | None = None,
    attacker_spends: Mapping[str, int] | None = None,
    defender_spends: Mapping[str, int] | None = None,
    weapon: int = 0,
    subtle: bool = False,
    values: CoreValues = CoreValues(),
    substitutions: Iterable[Substitution] = (),
    victory: bool = False,
    story: str = "",
) -> Step:
    """One offensive action of a timeslice, both rolls typed in as the dice fell: the Reserve
    spent (a substituted Profession's point with it) and lost is taken from the sides, and the
    log keeps the scores rolled, the rolls, the loss and every why. When the defender has
    Reserve on more than one score and loses some, which one pays is asked ('They can choose')."""
    _two_in_play(conflict, attacker, defender)
    if attacker in acted(conflict):
        raise ReserveError(f"{attacker} has made its offensive action this timeslice: next timeslice first")
    a_score, d_score = scores(conflict, attacker, defender, values)
    subs = _substitutions(substitutions, attacker, defender)
    a_spends = _with_point(attacker_spends, subs.get(attacker))
    d_spends = _with_point(defender_spends, subs.get(defender))
    a, d = _participant(conflict, attacker), _participant(conflict, defender)
    pays = _payer(d, d_spends, pays, attack, defense, a.force, weapon, subtle)
    outcome = offensive_action(
        a,
        d,
        attack,
        defense,
        pays=pays,
        attacker_spends=a_spends,
        defender_spends=d_spends,
        weapon=weapon,
        subtle=subtle,
    )
    after = _with(conflict, outcome.attacker, outcome.defender)
    why = list(outcome.loss.why)
    if outcome.victory:
        why.append("at your mercy: the attacker may take a victory")
    if victory:
        if not outcome.victory:
            raise ReserveError(f"no victory yet: only a win against a target with no Reserve takes one ({defender})")
        after = _out(after, defender, "beaten", f"{attacker} takes the victory over {defender}")
    after = logged(
        after,
        actor=attacker,
        action=OFFENSIVE,
        target=defender,
        numbers={
            "attack": attack,
            "defense": defense,
            "lost": outcome.loss.lost,
            "attack score": a_score.total,
            "defense score": d_score.total,
        },
        story=_story(story, [f"{a_score.words()}; {d_score.words()}", *(s.words() for s in subs.values()), *why]),
    )
    return Step(after, f"{attacker} against {defender}: {defender} loses {outcome.loss.lost}")


def escape_step(
    conflict: Conflict,
    escaper: str,
    opponent: str,
    attack: int,
    escape_roll: int,
    *,
    pays: str,
    escaper_spends: Mapping[str, int] | None = None,
    opponent_spends: Mapping[str, int] | None = None,
    weapon: int = 0,
    subtle: bool = False,
    story: str = "",
) -> Step:
    """Escape instead of defending: one reserve paid; away if the opponent's offensive action
    (its action of this timeslice) loses; caught, the loss as normal."""
    _two_in_play(conflict, escaper, opponent)
    if opponent in acted(conflict):
        raise ReserveError(f"{opponent} has made its offensive action this timeslice: next timeslice first")
    away, outcome = escape(
        _participant(conflict, escaper),
        _participant(conflict, opponent),
        attack,
        escape_roll,
        pays=pays,
        escaper_spends=escaper_spends,
        opponent_spends=opponent_spends,
        weapon=weapon,
        subtle=subtle,
    )
    after = _with(conflict, outcome.attacker, outcome.defender)
    said = "gets away" if away else f"is caught and loses {outcome.loss.lost}"
    if away:
        after = _out(after, escaper, "escaped", f"{escaper} gets away from {opponent}", ending="ended")
    after = logged(
        after,
        actor=escaper,
        action=ESCAPE,
        target=opponent,
        numbers={"attack": attack, "escape": escape_roll, "lost": outcome.loss.lost + 1},
        story=_story(story, [f"1 Reserve spent to escape; {escaper} {said}", *outcome.loss.why]),
    )
    return Step(after, f"{escaper} tries to escape {opponent}")


def fold_step(conflict: Conflict, folded: str, victor: str, story: str = "") -> Step:
    """'Allowing your opponent to choose their victory condition and retaining your Reserve':
    the folded side is out, its Reserve kept; the conflict ends when one side is left."""
    _two_in_play(conflict, folded, victor)
    said = story or f"{victor} chooses the victory"
    after = _out(conflict, folded, "folded", said, ending="concession")
    after = logged(after, actor=folded, action="fold", target=victor, story=said)
    return Step(after, f"{folded} folds to {victor}")


def contest_step(
    conflict: Conflict, rolls: Mapping[str, int], rerolls: Iterable[Mapping[str, int]] = (), story: str = ""
) -> Step:
    """A contested roll, logged with its winner; while the highest are tied, the re-roll of the
    tied sides is asked (the step is taken again with it in `rerolls`)."""
    rerolls = list(rerolls)
    found = contest(rolls, rerolls)
    if found.winner is None:
        tied = " and ".join(found.tied)
        raise Unanswered(
            Question("rerolls", f"{tied} tie at {found.highest}: they re-roll ({len(rerolls) + 1})", "data", found.tied)
        )
    shown = [", ".join(f"{name} {roll}" for name, roll in rolled.items()) for rolled in found.rolls]
    said = f"{found.winner} wins the contested roll ({shown[0]}" + "".join(f"; re-roll {s}" for s in shown[1:]) + ")"
    after = logged(
        conflict,
        actor=found.winner,
        action="contested roll",
        numbers={name[:40]: roll for name, roll in rolls.items()},
        story=_story(story, [said]),
    )
    return Step(after, f"{found.winner} wins the contested roll")


def simple_step(conflict: Conflict, who: str, roll: int, minimum: int, story: str = "") -> Step:
    """A simple roll against the GM's minimum, with the table's line for that minimum."""
    made = simple_roll(roll, minimum)
    said = f"{roll} against {minimum}: " + ("things go your way" if made else "short of the minimum")
    line = difficulty(minimum)
    parts = [said, f"{line.minimum}: {line.who}" if line else f"{minimum} is below the table's easiest, 10"]
    after = logged(
        conflict,
        actor=who,
        action="simple roll",
        numbers={"roll": roll, "minimum": minimum},
        story=_story(story, parts),
    )
    return Step(after, f"{who or 'A simple roll'}: {said}")


def swings_first_step(conflict: Conflict, side: str) -> Step:
    """'Whoever swings first, swings first': the side that declared the conflict ("" for
    nobody: the order then follows Offense alone)."""
    if side:
        _side(conflict, side)
    after = conflict.model_copy(update={"swings_first": side})
    order = ", ".join(reserve_order(after))
    said = f"{side} swings first" if side else "nobody declared the conflict"
    after = logged(after, actor=side, action="swings first", story=f"{said}; order: {order}")
    return Step(after, f"{side} swings first" if side else "Nobody swings first")


def next_timeslice(conflict: Conflict) -> Step:
    """The next timeslice: every side in play may make its offensive action again."""
    after = conflict.model_copy(update={"exchange": conflict.exchange + 1})
    return Step(after, f"Timeslice {after.exchange}")


def sides_step(conflict: Conflict, sides: list[ReserveSide]) -> Step:
    """The sides as they stand now; who swings first is kept while that side is still there."""
    names = {s.name for s in sides}
    first = conflict.swings_first if conflict.swings_first in names else ""
    return Step(conflict.model_copy(update={"reserve": sides, "swings_first": first}), "Change the sides")


# -- the sides ----------------------------------------------------------------------------------


def _side(conflict: Conflict, name: str) -> ReserveSide:
    for side in conflict.reserve:
        if side.name == name:
            return side
    raise KeyError(f"no side '{name}' in the extended conflict")


def _rating(side: ReserveSide, value: str) -> int:
    if value not in side.core_values:
        known = ", ".join(side.core_values) or "none"
        raise KeyError(f"{side.name} has no Core Value '{value}' (it has {known})")
    return side.core_values[value]


def _two_in_play(conflict: Conflict, one: str, other: str) -> None:
    if one == other:
        raise ReserveError(f"{one} cannot act against itself")
    for name in (one, other):
        side = _side(conflict, name)
        if not in_play(side):
            state = "folded" if side.folded else "escaped" if side.escaped else "was beaten"
            raise ReserveError(f"{name} {state}: it is out of the conflict")


def _substitutions(given: Iterable[Substitution], attacker: str, defender: str) -> dict[str, Substitution]:
    found: dict[str, Substitution] = {}
    for sub in given:
        if sub.side not in (attacker, defender):
            raise ReserveError(f"{sub.side} neither attacks nor defends: it substitutes nothing here")
        if sub.by == "reserve" and not sub.pays:
            raise ReserveError(f"{sub.side} substitutes by a point of Reserve: name the score it comes from")
        found[sub.side] = sub
    return found


def _with_point(spends: Mapping[str, int] | None, sub: Substitution | None) -> dict[str, int]:
    """The Reserve a side spends on its roll, with the substituted Profession's point."""
    out = dict(spends or {})
    if sub is not None and sub.by == "reserve":
        out[sub.pays] = out.get(sub.pays, 0) + 1
    return out


def _payer(
    d: Participant, spends: dict[str, int], pays: str | None, attack: int, defense: int, force: int, weapon, subtle
) -> str:
    """The defensive score that pays the loss: as given, the only one with Reserve left, or asked."""
    if pays is not None:
        return pays
    lost = reserve_loss(attack, defense, attacker_force=force, defender_force=d.force, weapon=weapon, subtle=subtle)
    left = [score for score, points in spend(d, spends).reserve.items() if points > 0]
    if lost.lost and len(left) > 1:
        choices = ", ".join(left)
        prompt = f"{d.name} loses {lost.lost}: from which defensive score? ({choices})"
        raise Unanswered(Question("pays", prompt, "choice", tuple(left)))
    return left[0] if left else next(iter(d.reserve), "")


def _out(conflict: Conflict, name: str, how: str, story: str, ending: str = "taken out") -> Conflict:
    """A side out of the conflict; with fewer than two sides left in it, the conflict ends."""
    sides = [s.model_copy(update={how: True}) if s.name == name else s for s in conflict.reserve]
    after = conflict.model_copy(update={"reserve": sides})
    if sum(in_play(s) for s in sides) < 2:
        after = after.model_copy(update={"ended": ending, "story": story})
    return after


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


def _story(story: str, parts: Iterable[str]) -> str:
    return " — ".join(part for part in (story, "; ".join(p for p in parts if p)) if part)
