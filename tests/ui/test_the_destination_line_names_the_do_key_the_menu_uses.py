"""The play dock's Do button and its line for a dropped destination name the key that does the move as the Play
menu has it (Play ▸ Do the Action), built from the one key constant, never written by hand."""

from __future__ import annotations

from PySide6.QtGui import QKeySequence

from tabletop.ui.docks.play import keys
from tests.ui.conftest import drag
from tests.ui.playing import choose, start_af


def _centre(row: int, col: int) -> tuple[float, float]:
    """The creek grid's areas are 40 units at 0,0."""
    return (col * 40 + 20, row * 40 + 20)


def _headed(qtbot, window) -> str:
    dock = window.play.dock_widget
    choose(dock, "maneuver")
    drag(qtbot, window, _centre(9, 2), _centre(9, 4))
    return dock.message.text()


def test_the_line_names_the_menus_key(qtbot, window):
    start_af(window)
    window.view.fit_map()
    shown = window.registry["play.do"].shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    assert _headed(qtbot, window) == f"Mira's maneuver is headed to area E10: Do it ({shown}) makes it"


def test_the_line_follows_the_key_constant(qtbot, window, monkeypatch):
    monkeypatch.setattr(keys, "DO_KEY", "Ctrl+Return")
    start_af(window)
    window.view.fit_map()
    said = _headed(qtbot, window)
    assert said.endswith(f"Do it ({keys.key_words('Ctrl+Return')}) makes it") and "F9" not in said


def test_the_do_button_names_the_menus_key(qtbot, window):
    start_af(window)
    shown = window.registry["play.do"].shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    assert window.play.dock_widget.form.do.text() == f"Do it  ({shown})"


def test_the_do_button_follows_the_key_constant(qtbot, window, monkeypatch):
    monkeypatch.setattr(keys, "DO_KEY", "Ctrl+Return")
    start_af(window)
    assert window.play.dock_widget.form.do.text() == f"Do it  ({keys.key_words('Ctrl+Return')})"
