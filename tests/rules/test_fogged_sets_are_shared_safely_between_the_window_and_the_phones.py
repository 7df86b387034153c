"""The phones' picture is painted on its own thread while the GM's window asks about the same
fog: both threads making fogged sets at once must neither break nor let the held sets grow past
their cap."""

from __future__ import annotations

import sys
import threading
import types

from tabletop.rules import visibility


def _ask_many(start: int, errors: list[str]) -> None:
    try:
        for i in range(start, start + 6000):
            grid = types.SimpleNamespace(fogged_areas=[(i, j) for j in range(3)])
            assert visibility.fogged_set(grid) == frozenset(grid.fogged_areas)
    except Exception as error:
        errors.append(repr(error))


def test_two_threads_making_fogged_sets_at_once_break_nothing():
    errors: list[str] = []
    was = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible, so the two interleave
    try:
        threads = [threading.Thread(target=_ask_many, args=(k * 100_000, errors)) for k in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(was)
    assert errors == []
    held = sum(len(found) for _, found in visibility._AREA_SETS.values())
    assert held == visibility._held_areas
    assert held <= visibility.MAX_HELD_AREAS


def test_the_running_count_of_held_areas_keeps_the_cap():
    lists = [[(i, j) for j in range(1000)] for i in range(40)]
    was = visibility.MAX_HELD_AREAS
    visibility.MAX_HELD_AREAS = 5000
    try:
        for areas in lists:
            visibility.fogged_set(types.SimpleNamespace(fogged_areas=areas))
            held = sum(len(found) for _, found in visibility._AREA_SETS.values())
            assert held == visibility._held_areas <= visibility.MAX_HELD_AREAS
    finally:
        visibility.MAX_HELD_AREAS = was
