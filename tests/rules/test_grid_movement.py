"""Maneuvers on encounter grids: speeds, rough, water, steep, flying, jumping, overlap, hustle."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.model import Segment
from tabletop.rules import Terrain, grid_path, grid_reach, hustle_areas
from tabletop.rules.facing import exits_in_front
from tabletop.samples import af_encounter
from tests.rules.grids import column, terrain


def test_open_ground_moves_the_speed_in_any_direction():
    found = grid_reach(terrain(), (2, 2), "run", 2)
    assert set(found.costs) == {(r, c) for r in range(5) for c in range(5)}
    assert found.costs[(0, 0)] == 2 and found.costs[(2, 3)] == 1


def test_without_diagonals_corners_cost_two():
    found = grid_reach(terrain(diagonal=False), (2, 2), "run", 2)
    assert found.costs[(1, 1)] == 2 and (0, 0) not in found.costs


def test_rough_costs_two_to_enter():
    found = grid_reach(terrain(column(1, "rough")), (2, 0), "run", 2)
    assert found.costs[(2, 1)] == 2
    assert (2, 2) not in found.costs
    assert grid_reach(terrain(column(1, "rough")), (2, 0), "run", 3).costs[(2, 2)] == 3


def test_water_needs_the_swim_speed():
    ground = terrain(column(1, "water"))
    assert (2, 1) not in grid_reach(ground, (2, 0), "run", 4).costs
    assert grid_reach(ground, (2, 0), "swim", 1).costs[(2, 1)] == 1


def test_steep_needs_the_climb_speed():
    ground = terrain(column(1, "steep"))
    assert (2, 2) not in grid_reach(ground, (2, 0), "run", 4).costs
    assert grid_reach(ground, (2, 0), "climb", 2).costs[(2, 2)] == 2


def test_flying_ignores_segments_without_altitude():
    ground = terrain(column(1, "water"), column(3, "steep", altitude=2))
    found = grid_reach(ground, (2, 0), "fly", 4)
    assert found.costs[(2, 2)] == 2
    assert (2, 3) not in found.costs and (2, 4) not in found.costs


def test_a_jump_clears_a_segment_between_its_start_and_end():
    ground = terrain(column(2, "water"))
    assert (2, 3) not in grid_reach(ground, (2, 1), "run", 4).costs
    jumped = grid_reach(ground, (2, 1), "jump", 2)
    assert jumped.costs[(2, 3)] == 2
    assert (2, 2) not in jumped.costs, "nobody lands in the water"
    assert jumped.path((2, 3)) == [(2, 1), (2, 3)]


def test_a_jump_counts_rough_ground_where_it_starts_and_ends_only():
    ground = terrain(
        Segment(name="brush", areas=[(2, 1), (2, 3)], properties=["rough"]),
        Segment(name="mud", areas=[(2, 2)], properties=["rough"]),
    )
    assert (2, 3) not in grid_reach(ground, (2, 0), "jump", 3).costs
    assert grid_reach(ground, (2, 0), "jump", 4).costs[(2, 3)] == 4
    assert grid_reach(ground, (2, 1), "jump", 4).costs[(2, 4)] == 4


def test_nothing_leaps_over_a_segment_with_altitude():
    ground = terrain(column(2, "cover", altitude=1, name="wall"))
    assert (2, 3) not in grid_reach(ground, (2, 1), "jump", 3).costs


def test_entering_an_opponents_area_ends_the_move():
    found = grid_reach(terrain(diagonal=False), (2, 0), "run", 4, opponents=[(2, 1)])
    assert found.costs[(2, 1)] == 1
    assert (2, 1) in found.stopped
    assert found.path((2, 2)) != [(2, 0), (2, 1), (2, 2)]
    assert found.costs[(2, 2)] == 4, "around the opponent, not through"


def test_a_friend_in_the_way_does_not_stop_the_move():
    found = grid_reach(terrain(diagonal=False), (2, 0), "run", 2, opponents=[])
    assert found.costs[(2, 2)] == 2


def test_hustle_adds_half_the_speed_at_least_one_after_a_maneuver():
    assert hustle_areas(5, maneuvered=False) == 2
    assert hustle_areas(1, maneuvered=False) == 0
    assert hustle_areas(1, maneuvered=True) == 1
    assert hustle_areas(4, maneuvered=True) == 2


def test_a_failed_exit_from_an_overlap_goes_in_front_of_the_opponent():
    ground = terrain()
    facing_east = [((2.5, 2.5), 90.0)]
    exits = exits_in_front((2, 2), facing_east, ground.steps)
    assert set(exits) == {(1, 2), (1, 3), (2, 3), (3, 2), (3, 3)}


def test_path_on_the_sample_encounter_goes_around_the_creek():
    ground = Terrain(af_encounter().grids[0])
    route = grid_path(ground, (7, 3), (7, 9), "run", 12)
    assert route[0] == (7, 3) and route[-1] == (7, 9)
    assert all("water" not in ground.at(area).properties for area in route)
    with pytest.raises(KeyError, match="not in reach"):
        grid_path(ground, (7, 3), (7, 14), "run", 3)


@given(
    st.integers(0, 4),
    st.integers(0, 4),
    st.sampled_from(["run", "swim", "climb", "fly", "jump"]),
    st.integers(0, 6),
    st.integers(0, 3),
)
@settings(max_examples=120)
def test_grid_reach_is_monotone_and_paths_are_steps_between_neighbours(row, col, move, speed, extra):
    ground = terrain(column(1, "rough"), column(3, "water"), Segment(areas=[(0, 4)], properties=["steep"]))
    small = grid_reach(ground, (row, col), move, speed)
    large = grid_reach(ground, (row, col), move, speed + extra)
    assert set(small.costs) <= set(large.costs)
    for area, cost in small.costs.items():
        assert 0 <= cost <= speed
        steps = small.path(area)
        assert steps[0] == (row, col) and steps[-1] == area
        if move != "jump":
            assert all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in itertools.pairwise(steps))
