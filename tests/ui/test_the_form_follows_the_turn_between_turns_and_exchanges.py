"""Between exchanges (after F7) and, in Edgerunner, between turns ("Who's next?"), the form no
longer holds the last actor's move: nobody acts in it until the GM picks who, and a new move
is shown from its first field, never scrolled down where the last one was left."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tabletop.ui.docks.play.controls import PLAY_WIDTH
from tests.ui.playing import choose, declare, press, start_af, start_edgerunner

SIZE = (1280, 800)


def _at_laptop_size(qtbot, window, begin) -> None:
    window.resize(*SIZE)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == SIZE)
    begin(window)
    qtbot.waitUntil(lambda: window.play.dock.width() == min(PLAY_WIDTH, SIZE[0] // 3))


def _scrolled_down(qtbot, form) -> None:
    bar = form.scroll.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0)
    bar.setValue(bar.maximum())


def test_after_end_exchange_nobody_acts_in_the_form(qtbot, window):
    _at_laptop_size(qtbot, window, start_af)
    dock = window.play.dock_widget
    choose(dock, "attack")
    dock.form.edits["target"].set_value("raider")
    assert dock.form.actor() == "mira"
    press(qtbot, window, Qt.Key.Key_F7)
    assert window.document.map.conflict.turn is None
    qtbot.waitUntil(lambda: dock.form.actor() == "")
    assert dock.middle.tabText(0) == "Action"
    assert "target" not in dock.form.edits or dock.form.edits["target"].value() is None
    press(qtbot, window, Qt.Key.Key_F5)  # exchange 2 begins: Mira's turn, her form fresh
    qtbot.waitUntil(lambda: dock.form.actor() == "mira")
    assert dock.middle.tabText(0) == "Action of Mira"


def test_after_an_edgerunner_turn_the_form_waits_for_who_is_next_scrolled_to_the_top(qtbot, window):
    _at_laptop_size(qtbot, window, start_edgerunner)
    dock = window.play.dock_widget
    press(qtbot, window, Qt.Key.Key_F8)
    dock.turns.select_tokens(["gatto"])
    press(qtbot, window, Qt.Key.Key_F5)  # Gatto claims the turn
    assert window.document.map.conflict.turn == "gatto"
    choose(dock, "attack")
    _scrolled_down(qtbot, dock.form)
    fields = {"target": "hargan", "track": "health", "shifts": 2}
    declare(dock, "attack", **fields)
    assert window.document.map.conflict.log[-1].action == "attack"
    assert window.document.map.conflict.turn is None
    qtbot.waitUntil(lambda: dock.form.actor() == "")
    assert dock.turns.selected() == [] and dock.middle.tabText(0) == "Action"
    press(qtbot, window, Qt.Key.Key_F8)  # who's next: Hargan, selected; his form from the top
    qtbot.waitUntil(lambda: dock.form.actor() == "hargan")
    assert dock.form.scroll.verticalScrollBar().value() == 0
    assert (dock.middle.tabText(0), dock.middle.tabText(1)) == ("Action of Hargan", "Hargan's sheet")
