"""The Reserve pane driven as a GM drives it: who swings first, the scores rolled with Core
Values, a timeslice at a time, Professions substituted, escape, fold, contested and simple rolls;
the map's conflict checked after each step and after its undo."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tabletop.model import Map

KARA = {"name": "Kara", "offense": 9, "defense": 7, "force": 6, "reserve": {"Body": 3, "Will": 4}}
DRONE = {"name": "Drone", "offense": 12, "defense": 5, "force": 4, "reserve": {"Armour": 5}, "core_values": {"Duty": 3}}
CLEM = {"name": "Clem", "offense": 3, "reserve": {"Body": 2}}


def _pane(window, *sides):
    window.document.replace_map(Map(title="Chase"), None)
    pane = window.panes["Reserve"]
    assert pane.take({"do": "start", "system": "reserve", "sides_given": list(sides or (KARA, DRONE))}) is None
    return pane


def _sides(window):
    return {side.name: side for side in window.document.map.conflict.reserve}


def _choose(combo, text):
    combo.setCurrentText(text)
    assert combo.currentText() == text, f"{text} is not offered"


def test_who_swings_first_is_chosen_and_the_order_follows(window, qtbot):
    pane = _pane(window, KARA, DRONE, CLEM)
    assert pane.order.text() == "Order: Drone, Kara, Clem"
    pane.first.setFocus()
    qtbot.keyClick(pane.first, Qt.Key.Key_Down)  # from "—" to the first side, Kara
    assert window.document.map.conflict.swings_first == "Kara"
    assert pane.order.text() == "Order: Kara (swings first), Drone, Clem"
    assert window.document.map.conflict.log[-1].story == "Kara swings first; order: Kara, Drone, Clem"
    window.document.undo_stack.undo()
    assert window.document.map.conflict.swings_first == ""
    assert pane.order.text() == "Order: Drone, Kara, Clem" and pane.first.currentText() == "—"


def test_the_scores_show_a_core_value_added_and_the_dice_typed_stay_as_they_fell(window, qtbot):
    pane = _pane(window)
    _choose(pane.attacker, "Kara")
    _choose(pane.defender, "Drone")
    assert pane.scores.text() == "Kara rolls Offense 9\nDrone rolls Defense 5"
    pane.form.values_box.setChecked(True)
    _choose(pane.form.against, "Duty")
    assert pane.scores.text() == "Kara rolls Offense 9\nDrone rolls Defense 5 + CV Duty 3 = 8"
    pane.attack.setValue(9)
    pane.defense.setValue(8)
    qtbot.mouseClick(pane.resolve_button, Qt.MouseButton.LeftButton)
    entry = window.document.map.conflict.log[-1]
    assert entry.numbers == {"attack": 9, "defense": 8, "lost": 2, "attack score": 9, "defense score": 8}
    assert _sides(window)["Drone"].reserve == {"Armour": 3}
    assert pane.result.text() == "Kara against Drone: Drone loses 2"
    assert pane.attack.value() == 0, "the rolls are cleared for the next offensive action"
    window.document.undo_stack.undo()
    assert _sides(window)["Drone"].reserve == {"Armour": 5}
    _choose(pane.form.against, "—")
    _choose(pane.form.consistent, "Duty")
    assert "Kara rolls Offense 9 + Drone's CV Duty 1 = 10" in pane.scores.text()


def test_one_offensive_action_a_timeslice_then_the_next_timeslice(window, qtbot):
    pane = _pane(window)
    _choose(pane.attacker, "Kara")
    _choose(pane.defender, "Drone")
    assert pane.timeslice.text() == "Timeslice 1 · to act: Drone, Kara"
    pane.attack.setValue(9)
    pane.resolve_button.click()
    assert pane.timeslice.text() == "Timeslice 1 · to act: Drone"
    steps = window.document.undo_stack.count()
    pane.attack.setValue(9)
    pane.resolve_button.click()
    assert pane.why.text() == "Kara has made its offensive action this timeslice: next timeslice first"
    assert window.document.undo_stack.count() == steps
    pane.next_button.click()
    assert window.document.map.conflict.exchange == 2
    assert pane.timeslice.text() == "Timeslice 2 · to act: Drone, Kara"
    window.document.undo_stack.undo()
    assert window.document.map.conflict.exchange == 1 and pane.timeslice.text() == "Timeslice 1 · to act: Drone"


def test_a_profession_substituted_by_a_point_of_reserve_spends_it(window):
    pane = _pane(window)
    _choose(pane.attacker, "Kara")
    _choose(pane.defender, "Drone")
    pane.form.professions_box.setChecked(True)
    by, profession, pays = pane.form.substitutes["attacker"]
    by.setCurrentIndex(by.findData("reserve"))
    profession.setText("Streetwise")
    _choose(pays, "Will")
    pane.attack.setValue(3)
    pane.defense.setValue(8)
    pane.resolve_button.click()
    assert _sides(window)["Kara"].reserve == {"Body": 3, "Will": 3}
    assert "Kara substitutes Streetwise: 1 Reserve from Will" in window.document.map.conflict.log[-1].story
    assert by.currentIndex() == 0 and profession.text() == "", "a substitution is for one roll"
    window.document.undo_stack.undo()
    assert _sides(window)["Kara"].reserve == {"Body": 3, "Will": 4}


def test_the_defender_escapes_or_folds(window):
    pane = _pane(window)
    _choose(pane.attacker, "Drone")
    _choose(pane.defender, "Kara")
    _choose(pane.pays, "Will")
    pane.attack.setValue(4)
    pane.defense.setValue(9)
    pane.escape_button.click()
    kara = _sides(window)["Kara"]
    assert kara.escaped and kara.reserve == {"Body": 3, "Will": 3}
    assert window.document.map.conflict.ended == "ended"
    assert pane.timeslice.text() == "Ended (ended): Kara gets away from Drone"
    assert not pane.resolve_button.isEnabled()
    window.document.undo_stack.undo()
    assert not _sides(window)["Kara"].escaped and pane.resolve_button.isEnabled()
    _choose(pane.attacker, "Drone")
    _choose(pane.defender, "Kara")
    pane.fold_button.click()
    assert window.document.map.conflict.ended == "concession" and _sides(window)["Kara"].folded
    assert _sides(window)["Kara"].reserve == {"Body": 3, "Will": 4}
    window.document.undo_stack.undo()
    assert window.document.map.conflict.ended is None


def test_a_contested_roll_asks_the_tied_for_their_re_rolls(window, qtbot):
    pane = _pane(window)
    logged = len(window.document.map.conflict.log)
    pane.contest.entry.setText("Kara 14, Drone 14")
    pane.contest.roll_button.click()
    assert pane.contest.said.text() == "Kara and Drone tie at 14: they re-roll (1): type Kara and Drone's re-rolls"
    assert len(window.document.map.conflict.log) == logged, "nothing is logged while the tie waits"
    pane.contest.entry.setText("Kara 9, Drone 12")
    qtbot.keyClick(pane.contest.entry, Qt.Key.Key_Return)
    entry = window.document.map.conflict.log[-1]
    assert (
        entry.actor == "Drone"
        and entry.story == "Drone wins the contested roll (Kara 14, Drone 14; re-roll Kara 9, Drone 12)"
    )
    assert pane.contest.rolls is None
    window.document.undo_stack.undo()
    assert len(window.document.map.conflict.log) == logged


def test_a_simple_roll_is_read_against_the_table(window):
    pane = _pane(window)
    pane.simple.setChecked(True)
    pane.simple.difficulty_table.cellClicked.emit(4, 0)
    assert pane.simple.minimum.value() == 80
    pane.simple.who.setText("Kara")
    pane.simple.roll.setValue(85)
    pane.simple.roll_button.click()
    entry = window.document.map.conflict.log[-1]
    assert entry.story == "85 against 80: things go your way; 80: The well-trained, with luck or effort."
    assert pane.result.text() == "Kara: 85 against 80: things go your way"


def test_a_sides_name_is_shown_as_typed_never_as_markup(window):
    pane = _pane(window, {**KARA, "name": "<b>Boss</b>"}, DRONE)
    assert pane.order.textFormat() == Qt.TextFormat.PlainText
    assert pane.order.text() == "Order: Drone, <b>Boss</b>"


def test_a_race_is_rolled_off_with_no_conflict_running(window):
    """'Other times you can settle things easily with a contested roll': no extended conflict
    need run first; the roll begins one for its log, and one undo takes both back."""
    window.document.replace_map(Map(title="The race"), None)
    pane = window.panes["Reserve"]
    pane.contest.entry.setText("Kara 14, Drone 12")
    pane.contest.roll_button.click()
    conflict = window.document.map.conflict
    assert conflict is not None and conflict.system == "reserve"
    assert conflict.log[-1].story == "Kara wins the contested roll (Kara 14, Drone 12)"
    assert pane.result.text() == "Kara wins the contested roll"
    window.document.undo_stack.undo()
    assert window.document.map.conflict is None and pane.result.text() == ""
