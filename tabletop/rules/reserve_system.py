"""Extended conflicts with reserve as a rule system (rules/systems.py): the sides and their
reserve kept with the map, one offensive action a step, escape and fold. The Reserve pane
builds these steps; `tabletop play` takes them as JSON.

Source: ../shared/rules/reserve-extended-conflict.txt. The arithmetic is rules/reserve.py;
the steps that keep the sides between timeslices are rules/resolvers.py."""

from __future__ import annotations

from typing import Any

from tabletop.model import Conflict, LogEntry, Map, ReserveSide
from tabletop.rules import resolvers
from tabletop.rules.play import Step
from tabletop.rules.step_fields import Field, Move
from tabletop.rules.systems import RuleSystem

ROLLS = (
    Field("attacker", "line", "Attacker", required=True),
    Field("defender", "line", "Defender", required=True),
    Field("attack", "number", "Attack roll", low=0, high=1_000_000, required=True),
    Field("defense", "number", "Defense roll", low=0, high=1_000_000, required=True),
    Field("pays", "line", "Loss paid from", required=True),
)
STEPS = (
    Move(
        "offensive",
        "step",
        (
            *ROLLS,
            Field("attacker_spends", "data", "Attacker spends", help='{"Body": 1}'),
            Field("defender_spends", "data", "Defender spends", help='{"Mind": 2}'),
            Field("weapon", "number", "Weapon: extra loss", low=0, high=1000),
            Field("subtle", "flag", "Subtle contest"),
            Field("story", "text"),
        ),
        says="If the attacker's roll is higher, the defender loses two points of Reserve.",
    ),
    Move(
        "escape",
        "step",
        (*ROLLS, Field("story", "text")),
        says="Roll to escape instead of defending: it costs one Reserve; if they lose, you get away.",
    ),
    Move(
        "fold",
        "step",
        (
            Field("side", "line", "Side", required=True),
            Field("to", "line", "To", required=True),
            Field("story", "text"),
        ),
        says="Fold: your opponent chooses the victory and you keep your Reserve.",
    ),
    Move("sides", "step", (Field("sides", "data", "Sides", required=True),), says="The sides as they stand now."),
)


def _sides(value: Any) -> list[ReserveSide]:
    if not isinstance(value, list):
        raise ValueError('sides: a list of {"name", "offense", "defense", "force", "reserve"}')
    return [ReserveSide.model_validate(side) for side in value]


class Reserve(RuleSystem):
    name = "reserve"
    title = "Extended conflict with reserve"
    turn_based = False
    steps = STEPS
    start_fields = (Field("sides_given", "data", "Sides"), Field("swings_first", "line", "Swings first"))

    def start(self, map_: Map, step: dict[str, Any]) -> Step:
        return resolvers.start_reserve(_sides(step.get("sides_given", [])), step.get("swings_first") or None)

    def perform(self, map_: Map, conflict: Conflict, step: dict[str, Any], graph=None) -> Step:
        do, story = step["do"], step.get("story", "")
        if do == "offensive":
            return resolvers.offensive(
                conflict,
                step["attacker"],
                step["defender"],
                step["attack"],
                step["defense"],
                pays=step["pays"],
                attacker_spends=step.get("attacker_spends"),
                defender_spends=step.get("defender_spends"),
                weapon=step.get("weapon", 0),
                subtle=step.get("subtle", False),
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
                story=story,
            )
        if do == "fold":
            return resolvers.fold_step(conflict, step["side"], step["to"], story)
        if do == "sides":
            return Step(conflict.model_copy(update={"reserve": _sides(step["sides"])}), "Change the sides")
        raise ValueError(f"{self.title} takes no step '{do}'")

    def header(self, conflict: Conflict, name) -> str:
        return f"Timeslice {conflict.exchange}"

    def banner(self, conflict: Conflict, shown, name) -> str:
        return ""

    def when(self, entry: LogEntry) -> str:
        return str(entry.exchange)


SYSTEM = Reserve()
