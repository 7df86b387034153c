"""What one autosave tick costs the window's thread on the generated 10k and 100k maps,
in the big-map module's window (opened from its file, prepared): as shipped (a forked child writes
the copy) and the way it was (written in-process, the 100k map held the window ~1.05 s every two
minutes). Each round makes an edit, then ticks; the child's own time and peak memory are kept in
the benchmark's extra info.

Run with: .venv/bin/python -m pytest tests/benchmarks/test_autosave_speed.py -o addopts="" --benchmark-only
"""

from __future__ import annotations

import statistics
import sys
import time

import pytest

from tabletop.document.commands import EditObject
from tabletop.ui import recovery
from tests.benchmarks.test_big_map_smooth import city, city_file, window  # noqa: F401  # its prepared windows
from tests.benchmarks.test_editor_speed import discard_on_close  # noqa: F401

ROUNDS = 7


def _edit(win, round_: list[int]) -> tuple[tuple, dict]:
    """A new name for a zone (a new revision to keep), once the previous round's child is done."""
    saver = win.autosaver
    while saver.background.running:  # not timed: the window never waits for it
        time.sleep(0.01)
        saver.background._check()
    round_[0] += 1
    zone = win.document.map.zones[round_[0]]
    edited = zone.model_copy(update={"name": f"Renamed {round_[0]}"})
    win.document.undo_stack.push(EditObject(win.document, "zone", edited, "name"))
    return (), {}


def _ticks(benchmark, win) -> None:
    children = []
    win.autosaver.background.finished.connect(children.append)
    round_ = [0]

    def tick():
        assert win.autosaver.tick()

    benchmark.pedantic(tick, setup=lambda: _edit(win, round_), rounds=ROUNDS)
    _edit(win, round_)  # the last child reaped
    win.autosaver.background.finished.disconnect(children.append)
    assert all(c.problem is None for c in children)
    if children:
        benchmark.extra_info["child_seconds_median"] = statistics.median(c.seconds for c in children)
        benchmark.extra_info["child_peak_mb_median"] = statistics.median(c.memory / 2**20 for c in children)
    win.document.undo_stack.setClean()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="children are forked on Linux only")
def test_autosave_tick(benchmark, window):  # noqa: F811 - the big-map module's fixture
    """As shipped: the window forks a child and goes on."""
    _ticks(benchmark, window)


def test_autosave_tick_in_process(benchmark, window, monkeypatch):  # noqa: F811
    """The way it was (and is where no child can be had): the copy written on the window's thread."""
    monkeypatch.setattr(recovery, "FORK_FROM", sys.maxsize)
    _ticks(benchmark, window)
