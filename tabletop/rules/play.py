"""What every play step gives back, whichever rule system made it.

A rule function takes the map and the conflict as they are and returns a Step: the conflict
after the step, the map objects it changed (a token's stress, a zone's aspect, a token's
place), and the undo text. The document applies a Step as one undo step, so the rules stay
pure and the window, the command line and the tests share them.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.model import Border, Conflict, EncounterGrid, LogEntry, Token, Zone


@dataclass(frozen=True)
class Step:
    conflict: Conflict | None
    text: str
    tokens: tuple[Token, ...] = ()
    zones: tuple[Zone, ...] = ()
    borders: tuple[Border, ...] = ()
    grids: tuple[EncounterGrid, ...] = ()


def logged(conflict: Conflict, **entry) -> Conflict:
    """The conflict with one more log entry, stamped with its exchange and round."""
    stamp = {"exchange": conflict.exchange, "round": conflict.round if conflict.system == "af" else 0}
    return conflict.model_copy(update={"log": [*conflict.log, LogEntry(**{**stamp, **entry})]})


NOBODY_LEFT = "Nobody who can still act is left on the map."


def leave(conflict: Conflict, gone: set[str]) -> Conflict:
    """The conflict after these tokens left the map (removed by the GM). With nobody left who
    can act, it ends: an exchange is "a time period where everyone gets to act once" and an
    encounter's round gives a turn to "every character present"; with nobody, neither runs."""
    kept = [p for p in conflict.participants if p.token not in gone]
    turn = None if conflict.turn in gone else conflict.turn
    order = [t for t in conflict.order if t not in gone]
    update = {"participants": kept, "order": order, "turn": turn}
    if conflict.ended is None and len(kept) < len(conflict.participants) and all(p.out for p in kept):
        update |= {"ended": "ended", "story": NOBODY_LEFT, "turn": None, "order": []}
    return conflict.model_copy(update=update)
