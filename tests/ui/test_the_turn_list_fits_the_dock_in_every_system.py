"""The play dock's turn list fits the dock in a 1280x800 and a 1600x1000 window, in every
system: no column nobody's row fills (AF's defenses until someone defends), every shown heading
whole inside the list, no sideways scrolling; the name column takes what is left and elides a
long name; each stress track shows its boxes. Reserve and cards keep their sides in their own
panes: the play dock shows no empty list for them."""

from __future__ import annotations

import pytest

from tabletop.document.commands import EditObject
from tabletop.play_samples import af_encounter_round3, warehouse_conflict
from tabletop.ui.docks.play.turns import TOKEN, fitted
from tests.ui.playing import declare, start, start_af

SIZES = [(1280, 800), (1600, 1000)]
IDS = ["1280x800", "1600x1000"]


def _sized(qtbot, window, size) -> None:
    window.resize(*size)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == size)


def _shown(turns) -> list[int]:
    return [col for col in range(turns.columnCount()) if not turns.isColumnHidden(col)]


def _text(turns, row: int, col: int) -> str:
    item = turns.item(row, col)
    return item.text() if item is not None else ""


def _problems(turns) -> list[str]:
    """What keeps the list from fitting: a sideways bar, a heading cut or out of sight, a
    column with nothing in it. Empty when it fits."""
    header, room = turns.horizontalHeader(), turns.viewport().width()
    found = ["a sideways scroll bar"] if turns.horizontalScrollBar().isVisible() else []
    for col in _shown(turns):
        title = turns.horizontalHeaderItem(col).text()
        left, width = header.sectionViewportPosition(col), header.sectionSize(col)
        if left < 0 or left + width > room:
            found.append(f"{title or 'the turn mark'} at {left}+{width} outside {room}")
        if col != TOKEN and width < header.fontMetrics().horizontalAdvance(title):
            found.append(f"{title} cut to {width}")
        if not any(_text(turns, row, col) for row in range(turns.rowCount())):
            found.append(f"{title or 'the turn mark'} empty")
    return found


def _begin_af(window) -> None:
    start_af(window)


def _af_round3(window) -> None:
    window.document.replace_map(af_encounter_round3(), None)


def _edgerunner_mid_conflict(window) -> None:
    window.document.replace_map(warehouse_conflict(), None)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize(
    "begin", [_begin_af, _af_round3, _edgerunner_mid_conflict], ids=["af", "af-round-3", "edgerunner"]
)
def test_every_column_of_a_turn_based_system_is_in_sight(qtbot, window, size, begin):
    _sized(qtbot, window, size)
    begin(window)
    turns = window.play.dock_widget.turns
    qtbot.waitUntil(lambda: turns.isVisible() and turns.rowCount() > 0)
    qtbot.waitUntil(lambda: window.play.dock.width() >= 400)  # the width a conflict gives the dock
    qtbot.waitUntil(lambda: not _problems(turns), timeout=3000)
    assert turns.columnWidth(TOKEN) >= max(
        turns.fontMetrics().horizontalAdvance(_text(turns, row, TOKEN)) for row in range(turns.rowCount())
    ), "the names are whole when there is room"


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_afs_defense_column_comes_with_the_first_defense(qtbot, window, size):
    _sized(qtbot, window, size)
    start_af(window)
    dock = window.play.dock_widget
    turns = dock.turns
    titles = [turns.horizontalHeaderItem(col).text() for col in range(turns.columnCount())]
    defense = titles.index("Defense")
    assert turns.isColumnHidden(defense), "nobody defends yet"
    declare(dock, "defend")
    assert not turns.isColumnHidden(defense)
    assert "every check" in _text(turns, 0, defense)
    qtbot.waitUntil(lambda: not _problems(turns), timeout=3000)


def test_a_long_name_elides_and_the_other_columns_stay(qtbot, window):
    _sized(qtbot, window, (1280, 800))
    start_af(window)
    turns = window.play.dock_widget.turns
    long_name = "Raider archer of the old wall, third of the five brothers from the crag"
    document = window.document
    renamed = document.get("token", "archer").model_copy(update={"name": long_name})
    document.undo_stack.push(EditObject(document, "token", renamed))
    qtbot.waitUntil(lambda: long_name in [_text(turns, row, TOKEN) for row in range(turns.rowCount())])
    row = [_text(turns, r, TOKEN) for r in range(turns.rowCount())].index(long_name)
    qtbot.waitUntil(lambda: not _problems(turns), timeout=3000)
    assert turns.columnWidth(TOKEN) < turns.fontMetrics().horizontalAdvance(long_name), "the name elides"
    assert turns.item(row, TOKEN).toolTip() == long_name, "its whole name in the tip"


def test_each_stress_track_shows_which_box_is_marked(qtbot, window):
    _sized(qtbot, window, (1280, 800))
    _edgerunner_mid_conflict(window)
    turns = window.play.dock_widget.turns
    qtbot.waitUntil(lambda: turns.isVisible() and turns.rowCount() == 2)
    titles = [turns.horizontalHeaderItem(col).text() for col in range(turns.columnCount())]
    gatto = turns.tokens.index("gatto")
    assert _text(turns, gatto, titles.index("health")) == "□■□□□"  # Hargan's attack marked box 2
    assert _text(turns, gatto, titles.index("cool")) == "□□□□□"
    assert turns.item(gatto, titles.index("health")).toolTip() == "health: box 2 marked of 5, threshold 3"
    assert "Stress" not in titles


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize("system", ["reserve", "cards"])
def test_a_resolver_leaves_no_empty_list_in_the_play_dock(qtbot, window, size, system):
    from tabletop.samples import warehouse

    _sized(qtbot, window, size)
    window.document.replace_map(warehouse(), None)
    assert start(window, system, [])
    window.play.dock.show()
    dock = window.play.dock_widget
    qtbot.waitUntil(lambda: dock.isVisible() and window.document.map.conflict.system == system)
    assert dock.header.text().startswith(window.play.dock_widget.rules().title)
    assert not dock.turns.isVisible(), "its sides are in its own pane"


def test_a_dock_too_narrow_for_every_text_cuts_the_widest_columns_first():
    natural = [20, 150, 60, 45, 160, 45]
    headings = [20, 50, 40, 45, 60, 45]
    assert fitted(natural, headings, TOKEN, 80, 600) == [20, 600 - 330, 60, 45, 160, 45], "the name takes the slack"
    narrow = fitted(natural, headings, TOKEN, 80, 330)
    assert narrow[TOKEN] == 80 and sum(narrow) == 330, "the name keeps its least, the rest fills the room"
    assert narrow[4] < 160 and narrow[2] == 60, "the widest column gives way, a short one keeps its text"
    tight = fitted(natural, headings, TOKEN, 80, 200, least_floor=15)
    assert sum(tight) <= 200, "narrower than the headings: they elide too"
    assert fitted([20, 150, 0, 45], [20, 50, 40, 45], TOKEN, 80, 300)[2] == 0, "a hidden column stays hidden"


def test_the_name_gives_way_before_any_other_column():
    natural = [20, 150, 60, 45, 90, 45]
    headings = [20, 50, 40, 45, 60, 45]
    assert fitted(natural, headings, TOKEN, 80, 360) == [20, 100, 60, 45, 90, 45], "only the name gave way"
    tight = fitted(natural, headings, TOKEN, 80, 320)
    assert tight[TOKEN] == 80 and sum(tight) == 320, "past its least, the name waits for the others"
    assert tight[4] < 90 and tight[2] == 60, "then the widest gives way"
