"""Grid sight asks the same lines as attack lines: its integer lines equal line_areas on every
offset, and the areas it finds all at once equal those asked line by line (line_blocked) on
random grids with raised segments, from random seers, at random ranges, in areas and in map
units."""

from __future__ import annotations

import random

import pytest

from tabletop.model import EncounterGrid, Segment, Tile
from tabletop.rules.attack_lines import line_areas
from tabletop.rules.grid_sight import areas_in_sight, crossed, line_blocked
from tabletop.rules.terrain import Terrain


def test_its_lines_are_the_attack_lines():
    for dr in range(-12, 13):
        for dc in range(-12, 13):
            assert crossed(dr, dc) == tuple(line_areas((0, 0), (dr, dc))), (dr, dc)


def _random_grid(rng: random.Random) -> Terrain:
    tiles = []
    for row in range(3):
        for col in range(3):
            cells = rng.sample([(r, c) for r in range(5) for c in range(5)], rng.randrange(0, 9))
            segments = [
                Segment(name=f"s{k}", areas=[cell], altitude=rng.choice([0, 1, 2, 3])) for k, cell in enumerate(cells)
            ]
            tiles.append(Tile(row=row, col=col, segments=segments))
    return Terrain(EncounterGrid(id="g", tiles=tiles))


@pytest.mark.parametrize("seed", range(12))
def test_all_at_once_equals_line_by_line(seed):
    rng = random.Random(seed)
    ground = _random_grid(rng)
    seer = (rng.randrange(15), rng.randrange(15))
    reach = rng.randrange(0, 16)
    units = rng.choice([None, rng.uniform(0, 600)])
    found = areas_in_sight(ground, [seer], reach, units, 40.0)
    n = reach if units is None else int(units // 40.0)
    expected = {
        (r, c)
        for r in range(15)
        for c in range(15)
        if max(abs(r - seer[0]), abs(c - seer[1])) <= n
        and (units is None or ((r - seer[0]) ** 2 + (c - seer[1]) ** 2) * 1600 <= units * units)
        and not line_blocked(ground, seer, (r, c))
    }
    assert found == expected
