"""Who is an opponent: the one rule both the window and the command line ask.

AF, Overlap: "If the characters are friendly there's no effect. However moving into an
opponent's overlap (or any individual that chooses to interrupt you) ends your movement."
Tokens of one side are friendly. A token of another side is an opponent, but only when
both sides are known: "neutral" (a token's default) means no side was given, so a neutral
bystander stops nobody unless the GM gives it a side (it chose to interrupt), and a mover
of no known side is stopped by nobody rather than by everyone, its friends included.
"""

from __future__ import annotations

from tabletop.model import AreaLocation, Map
from tabletop.rules.terrain import Area

NO_SIDE = "neutral"
"""The side of a token nobody has put on a side (the model's default)."""


def known_side(side: str | None) -> bool:
    return side is not None and side != NO_SIDE


def are_opponents(side: str | None, other: str | None) -> bool:
    """True when two tokens' sides are both known and differ."""
    return known_side(side) and known_side(other) and side != other


def opponent_areas(map_: Map, grid_id: str, side: str | None, mover_id: str | None = None) -> list[Area]:
    """The areas of `grid_id` holding an opponent of a mover of `side` (the mover itself,
    named by `mover_id`, never counts): where that mover's movement ends on entering.
    Pass the result to grid_reach as its `opponents`."""
    areas: dict[Area, None] = {}
    for token in map_.tokens:
        where = token.location
        if (
            token.id != mover_id
            and isinstance(where, AreaLocation)
            and where.grid == grid_id
            and are_opponents(side, token.side)
        ):
            areas[(where.row, where.col)] = None
    return list(areas)
