"""Stress on one track: boxes marked, taken out over the threshold, boxes cleared for shifts,
free invokes bought by a maneuver's shifts."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.model import StressTrack
from tabletop.rules.edgerunner_stress import best_recovery, clear_boxes, free_invokes, take_stress


def test_stress_marks_its_box_and_over_the_threshold_takes_out() -> None:
    track = StressTrack(name="health", boxes=5, threshold=3)
    hit = take_stress(track, 2)
    assert (hit.track.marked, hit.box, hit.taken_out) == ([2], 2, False)
    over = take_stress(hit.track, 4)
    assert over.taken_out and over.track.marked == [2]
    assert take_stress(track, 0).track == track


def test_a_marked_box_rolls_up_and_a_full_track_takes_out() -> None:
    track = StressTrack(name="cool", boxes=5, threshold=3, marked=[2])
    hit = take_stress(track, 2)
    assert (hit.box, hit.track.marked) == (3, [2, 3])
    assert take_stress(hit.track, 2).taken_out


def test_a_defended_threshold_counts_instead_of_the_track_own() -> None:
    track = StressTrack(name="health", boxes=5, threshold=3, defended_threshold=5)
    assert track.threshold_now == 5
    assert take_stress(track, 5).box == 5
    assert take_stress(track.model_copy(update={"defended_threshold": 1}), 2).taken_out


def test_box_n_costs_n_shifts_to_clear() -> None:
    track = StressTrack(name="health", boxes=5, threshold=5, marked=[1, 2, 4])
    assert clear_boxes(track, [1, 2], 3).marked == [4]
    with pytest.raises(ValueError, match="clearing box 4 costs 4 shifts; the roll gave 3"):
        clear_boxes(track, [4], 3)
    with pytest.raises(ValueError, match="box 3 of the health track is not marked"):
        clear_boxes(track, [3], 9)


def test_the_best_recovery_clears_the_most_stress_the_shifts_pay_for() -> None:
    track = StressTrack(name="health", boxes=5, threshold=5, marked=[1, 2, 4])
    assert best_recovery(track, 3) == [1, 2]
    assert best_recovery(track, 4) == [4]
    assert best_recovery(track, 6) == [2, 4]
    assert best_recovery(track, 0) == []


@given(st.lists(st.integers(1, 12), unique=True), st.integers(0, 40))
def test_the_best_recovery_always_fits_the_shifts(marked: list[int], shifts: int) -> None:
    track = StressTrack(name="t", boxes=12, threshold=12, marked=marked)
    chosen = best_recovery(track, shifts)
    assert sum(chosen) <= shifts
    assert set(chosen) <= set(marked)
    left = sorted(clear_boxes(track, chosen, shifts).marked)
    assert left == sorted(set(marked) - set(chosen))
    assert all(box > shifts - sum(chosen) for box in left)  # nothing more would have fitted


@pytest.mark.parametrize(("shifts", "invokes"), [(0, 0), (1, 1), (2, 1), (3, 2), (5, 2), (6, 3), (9, 3)])
def test_free_invokes_come_at_one_three_and_six_shifts(shifts: int, invokes: int) -> None:
    assert free_invokes(shifts) == invokes
