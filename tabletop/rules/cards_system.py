"""Card confrontations as a rule system (rules/systems.py): a confrontation played out from
the cards laid down, its outcome logged. The Cards pane plays one card by card; `tabletop play`
takes a whole one as JSON.

Source: ../shared/rules/card-confrontations.txt. The arithmetic is rules/cards.py."""

from __future__ import annotations

from typing import Any

from tabletop.model import Conflict, Map
from tabletop.rules import resolvers
from tabletop.rules.cards import play_out
from tabletop.rules.cards_spec import confrontation_from
from tabletop.rules.play import Step
from tabletop.rules.step_fields import Field, Move
from tabletop.rules.systems import RuleSystem

STEPS = (
    Move(
        "confront",
        "step",
        (
            Field("action", "data", "The action", required=True, help='{"name", "skill", "attribute", ..., "cards"}'),
            Field("confronting", "data", "Confronting", required=True, help="the same, for each confronter"),
            Field("story", "text"),
        ),
        says="A character declares an action; whoever it affects may confront it; cards decide.",
    ),
)


class Cards(RuleSystem):
    name = "cards"
    title = "Card confrontations"
    turn_based = False
    steps = STEPS

    def start(self, map_: Map, step: dict[str, Any]) -> Step:
        return Step(Conflict(system="cards"), "Start card confrontations")

    def perform(self, map_: Map, conflict: Conflict, step: dict[str, Any], graph=None) -> Step:
        confrontation, cards = confrontation_from({"action": step["action"], "confronting": step["confronting"]})
        play_out(confrontation, cards)
        return resolvers.log_confrontation(conflict, confrontation, step.get("story", ""))

    def header(self, conflict: Conflict, name) -> str:
        return f"{len(conflict.log)} confrontations logged"

    def banner(self, conflict: Conflict, shown, name) -> str:
        return ""


SYSTEM = Cards()
