"""As a conflict begins the play dock shares its height: the turn list as tall as its rows, the
form as tall as its move asks, the log the rest. After an AF encounter's four rows, an
Edgerunner conflict's two leave their room to the form: at 1600x1000 the Edgerunner attack, the
longest form, shows whole with its helper's words, nothing to scroll; at 1280x800 the form has
more room than an empty stretch of the turn list, and every row of the list stays seen."""

from __future__ import annotations

from tabletop.ui.docks.play.controls import PLAY_WIDTH
from tests.ui.playing import choose, start_af, start_edgerunner


def _started(qtbot, window, size):
    window.resize(*size)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == size)
    start_af(window)  # an encounter played first: four rows in the list, and a long line said
    dock = window.play.dock_widget
    qtbot.waitUntil(lambda: dock.turns.rowCount() == 4)
    dock.say("Not done: " + "a refusal long enough to wrap over three lines of the dock, " * 3)
    qtbot.waitUntil(lambda: dock.top.height() >= dock.top.heightForWidth(dock.top.width()))
    start_edgerunner(window)
    qtbot.waitUntil(lambda: window.play.dock.width() == min(PLAY_WIDTH, size[0] // 3))
    dock.turns.select_tokens(["gatto"])
    dock.turn_key("next")
    choose(dock, "attack")
    dock.form.edits["target"].set_value("hargan")
    qtbot.waitUntil(lambda: dock.form.note.isVisible())
    return dock


def _turn_list_fits(turns) -> bool:
    last = turns.visualItemRect(turns.item(turns.rowCount() - 1, 0))
    return turns.viewport().rect().contains(last)


def test_the_edgerunner_attack_shows_whole_at_1600x1000(qtbot, window):
    dock = _started(qtbot, window, (1600, 1000))
    scroll = dock.form.scroll
    qtbot.waitUntil(lambda: scroll.verticalScrollBar().maximum() == 0)
    assert _turn_list_fits(dock.turns)
    log = dock.log
    assert log.viewport().height() >= 2 * log.verticalHeader().defaultSectionSize()


def test_the_two_row_turn_list_leaves_its_room_to_the_form_at_1280x800(qtbot, window):
    dock = _started(qtbot, window, (1280, 800))
    turns = dock.turns
    row = turns.verticalHeader().defaultSectionSize()

    def no_empty_row() -> bool:
        return _turn_list_fits(turns) and turns.viewport().height() - turns.rowCount() * row < row

    qtbot.waitUntil(no_empty_row)  # the list keeps no empty row's height from the encounter's four
    assert dock.form.scroll.viewport().height() >= 6 * 28, "six fields at least in sight"
