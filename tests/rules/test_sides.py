"""Who is an opponent (AF, Overlap): one side is friendly, another known side is an opponent."""

from __future__ import annotations

import pytest

from tabletop.model import AreaLocation, Map, Token
from tabletop.rules import Terrain, are_opponents, grid_reach, opponent_areas
from tabletop.samples import af_encounter


@pytest.mark.parametrize(
    ("side", "other", "expected"),
    [
        ("band", "raiders", True),
        ("band", "band", False),
        ("band", "neutral", False),
        ("neutral", "raiders", False),
        ("neutral", "neutral", False),
        (None, "raiders", False),
    ],
)
def test_only_two_known_different_sides_are_opponents(side, other, expected):
    assert are_opponents(side, other) is expected
    assert are_opponents(other, side) is expected


def test_the_band_meets_the_raiders_and_the_raiders_meet_the_band():
    map_ = af_encounter()
    assert sorted(opponent_areas(map_, "creek", "band")) == [(2, 12), (7, 9)]
    assert sorted(opponent_areas(map_, "creek", "raiders")) == [(7, 3), (9, 2)]


def test_the_mover_is_never_its_own_opponent():
    map_ = af_encounter()
    assert (7, 3) in opponent_areas(map_, "creek", "raiders")
    assert (7, 3) not in opponent_areas(map_, "creek", "raiders", mover_id="kell")


def test_a_mover_of_no_known_side_is_stopped_by_nobody():
    map_ = af_encounter()
    assert opponent_areas(map_, "creek", None) == []
    assert opponent_areas(map_, "creek", "neutral") == []


def test_bystanders_and_other_grids_hold_no_opponents():
    sample = af_encounter()
    tokens = [
        *sample.tokens,
        Token(id="deer", side="neutral", location=AreaLocation(grid="creek", row=7, col=5)),
        Token(id="far", side="raiders", location=AreaLocation(grid="ford", row=1, col=1)),
        Token(id="twin", side="raiders", location=AreaLocation(grid="creek", row=7, col=9)),
    ]
    ford = sample.grids[0].model_copy(update={"id": "ford"})
    map_ = Map.model_validate({**sample.model_dump(), "grids": [*sample.grids, ford], "tokens": tokens})
    assert sorted(opponent_areas(map_, "creek", "band")) == [(2, 12), (7, 9)], "one entry per area"
    assert opponent_areas(map_, "ford", "band") == [(1, 1)]


def test_moving_into_an_opponents_overlap_ends_the_move_but_a_friends_does_not():
    map_ = af_encounter()
    ground = Terrain(map_.grids[0])
    as_band = grid_reach(ground, (7, 8), "run", 3, opponent_areas(map_, "creek", "band"))
    as_raider = grid_reach(ground, (7, 8), "run", 3, opponent_areas(map_, "creek", "raiders", mover_id="raider"))
    assert (7, 9) in as_band.stopped and (7, 9) not in as_raider.stopped
    assert as_raider.path((7, 11)) == [(7, 8), (7, 9), (7, 10), (7, 11)]
    assert (7, 9) not in as_band.path((7, 11)), "around the raider, not through"
