"""The play dock's log at 1280x800: three rows in sight as a conflict begins (one line each), its
columns within the dock's width (the story never off to the right, no sideways bar), and each
cell's tip the whole entry, numbers and story, however short the cell cuts them."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tabletop.ui.docks.play.controls import PLAY_WIDTH
from tabletop.ui.docks.play.log_view import HEADERS
from tests.ui.playing import declare, press, start_af

SIZE = (1280, 800)


def test_three_rows_show_and_the_story_is_in_the_dock_with_the_whole_entry_in_its_tip(qtbot, window):
    window.resize(*SIZE)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == SIZE)
    start_af(window)
    qtbot.waitUntil(lambda: window.play.dock.width() == min(PLAY_WIDTH, SIZE[0] // 3))
    dock = window.play.dock_widget
    declare(dock, "attack", target="raider", check="hack", result=12, damage=2, story="a swing at the knees")
    press(qtbot, window, Qt.Key.Key_F5)
    log = dock.log
    rows = log.verticalHeader().defaultSectionSize()
    qtbot.waitUntil(lambda: log.viewport().height() >= 3 * rows)
    assert not log.horizontalScrollBar().isVisible()
    story = HEADERS.index("Story")
    assert log.columnViewportPosition(story) + log.columnWidth(story) <= log.viewport().width()
    assert log.columnWidth(story) >= log.fontMetrics().horizontalAdvance("a swing at")
    attack = next(r for r in range(log.rowCount()) if log.item(r, 2).text() == "attack")
    tip = log.item(attack, 0).toolTip()
    assert "hack 12, damage 2" in tip and "a swing at the knees" in tip and "→ Raider" in tip
    assert all(log.item(attack, col).toolTip() == tip for col in range(len(HEADERS)))
