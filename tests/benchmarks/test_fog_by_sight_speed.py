"""Speed of fog by sight: a players' token moved on a map of 10,000 zones, all fogged, lifts the
fog from what it sees from where it lands (rules/sight.py over the document's index of borders
at a zone), as one undo step with the move. Target: 5 ms a move (median). Two cases: a jump to a
far zone and its undo, every move lifting all it sees afresh (the worst case), and a walk from
zone to neighbouring zone, each step lifting the edge newly in sight (play). Figures in
docs/SPEED.md.

Run with: .venv/bin/python -m pytest tests/benchmarks/test_fog_by_sight_speed.py -o addopts="" --benchmark-only
"""

from __future__ import annotations

import itertools
import random

import pytest

from tabletop.document import MapDocument
from tabletop.document.commands.fog import MoveRevealing
from tabletop.model import Token, ZoneLocation
from tests.maps import zone_map


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
