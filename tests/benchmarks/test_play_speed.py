"""Speed of a play step at the table (issue #12): the command, the dock's refresh and the
repaint, on a 10k-zone map with 50 tokens in an Edgerunner conflict. Target: 16 ms median.

Run with: .venv/bin/python -m pytest tests/benchmarks/test_play_speed.py -o addopts="" --benchmark-only
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from tabletop.model import StressTrack, Token, ZoneLocation
from tabletop.rules import edgerunner
from tests.benchmarks.mapgen import zone_map
from tests.benchmarks.test_editor_speed import _one_to_one, _show, frame

TOKENS = 50


@pytest.fixture(autouse=True)
def discard_on_close(monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    monkeypatch.setattr(QMessageBox, "question", lambda *args, **kwargs: QMessageBox.StandardButton.Discard)


@pytest.fixture
def fight(qtbot, tmp_path, monkeypatch):
    """The main window on a 10k-zone map with 50 tokens, all in one Edgerunner conflict."""
    from tabletop.ui.main_window import MainWindow

    monkeypatch.setenv("TABLETOP_RECOVERY_DIR", str(tmp_path))
    map_ = zone_map(10_000)
    tracks = [StressTrack(name="health", boxes=5, threshold=3), StressTrack(name="cool", boxes=5, threshold=2)]
    map_.tokens = [
        Token(
            id=f"t{k}",
            name=f"Fighter {k}",
            side="band" if k % 2 else "corp",
            location=ZoneLocation(zone=f"z{40 + k // 10}-{40 + k % 10}"),
            stress=[t.model_copy() for t in tracks],
        )
        for k in range(TOKENS)
    ]
    win = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.document.replace_map(map_, None)
    step = edgerunner.start(win.document.map, [t.id for t in map_.tokens])
    assert win.play.dock_widget.apply(step)
    for _ in range(3):  # with the dock beside the map the canvas is still WIDTH x HEIGHT (docks settle)
        try:
            _show(qtbot, win)
            break
        except AssertionError:
            qtbot.wait(20)
    _show(qtbot, win)
    view = _one_to_one(win)
    view.centerOn(win.scene.items_by_key[("token", "t0")].pos())
    frame(view)
    return win


def test_play_step_stress_box_10k_50_tokens(benchmark, fight):
    """A stress box clicked in the dock: the command, the turn list, sheet and log refreshed,
    the token repainted."""
    dock = fight.play.dock_widget
    dock.turns.select_tokens(["t0"])
    dock._chosen(["t0"])

    def click():
        dock.sheet.boxes[("health", 2)].click()
        return frame(fight.view)

    benchmark(click)
    assert fight.document.undo_stack.count() > 1


def test_play_step_claim_and_attack_10k_50_tokens(benchmark, fight):
    """A turn claimed (F5) and an attack through the rules, each one undo step, then both
    undone: four play steps per round of the benchmark."""
    dock, stack = fight.play.dock_widget, fight.document.undo_stack

    def turn():
        dock.turns.select_tokens(["t1"])
        dock.next_turn()
        dock.form.action.setCurrentText("attack")
        dock.form.target.setCurrentIndex(dock.form.target.findData("t2"))
        dock.form.shifts.setValue(1)
        dock.form.submit()
        frame(fight.view)
        stack.undo()
        stack.undo()
        return frame(fight.view)

    benchmark(turn)
    assert fight.document.map.conflict.turn is None
