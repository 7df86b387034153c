"""A resolved card confrontation in the conflict log, as one play step: the activated effects
in the order they were declared, one outcome line per confronter, then the action's result.

The Cards pane and `tabletop play` both come here through the cards system's `confront` step,
so a confrontation reads the same in the window's log, the Markdown log and the JSON."""

from __future__ import annotations

from collections.abc import Iterable

from tabletop.model import Conflict
from tabletop.rules.cards import Confrontation
from tabletop.rules.play import Step, logged

EFFECT, OUTCOME, CONFRONTATION = "activated effect", "outcome", "confrontation"


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
        numbers={name[:40]: confrontation.value(name) for name in confrontation.characters},
        story=" — ".join(part for part in (story, verdict) if part),
    )
    return Step(after, "Confrontation: " + verdict.replace("The action", f"{action}'s action", 1).rstrip("."))
