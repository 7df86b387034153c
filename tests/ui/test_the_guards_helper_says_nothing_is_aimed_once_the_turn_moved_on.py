"""A guard from a row after the turn has moved on: "Against" is empty, and the helper line says
what the form would do, nothing aimed at the reactor in this turn, never the last turn's attack
(../shared/rules/af-encounter.txt, "Guard": the guard contests a check as its result is seen)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.ui.playing import declare, press, start_af


def _guard_from_row(dock, reactor: str) -> None:
    menu = dock.turns.open_menu(reactor)
    offered = {a.text(): a for a in menu.actions()}
    menu.close()
    offered["React: guard"].trigger()


def test_the_helper_names_the_open_check_then_none_once_the_turn_moved_on(qtbot, window):
    start_af(window)
    dock = window.play.dock_widget
    press(qtbot, window, Qt.Key.Key_F5)  # the archer's turn
    declare(dock, "attack", target="kell", check="taunt", result=11, damage=2)
    _guard_from_row(dock, "kell")
    assert dock.form.note.text().startswith("against Raider archer's attack (taunt 11, damage 2, social)")
    press(qtbot, window, Qt.Key.Key_F5)  # Kell's own turn: the taunt was seen in the archer's
    press(qtbot, window, Qt.Key.Key_F5)  # the raider's turn
    _guard_from_row(dock, "kell")
    qtbot.waitUntil(lambda: dock.form.chosen().word == "guard" and dock.form.actor() == "kell")
    assert dock.form.edits["against"].value() is None
    note = dock.form.note.text()
    assert note.startswith("no check against Kell in this turn") and "taunt 11" not in note
    dock.form.edits["type"].set_value("insight")
    dock.form.do.click()  # done as the helper said: on the GM's word, against nobody's check
    entry = window.document.map.conflict.log[-1]
    assert (entry.action, entry.target) == ("guard insight", "")
    assert "no check against Kell in this turn: on the GM's word" in entry.story
