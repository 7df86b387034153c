"""A resolved card confrontation in the conflict log, as one play step: the activated effects
in the order they were declared, the cards each character played (what counts against the
Attribute for the round), one outcome line per confronter, then the action's result.

The Cards pane and `tabletop play` both come here through the cards system's `confront` step,
so a confrontation reads the same in the window's log, the Markdown log and the JSON."""

from __future__ import annotations

from collections.abc import Iterable

from tabletop.model import Conflict
from tabletop.rules.cards import Confrontation
from tabletop.rules.play import Step, logged

EFFECT, OUTCOME, CONFRONTATION = "activated effect", "outcome", "confrontation"
CARDS_PLAYED, NEW_ROUND = "cards played", "new round"
"""Log entries that keep the round's count: "The total number of cards played by a character
during an initiative round can never be higher than the Attribute used"."""


def key(name: str) -> str:
    """A character's name as a log entry's numbers hold it (at most 40 characters)."""
    return name[:40]


def cards_this_round(conflict: Conflict | None) -> dict[str, int]:
    """The cards each character played in the confrontations of this initiative round, as the
    log holds them: an undone confrontation or round is gone from the count with its entries."""
    counts: dict[str, int] = {}
    for entry in conflict.log if conflict is not None else ():
        if entry.action == NEW_ROUND:
            counts = {}
        elif entry.action == CARDS_PLAYED:
            for name, played in entry.numbers.items():
                counts[name] = counts.get(name, 0) + played
    return counts


def new_round(conflict: Conflict) -> Step:
    """'A new initiative round': every character has its whole Attribute of cards again."""
    return Step(logged(conflict, action=NEW_ROUND), "New initiative round")


def log_confrontation(
    conflict: Conflict | None,
    confrontation: Confrontation,
    story: str = "",
    effects: Iterable[tuple[str, str]] = (),
) -> Step:
    """The confrontation logged (a card conflict is started for it when none runs): each
    activated effect (confronters first, then the initial character: steps 4 and 5), each
    confronter's outcome against the initial action, and the action's result with every
    final value."""
    after = conflict or Conflict(system="cards")
    action = confrontation.action.name
    for name, effect in effects:
        after = logged(after, actor=name, action=EFFECT, target=action if name != action else "", story=effect)
    played = {
        key(name): len(hand.faces)
        for name, hand in confrontation.hands.items()
        if hand.faces and not confrontation.characters[name].gm
    }
    if played:
        after = logged(after, actor=action, action=CARDS_PLAYED, numbers=played)
    for result in confrontation.results():
        after = logged(
            after,
            actor=action,
            action=OUTCOME,
            target=result.confronter,
            numbers={"margin": result.margin},
            story=confrontation.outcome(result),
        )
    verdict = confrontation.verdict().words()
    after = logged(
        after,
        actor=action,
        action=CONFRONTATION,
        target=", ".join(c.name for c in confrontation.confronting),
        numbers={key(name): confrontation.value(name) for name in confrontation.characters},
        story=" — ".join(part for part in (story, verdict) if part),
    )
    return Step(after, "Confrontation: " + verdict.replace("The action", f"{action}'s action", 1).rstrip("."))
