"""The turn list's Defense cell in a participant's own row leaves out their name: the row names
them already, and at 1280x800 the name pushed out the threshold the GM needs. The whole text
stays in the cell's tip; a defense of someone else keeps that one's name."""

from __future__ import annotations

from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QStyle

from tabletop.document.commands.play import apply_step
from tabletop.play_samples import warehouse_conflict
from tabletop.rules import edgerunner
from tabletop.ui.docks.play.turns import own_name_dropped
from tests.ui.playing import declare, start_af


def _sized(qtbot, window) -> None:
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == (1280, 800))


def _defense_cell(turns, token: str):
    titles = [turns.horizontalHeaderItem(col).text() for col in range(turns.columnCount())]
    return turns.item(turns.tokens.index(token), titles.index("Defense")), titles.index("Defense")


def _whole(turns, item, col: int) -> bool:
    """The cell's text fits its column with the margins the view draws it inside (not elided)."""
    margin = turns.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, turns) + 1
    return QFontMetrics(item.font()).horizontalAdvance(item.text()) + 2 * margin <= turns.columnWidth(col)


def test_an_edgerunner_defense_of_oneself_reads_whole_at_1280x800(qtbot, window):
    _sized(qtbot, window)
    window.document.replace_map(warehouse_conflict(), None)
    turns = window.play.dock_widget.turns
    qtbot.waitUntil(lambda: turns.isVisible() and turns.rowCount() == 2)
    qtbot.waitUntil(lambda: window.play.dock.width() >= 400)
    map_ = window.document.map
    apply_step(window.document, edgerunner.defense(map_, map_.conflict, "gatto", "gatto", "health", 2))
    item, col = _defense_cell(turns, "gatto")
    assert item.text() == "health threshold 2"
    assert item.toolTip() == "Gatto health threshold 2", "the whole text in the tip"
    qtbot.waitUntil(lambda: _whole(turns, item, col))
    name_col = 1
    assert turns.item(turns.tokens.index("gatto"), name_col).text() == "Gatto", "the row names whose it is"


def test_a_defense_of_someone_else_keeps_their_name(qtbot, window):
    _sized(qtbot, window)
    window.document.replace_map(warehouse_conflict(), None)
    turns = window.play.dock_widget.turns
    qtbot.waitUntil(lambda: turns.isVisible() and turns.rowCount() == 2)
    map_ = window.document.map
    apply_step(window.document, edgerunner.defense(map_, map_.conflict, "gatto", "hargan", "health", 2, range_=0))
    item, _ = _defense_cell(turns, "gatto")
    assert item.text().startswith("Hargan health threshold")


def test_afs_fend_reads_whole_at_1280x800(qtbot, window):
    _sized(qtbot, window)
    start_af(window)
    dock = window.play.dock_widget
    qtbot.waitUntil(lambda: window.play.dock.width() >= 400)
    declare(dock, "fend", kind="snap")  # Mira opens the round
    item, col = _defense_cell(dock.turns, "mira")
    assert item.text() == "parry (fend)"
    qtbot.waitUntil(lambda: _whole(dock.turns, item, col))


def test_only_the_rows_own_name_at_the_start_is_left_out():
    names = ["Hargan", "Hargan Jr", "Gatto"]
    assert own_name_dropped("Hargan health threshold 2", "Hargan", names) == "health threshold 2"
    assert own_name_dropped("Hargan Jr health threshold 1", "Hargan", names) == "Hargan Jr health threshold 1"
    assert own_name_dropped("Gatto health threshold 1", "Hargan", names) == "Gatto health threshold 1"
    assert own_name_dropped("parry (fend)", "Hargan", names) == "parry (fend)"
