"""Facing and flank: front and rear 180 degrees, the line counts as front, parry and dodge."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.rules import defenses, flank_modifier, is_behind
from tabletop.rules.facing import area_centre, flank_line

HERE = area_centre(5, 5)


def test_facing_north_the_area_above_is_front_and_below_is_behind():
    assert not is_behind(HERE, 0, area_centre(4, 5))
    assert is_behind(HERE, 0, area_centre(6, 5))


def test_directly_on_the_flank_line_counts_as_in_front():
    assert not is_behind(HERE, 0, area_centre(5, 2))
    assert not is_behind(HERE, 0, area_centre(5, 9))
    assert not is_behind(HERE, 45, area_centre(4, 4))  # on the diagonal flank line of a 45 degree facing


def test_any_angle_not_just_the_grid():
    assert is_behind(HERE, 30, area_centre(6, 5))
    assert not is_behind(HERE, 100, area_centre(6, 7))
    assert is_behind(HERE, 100, area_centre(5, 4))


def test_a_contest_from_behind_is_at_minus_two():
    assert flank_modifier(HERE, 90, area_centre(5, 3)) == -2
    assert flank_modifier(HERE, 90, area_centre(5, 7)) == 0


def test_parry_only_forward_of_the_flank_and_within_reach():
    assert defenses(HERE, 0, 1, area_centre(4, 5)).parry == 0
    assert defenses(HERE, 0, 1, area_centre(3, 5)).parry is None, "out of reach"
    assert defenses(HERE, 0, 2, area_centre(3, 5)).parry == 0
    assert defenses(HERE, 0, 1, area_centre(6, 5)).parry is None, "behind the flank"


def test_dodge_from_behind_at_minus_two_and_never_a_surprise():
    assert defenses(HERE, 0, 1, area_centre(6, 5)).dodge == -2
    assert defenses(HERE, 0, 1, area_centre(2, 5)).dodge == 0
    assert defenses(HERE, 0, 1, area_centre(2, 5), surprise=True).dodge is None


def test_a_social_attack_is_met_with_insight_only():
    social = defenses(HERE, 0, 1, area_centre(4, 5), social=True)
    assert (social.parry, social.dodge, social.insight) == (None, None, 0)


def test_the_flank_line_is_square_to_the_facing():
    (x1, y1), (x2, y2) = flank_line((0.0, 0.0), 0, 1.0)
    assert (x1, y1) == pytest.approx((-1.0, 0.0)) and (x2, y2) == pytest.approx((1.0, 0.0))


angles = st.floats(0, 360, exclude_max=True)
coords = st.floats(-50, 50)


@given(angles, coords, coords)
def test_turning_around_swaps_front_and_behind(facing, x, y):
    other = (HERE[0] + x, HERE[1] + y)
    front, back = is_behind(HERE, facing, other), is_behind(HERE, facing + 180, other)
    assert not (front and back)
