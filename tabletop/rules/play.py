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
