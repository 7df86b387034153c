"""Card confrontations as a rule system (rules/systems.py): a confrontation played out from
the cards laid down, its activated effects and outcomes logged. The Cards pane plays one card
by card and resolves it with this same step; `tabletop play` takes a whole one as JSON.

Source: ../shared/rules/card-confrontations.txt. The arithmetic is rules/cards.py."""

from __future__ import annotations

from typing import Any

from tabletop.model import Conflict, Map
from tabletop.rules.cards import play_out
from tabletop.rules.cards_log import cards_this_round, key, log_confrontation, new_round
from tabletop.rules.cards_spec import confrontation_from, effects_from
from tabletop.rules.play import Step
from tabletop.rules.resolvers import plain_words
from tabletop.rules.step_fields import Field, Move
from tabletop.rules.systems import RuleSystem

STEPS = (
    Move(
        "confront",
        "step",
        (
            Field(
                "action",
                "data",
                "The initial action",
                required=True,
                help='{"name", "skill", "attribute", "advantages", "disadvantages", "damage", '
                '"played_this_round", "effect", "cards"}',
            ),
            Field(
                "confronting",
                "data",
                "Confronting it",
                required=True,
                help='a list of the same, one per confronter; the GM\'s with "gm": true and no skill',
            ),
            Field("story", "text"),
        ),
        says="A character declares an action; whoever it affects may confront it; cards decide.",
    ),
    Move(
        "new_round",
        "step",
        (),
        says="The total number of cards played by a character during an initiative round can never "
        "be higher than the Attribute used: a new round, the whole Attribute again.",
    ),
)


class Cards(RuleSystem):
    name = "cards"
    title = "Card confrontations"
    turn_based = False
    steps = STEPS
    opens = ("confront", "new_round")

    def start(self, map_: Map, step: dict[str, Any]) -> Step:
        return Step(Conflict(system="cards"), "Start card confrontations")

    def perform(self, map_: Map, conflict: Conflict, step: dict[str, Any], graph=None) -> Step:
        if step["do"] == "new_round":
            return new_round(conflict)
        plain_words(step)
        confronting = step["confronting"]
        earlier = cards_this_round(conflict)  # read from the log once for every character
        if isinstance(confronting, list):
            confronting = [_counted(character, earlier) for character in confronting]
        spec = {"action": _counted(step["action"], earlier), "confronting": confronting}
        confrontation, cards = confrontation_from(spec)
        for name, laid in cards.items():  # the cards as laid down: never more than the text allows
            allowed = confrontation.limit(name)
            if len(laid) > allowed:
                raise ValueError(
                    f"{name} may play {allowed} card{'s' if allowed != 1 else ''} here, not {len(laid)} "
                    "(the Attribute, one fewer in inferiority, less those played earlier this round)"
                )
        play_out(confrontation, cards)
        return log_confrontation(conflict, confrontation, step.get("story", ""), effects_from(spec))

    def header(self, conflict: Conflict, name) -> str:
        count = sum(entry.action == "confrontation" for entry in conflict.log)
        return f"{count} confrontation{'s' if count != 1 else ''} logged"

    def banner(self, conflict: Conflict, shown, name) -> str:
        return ""


def _counted(character: Any, earlier: dict[str, int]) -> Any:
    """A character as the step gives it, with the cards it played earlier this round taken
    from the log when the step does not say (the GM may still say)."""
    if not isinstance(character, dict) or "played_this_round" in character or character.get("gm"):
        return character
    name = character.get("name")
    played = earlier.get(key(name), 0) if isinstance(name, str) else 0
    return {**character, "played_this_round": played} if played else character


SYSTEM = Cards()
