"""Speed of the editor against the targets of the editor issue (offscreen, 1600x1000 view).

Run with: .venv/bin/python -m pytest tests/benchmarks -o addopts="" --benchmark-only
"""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import QPointF, QSettings
from PySide6.QtGui import QImage, QPainter

from tabletop.io import load_map, save_map
from tabletop.model import Map
from tabletop.render.export import export_map
from tests.maps import zone_map

WIDTH, HEIGHT = 1600, 1000


@pytest.fixture(scope="module")
def big_map_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("maps") / "big.tabletop"
    save_map(zone_map(10_000), path)
    return path


@pytest.fixture(autouse=True)
def discard_on_close(monkeypatch):
    """Closing a window with unsaved changes asks; a benchmark answers Discard."""
    from PySide6.QtWidgets import QMessageBox

    monkeypatch.setattr(QMessageBox, "question", lambda *args, **kwargs: QMessageBox.StandardButton.Discard)


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch, big_map_file):
    from tabletop.ui.main_window import MainWindow

    monkeypatch.setenv("TABLETOP_RECOVERY_DIR", str(tmp_path))
    win = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    _show(qtbot, win)
    win.document.replace_map(load_map(big_map_file), big_map_file)
    return win


def _show(qtbot, win) -> None:
    """A shown window whose canvas is WIDTH x HEIGHT: an unshown view keeps a tiny
    viewport until the event loop lays it out, which would flatter every frame."""
    win.show()
    qtbot.waitExposed(win)
    qtbot.waitUntil(lambda: win.later.done, timeout=20_000)  # the later parts widen the docks
    extra = win.size() - win.view.viewport().size()
    win.resize(WIDTH + extra.width(), HEIGHT + extra.height())
    qtbot.waitUntil(lambda: win.view.viewport().width() >= WIDTH - 20 and win.view.viewport().height() >= HEIGHT - 20)


def frame(view) -> QImage:
    """One frame of the view, painted the way the screen paints it."""
    from PySide6.QtWidgets import QApplication

    QApplication.processEvents()  # what the event loop does between two real frames
    image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    view.render(painter)
    painter.end()
    return image


def _one_to_one(window):
    view = window.view
    view.resetTransform()
    view.zoomed.emit(1.0)
    view.centerOn(QPointF(1200, 800))
    return view


def test_frame_at_one_to_one_first(benchmark, window):
    """The first frame at a new zoom: every tile in view is painted afresh, labels and badges."""
    view = _one_to_one(window)

    def first():
        window.scene.layer.dirty([(-1e9, -1e9, 1e9, 1e9)])
        return frame(view)

    benchmark.pedantic(first, rounds=5)


def test_frame_at_one_to_one_repeat(benchmark, window):
    """Frames while the table plays at one zoom: items draw from their cached pixmaps."""
    view = _one_to_one(window)
    frame(view)
    benchmark(frame, view)


def test_frame_whole_map_10k(benchmark, window):
    window.view.fit_map()
    frame(window.view)
    frame(window.view)
    benchmark(frame, window.view)


def test_token_drag_with_reach_10k(benchmark, window):
    """Also run on a window kept for a whole module (test_big_map_smooth.py): the token is added
    once, and the drag ends with the test."""
    from tabletop.document.commands import AddObject
    from tabletop.model import Token, ZoneLocation

    document = window.document
    if document.get("token", "t") is None:
        document.undo_stack.push(AddObject(document, "token", Token(id="t", location=ZoneLocation(zone="z40-40"))))
    view = _one_to_one(window)
    view.centerOn(window.scene.items_by_key[("token", "t")].pos())
    window.reach_settings.shifts = 12
    select = window.tools["S"]
    select.start_token_drag("t")
    spot = window.scene.items_by_key[("token", "t")].pos()
    steps = iter(range(10**9))

    def move():
        k = next(steps) % 40
        select.drag_token_to(QPointF(spot.x() + k * 7, spot.y() + (k % 7) * 5))
        return frame(window.view)

    benchmark(move)
    select.cancel_token_drag()


def test_open_10k_map_to_first_frame(benchmark, qtbot, tmp_path, monkeypatch, big_map_file):
    """As `tabletop big.tabletop` does: a new window opens the map and shows all of it."""
    from tabletop.ui.main_window import MainWindow

    monkeypatch.setenv("TABLETOP_RECOVERY_DIR", str(tmp_path))

    opened = []

    def new_window():
        from PySide6.QtWidgets import QApplication

        for old in opened:  # one window at a time, as when the app is started anew
            old.document.undo_stack.setClean()
            old.close()
            old.document.replace_map(Map(), None)
        QApplication.processEvents()
        win = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
        qtbot.addWidget(win)
        opened.append(win)
        _show(qtbot, win)
        return (win,), {}

    def open_and_draw(win):
        win.files.open(big_map_file)
        win.view.fit_map()
        return frame(win.view)

    benchmark.pedantic(open_and_draw, setup=new_window, rounds=7)


def test_export_4k_png_10k(benchmark, big_map_file, tmp_path):
    map_ = load_map(big_map_file)
    out = tmp_path / "big.png"

    def export():
        export_map(map_, out, 3840)

    benchmark.pedantic(export, rounds=7)
    assert os.path.getsize(out) > 0
