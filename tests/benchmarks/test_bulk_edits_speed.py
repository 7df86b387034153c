"""Whole-map edits on the generated 10k and 100k maps, in the GM's window with the
players' window open, both fitted: Fog All (as a GM prepares the table), Select All and its
next frame, Delete of everything, and the undo of each. Each is timed from the menu action to
both windows painted again (the actions paint both before they give the cursor back).

Run with: .venv/bin/python -m pytest tests/benchmarks/test_bulk_edits_speed.py -o addopts="" --benchmark-only
"""

from __future__ import annotations

import pytest
from PySide6.QtGui import QAction

from tests.benchmarks.test_big_map_smooth import city, city_file  # noqa: F401  # the module's 10k and 100k windows
from tests.benchmarks.test_editor_speed import _show, discard_on_close, frame  # noqa: F401

ROUNDS = 3
"""Each round at 100k is seconds, and its setup (the edit undone) as many again."""


@pytest.fixture
def both(qtbot, city):  # noqa: F811
    """The module's window shown with the players' window open, both fitted and painted."""
    _show(qtbot, city)
    city.players.set_open(True)
    player = city.players.player
    player.resize(1280, 720)
    qtbot.waitUntil(lambda: player.built, timeout=120_000)
    city.view.fit_map()
    _frames(city, player)
    yield city, player
    player.close()
    city.document.undo_stack.setClean()
    city.hide()


def _frames(window, player) -> tuple:
    return frame(window.view), frame(player.view)


def _last_step(window) -> str:
    stack = window.document.undo_stack
    return stack.text(stack.index() - 1) if stack.index() else ""


def _undone(window, player, text: str = ""):
    """A setup: the last step undone if its name starts with `text` (none: nothing undone),
    nothing selected, both windows painted again."""

    def setup():
        if text and _last_step(window).startswith(text):
            window.document.undo_stack.undo()
        window.document.select([])
        _frames(window, player)
        return (), {}

    return setup


def _undo(window, player):
    """The last step undone, both windows painted again."""
    window.document.undo_stack.undo()
    return _frames(window, player)


def _menu_action(window, text: str) -> QAction:
    return next(a for a in window.findChildren(QAction) if a.text() == text)


def test_fog_all(benchmark, both):
    """Map ▸ Fog ▸ Fog All on a map without fog: every zone fogged, both windows repainted."""
    window, player = both

    def fog_all():
        window.fog.fog_all_action.trigger()
        return _frames(window, player)

    benchmark.pedantic(fog_all, setup=_undone(window, player, "Fog All"), rounds=ROUNDS)
    assert all(zone.fogged for zone in window.document.map.zones[:100])
    window.document.undo_stack.undo()


def test_fog_all_undone(benchmark, both):
    """Undo of Fog All, both windows repainted."""
    window, player = both

    def fogged():
        if _last_step(window) != "Fog All":
            window.fog.fog_all_action.trigger()
        _frames(window, player)
        return (window, player), {}  # what _undo is given

    benchmark.pedantic(_undo, setup=fogged, rounds=ROUNDS)
    assert not window.document.map.zones[0].fogged


def test_select_all_and_its_frame(benchmark, both):
    """Edit ▸ Select All, with the docks it fills, and the frame that marks everything."""
    window, player = both
    select_all = _menu_action(window, "Select &All")

    def select():
        select_all.trigger()
        return _frames(window, player)

    benchmark.pedantic(select, setup=_undone(window, player), rounds=ROUNDS)
    assert len(window.scene.marks.marked) > len(window.document.map.zones)
    window.document.select([])


def test_frame_with_everything_selected(benchmark, both):
    """A frame of the GM's fitted window with the whole map selected (the marks stroked again)."""
    window, _ = both
    window.select_all()
    frame(window.view)

    def marked_frame():
        window.scene.marks.update()
        return frame(window.view)

    benchmark.pedantic(marked_frame, rounds=ROUNDS)
    window.document.select([])


def test_delete_everything(benchmark, both):
    """Select All, then Edit ▸ Delete: the whole map removed as one step, both windows repainted."""
    window, player = both
    delete = _menu_action(window, "&Delete")

    def selected():
        _undone(window, player, "Delete")()
        window.select_all()
        _frames(window, player)
        return (), {}

    def delete_all():
        delete.trigger()
        return _frames(window, player)

    benchmark.pedantic(delete_all, setup=selected, rounds=ROUNDS)
    assert window.document.map.zones == []
    window.document.undo_stack.undo()


def test_delete_everything_undone(benchmark, both):
    """Undo of deleting the whole map, both windows repainted."""
    window, player = both

    def deleted():
        if not _last_step(window).startswith("Delete"):
            window.select_all()
            window.delete()
        _frames(window, player)
        return (window, player), {}  # what _undo is given

    benchmark.pedantic(_undo, setup=deleted, rounds=ROUNDS)
    assert window.document.map.zones
