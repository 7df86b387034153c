"""Attack lines on an encounter grid: the areas a line crosses, cover on it, and the range.

The line runs from the centre of the attacker's area to the centre of the target's. It
crosses every area it passes through; where it passes exactly through a corner it touches
both areas beside it, and cover in either counts. The attacker's and target's own areas are
not crossed. Any cover crossed puts the attack at -2 (once, however much cover).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction

from tabletop.rules.terrain import Area, Terrain

COVER_PENALTY = -2


@dataclass(frozen=True)
class AttackLine:
    areas: list[Area]
    cover: list[str]
    penalty: int
    range: int


def line_areas(start: Area, end: Area) -> list[Area]:
    """Areas between two areas' centres, in order, without the two ends.

    Exact: the line is cut where it meets a grid line (fractions, no rounding); the middle of
    each piece names one area, and a cut that is a grid corner adds the two areas beside it.
    """
    (r0, c0), (r1, c1) = start, end
    dr, dc = r1 - r0, c1 - c0
    if dr == 0 and dc == 0:
        return []
    cuts = {Fraction(0), Fraction(1)}
    for origin, delta in ((c0, dc), (r0, dr)):
        for k in range(min(origin, origin + delta) + 1, max(origin, origin + delta) + 1):
            cuts.add(Fraction(2 * (k - origin) - 1, 2 * delta))
    ordered = sorted(cuts)
    found: list[Area] = []

    def point(t: Fraction) -> tuple[Fraction, Fraction]:
        return Fraction(2 * r0 + 1, 2) + t * dr, Fraction(2 * c0 + 1, 2) + t * dc

    def add(area: Area) -> None:
        if area not in found and area != start and area != end:
            found.append(area)

    for before, after in itertools.pairwise(ordered):
        y, x = point(before)
        if before > 0 and y.denominator == 1 and x.denominator == 1:  # through a corner
            add((int(y) - 1 if dr > 0 else int(y), int(x) if dc > 0 else int(x) - 1))
            add((int(y) if dr > 0 else int(y) - 1, int(x) - 1 if dc > 0 else int(x)))
        y, x = point((before + after) / 2)
        add((floor(y), floor(x)))
    return found


def floor(value: Fraction) -> int:
    return value.numerator // value.denominator


def attack_line(terrain: Terrain, attacker: Area, target: Area) -> AttackLine:
    crossed = line_areas(attacker, target)
    cover: list[str] = []
    for area in crossed:
        ground = terrain.at(area)
        if "cover" in ground.properties:
            for name in ground.segments or ("cover",):
                if name not in cover:
                    cover.append(name)
    distance = max(abs(target[0] - attacker[0]), abs(target[1] - attacker[1]))
    return AttackLine(crossed, cover, COVER_PENALTY if cover else 0, distance)
