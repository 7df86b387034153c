"""A recovery folder full of notes that cannot be read gives a box that fits an 800-pixel
screen: the first few problems, how many more and where, and every one under Show Details."""

from __future__ import annotations

import json

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from tabletop.ui.main_window import PROBLEM_LINES
from tabletop.ui.recovery import recovery_dir


def _junk(count: int) -> None:
    """Notes a session never wrote: each names no process, beside a map of its own."""
    folder = recovery_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for k in range(count):
        (folder / f"bad{k:03}.json").write_text(json.dumps({"pid": "x"}))
        (folder / f"bad{k:03}.tabletop").write_text("{}")


@pytest.fixture
def shown(monkeypatch):
    """The boxes shown, each as it was on the screen: its text, details and height."""
    boxes = []

    def exec_(box):
        box.show()
        QApplication.processEvents()
        boxes.append({"text": box.text(), "details": box.detailedText(), "height": box.height()})
        box.close()
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "exec", exec_)
    return boxes


def test_a_folder_full_of_junk_gives_a_box_that_fits_the_screen(window, shown):
    _junk(300)
    assert not window.offer_recovery()
    assert len(shown) == 1
    lines = shown[0]["text"].split("\n")
    assert len(lines) == PROBLEM_LINES
    assert lines[-1] == f"and {300 - PROBLEM_LINES + 1} more (in {recovery_dir()})"
    assert shown[0]["height"] <= 800
    assert len(shown[0]["details"].split("\n")) == 300, "every problem is there to read"
    assert sorted(p.name for p in recovery_dir().iterdir() if p.suffix == ".json") == [
        f"bad{k:03}.json" for k in range(300)
    ], "nothing is lost unasked"


def test_a_few_problems_are_all_named_in_the_box(window, shown):
    _junk(PROBLEM_LINES)
    assert not window.offer_recovery()
    lines = shown[0]["text"].split("\n")
    assert len(lines) == PROBLEM_LINES and all(line.startswith(str(recovery_dir())) for line in lines)
    assert shown[0]["details"] == ""
