"""Extended conflicts with reserve as a rule system (rules/systems.py): the sides and their
reserve kept with the map, who swings first and the order after, one offensive action a step
(Core Values on the scores, Professions substituted), escape, fold, contested and simple rolls.
The Reserve pane builds these steps; `tabletop play` takes them as JSON.

Source: ../shared/rules/reserve-extended-conflict.txt. The arithmetic is rules/reserve.py;
the steps that keep the sides between timeslices are rules/resolvers.py."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from tabletop.model import Conflict, Map, ReserveSide
from tabletop.model.conflict import MAX_RESERVE_SIDES
from tabletop.model.wording import describe
from tabletop.rules import resolvers
from tabletop.rules.play import Step
from tabletop.rules.reserve import MAX_ROLL, SUBSTITUTED_BY, Substitution
from tabletop.rules.step_fields import LIMIT, Field, Move
from tabletop.rules.systems import RuleSystem

STORY = Field("story", "text", "Story", help="a story detail for the log")
SPENDS = '{"Body": 1}: Reserve spent on the roll, by defensive score'


def _roll(name: str, label: str, required: bool = True) -> Field:
    return Field(name, "number", label, required=required, low=0, high=MAX_ROLL, help="the dice as they fell")


def _substitute(who: str) -> tuple[Field, ...]:
    return (
        Field(
            f"{who}_substitutes",
            "choice",
            f"{who.capitalize()} substitutes a Profession",
            choices=SUBSTITUTED_BY,
            help="by a point of Reserve, or by -1 on both dice (type the roll as rolled with it)",
        ),
        Field(f"{who}_profession", "line", f"{who.capitalize()}'s Profession used instead"),
        Field(f"{who}_substitute_pays", "line", "Its Reserve point from", help="the score the point comes from"),
    )


SIDES_HELP = '[{"name", "offense", "defense", "force", "reserve": {"Body": 3}, "core_values": {"Loyalty": 3}}]'
OFFENSIVE = Move(
    "offensive",
    "step",
    (
        Field("attacker", "line", "Attacker", required=True),
        Field("defender", "line", "Defender", required=True),
        _roll("attack", "Attack roll"),
        _roll("defense", "Defense roll"),
        Field("pays", "line", "Loss paid from", help="the defender's score that loses the Reserve (asked if unsaid)"),
        Field("attacker_spends", "data", "Attacker spends", help=SPENDS),
        Field("defender_spends", "data", "Defender spends", help=SPENDS),
        Field("weapon", "number", "Weapon: extra loss", low=0, high=LIMIT),
        Field("subtle", "flag", "Subtle contest"),
        Field(
            "against_core_value",
            "line",
            "Goes against the defender's Core Value",
            help="its rating is added to the defender's score for resisting",
        ),
        Field(
            "consistent_core_value",
            "line",
            "Consistent with the defender's Core Value",
            help="the attacker's effective score +1, +2 if that CV is 5 or higher",
        ),
        Field("attacker_own_core_value", "line", "Attacker's own Core Value, strongly linked", help="+1, or +2 at 5"),
        Field("defender_own_core_value", "line", "Defender's own Core Value, strongly linked", help="+1, or +2 at 5"),
        *_substitute("attacker"),
        *_substitute("defender"),
        Field("victory", "flag", "Takes the victory", help="only when the defender is at the attacker's mercy"),
        STORY,
    ),
    says="Roll Offense against Defense; if the attacker's roll is higher, the defender loses two points of Reserve.",
)
STEPS = (
    OFFENSIVE,
    Move(
        "escape",
        "step",
        (
            Field("attacker", "line", "Opponent", required=True),
            Field("defender", "line", "Escaping side", required=True),
            _roll("attack", "Opponent's roll"),
            _roll("defense", "Escape roll"),
            Field("pays", "line", "Reserve paid from", required=True),
            Field("attacker_spends", "data", "Opponent spends", help=SPENDS),
            Field("defender_spends", "data", "Escaping side spends", help=SPENDS),
            Field("weapon", "number", "Weapon: extra loss", low=0, high=LIMIT),
            Field("subtle", "flag", "Subtle contest"),
            STORY,
        ),
        says="Roll to escape instead of defending: it costs one Reserve; if the opponent loses, you get away.",
    ),
    Move(
        "fold",
        "step",
        (Field("side", "line", "Side", required=True), Field("to", "line", "To", required=True), STORY),
        says="Fold: your opponent chooses the victory and you keep your Reserve.",
    ),
    Move("next", "step", says="The next timeslice: each side may make one offensive action again."),
    Move(
        "swings_first",
        "step",
        (Field("side", "line", "Side", required=True, help='"" for nobody: the order follows Offense'),),
        says="Whoever swings first, swings first; the highest combined Offense goes next.",
    ),
    Move(
        "contest",
        "step",
        (
            Field("rolls", "data", "Rolls", required=True, help='{"Kara": 14, "Drone": 12}'),
            Field("rerolls", "data", "Re-rolls of the tied", help='[{"Kara": 9, "Drone": 11}, ...]'),
            STORY,
        ),
        says="All sides roll off, and whoever rolls the highest wins; ties are settled by a re-roll.",
    ),
    Move(
        "simple",
        "step",
        (
            Field("who", "line", "Who rolls"),
            _roll("roll", "Roll"),
            Field("minimum", "number", "Minimum", required=True, low=0, high=MAX_ROLL),
            STORY,
        ),
        says="If you roll equal to or higher than the GM's minimum, things go your way.",
    ),
    Move("sides", "step", (Field("sides", "data", "Sides", required=True, help=SIDES_HELP),), says="The sides now."),
)


class Reserve(RuleSystem):
    name = "reserve"
    title = "Extended conflict with reserve"
    turn_based = False
    steps = STEPS
    opens = ("contest", "simple")
    start_fields = (
        Field("sides_given", "data", "Sides", help=SIDES_HELP),
        Field("swings_first", "line", "Swings first", help="the side that declared the conflict"),
    )

    def start(self, map_: Map, step: dict[str, Any]) -> Step:
        resolvers.plain_words(step)
        return resolvers.start_reserve(_sides(step.get("sides_given", [])), step.get("swings_first") or None)

    def perform(self, map_: Map, conflict: Conflict, step: dict[str, Any], graph=None) -> Step:
        resolvers.plain_words(step)
        do, story = step["do"], step.get("story", "")
        if do == "offensive":
            return resolvers.offensive(
                conflict,
                step["attacker"],
                step["defender"],
                step["attack"],
                step["defense"],
                pays=step.get("pays"),
                attacker_spends=_spends(step.get("attacker_spends"), "attacker_spends"),
                defender_spends=_spends(step.get("defender_spends"), "defender_spends"),
                weapon=step.get("weapon", 0),
                subtle=step.get("subtle", False),
                values=resolvers.CoreValues(
                    step.get("against_core_value", ""),
                    step.get("consistent_core_value", ""),
                    step.get("attacker_own_core_value", ""),
                    step.get("defender_own_core_value", ""),
                ),
                substitutions=_substitutions(step),
                victory=step.get("victory", False),
                story=story,
            )
        if do == "escape":
            return resolvers.escape_step(
                conflict,
                step["defender"],
                step["attacker"],
                step["attack"],
                step["defense"],
                pays=step["pays"],
                escaper_spends=_spends(step.get("defender_spends"), "defender_spends"),
                opponent_spends=_spends(step.get("attacker_spends"), "attacker_spends"),
                weapon=step.get("weapon", 0),
                subtle=step.get("subtle", False),
                story=story,
            )
        if do == "fold":
            return resolvers.fold_step(conflict, step["side"], step["to"], story)
        if do == "next":
            return resolvers.next_timeslice(conflict)
        if do == "swings_first":
            return resolvers.swings_first_step(conflict, step["side"])
        if do == "contest":
            rerolls = step.get("rerolls", [])
            if not isinstance(rerolls, list) or len(rerolls) > 100:
                raise ValueError("rerolls: a list of re-rolls, each {side: roll}")
            return resolvers.contest_step(
                conflict, _rolls(step["rolls"], "rolls"), [_rolls(r, "rerolls") for r in rerolls], story
            )
        if do == "simple":
            return resolvers.simple_step(conflict, step.get("who", ""), step["roll"], step["minimum"], story)
        if do == "sides":
            return resolvers.sides_step(conflict, _sides(step["sides"]))
        raise ValueError(f"{self.title} takes no step '{do}'")

    def header(self, conflict: Conflict, name) -> str:
        """The timeslice, the order with who swings first, and who is still to act."""
        order = resolvers.reserve_order(conflict)
        first = conflict.swings_first
        shown = [f"{side} (swings first)" if side == first else side for side in order]
        waiting = resolvers.to_act(conflict)
        parts = [f"Timeslice {conflict.exchange}", f"order: {', '.join(shown)}" if shown else "no sides yet"]
        if order:
            parts.append(f"to act: {', '.join(waiting)}" if waiting else "every side has acted: next timeslice")
        return " · ".join(parts)

    def banner(self, conflict: Conflict, shown, name) -> str:
        return ""

    def helper(self, map_: Map, conflict: Conflict, step: dict[str, Any], graph=None) -> str:
        """The scores each side rolls with for the offensive action being typed."""
        try:
            values = resolvers.CoreValues(
                step.get("against_core_value", ""),
                step.get("consistent_core_value", ""),
                step.get("attacker_own_core_value", ""),
                step.get("defender_own_core_value", ""),
            )
            attack, defense = resolvers.scores(conflict, step["attacker"], step["defender"], values)
        except (KeyError, ValueError) as error:
            return str(error.args[0] if error.args else error)
        return f"{attack.words()}; {defense.words()}"


SYSTEM = Reserve()


def _sides(value: Any) -> list[ReserveSide]:
    """The sides as a step gives them, each checked as the map file checks it."""
    if not isinstance(value, list):
        raise ValueError(f"sides: a list, {SIDES_HELP}")
    if len(value) > MAX_RESERVE_SIDES:
        raise ValueError(f"sides: at most {MAX_RESERVE_SIDES}")
    found = []
    for number, side in enumerate(value):
        try:
            found.append(ReserveSide.model_validate(side))
        except ValidationError as error:
            raise ValueError(f"side {number}: {describe(error)}") from None
    names = [s.name for s in found]
    twice = next((n for n in names if names.count(n) > 1), None)
    if twice is not None:
        raise ValueError(f"sides: two are called '{twice}'")
    return found


def _spends(value: Any, name: str) -> dict[str, int] | None:
    """Reserve spent, by defensive score: each a whole number from 0 to LIMIT."""
    if value is None:
        return None
    if not isinstance(value, dict) or len(value) > 20:
        raise ValueError(f"{name}: an object naming each defensive score, {SPENDS}")
    for score, points in value.items():
        if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= LIMIT:
            raise ValueError(f"{name}: {score[:40]} must be a whole number from 0 to {LIMIT}")
    return dict(value)


def _rolls(value: Any, name: str) -> dict[str, int]:
    """A roll per contestant: a name (one line, at most 40 characters) and a whole number."""
    if not isinstance(value, dict) or not value or len(value) > 100:
        raise ValueError(f'{name}: an object with a roll per side, {{"Kara": 14, "Drone": 12}}')
    for who, roll in value.items():
        if not who.strip() or len(who) > 40 or not who.isprintable():
            raise ValueError(f"{name}: a side's name is one line of 1 to 40 characters")
        if isinstance(roll, bool) or not isinstance(roll, int) or not 0 <= roll <= MAX_ROLL:
            raise ValueError(f"{name}: {who}'s roll must be a whole number from 0 to {MAX_ROLL}")
    return dict(value)


def _substitutions(step: dict[str, Any]) -> list[Substitution]:
    found = []
    for who in ("attacker", "defender"):
        by = step.get(f"{who}_substitutes")
        if by is None:
            if step.get(f"{who}_profession") or step.get(f"{who}_substitute_pays"):
                raise ValueError(f"{who}_substitutes: say how the Profession is substituted (reserve or dice)")
            continue
        pays = step.get(f"{who}_substitute_pays", "")
        if by == "dice" and pays:
            raise ValueError(f"{who}_substitute_pays: substituted by dice, no Reserve is paid")
        found.append(Substitution(step[who], by, step.get(f"{who}_profession", ""), pays))
    return found
