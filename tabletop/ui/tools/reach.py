"""What a token can reach from where it stands: asks the rules engine, returns plain data."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.document import MapDocument
from tabletop.model import AreaLocation, Location, Token, ZoneLocation
from tabletop.rules import grid_reach, opponent_areas, reach


@dataclass
class ReachSettings:
    """The budget the canvas shows: shifts on zone maps, a move type (at the token's speed) on
    grids. Set from the toolbar."""

    shifts: int = 3
    move: str = "run"


def token_reach(document: MapDocument, token: Token, where: Location | None, settings: ReachSettings):
    """("zones", [(zone id, cost)]) or ("areas", grid id, [(area, cost)]) or None."""
    if isinstance(where, ZoneLocation):
        return ("zones", reach(document.graph(), where.zone, settings.shifts).zones())
    if isinstance(where, AreaLocation):
        opponents = opponent_areas(document.map, where.grid, token.side, token.id)
        found = grid_reach(
            document.terrain(where.grid),
            (where.row, where.col),
            settings.move,
            token.speeds.of(settings.move),
            opponents,
        )
        return ("areas", where.grid, found.areas())
    return None
