"""Every picture of the worst map the caps allow at 10k zones (tests/benchmarks/worst_map.py:
every text at its cap, every polygon tangled with its share of the map's points, four zones of
10,000 points across the whole map) against the bounds issue's goal of under 2 s each: the GM's
window fitted to the map and at 1:1 (every tile painted afresh), the players' window opening
on it, and the exports (PNG, SVG and PDF for the GM, PNG for the players, a poster). The label
caches are emptied before each round, so each round places every name afresh.

Run with: .venv/bin/python -m pytest tests/benchmarks/test_worst_map_pictures.py -o addopts="" --benchmark-only
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QSettings
from PySide6.QtWidgets import QApplication

from tabletop.geometry.single import labels
from tabletop.render.export import ExportOptions, Poster, Who, export_map
from tests.benchmarks.test_editor_speed import _show, discard_on_close, frame  # noqa: F401 (a fixture)
from tests.benchmarks.worst_map import worst_map

ROUNDS = 3


@pytest.fixture(scope="module")
def worst():
    return worst_map()


def _afresh():
    """Nothing placed before: each round finds every anchor and label spot again."""
    labels._polygon_anchor.cache_clear()
    labels._label_spot.cache_clear()
    return (), {}


EXPORTS = {
    "png-gm": ("png", ExportOptions()),
    "png-players": ("png", ExportOptions(who=Who.PLAYERS)),
    "svg-gm": ("svg", ExportOptions()),
    "pdf-gm": ("pdf", ExportOptions()),
    "poster-gm": ("pdf", ExportOptions(poster=Poster())),
}


@pytest.mark.parametrize("kind", list(EXPORTS))
def test_export_of_the_worst_map(benchmark, qapp, worst, tmp_path, kind):
    suffix, options = EXPORTS[kind]
    out = tmp_path / f"worst.{suffix}"
    benchmark.pedantic(lambda: export_map(worst, out, options=options), setup=_afresh, rounds=ROUNDS)
    assert out.stat().st_size > 1000


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch, worst):
    from tabletop.ui.main_window import MainWindow

    monkeypatch.setenv("TABLETOP_RECOVERY_DIR", str(tmp_path))
    win = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    _show(qtbot, win)
    win.document.replace_map(worst, tmp_path / "worst.tabletop")
    yield win
    if win.players.player is not None:
        win.players.player.close()


def test_window_fitted_to_the_worst_map_first_frame(benchmark, window):
    window.view.fit_map()

    def first():
        window.scene.layer.dirty([(-1e9, -1e9, 1e9, 1e9)])
        return frame(window.view)

    benchmark.pedantic(first, setup=_afresh, rounds=ROUNDS)


def test_window_at_one_to_one_on_the_worst_map_first_frame(benchmark, window):
    view = window.view
    view.resetTransform()
    view.zoomed.emit(1.0)
    view.centerOn(QPointF(1200, 800))

    def first():
        window.scene.layer.dirty([(-1e9, -1e9, 1e9, 1e9)])
        return frame(view)

    benchmark.pedantic(first, setup=_afresh, rounds=ROUNDS)


def test_players_window_opening_on_the_worst_map(benchmark, qtbot, window):
    def close_previous():
        if window.players.player is not None:
            window.players.player.close()
        QApplication.processEvents()
        return _afresh()

    def open_and_show():
        window.players.set_open(True)
        player = window.players.player
        qtbot.waitUntil(lambda: player.built, timeout=60_000)
        return frame(player.view)

    benchmark.pedantic(open_and_show, setup=close_previous, rounds=ROUNDS)
