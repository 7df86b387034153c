"""What every play step gives back, whichever rule system made it.

A rule function takes the map and the conflict as they are and returns a Step: the conflict
after the step, the map objects it changed (a token's stress, a zone's aspect, a token's
place), and the undo text. The document applies a Step as one undo step, so the rules stay
pure and the window, the command line and the tests share them.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from tabletop.model import Border, Conflict, EncounterGrid, LogEntry, Map, Token, Zone


@dataclass(frozen=True)
class Question:
    """Something the GM may still be asked about a step, answered by giving the step this
    field and taking it again: the bids of an auction, a border taken out redefined, whether a
    token moving past the grid's edge grows it or exits. The dock asks in a dialog; `tabletop
    play` takes the field in the step itself."""

    field: str
    prompt: str
    kind: str
    choices: tuple[str, ...] = ()


class Unanswered(ValueError):
    """A step that cannot be taken until the GM answers a question."""

    def __init__(self, question: Question) -> None:
        super().__init__(question.prompt)
        self.question = question


@dataclass(frozen=True)
class Step:
    """A step's outcome. `tokens` may hold a token new to the map (a problem made for a long
    action); `asks` are questions the GM may answer to take the step again with more (a
    border taken out may be redefined in the same undo step)."""

    conflict: Conflict | None
    text: str
    tokens: tuple[Token, ...] = ()
    zones: tuple[Zone, ...] = ()
    borders: tuple[Border, ...] = ()
    grids: tuple[EncounterGrid, ...] = ()
    asks: tuple[Question, ...] = ()


def applied(map_: Map, step: Step) -> Map:
    """The map after a step, as the document leaves it (the command line and tests use this;
    the window applies a step as one undo command): changed objects replace theirs in place,
    new tokens come last, and the whole is checked as a saved map is."""
    update: dict = {"conflict": step.conflict}
    for kind, objs in (
        ("zones", step.zones),
        ("borders", step.borders),
        ("tokens", step.tokens),
        ("grids", step.grids),
    ):
        if not objs:
            continue
        changed = {obj.id: obj for obj in objs}
        kept = [changed.pop(obj.id, obj) for obj in getattr(map_, kind)]
        update[kind] = kept + list(changed.values())
    after = map_.model_copy(update=update)
    problems = after.problems()
    if problems:
        raise ValueError(problems[0])
    return after


def logged(conflict: Conflict, **entry) -> Conflict:
    """The conflict with one more log entry, stamped with its exchange and round."""
    stamp = {"exchange": conflict.exchange, "round": conflict.round if conflict.system == "af" else 0}
    return conflict.model_copy(update={"log": [*conflict.log, LogEntry(**{**stamp, **entry})]})


NOBODY_LEFT = "Nobody who can still act is left on the map."


def leave(conflict: Conflict, gone: set[str], grids_gone: Collection[str] = ()) -> Conflict:
    """The conflict after these tokens (and grids) left the map (removed by the GM). With nobody
    left who can act, it ends: an exchange is "a time period where everyone gets to act once" and
    an encounter's round gives a turn to "every character present"; with nobody, neither runs. A
    grid removed takes its start with it: a grid made later under its id began nothing."""
    kept = [p for p in conflict.participants if p.token not in gone]
    turn = None if conflict.turn in gone else conflict.turn
    order = [t for t in conflict.order if t not in gone]
    starts = [start for start in conflict.grids_at_start if start.grid not in grids_gone]
    update = {"participants": kept, "order": order, "turn": turn, "grids_at_start": starts}
    if conflict.ended is None and len(kept) < len(conflict.participants):
        story = NOBODY_LEFT if all(p.out for p in kept) else _side_gone(conflict, kept)
        if story is not None:
            update |= {"ended": "ended", "story": story, "turn": None, "order": []}
    return conflict.model_copy(update=update)


def _side_gone(conflict: Conflict, kept: list) -> str | None:
    """Edgerunner: "if every actor on one side of the conflict is taken out, the conflict
    ends"; a side whose every actor has left the map (or is out) has no one left to take out.
    An AF encounter goes on: new arrivals may enter at the end of each exchange."""
    if conflict.system != "edgerunner":
        return None
    sides = dict.fromkeys(p.side for p in conflict.participants)
    if len(sides) < 2:
        return None
    gone = next((side for side in sides if all(p.out for p in kept if p.side == side)), None)
    return None if gone is None else f"Nobody of the side '{gone}' is left on the map to act."
