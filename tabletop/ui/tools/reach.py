"""What a token can reach from where it stands: asks the rules engine, returns plain data."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # the toolbar's reach settings come before the model, at the window's first frame
    from tabletop.document import MapDocument
    from tabletop.model import Location, Token


class PlacePicker(Protocol):
    """A form waiting for a place on the map (the play dock's maneuver or hustle): it may change
    a dragged token's budget and take a click or a drop as its destination."""

    def budget(self, token: Token) -> int | None: ...

    def moving(self) -> tuple[str, str] | None: ...

    def take_click(self, where: Location | None) -> bool: ...

    def wants_drop(self, token_id: str) -> bool: ...

    def take_drop(self, token_id: str, where: Location | None) -> bool: ...


@dataclass
class ReachSettings:
    """The budget the canvas shows: shifts on zone maps, a move type (at the token's speed) on
    grids. Set from the toolbar; a picker (the play dock) may ask for the map's next place."""

    shifts: int = 3
    move: str = "run"
    picker: PlacePicker | None = None


RULES = ("tabletop.rules.movement", "tabletop.rules.grid_movement", "tabletop.rules.sides")
"""The rules a drag asks: imported just after the window's first frame (`ready_rules`), so
neither that frame nor the first drag waits for them."""


def ready_rules() -> None:
    for name in RULES:
        importlib.import_module(name)


def token_reach(document: MapDocument, token: Token, where: Location | None, settings: ReachSettings):
    """("zones", [(zone id, cost)]) or ("areas", grid id, [(area, cost)]) or None."""
    from tabletop.model import AreaLocation, ZoneLocation
    from tabletop.rules import grid_reach, opponent_areas, reach  # deferred: the movement rules (ready_rules)

    if isinstance(where, ZoneLocation):
        return ("zones", reach(document.graph(), where.zone, settings.shifts).zones())
    if isinstance(where, AreaLocation):
        opponents = opponent_areas(document.map, where.grid, token.side, token.id)
        budget = settings.picker.budget(token) if settings.picker is not None else None
        found = grid_reach(
            document.terrain(where.grid),
            (where.row, where.col),
            settings.move,
            token.speeds.of(settings.move) if budget is None else budget,
            opponents,
        )
        return ("areas", where.grid, found.areas())
    return None
