"""The guard form's "against" is defaulted from the conflict as it stands each time the form is
shown or the conflict changes: the check aimed at the reactor in this turn, never one undone,
one of a participant since removed, or one from a turn that has moved on. A choice the GM made
by hand stays theirs."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.ui.playing import choose, declare, press, start_af


def _guard_for(dock, reactor: str) -> None:
    choose(dock, "guard", kind="reaction", actor=reactor)


def test_a_guard_picked_in_the_form_names_this_turns_check(qtbot, window):
    start_af(window)
    dock = window.play.dock_widget
    press(qtbot, window, Qt.Key.Key_F5)  # the archer's turn
    declare(dock, "attack", target="kell")
    _guard_for(dock, "kell")
    assert dock.form.edits["against"].value() == "archer"
    _guard_for(dock, "mira")  # nobody's check against Mira
    assert dock.form.edits["against"].value() is None
    _guard_for(dock, "kell")
    assert dock.form.edits["against"].value() == "archer"


def _guard_from_row(dock, reactor: str) -> None:
    menu = dock.turns.open_menu(reactor)
    offered = {a.text(): a for a in menu.actions()}
    menu.close()
    offered["React: guard"].trigger()


def test_an_undone_check_leaves_the_guard_against_nobody(qtbot, window):
    start_af(window)
    dock = window.play.dock_widget
    press(qtbot, window, Qt.Key.Key_F5)
    declare(dock, "attack", target="kell")
    _guard_from_row(dock, "kell")
    assert dock.form.edits["against"].value() == "archer"
    window.document.undo_stack.undo()  # the archer's attack taken back
    qtbot.waitUntil(lambda: dock.form.edits["against"].value() is None)
    assert dock.form.chosen().word == "guard" and dock.form.actor() == "kell"
    window.document.undo_stack.redo()
    qtbot.waitUntil(lambda: dock.form.edits["against"].value() == "archer")


def test_a_removed_attackers_check_is_no_longer_the_default(qtbot, window):
    start_af(window)
    dock = window.play.dock_widget
    press(qtbot, window, Qt.Key.Key_F5)
    declare(dock, "attack", target="kell")
    _guard_for(dock, "kell")
    assert dock.take({"do": "remove", "tokens": ["raider"]})  # another change: the check still stands
    assert dock.form.edits["against"].value() == "archer"
    conflict = window.document.map.conflict
    assert conflict.turn == "archer"
    assert dock.take({"do": "remove", "tokens": ["archer"]})  # the turn passes on to Kell
    qtbot.waitUntil(lambda: window.document.map.conflict.turn == "kell")
    _guard_for(dock, "kell")
    assert dock.form.edits["against"].value() is None


def test_a_check_of_an_earlier_turn_is_not_the_default(qtbot, window):
    start_af(window)
    dock = window.play.dock_widget
    press(qtbot, window, Qt.Key.Key_F5)
    declare(dock, "attack", target="kell")
    press(qtbot, window, Qt.Key.Key_F5)  # Kell's turn: his guard reset, the arrow long seen
    assert window.document.map.conflict.turn == "kell"
    _guard_for(dock, "kell")
    assert dock.form.edits["against"].value() is None
    press(qtbot, window, Qt.Key.Key_F5)  # the raider's turn
    declare(dock, "attack", target="kell")
    _guard_for(dock, "kell")
    assert dock.form.edits["against"].value() == "raider"


def test_a_hand_chosen_against_stays_while_the_conflict_changes(qtbot, window):
    start_af(window)
    dock = window.play.dock_widget
    press(qtbot, window, Qt.Key.Key_F5)
    declare(dock, "attack", target="kell")
    _guard_for(dock, "kell")
    dock.form.edits["against"].set_value("mira")  # the GM's own ruling
    assert dock.take({"do": "remove", "tokens": ["raider"]})
    assert dock.form.edits["against"].value() == "mira"
