"""Speed of fog by sight: a players' token moved on a map of 10,000 zones, all fogged, lifts the
fog from what it sees from where it lands (rules/sight.py over the document's index of borders
at a zone), as one undo step with the move. Target: 5 ms a move (median). Two cases: a jump to a
far zone and its undo, every move lifting all it sees afresh (the worst case), and a walk from
zone to neighbouring zone, each step lifting the edge newly in sight (play). And a move on the
widest grid, walled all over, lifting the areas it sees (rules/grid_sight.py). Figures in
docs/SPEED.md.

Run with: .venv/bin/python -m pytest tests/benchmarks/test_fog_by_sight_speed.py -o addopts="" --benchmark-only
"""

from __future__ import annotations

import itertools
import random

import pytest

from tabletop.document import MapDocument
from tabletop.document.commands.fog import MoveRevealing
from tabletop.model import AreaLocation, Map, Segment, Token, ZoneLocation
from tests.maps import encounter_grid, zone_map


@pytest.fixture(scope="module")
def fogged_10k(maps_by_size):
    map_ = maps_by_size.get(10_000) or zone_map(10_000)
    zones = [zone.model_copy(update={"fogged": True}) for zone in map_.zones]
    runner = Token(id="kell", name="Kell", side="runners", location=ZoneLocation(zone=zones[0].id))
    return map_.model_copy(update={"zones": zones, "tokens": [runner]})


@pytest.mark.parametrize("reach", [3, 10])
def test_a_move_lifting_what_it_sees_10k(benchmark, qtbot, fogged_10k, reach):
    document = MapDocument(fogged_10k)
    rng = random.Random(7)
    places = itertools.cycle([ZoneLocation(zone=z.id) for z in rng.sample(fogged_10k.zones, 50)])
    stack = document.undo_stack
    lifted = []

    def move_and_undo():
        command = MoveRevealing(document, "kell", next(places), players_side="runners", sight=reach)
        stack.push(command)
        lifted.append(len(command.revealed))
        stack.undo()

    benchmark(move_and_undo)
    benchmark.extra_info["zones lifted a move (median)"] = sorted(lifted)[len(lifted) // 2]
    assert sorted(lifted)[len(lifted) // 2] > reach, "the walk found zones to lift"


def _walk(document: MapDocument, start: str, steps: int) -> list[str]:
    """Zones from `start`, each a neighbour of the one before, never back where it just was."""
    rng, here, walk = random.Random(3), start, []
    for _ in range(steps):
        borders = sorted(document.layout.borders_at.get(here, ()))
        ahead = [document.get("border", b).other(here) for b in borders]
        here = rng.choice([z for z in ahead if z not in walk[-2:]] or ahead)
        walk.append(here)
    return walk


@pytest.mark.parametrize("reach", [3, 10])
def test_a_walk_lifting_what_comes_into_sight_10k(benchmark, qtbot, fogged_10k, reach):
    document = MapDocument(fogged_10k)
    start = fogged_10k.tokens[0].location.zone
    document.undo_stack.push(
        MoveRevealing(document, "kell", ZoneLocation(zone=start), players_side="runners", sight=reach)
    )
    steps = iter(_walk(document, start, 200))
    lifted = []

    def step():
        command = MoveRevealing(document, "kell", ZoneLocation(zone=next(steps)), players_side="runners", sight=reach)
        document.undo_stack.push(command)
        lifted.append(len(command.revealed))

    benchmark.pedantic(step, rounds=200, iterations=1)
    benchmark.extra_info["zones lifted a step (median)"] = sorted(lifted)[len(lifted) // 2]
    assert sum(lifted) > 0


@pytest.fixture(scope="module")
def walled_grid():
    """The widest grid (50x50 tiles, 250x250 areas) fogged all over, a raised wall segment of
    four areas on every tile beside its rough, water, steep and cover, a runner in the middle."""
    grid = encounter_grid(50)
    tiles = [
        tile.model_copy(
            update={"segments": [*tile.segments, Segment(name="wall", areas=[(0, c) for c in range(4)], altitude=2)]}
        )
        for tile in grid.tiles
    ]
    r0, c0, r1, c1 = grid.area_bounds()
    fogged = [(r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]
    grid = grid.model_copy(update={"tiles": tiles, "fogged_areas": fogged})
    runner = Token(id="kell", name="Kell", side="runners", location=AreaLocation(grid=grid.id, row=125, col=125))
    return Map(grids=[grid], tokens=[runner])


@pytest.mark.parametrize("reach", [5, 10, 20])
def test_a_move_on_a_grid_lifting_what_it_sees(benchmark, qtbot, walled_grid, reach):
    document = MapDocument(walled_grid)
    rng = random.Random(5)
    places = itertools.cycle(
        [AreaLocation(grid="big", row=rng.randrange(250), col=rng.randrange(250)) for _ in range(50)]
    )
    stack = document.undo_stack

    def move_and_undo():
        stack.push(MoveRevealing(document, "kell", next(places), players_side="runners", sight=reach))
        stack.undo()

    benchmark(move_and_undo)
