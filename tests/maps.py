"""Generated maps for the tests and the benchmarks: planar-like zone maps and big encounter grids.

Zones are bricks in offset rows, so every zone shares real edges with about six others;
some borders are dropped to leave about five. Costs run 1-7 (mostly low), a fifth differ by
direction, one in twenty is a wall with a door. Seeded, so every run measures the same map.
"""

from __future__ import annotations

import math
import random

from tabletop.model import Border, Door, EncounterGrid, Map, Passage, PolygonShape, Segment, Tile, Zone

BRICK_W, BRICK_H = 60.0, 40.0


def _brick(row: int, col: int) -> PolygonShape:
    x = col * BRICK_W + (BRICK_W / 2 if row % 2 else 0)
    y = row * BRICK_H
    return PolygonShape(points=[(x, y), (x + BRICK_W, y), (x + BRICK_W, y + BRICK_H), (x, y + BRICK_H)])


def _passages(rng: random.Random) -> list[Passage]:
    roll = rng.random()
    if roll < 0.05:
        state = rng.choice(["open", "closed", "locked"])
        return [
            Passage(label="through the door", door=Door(state=state)),
            Passage(label="break the door", cost_from_a=4, cost_from_b=4),
            Passage(label="break through the wall", cost_from_a=7, cost_from_b=7),
        ]
    cost = min(7, 1 + int(rng.expovariate(0.6)))
    if roll < 0.25:
        return [Passage(label="slope", cost_from_a=cost, cost_from_b=min(7, cost + rng.randint(1, 3)))]
    return [Passage(cost_from_a=cost, cost_from_b=cost)]


def zone_map(n: int, seed: int = 1) -> Map:
    """A map of about n zones (a whole number of brick rows)."""
    rng = random.Random(seed)
    cols = max(2, int(math.sqrt(n * 1.5)))
    rows = max(2, n // cols)
    zones = [Zone(id=f"z{r}-{c}", name=f"Zone {r}-{c}", shape=_brick(r, c)) for r in range(rows) for c in range(cols)]
    borders = []
    for r in range(rows):
        for c in range(cols):
            shift = c + (r % 2)  # the brick below-left and below-right in offset rows
            links = [(r, c + 1), (r + 1, shift - 1), (r + 1, shift)]
            for r2, c2 in links:
                if r2 < rows and 0 <= c2 < cols and rng.random() < 0.84:
                    borders.append(
                        Border(id=f"b{len(borders)}", a=f"z{r}-{c}", b=f"z{r2}-{c2}", passages=_passages(rng))
                    )
    return Map(title=f"Generated, {len(zones)} zones", zones=zones, borders=borders)


def encounter_grid(tiles_across: int, seed: int = 1) -> EncounterGrid:
    """A square grid of tiles_across^2 tiles, each with rough, water, steep or cover segments."""
    rng = random.Random(seed)
    tiles = []
    for r in range(tiles_across):
        for c in range(tiles_across):
            cells = [(a, b) for a in range(5) for b in range(5)]
            rng.shuffle(cells)
            kinds = rng.sample(["rough", "water", "steep", "cover"], 2)
            segments = [Segment(name=k, areas=cells[4 * i : 4 * i + 4], properties=[k]) for i, k in enumerate(kinds)]
            tiles.append(Tile(row=r, col=c, segments=segments))
    return EncounterGrid(id="big", tiles=tiles)
