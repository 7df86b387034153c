"""Attack lines: the areas crossed, cover on the line (-2), and range in areas."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tabletop.model import Segment
from tabletop.rules import Terrain, attack_line, line_areas
from tabletop.samples import af_encounter
from tests.rules.grids import column, terrain


def test_a_straight_line_crosses_the_areas_between():
    assert line_areas((2, 0), (2, 4)) == [(2, 1), (2, 2), (2, 3)]


def test_a_diagonal_through_corners_touches_the_areas_beside_each_corner():
    assert set(line_areas((0, 0), (2, 2))) == {(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)}


def test_a_shallow_line_crosses_each_area_it_passes():
    assert line_areas((0, 0), (1, 3)) == [(0, 1), (0, 2), (1, 1), (1, 2)]


def test_a_line_across_cover_is_at_minus_two():
    ground = terrain(column(2, "cover", name="hedge"))
    line = attack_line(ground, (2, 0), (2, 4))
    assert (line.cover, line.penalty, line.range) == (["hedge"], -2, 4)


def test_cover_in_the_targets_own_area_is_not_crossed():
    ground = terrain(Segment(name="crate", areas=[(2, 4)], properties=["cover"]))
    assert attack_line(ground, (2, 0), (2, 4)).penalty == 0


def test_a_line_beside_the_cover_is_clear():
    ground = terrain(Segment(name="crate", areas=[(0, 2)], properties=["cover"]))
    assert attack_line(ground, (2, 0), (2, 4)).penalty == 0


def test_range_counts_areas_diagonals_included():
    assert attack_line(terrain(), (0, 0), (3, 4)).range == 4


def test_on_the_sample_the_archer_shoots_over_the_old_wall():
    ground = Terrain(af_encounter().grids[0])
    line = attack_line(ground, (2, 12), (7, 3))
    assert line.cover == ["old wall"] and line.penalty == -2


points = st.tuples(st.integers(-20, 20), st.integers(-20, 20))


@given(points, points)
def test_a_line_crosses_the_same_areas_both_ways(a, b):
    assert set(line_areas(a, b)) == set(line_areas(b, a))


@given(points, points)
def test_the_crossed_areas_join_up_from_end_to_end(a, b):
    """Every area on the line touches another on it or an end: no gaps a cover could hide in."""
    areas = set(line_areas(a, b)) | {a, b}
    if a != b:
        for r, c in areas:
            assert any(max(abs(r - r2), abs(c - c2)) == 1 for r2, c2 in areas)
