"""Facing and flank: front 180 degrees and rear 180 degrees, split by the flank line.

Facing is a compass angle on the map (0 up, 90 right) and need not follow the grid. Anything
on the flank line counts as in front. A contest that starts behind your flank is at -2; you
may parry only what is forward of your flank and within your reach; you may dodge what is
behind, at -2, but never a surprise or social attack.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Point = tuple[float, float]
BEHIND_PENALTY = -2
_ON_THE_LINE = 1e-9


def facing_vector(facing: float) -> Point:
    """Unit vector of a compass facing in map coordinates, where y grows downward."""
    radians = math.radians(facing)
    return (math.sin(radians), -math.cos(radians))


def is_behind(position: Point, facing: float, other: Point) -> bool:
    """Whether `other` stands behind the flank of someone at `position` facing `facing`."""
    dx, dy = other[0] - position[0], other[1] - position[1]
    fx, fy = facing_vector(facing)
    return dx * fx + dy * fy < -_ON_THE_LINE * max(1.0, math.hypot(dx, dy))


def flank_modifier(position: Point, facing: float, source: Point) -> int:
    """-2 on a contest that originates behind the flank, 0 otherwise."""
    return BEHIND_PENALTY if is_behind(position, facing, source) else 0


def flank_line(position: Point, facing: float, half_length: float) -> tuple[Point, Point]:
    """The two ends of the flank line through `position`, for drawing."""
    fx, fy = facing_vector(facing)
    ox, oy = -fy * half_length, fx * half_length
    return (position[0] - ox, position[1] - oy), (position[0] + ox, position[1] + oy)


@dataclass(frozen=True)
class Defenses:
    """Which defenses a defender has against one attack, and at what modifier (None: not
    allowed)."""

    parry: int | None
    dodge: int | None
    insight: int | None


def defenses(
    position: Point, facing: float, reach: int, attacker: Point, *, surprise: bool = False, social: bool = False
) -> Defenses:
    """The defenses open against an attack from `attacker`, positions in areas.

    Reach is counted in areas (the larger of the row and column distances), so a reach of 1
    covers the eight areas around the defender.
    """
    behind = is_behind(position, facing, attacker)
    distance = max(abs(attacker[0] - position[0]), abs(attacker[1] - position[1]))
    if social:
        return Defenses(parry=None, dodge=None, insight=0)
    parry = 0 if not behind and distance <= reach else None
    dodge = None if surprise else (BEHIND_PENALTY if behind else 0)
    return Defenses(parry=parry, dodge=dodge, insight=None)


def area_centre(row: int, col: int) -> Point:
    """The centre of an area in area units (x = column, y = row), for facing tests."""
    return (col + 0.5, row + 0.5)


def exits_in_front(area: tuple[int, int], opponents: list[tuple[Point, float]], steps) -> list[tuple[int, int]]:
    """After a failed move check in an overlap: the adjacent areas in front of every
    opponent's flank there, where the token may still exit before its movement ends."""
    row, col = area
    found = []
    for dr, dc in steps:
        centre = area_centre(row + dr, col + dc)
        if all(not is_behind(position, facing, centre) for position, facing in opponents):
            found.append((row + dr, col + dc))
    return found
