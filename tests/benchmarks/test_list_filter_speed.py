"""The Zones list's filter box and type-to-find at 10k and 100k zones, on the big-map windows
of test_big_map_smooth.py (opened from their files, prepared). A key is the work the window's
thread does for it: the filter (or the jump), the rows laid out and the list painted.

Run with: .venv/bin/python -m pytest tests/benchmarks/test_list_filter_speed.py -o addopts="" --benchmark-only
"""

from __future__ import annotations

import time

import pytest

from tabletop.document.commands import EditObject
from tests.benchmarks.test_big_map_smooth import city, city_file  # noqa: F401  # its windows
from tests.benchmarks.test_editor_speed import _show, discard_on_close  # noqa: F401


@pytest.fixture
def big(qtbot, city):  # noqa: F811  # the imported fixture
    """The module's window, shown for one test (as test_big_map_smooth.py's `window`)."""
    _show(qtbot, city)
    yield city
    city.hide()


def _painted(listing) -> None:
    """What the event loop does next for the list: its rows laid out, then painted."""
    listing.executeDelayedItemsLayout()
    listing.viewport().repaint()


def _typing(listing, before: str, key: str):
    def setup():
        listing.rows.labels()  # prepared once per map (test_labels_prepared)
        listing.filter_box.setText(before)
        _painted(listing)
        return (), {}

    def step():
        listing.filter_box.setText(before + key if key else "")
        _painted(listing)

    return setup, step


@pytest.mark.parametrize(
    ("before", "key"),
    [("", "z"), ("zone 1", "2"), ("zone 12-3", "3"), ("zone 12-33", "")],
    ids=["first-key-every-row", "narrowing", "last-key-few-rows", "esc-every-row-again"],
)
def test_filter_keystroke(benchmark, big, before, key):
    """One key in the filter box: the first (every zone matches "z"), one narrowing thousands
    of rows, one leaving a handful, and Esc bringing every row back."""
    setup, step = _typing(big.zone_list, before, key)
    benchmark.pedantic(step, setup=setup, rounds=15)
    big.zone_list.filter_box.clear()


def test_labels_prepared(benchmark, big):
    """The labels folded and joined for finding: once per map, at its first search."""
    rows = big.zone_list.rows

    def drop():
        rows._labels = None
        return (), {}

    benchmark.pedantic(rows.labels, setup=drop, rounds=5)


def test_type_to_find_key(benchmark, big):
    """One more letter of a word typed in the rows ("Zone 30-" then "5"): the jump, with the
    selection it makes on the map."""
    listing = big.zone_list
    listing.rows.labels()

    def setup():
        listing.setCurrentRow(0)
        listing._typed, listing._typed_at = "Zone 30-", time.monotonic()
        return (), {}

    def key():
        listing.keyboardSearch("5")
        _painted(listing)

    benchmark.pedantic(key, setup=setup, rounds=15)
    assert listing.object_at(listing.currentIndex().row()) == "z30-5"


def test_rename_while_filtered(benchmark, big):
    """A zone renamed into the filter and back (its undo), as the list follows them: spliced into
    the prepared labels, one row shown or hidden, nothing made again."""
    listing, document = big.zone_list, big.document
    listing.rows.labels()
    listing.filter_box.setText("cellar")
    zone = document.map.zones[len(document.map.zones) // 2]

    def rename():
        document.undo_stack.push(EditObject(document, "zone", zone.model_copy(update={"name": "Wine cellar"}), "name"))
        _painted(listing)
        document.undo_stack.undo()
        _painted(listing)

    benchmark.pedantic(rename, rounds=10)
    listing.filter_box.clear()
    assert listing.count() == len(document.map.zones)
