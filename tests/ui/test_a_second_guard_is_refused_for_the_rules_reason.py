"""A second guard through the dock's form is refused for the text's reason, in one line: with
the guard spent, "once you use your guard it is gone until it resets on your next turn",
whatever type the second one is (not the different-type rule, nor reach); with the extra guard
of defend, two of one type on one check break "you must use a different type of check for
each", which the line quotes without the guard-and-defense example, naming what is left."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.ui.playing import declare, press, start_af


def test_a_spent_guard_is_refused_as_spent_for_any_type(qtbot, window):
    start_af(window)
    dock = window.play.dock_widget
    press(qtbot, window, Qt.Key.Key_F5)  # the archer's turn
    declare(dock, "attack", target="kell")
    declare(dock, "guard", kind="reaction", actor="kell", type="dodge", against="archer")
    log = list(window.document.map.conflict.log)
    for kind in ("dodge", "parry"):
        declare(dock, "guard", kind="reaction", actor="kell", type=kind, against="archer")
        said = dock.message.text()
        assert said == "Not done: Kell has no guard left: it resets on Kell's next turn (defend gives one more)"
        assert window.statusBar().currentMessage() == said
    assert window.document.map.conflict.log == log


def test_two_guards_of_one_type_on_one_check_quote_the_different_type_rule(qtbot, window):
    start_af(window)
    dock = window.play.dock_widget
    declare(dock, "defend")  # Mira: one more guard until her next turn
    press(qtbot, window, Qt.Key.Key_F5)
    declare(dock, "attack", target="mira")
    declare(dock, "guard", kind="reaction", actor="mira", type="dodge", against="archer")
    declare(dock, "guard", kind="reaction", actor="mira", type="dive", against="archer")
    assert dock.message.text() == (
        "Not done: Mira dodged Raider archer's attack with the guard already, and a dive is a special dodge: "
        '"you must use a different type of check for each"; no other type of check is left to contest it'
    )
    assert window.document.map.conflict.participant("mira").af.guards == 1
