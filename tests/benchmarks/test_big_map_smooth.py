"""The goal "100k zones as smooth as 10k": the editor's frames (tests/benchmarks/
test_editor_speed.py has their targets, measured at 10k) on the generated 10k and 100k maps, in a window as
opened from its file: its layout from arrays, its index and zone graph prepared as the event
loop prepares them after the first frame.

Run with: .venv/bin/python -m pytest tests/benchmarks/test_big_map_smooth.py -o addopts="" --benchmark-only
"""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import QPointF, QSettings

from tabletop.io import load_map, save_map
from tests.benchmarks.test_editor_speed import (  # noqa: F401  # the editor's own frames, here on this module's window
    _one_to_one,
    _show,
    discard_on_close,
    frame,
    test_frame_at_one_to_one_first,
    test_frame_at_one_to_one_repeat,
)
from tests.benchmarks.test_editor_speed import test_frame_whole_map_10k as test_frame_whole_map  # noqa: F401
from tests.benchmarks.test_editor_speed import test_token_drag_with_reach_10k as test_token_drag_with_reach  # noqa: F401
from tests.maps import zone_map


@pytest.fixture(scope="module", params=[10_000, 100_000], ids=["10k", "100k"])
def city_file(request, tmp_path_factory):
    """The generated map at 10k zones (the editor's targets were met there) and at 100k."""
    path = tmp_path_factory.mktemp("maps") / f"city-{request.param}.tabletop"
    save_map(zone_map(request.param), path)
    return path


@pytest.fixture(scope="module")
def city(qapp, tmp_path_factory, city_file):
    """One window on the map for the module (opening it takes seconds), prepared."""
    import os

    from tabletop.ui.main_window import MainWindow

    folder = tmp_path_factory.mktemp("window")
    os.environ["TABLETOP_RECOVERY_DIR"] = str(folder)
    win = MainWindow(settings=QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat))
    win.show()
    win.document.replace_map(load_map(city_file), city_file)
    win.document.layout.prepare()
    win.document.prepare_graph()
    while win.document.graph().prepare_step():
        pass
    yield win
    win.document.undo_stack.setClean()
    win.close()


@pytest.fixture
def window(qtbot, city):
    """The module's window, shown for one test (a window left shown fails the next test)."""
    _show(qtbot, city)
    yield city
    city.hide()


def test_frame_whole_map_first(benchmark, window):
    """The fitted map painted afresh (an edit of every zone, a style change): every tile."""
    window.view.fit_map()

    def first():
        window.scene.layer.dirty([(-1e9, -1e9, 1e9, 1e9)])
        return frame(window.view)

    benchmark.pedantic(first, rounds=5)


def _zoomed_in(window, first: float) -> tuple:
    """Wheel steps in from the fitted map (as the view's wheelEvent takes them), each to a zoom
    not painted before, from `first` on: the setup, and the step that zooms and frames."""
    view, factors = window.view, itertools.count(first, 0.001)

    def setup():
        view.fit_map()
        frame(view)
        return (), {}

    def step():
        window.scene.layer.zooming()
        view.zoom(next(factors), QPointF(view.viewport().width() / 2, view.viewport().height() / 2))
        return frame(view)

    return setup, step


def test_zoom_step_from_fitted(benchmark, window):
    """A wheel step in from the fitted map: tiles of the zoom before stand in, scaled."""
    setup, step = _zoomed_in(window, 1.15)
    benchmark.pedantic(step, setup=setup, rounds=5)


def _rested(window, first: float) -> tuple:
    """The setup of a frame once the zoom rests: the fitted map, a wheel step to a zoom not
    painted before (its stand-in frame), and the rest (what SETTLE_MS after the wheel does)."""
    setup, step = _zoomed_in(window, first)

    def rested():
        setup()
        step()
        window.scene.layer._settled()
        return (), {}

    return rested


def test_first_frame_once_the_zoom_rests(benchmark, window):
    """The first frame once the wheel rests: what CATCH_UP_MS allows of the crisp tiles (one
    at least), stand-ins for the rest."""
    benchmark.pedantic(lambda: frame(window.view), setup=_rested(window, 1.25), rounds=5)


def test_zoom_rests_until_crisp(benchmark, window):
    """All the frames from the rest to the last crisp tile, added up: the tiles' work, spread
    over frames the window answers between."""
    layer = window.scene.layer

    def caught_up():
        while layer._catching_up:
            frame(window.view)

    benchmark.pedantic(caught_up, setup=_rested(window, 1.35), rounds=5)
