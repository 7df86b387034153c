"""The reserve and cards panes, driven as a GM drives them: typed values, clicks, undo."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableWidgetItem

from tabletop.model import Conflict, Map, ReserveSide
from tabletop.model.conflict import MAX_RESERVE_SIDES
from tabletop.ui.docks.cards_pane import parse_card
from tabletop.ui.docks.reserve_pane import parse_reserve, reserve_text


def test_reserve_text_reads_back_what_it_writes():
    assert parse_reserve(reserve_text({"Body": 3, "Will power": 12})) == {"Body": 3, "Will power": 12}


def _type(table, row, column, text):
    table.setItem(row, column, QTableWidgetItem(text))


def test_a_timeslice_typed_into_the_reserve_pane_costs_the_defender_and_undoes(window, qtbot):
    window.document.replace_map(Map(title="Chase"), None)
    pane = window.panes["Reserve"]
    pane.add_button.click()
    pane.add_button.click()
    assert [s.name for s in pane.sides()] == ["Side 1", "Side 2"]
    _type(pane.table, 0, 0, "Kara")
    for column, text in ((1, "9"), (3, "6"), (4, "Body 3, Will 4")):
        _type(pane.table, 0, column, text)
    _type(pane.table, 1, 0, "Drone")
    for column, text in ((1, "12"), (3, "2"), (4, "Armour 5")):
        _type(pane.table, 1, column, text)
    assert pane.order.text() == "Order: Drone, Kara"
    pane.attacker.setCurrentText("Kara")
    pane.defender.setCurrentText("Drone")
    pane.attack.setValue(30)
    pane.defense.setValue(10)
    pane.pays.setCurrentText("Armour")
    qtbot.mouseClick(pane.resolve_button, Qt.MouseButton.LeftButton)
    assert pane.result.text() == "Kara against Drone: Drone loses 5"
    assert "30 is 3 times 10" in pane.why.text()
    assert pane.table.item(1, 4).text() == "Armour 0: at your mercy"
    window.document.undo_stack.undo()
    assert pane.table.item(1, 4).text() == "Armour 5"
    assert (pane.result.text(), pane.why.text()) == ("", ""), "the undone result is not shown as if it stood"
    _type(pane.table, 1, 4, "Armour five")
    assert "is not a defensive score" in pane.why.text()
    assert pane.table.item(1, 4).text() == "Armour 5", "a bad value is refused, the side kept"
    for column, text, why in (
        (1, "-5", "offense: a number of -5 is less than a map can mean (at least 0)"),  # was "1 validation error for"
        (4, "Armour 99999", "reserve.Armour: a number of 99999 is more than a map can mean (at most 1000)"),
        (3, "x", "'x' is not a whole number"),
        (4, "Armour 3, Armour 4", "Armour is given twice"),
    ):
        _type(pane.table, 1, column, text)
        assert pane.why.text() == f"Not changed: {why}"
    assert pane.table.item(1, 4).text() == "Armour 5"


def lay(pane, **cards):
    """Type each asked character's card (None: it plays no more) and press Play."""
    assert set(pane.asked.fields) == set(cards), f"asked {list(pane.asked.fields)}"
    for name, card in cards.items():
        if card is None:
            pane.asked.passes[name].setChecked(True)
        else:
            pane.asked.fields[name].setText(card)
    pane.play_button.click()


def test_the_cards_pane_plays_erica_against_john_to_a_critical_success(window, qtbot):
    window.document.replace_map(Map(title="Heist"), None)
    pane = window.panes["Cards"]
    for row, values in enumerate((("Erica", "7", "3", "1"), ("John", "6", "3", "0"))):
        for column, text in enumerate(values):
            _type(pane.table, row, column, text)
    pane.begin_button.click()
    assert "John" in pane.message.text(), "John has fewer advantages: inferiority"
    assert pane.next_label.text() == "Next: John"
    lay(pane, John="Z")
    assert pane.message.text() == "'Z' is not a card: type 1-13, J, Q, K or joker"
    pane.asked.fields["John"].setText("3")
    qtbot.keyClick(pane.asked.fields["John"], Qt.Key.Key_Return)
    for name, card in (("Erica", "5"), ("John", "4"), ("Erica", "6"), ("Erica", "K")):
        lay(pane, **{name: card})
    assert "Erica: 31   (5, 6, 13; 3/3)" in pane.values.text()
    assert "John: 13   (3, 4; 2/2, in inferiority)" in pane.values.text()
    assert pane.next_label.text() == "Every card is played: Resolve"
    pane.take_back_button.click()
    assert "Erica: 18" in pane.values.text()
    lay(pane, Erica="king")
    pane.resolve_button.click()
    outcome, entry = window.document.map.conflict.log[-2:]
    assert outcome.story == "against John: Erica succeeds, critical (31 to 13)"
    assert entry.action == "confrontation" and entry.numbers == {"Erica": 31, "John": 13}
    assert pane.message.text() == "against John: Erica succeeds, critical (31 to 13)\nThe action succeeds."
    window.document.undo_stack.undo()
    assert window.document.map.conflict is None


def test_a_card_is_typed_as_at_the_table():
    assert [parse_card(t) for t in ("7", "J", "queen", "K", "A", "Joker", "joker:John")] == [
        7,
        11,
        12,
        13,
        1,
        "joker",
        "joker:John",
    ]


def test_ctrl_return_resolves_in_the_reserve_pane_and_sends_fog_elsewhere(window, qtbot):
    window.document.replace_map(Map(title="Chase"), None)
    window.docks["Reserve"].show()
    window.docks["Reserve"].raise_()
    window.activateWindow()
    qtbot.waitActive(window)
    pane = window.panes["Reserve"]
    pane.add_button.click()
    pane.add_button.click()
    pane.attack.setValue(9)
    pane.defense.setValue(3)
    pane.pays.setCurrentIndex(0)
    pane.attack.setFocus()
    qtbot.keyClick(pane.attack, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert pane.result.text() == "Side 1 against Side 2: Side 2 loses 4"
    steps = window.document.undo_stack.count()
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert window.document.undo_stack.count() == steps, "on the map Ctrl+Return is Send Fog, not Resolve"


ERICA_TWO = (("John", "4"), ("Erica", "5"), ("John", None), ("Erica", "6"))
"""John lays one card and plays no more; Erica lays two of her Attribute's three."""


def _erica_and_john(window):
    """The Cards pane with Erica (Skill 7, Attribute 3) and John (6, 3) typed in."""
    window.document.replace_map(Map(title="Heist"), None)
    pane = window.panes["Cards"]
    for row, values in enumerate((("Erica", "7", "3", "0"), ("John", "6", "3", "0"))):
        for column, text in enumerate(values):
            _type(pane.table, row, column, text)
    return pane


def test_cards_played_earlier_in_the_round_shorten_the_next_confrontation(window):
    pane = _erica_and_john(window)
    pane.begin_button.click()
    for name, card in ERICA_TWO:
        lay(pane, **{name: card})
    pane.resolve_button.click()
    pane.begin_button.click()
    assert "Erica: 7   (no card yet; 0/1, 2 played earlier this round)" in pane.values.text()
    window.document.undo_stack.undo()  # the resolution undone: its cards are Erica's again
    assert pane.message.text() == "", "the words of the undone resolution are gone with it"
    pane.begin_button.click()
    assert "Erica: 7   (no card yet; 0/3)" in pane.values.text()
    window.document.undo_stack.redo()
    pane.begin_button.click()
    assert "Erica: 7   (no card yet; 0/1, 2 played earlier this round)" in pane.values.text()
    story = {"do": "story", "entry": 0, "story": "Erica opens fire from the stairs"}
    assert pane._take(story)  # an earlier entry's story told again changes no count
    pane.begin_button.click()
    assert "Erica: 7   (no card yet; 0/1, 2 played earlier this round)" in pane.values.text()
    pane.new_round_button.click()
    pane.begin_button.click()
    assert "Erica: 7   (no card yet; 0/3)" in pane.values.text()
    window.document.undo_stack.undo()  # the new round undone: the round's cards count again
    pane.begin_button.click()
    assert "Erica: 7   (no card yet; 0/1, 2 played earlier this round)" in pane.values.text()


def test_a_resolution_undone_and_resolved_again_counts_once(window):
    pane = _erica_and_john(window)
    for again in (False, True):
        pane.begin_button.click()
        for name, card in ERICA_TWO:
            lay(pane, **{name: card})
        pane.resolve_button.click()
        if not again:
            window.document.undo_stack.undo()
    pane.begin_button.click()
    assert "Erica: 7   (no card yet; 0/1, 2 played earlier this round)" in pane.values.text()


def test_a_refused_begin_again_stops_the_running_confrontation(window):
    window.document.replace_map(Map(title="Heist"), None)
    pane = window.panes["Cards"]
    pane.begin_button.click()
    assert pane.play_button.isEnabled()
    _type(pane.table, 1, 1, "-3")
    pane.begin_button.click()
    assert pane.message.text().endswith("no number may be negative")
    assert not pane.play_button.isEnabled() and not pane.resolve_button.isEnabled()


def test_the_reserve_pane_adds_no_side_past_what_a_map_file_holds(window):
    window.document.replace_map(Map(title="Melee"), None)
    full = [ReserveSide(name=f"Side {n}") for n in range(1, MAX_RESERVE_SIDES + 1)]
    window.document.set_conflict(Conflict(system="reserve", reserve=full))
    pane = window.panes["Reserve"]
    pane.refresh()
    pane.add_button.click()
    assert len(window.document.map.conflict.reserve) == MAX_RESERVE_SIDES
    assert pane.why.text() == f"Not added: a conflict has at most {MAX_RESERVE_SIDES} sides"
