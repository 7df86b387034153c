"""Sight on an encounter grid: which areas a party token sees from the area it stands in.

The AF text gives segments cover, ledges and altitude but says nothing of what blocks sight, so
this is the house reading, kept in docs/RULES.md:

- Sight runs from the centre of the seer's area to the centre of the seen area, crossing the
  areas an attack line between them would cross (rules/attack_lines.py: exact, a line through a
  corner touches both areas beside it).
- Cover does not block sight: it penalises an attack line that crosses it, and one sees the
  target behind it ("attack lines that cross suffer a penalty", so the target is there to aim at).
- A segment with altitude is something tall (a wall is a raised segment, as fliers and jumpers
  meet it). It blocks the line when it stands higher than both ends: a seer standing higher
  sees over it, and a seen area as high as it (a tower's top behind a wall) shows over it.
- A token stands at the altitude of its area (a grid keeps no height per token).
- The range is counted in areas as an attack's range is (the larger of rows and columns
  apart), or, given in map units, as the straight distance between the two centres.

Each line's crossed areas depend only on how far apart its ends are, so they are worked out
once per offset and reused; only the raised areas near the seer are asked about. Qt-free.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache
from itertools import pairwise

from tabletop.model import AreaLocation, EncounterGrid, Token
from tabletop.rules.terrain import Area, Terrain
from tabletop.rules.visibility import on_players_side, token_hidden

MAX_GRID_SIGHT = 250
"""Areas a seer looks across at most, whatever the range: the widest grid there is."""


@lru_cache(maxsize=65_536)
def crossed(dr: int, dc: int) -> tuple[Area, ...]:
    """The areas, as offsets from the seer's, that the line to the area (dr, dc) away crosses:
    attack_lines.line_areas from (0, 0), in the same order, in integers (its exact fractions
    took seconds for the lines of a range of 20 areas). Along the line, t runs over 0..m; the
    cuts are where it meets a grid line, the middle of each piece names an area, and a cut at a
    grid corner adds the two areas beside it."""
    if dr == 0 and dc == 0:
        return ()
    m = 2 * max(1, abs(dr)) * max(1, abs(dc))
    cuts = {0, m}
    for delta in (dc, dr):
        if delta:
            step = m // (2 * abs(delta))  # t of a cut, times m: (2k - 1) * m / (2 * delta)
            for k in range(min(0, delta) + 1, max(0, delta) + 1):
                cuts.add((2 * k - 1) * step * (1 if delta > 0 else -1))
    found: dict[Area, None] = {}  # in order, each once

    def add(area: Area) -> None:
        if area != (0, 0) and area != (dr, dc):
            found.setdefault(area)

    twice = 2 * m
    ordered = sorted(cuts)
    for before, after in pairwise(ordered):
        if before > 0:
            y, x = m + 2 * before * dr, m + 2 * before * dc  # the point, times 2m
            if y % twice == 0 and x % twice == 0:  # through a corner
                y, x = y // twice, x // twice
                add((y - 1 if dr > 0 else y, x if dc > 0 else x - 1))
                add((y if dr > 0 else y - 1, x - 1 if dc > 0 else x))
        middle = before + after
        add(((m + middle * dr) // twice, (m + middle * dc) // twice))
    return tuple(found)


def heights(terrain: Terrain) -> dict[Area, int]:
    """The raised areas of a grid with their altitude (kept with the terrain, made once)."""
    held = terrain.__dict__.get("_sight_heights")
    if held is None:
        held = terrain.__dict__["_sight_heights"] = {a: g.altitude for a, g in terrain.ground.items() if g.altitude > 0}
    return held


def line_blocked(terrain: Terrain, seer: Area, seen: Area) -> bool:
    """Whether something raised between two areas stands higher than both of them."""
    tall = heights(terrain)
    top = max(tall.get(seer, 0), tall.get(seen, 0))
    r, c = seer
    return any(tall.get((r + dr, c + dc), 0) > top for dr, dc in crossed(seen[0] - r, seen[1] - c))


def reach_in_areas(reach: int, units: float | None, area_size: float) -> tuple[int, float | None]:
    """(areas either way to look at, the squared distance in areas allowed or None)."""
    if units is None:
        return min(max(reach, 0), MAX_GRID_SIGHT), None
    across = max(units, 0.0) / area_size
    return min(math.floor(across), MAX_GRID_SIGHT), across * across


def areas_in_sight(
    terrain: Terrain, seers_at: Iterable[Area], reach: int, units: float | None = None, area_size: float = 1.0
) -> set[Area]:
    """Every area of the grid seen from one of `seers_at` (those on the grid included): within
    `reach` areas, or `units` map units when given (`area_size` an area's side), and on a line
    no raised segment higher than both ends blocks."""
    r0, c0, r1, c1 = terrain.bounds
    n, limit = reach_in_areas(reach, units, area_size)
    tall = heights(terrain)
    seen: set[Area] = set()
    for vr, vc in seers_at:
        if not (r0 <= vr <= r1 and c0 <= vc <= c1):
            continue
        low_r, high_r, low_c, high_c = max(r0, vr - n), min(r1, vr + n), max(c0, vc - n), min(c1, vc + n)
        own = tall.get((vr, vc), 0)
        # only what stands above the seer can hide anything from it
        above = {a: h for a, h in tall.items() if h > own and low_r <= a[0] <= high_r and low_c <= a[1] <= high_c}
        if above and n <= MAX_WINDOW:
            seen |= _seen_in_window(terrain, (vr, vc), n, limit)
            continue
        for row in range(low_r, high_r + 1):
            dr = row - vr
            for col in range(low_c, high_c + 1):
                dc = col - vc
                if limit is not None and dr * dr + dc * dc > limit:
                    continue
                if (row, col) in seen:
                    continue
                if above:
                    top = max(own, tall.get((row, col), 0))
                    if any(above.get((vr + a, vc + b), 0) > top for a, b in crossed(dr, dc)):
                        continue
                seen.add((row, col))
    return seen


MAX_WINDOW = 40
"""Ranges up to this many areas are looked over at once in numpy, their lines' areas kept per
range; a longer range asks line by line (its lines would be millions of cells)."""


@lru_cache(maxsize=8)
def _window_lines(n: int):
    """For each cell of the (2n+1)^2 window round a seer, row by row: the window cells its line
    crosses (flat; the cell past the window, kept lowest, for a line that crosses none), and
    where each cell's run starts in that list."""
    import numpy as np

    side = 2 * n + 1
    cells: list[int] = []
    starts: list[int] = []
    for dr in range(-n, n + 1):
        for dc in range(-n, n + 1):
            starts.append(len(cells))
            # a line's areas mirror with it: those of the first quarter, turned, serve the others
            sr, sc = (1 if dr >= 0 else -1), (1 if dc >= 0 else -1)
            line = crossed(abs(dr), abs(dc))
            cells.extend([(sr * a + n) * side + sc * b + n for a, b in line] or [side * side])
    return np.array(cells, dtype=np.int64), np.array(starts, dtype=np.int64)


def _seen_in_window(terrain: Terrain, seer: Area, n: int, limit: float | None) -> set[Area]:
    """areas_in_sight's lines from one seer, all at once: the highest thing on each line
    against the higher of its two ends."""
    import numpy as np

    side = 2 * n + 1
    r0, c0, r1, c1 = terrain.bounds
    vr, vc = seer
    window = np.full((side, side), -1, dtype=np.int64)  # off the grid: lower than any ground
    top, left = max(r0, vr - n), max(c0, vc - n)
    bottom, right = min(r1, vr + n), min(c1, vc + n)
    window[top - vr + n : bottom - vr + n + 1, left - vc + n : right - vc + n + 1] = height_array(terrain)[
        top - r0 : bottom - r0 + 1, left - c0 : right - c0 + 1
    ]
    flat = np.append(window.ravel(), -1)
    cells, starts = _window_lines(n)
    highest = np.maximum.reduceat(flat[cells], starts)
    ends = np.maximum(flat[:-1], flat[n * side + n])
    seen = (highest <= ends) & (flat[:-1] >= 0)
    if limit is not None:
        offsets = np.arange(-n, n + 1)
        seen &= ((offsets[:, None] ** 2 + offsets[None, :] ** 2) <= limit).ravel()
    rows, cols = np.divmod(np.flatnonzero(seen), side)
    return set(zip((rows + vr - n).tolist(), (cols + vc - n).tolist(), strict=True))


def height_array(terrain: Terrain):
    """The grid's altitudes as an array over its bounds (kept with the terrain, made once)."""
    import numpy as np

    held = terrain.__dict__.get("_sight_array")
    if held is None:
        r0, c0, r1, c1 = terrain.bounds
        held = np.zeros((r1 - r0 + 1, c1 - c0 + 1), dtype=np.int64)
        for (row, col), h in heights(terrain).items():
            if r0 <= row <= r1 and c0 <= col <= c1:
                held[row - r0, col - c0] = h
        terrain.__dict__["_sight_array"] = held
    return held


def grid_seers(tokens: Iterable[Token], players_side: str, grid_id: str) -> list[Area]:
    """The areas of this grid where the players' tokens stand: tokens of their side the
    players see (a hidden one sees nothing for them)."""
    return [
        (token.location.row, token.location.col)
        for token in tokens
        if isinstance(token.location, AreaLocation)
        and token.location.grid == grid_id
        and on_players_side(token, players_side)
        and not token_hidden(token)
    ]


def party_grid_sight(
    grid: EncounterGrid, tokens: Iterable[Token], players_side: str, reach: int, units: float | None = None
) -> set[Area]:
    """The areas of one grid the players' side sees now, from the map alone."""
    return areas_in_sight(Terrain(grid), grid_seers(tokens, players_side, grid.id), reach, units, grid.area_size)
