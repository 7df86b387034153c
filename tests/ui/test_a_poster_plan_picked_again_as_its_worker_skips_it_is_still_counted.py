"""A poster's plan the worker skips (the GM had gone on to another paper) and the GM picks again
just as the worker lets go of it is still counted: `ready` comes for it, never "Counting…"
forever. The moment is made by hand, not waited for: the worker's body runs on the test's
thread and the GM's pick is made the instant the worker releases the plans' lock."""

from __future__ import annotations

import threading

from tabletop.render.export import ExportOptions
from tabletop.render.export.options import Poster
from tabletop.samples import warehouse
from tabletop.ui.dialogs import poster_count
from tabletop.ui.dialogs.poster_count import PosterPlans


class PickOnRelease:
    """The plans' lock, which runs `pick` once, right after the next time it is let go."""

    def __init__(self, pick) -> None:
        self._lock, self._pick = threading.Lock(), pick

    def __enter__(self):
        return self._lock.__enter__()

    def __exit__(self, *exc):
        self._lock.__exit__(*exc)
        pick, self._pick = self._pick, None
        if pick is not None:
            pick()
        return False


def test_a_plan_picked_again_as_its_worker_skips_it_is_counted(qtbot, monkeypatch):
    monkeypatch.setattr(poster_count, "COUNT_LATER", 0)  # every map planned on a worker
    plans = PosterPlans(warehouse(), None)
    a4 = ExportOptions(poster=Poster(paper="a4"))
    a3 = ExportOptions(poster=Poster(paper="a3"))
    readies: list[ExportOptions] = []
    plans.ready.connect(readies.append)
    # The GM picked A4 (its worker waits its turn), then A3: A4 is no longer wanted.
    plans._working.add(plans._key(a4))
    plans._wanted = plans._key(a3)
    answers: list = []
    plans._lock = PickOnRelease(lambda: answers.append(plans.plan(a4)))  # type: ignore[assignment]

    plans._in_the_background(plans._key(a4), a4)  # the A4 worker's turn: skipped, and A4 picked again

    assert answers == [None], "picked again: counted on a worker, so not at once"
    qtbot.waitUntil(lambda: a4 in readies, timeout=60_000)
    found = plans.known(a4)
    assert found is not None and not isinstance(found, Exception), "A4's plan worked out and kept"
    assert not plans._working, "no plan left marked as being worked on"


def test_a_skipped_plan_is_not_worked_out_and_says_nothing(qtbot, monkeypatch):
    monkeypatch.setattr(poster_count, "COUNT_LATER", 0)
    plans = PosterPlans(warehouse(), None)
    a4, a3 = ExportOptions(poster=Poster(paper="a4")), ExportOptions(poster=Poster(paper="a3"))
    readies: list[ExportOptions] = []
    plans.ready.connect(readies.append)
    plans._working.add(plans._key(a4))
    plans._wanted = plans._key(a3)

    plans._in_the_background(plans._key(a4), a4)

    assert plans.known(a4) is None, "not wanted when its turn came: not worked out"
    assert not plans._working, "and no longer marked as being worked on"
    assert readies == [], "a skip sends nothing (on this thread a ready would have come at once)"


def test_a_plan_that_fails_on_its_worker_is_said_not_left_counting(qtbot, monkeypatch):
    """A failure no refusal foresaw, on the worker: the dialog hears of it and shows it in a
    line, instead of "Counting…" for as long as the GM waits."""
    monkeypatch.setattr(poster_count, "COUNT_LATER", 0)

    def broken(picture):
        raise ValueError("a page of no size")

    monkeypatch.setattr(poster_count, "poster_plan", broken)
    plans = PosterPlans(warehouse(), None)
    a4 = ExportOptions(poster=Poster(paper="a4"))
    readies: list[ExportOptions] = []
    plans.ready.connect(readies.append)
    assert plans.plan(a4) is None
    qtbot.waitUntil(lambda: a4 in readies, timeout=60_000)
    found = plans.known(a4)
    assert isinstance(found, Exception) and "could not be counted: a page of no size" in str(found)
    assert not plans._working
