"""The Cards pane driven as a GM drives it: tied players asked for their cards at once and
laid together, activated effects declared and logged in the text's order, a character that
plays no more, and each resolution the same `confront` step `tabletop play` takes, undone whole."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableWidgetItem

from tabletop.cli.play import play_steps
from tabletop.model import Map
from tests.ui.test_resolver_panes import lay


def _rows(pane, *rows):
    """Each row: name, skill, attribute, advantages, then "gm" and an effect if any."""
    while pane.table.rowCount() < len(rows):
        pane.add_button.click()
    for row, (name, skill, attribute, advantages, *more) in enumerate(rows):
        for column, text in enumerate((name, skill, attribute, advantages, "0", "0")):
            pane.table.setItem(row, column, QTableWidgetItem(text))
        if "gm" in more:
            pane.table.item(row, 6).setCheckState(Qt.CheckState.Checked)
        effect = next((m for m in more if m != "gm"), "")
        pane.table.setItem(row, 7, QTableWidgetItem(effect))


def _pane(window):
    window.document.replace_map(Map(title="Dock"), None)
    return window.panes["Cards"]


def test_tied_players_are_asked_at_once_and_their_cards_laid_together(window):
    pane = _pane(window)
    _rows(pane, ("Ana", "2", "2", "0"), ("Bo", "2", "2", "0"), ("GM", "0", "2", "0", "gm"))
    pane.begin_button.click()
    assert pane.next_label.text() == "Next: GM", "the GM's 0 is the lowest"
    lay(pane, GM="6")
    assert pane.next_label.text() == "Next, face down together: Ana and Bo"
    lay(pane, Ana="7", Bo="")
    assert pane.message.text() == "type Bo's card, or tick 'plays no more'"
    assert "Ana: 2   (no card yet" in pane.values.text(), "a batch with a row unsaid lays nothing"
    lay(pane, Ana="7", Bo="4")
    assert "Ana: 9   (7; 1/2)" in pane.values.text() and "Bo: 6   (4; 1/2)" in pane.values.text()
    assert pane.next_label.text() == "Next: Bo"
    lay(pane, Bo=None)
    assert "plays no more" in pane.values.text()
    assert pane.next_label.text() == "Next: GM"
    lay(pane, GM="5")
    lay(pane, Ana="2")
    assert pane.next_label.text() == "Every card is played: Resolve"
    step = pane.step()
    pane.resolve_button.click()
    conflict = window.document.map.conflict
    assert [e.story for e in conflict.log if e.action == "outcome"] == [
        "against Bo: Ana succeeds, decisive (11 to 6)",
        "against the GM: a tie, every action fails (11 to 11)",
    ]
    assert conflict.log[-1].story == (
        "The action fails: it tied with the GM (a tie fails every action), regardless of its success against Bo."
    )
    headless, *_ = play_steps(Map(title="Dock"), [{"do": "start", "system": "cards"}, step])
    assert headless.conflict.log == conflict.log, "the pane and tabletop play take the same step"
    window.document.undo_stack.undo()
    assert window.document.map.conflict is None


def test_activated_effects_are_shown_and_logged_confronters_first(window):
    pane = _pane(window)
    _rows(pane, ("Erica", "6", "1", "0", "Smart scope"), ("John", "4", "1", "0", "Reflex booster"))
    pane.begin_button.click()
    assert pane.effects.text() == "Activated effects: John: Reflex booster, then Erica: Smart scope"
    lay(pane, John="8")
    lay(pane, Erica="9")
    pane.resolve_button.click()
    log = window.document.map.conflict.log
    assert [(e.actor, e.action, e.story) for e in log[:2]] == [
        ("John", "activated effect", "Reflex booster"),
        ("Erica", "activated effect", "Smart scope"),
    ]
    assert pane.message.text() == "against John: Erica succeeds (15 to 12)\nThe action succeeds."
    pane.begin_button.click()
    assert pane.next_label.text() == "Every card is played: Resolve", "each played his one card this round"
    pane.new_round_button.click()
    pane.begin_button.click()
    lay(pane, John="2")
    lay(pane, Erica=None)
    pane.resolve_button.click()
    assert len(window.document.map.conflict.log) == len(log) + 6, (
        "the new round, then a second confrontation: its two effects, the cards played, outcome, result"
    )
    window.document.undo_stack.undo()
    window.document.undo_stack.undo()
    assert window.document.map.conflict.log == log, "the undos take back the second resolution and the round only"


def test_a_confrontation_is_not_logged_into_another_systems_running_conflict(window):
    pane = _pane(window)
    window.panes["Reserve"].take({"do": "start", "system": "reserve", "sides_given": []})
    pane.begin_button.click()
    pane.resolve_button.click()
    assert pane.message.text() == "Extended conflict with reserve is running: close it to play card confrontations"
    assert window.document.map.conflict.system == "reserve"
