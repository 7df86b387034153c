"""The play dock's two tabs name who they show, and show the same participant: a reaction from
a row puts that participant in the form and its sheet beside it, and both go back to whose turn
it is once it is done; a row selected between Edgerunner turns is who acts and whose sheet shows."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.ui.playing import declare, press, start_af, start_edgerunner


def _tabs(dock) -> tuple[str, str]:
    return dock.middle.tabText(0), dock.middle.tabText(1)


def test_a_guard_from_a_row_shows_that_participant_in_both_tabs(qtbot, window):
    start_af(window)
    dock = window.play.dock_widget
    press(qtbot, window, Qt.Key.Key_F5)  # the archer's turn
    dock.turns.select_tokens(["mira"])  # the GM looked at Mira's sheet a moment ago
    assert _tabs(dock) == ("Action of Raider archer", "Mira's sheet")
    declare(dock, "attack", actor="archer", target="kell", check="aim", result=9)
    menu = dock.turns.open_menu("kell")
    offered = {a.text(): a for a in menu.actions()}
    menu.close()
    offered["React: guard"].trigger()
    assert _tabs(dock) == ("Action of Kell", "Kell's sheet") and dock.sheet.token_id == "kell"
    dock.form.edits["type"].set_value("dodge")
    dock.form.do.click()
    assert window.document.map.conflict.log[-1].action == "guard dodge"
    qtbot.waitUntil(lambda: _tabs(dock) == ("Action of Raider archer", "Raider archer's sheet"))
    assert dock.sheet.token_id == "archer"


def test_a_row_selected_between_edgerunner_turns_is_who_acts_and_whose_sheet_shows(qtbot, window):
    start_edgerunner(window)
    dock = window.play.dock_widget
    assert window.document.map.conflict.turn is None
    dock.turns.select_tokens(["gatto"])
    assert _tabs(dock) == ("Action of Gatto", "Gatto's sheet") and dock.sheet.token_id == "gatto"
    dock.turns.select_tokens(["hargan"])
    assert _tabs(dock) == ("Action of Hargan", "Hargan's sheet") and dock.sheet.token_id == "hargan"
