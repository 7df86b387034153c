"""The AF attack in the play dock asks what the text's attack needs ("Hack, aim, or taunt a
target. Roll damage if you succeed."): which check, its result and the damage. Done, the log
keeps them with the attack, and the attacked one's guard sees the result it contests."""

from __future__ import annotations

from tests.ui.playing import choose, declare, start_af


def test_the_attack_form_has_the_check_its_result_and_the_damage(qtbot, window):
    start_af(window)
    dock = window.play.dock_widget
    choose(dock, "attack")
    form = dock.form
    assert {"target", "check", "result", "damage"} <= set(form.edits)
    titles = [form.fields.labelForField(form.edits[n].widget).text() for n in ("check", "result", "damage")]
    assert titles == ["Check", "Check result", "Damage"]
    form.edits["check"].fill(window.document, {})
    checks = [form.edits["check"].combo.itemText(i) for i in range(form.edits["check"].combo.count())]
    assert checks[1:] == ["hack", "aim", "taunt"]


def test_the_attack_is_logged_with_its_check_and_damage_and_the_guard_sees_the_result(qtbot, window):
    start_af(window)
    dock = window.play.dock_widget
    assert window.document.map.conflict.turn == "mira"
    declare(dock, "attack", target="raider", check="aim", result=14, damage=3)
    entry = window.document.map.conflict.log[-1]
    assert (entry.actor, entry.action, entry.target, entry.numbers) == (
        "mira",
        "attack",
        "raider",
        {"aim": 14, "damage": 3},
    )
    assert dock.message.text() == "Mira: attack Raider (aim 14; damage 3)"
    log = dock.log
    row = [log.item(log.rowCount() - 1, c) for c in range(log.columnCount())]
    assert "aim 14, damage 3" in [item.text() for item in row if item is not None]
    choose(dock, "guard", kind="reaction", actor="raider")
    assert dock.form.edits["against"].value() == "mira"
    assert dock.form.note.text().startswith("against Mira's attack (aim 14, damage 3)")


def test_a_taunt_is_social_and_its_fields_start_empty_for_the_next_attack(qtbot, window):
    start_af(window)
    dock = window.play.dock_widget
    declare(dock, "attack", target="raider", check="taunt", result=9)
    assert window.document.map.conflict.log[-1].numbers == {"social": 1, "taunt": 9}
    form = dock.form
    assert [form.edits[n].value() for n in ("check", "result", "damage")] == [None, None, None]


def test_a_ticks_words_wrap_in_the_dock_and_a_click_on_them_ticks_it(qtbot, window):
    from PySide6.QtCore import Qt

    start_af(window)
    dock = window.play.dock_widget
    choose(dock, "attack")
    social = dock.form.edits["social"]
    assert social.words.wordWrap() and social.words.textFormat() == Qt.TextFormat.PlainText
    dock.form.scroll.ensureWidgetVisible(social.widget)
    qtbot.waitUntil(social.words.isVisible)
    qtbot.mouseClick(social.words, Qt.MouseButton.LeftButton)
    assert social.value() is True and dock.form.values()["social"] is True
    qtbot.mouseClick(social.words, Qt.MouseButton.LeftButton)
    assert social.value() is False and "social" not in dock.form.values()
