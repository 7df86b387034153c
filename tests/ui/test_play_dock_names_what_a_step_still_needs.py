"""A step the dock cannot take yet says what it still needs in the form's words: a move with
no zone asks for a click on the map (not the step's key, "'move' needs to zone"); an AF
maneuver with no place is spent in place, and says so; a question
of the rules cancelled (an auction's bids) says it was left unanswered, then what it asked."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from tabletop.ui.docks.play.ask import Asking
from tests.ui.playing import choose, press, start_af, start_edgerunner


def test_a_maneuver_with_no_place_says_nobody_moved(qtbot, window):
    """ "Maneuver: Move your speed in areas, steer a vehicle, or ride a creature": with no place
    picked the action is spent in place (steering, riding), and the line says so."""
    start_af(window)
    dock = window.play.dock_widget
    choose(dock, "maneuver")
    where = window.document.get("token", "mira").location
    dock.form.do.click()
    said = "Mira: maneuver (no place given: Mira stays put)"
    assert dock.message.text() == said and window.statusBar().currentMessage() == said
    assert window.document.get("token", "mira").location == where


def test_a_move_with_no_zone_asks_for_a_click_on_the_map(qtbot, window):
    start_edgerunner(window)
    dock = window.play.dock_widget
    choose(dock, "move", actor="gatto")
    dock.form.edits["shifts"].set_value(3)
    log = list(window.document.map.conflict.log)
    dock.form.do.click()
    said = "Not done: the move needs a place: click one on the map, or drop the token there"
    assert dock.message.text() == said and window.statusBar().currentMessage() == said
    assert window.document.map.conflict.log == log


def test_an_auction_cancelled_is_said_as_unanswered(qtbot, window):
    start_edgerunner(window)
    dock = window.play.dock_widget
    seen: list[str] = []

    def cancel() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, Asking):
            QTimer.singleShot(10, cancel)
            return
        seen.append(dialog.windowTitle())
        dialog.reject()

    QTimer.singleShot(0, cancel)
    dock.turns.select_tokens(["gatto", "hargan"])
    press(qtbot, window, Qt.Key.Key_F5)
    assert seen == ["The rules ask"]
    assert window.document.map.conflict.turn is None
    assert dock.message.text() == (
        "Not done: the rules' question was left unanswered (Gatto and Hargan claim the turn: their bids, in shifts)"
    )
