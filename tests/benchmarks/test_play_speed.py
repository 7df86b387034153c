"""Speed of play at the table: a play step on a 10k-zone map with 50 tokens in an Edgerunner
conflict, both windows open (the GM's and the players'): the step through the registry, the
dock's refresh and both windows' frames. Target: 16 ms median. And `tabletop play` of 100
steps on a sample map, a fresh process (target 1 s).

Run with: .venv/bin/python -m pytest tests/benchmarks/test_play_speed.py -o addopts="" --benchmark-only
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from tabletop.model import StressTrack, Token, ZoneLocation
from tests.benchmarks.test_editor_speed import _one_to_one, _show, frame
from tests.maps import zone_map

TOKENS = 50
ROOT = Path(__file__).resolve().parents[2]
PLAYER_SIZE = (1280, 720)


@pytest.fixture(autouse=True)
def discard_on_close(monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    monkeypatch.setattr(QMessageBox, "question", lambda *args, **kwargs: QMessageBox.StandardButton.Discard)


@pytest.fixture
def fight(qtbot, tmp_path, monkeypatch):
    """The main window on a 10k-zone map with 50 tokens, all in one Edgerunner conflict, and
    the players' window open on the same place."""
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
    assert win.play.start_with({"do": "start", "system": "edgerunner", "tokens": [t.id for t in map_.tokens]})
    win.later.finish()  # every later part, as after the first frame: the window shows only next
    _show(qtbot, win)
    view = _one_to_one(win)
    view.centerOn(win.scene.items_by_key[("token", "t0")].pos())
    frame(view)
    win.players.set_open(True)
    player = win.players.player
    player.resize(*PLAYER_SIZE)
    qtbot.waitUntil(lambda: player.built)
    player.view.show_rect(view.mapToScene(view.viewport().rect()).boundingRect())
    frame(player.view)
    win.player_view = player.view
    return win


def _frames(fight) -> None:
    frame(fight.view)
    frame(fight.player_view)


def test_play_step_stress_box_10k_50_tokens_both_windows(benchmark, fight):
    """A stress box clicked in the dock: the step, the turn list, sheet and log refreshed, the
    token repainted in both windows."""
    dock = fight.play.dock_widget
    dock.turns.select_tokens(["t0"])
    dock._chosen(["t0"])

    def click():
        dock.sheet.boxes[("health", 2)].click()
        return _frames(fight)

    benchmark(click)
    assert fight.document.undo_stack.count() > 1


def test_play_step_claim_and_attack_10k_50_tokens_both_windows(benchmark, fight):
    """A turn claimed (F5) and an attack through the rules, each one undo step, then both
    undone: four play steps per round of the benchmark, both windows painted after each pair."""
    dock, stack = fight.play.dock_widget, fight.document.undo_stack

    def turn():
        dock.turns.select_tokens(["t1"])
        dock.turn_key("next")
        dock.take({"do": "act", "actor": "t1", "action": "attack", "target": "t2", "track": "health", "shifts": 1})
        _frames(fight)
        stack.undo()
        stack.undo()
        return _frames(fight)

    benchmark(turn)
    assert fight.document.map.conflict.turn is None


def _hundred_steps(tmp_path: Path) -> Path:
    """An Edgerunner conflict in the warehouse: an exchange of claims, moves and attacks, then
    the exchange's end, over and over: 100 steps the rules take."""
    steps: list[dict] = [{"do": "start", "system": "edgerunner", "tokens": ["Gatto", "Hargan"]}]
    while len(steps) < 100:
        steps += [
            {"do": "next", "who": "Gatto"},
            {"do": "act", "actor": "Gatto", "action": "simple", "what": "Reloads"},
            {"do": "next", "who": "Hargan"},
            {"do": "act", "actor": "Hargan", "action": "maneuver", "on": "scene", "aspect": "Smoke", "shifts": 1},
            {"do": "end_exchange"},
        ]
    path = tmp_path / "steps.json"
    path.write_text(json.dumps(steps[:100]))
    return path


def test_tabletop_play_of_100_steps_on_a_sample_map(benchmark, tmp_path):
    """A fresh `tabletop play` process, as a GM's script runs it: read, 100 steps, the report."""
    steps = _hundred_steps(tmp_path)
    command = [
        sys.executable,
        "-m",
        "tabletop",
        "play",
        str(ROOT / "maps" / "warehouse.tabletop"),
        str(steps),
        "--json",
    ]

    def run():
        return subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT)

    done = benchmark(run)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["refused"] is None
