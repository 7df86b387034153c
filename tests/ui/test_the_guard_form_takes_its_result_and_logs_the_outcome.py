"""The guard form has a "Check result" field: the helper says the contest's outcome before Do
(the guard's result against the attack's, the attack's damage when it wins), and Do logs the
result with the outcome (../shared/rules/af-encounter.txt, "Defense", "Action")."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.ui.playing import declare, press, start_af


def test_the_helper_and_the_log_say_whether_the_attacks_damage_lands(qtbot, window):
    start_af(window)
    dock = window.play.dock_widget
    press(qtbot, window, Qt.Key.Key_F5)  # the archer's turn
    declare(dock, "attack", target="mira", check="aim", result=14, damage=3)
    menu = dock.turns.open_menu("mira")
    offered = {a.text(): a for a in menu.actions()}
    menu.close()
    offered["React: guard"].trigger()
    form = dock.form
    assert "result" in form.edits and form.fields.isRowVisible(form.edits["result"].widget)
    form.edits["type"].set_value("dodge")
    qtbot.waitUntil(lambda: "type the dodge's result to compare with aim 14" in form.note.text())
    form.edits["result"].set_value(12)
    qtbot.waitUntil(lambda: "the attack wins, damage 3" in form.note.text())
    said = form.note.text()
    form.do.click()
    entry = window.document.map.conflict.log[-1]
    assert (entry.action, entry.numbers["dodge"]) == ("guard dodge", 12)
    assert "against aim 14: the attack wins, damage 3" in entry.story
    assert entry.story.split("; ")[-1] in said  # the log says what the helper foretold
    row = dock.log.rowCount() - 1
    assert "dodge 12" in dock.log.item(row, 4).text() and "damage 3" in dock.log.item(row, 5).text()
