"""The window's actions are kept by id and its menus and toolbar list ids (ui/registry.py,
ui/menus.py): an action registered late takes its listed place, every id a list names has its
action once every part is built, and no key is given to two actions (Qt would run neither)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QToolBar, QWidget

from tabletop.ui.menus import MENUS, TOOLBAR
from tabletop.ui.registry import SEPARATOR, Act, ActionRegistry


def _texts(menu) -> list[str]:
    return ["-" if a.isSeparator() else a.text() for a in menu.actions()]


def test_an_action_registered_after_its_menu_is_built_takes_its_listed_place(qtbot):
    frame = QMainWindow()
    qtbot.addWidget(frame)
    registry = ActionRegistry(frame, QWidget(frame))
    lists = {"tools": ("&Tools", ("a", "b", SEPARATOR, "c", "d")), "more": ("&More", ("d",))}
    registry.menu_bar(frame.menuBar(), ("tools", "more"), lists, lambda: None)
    for word in ("d", "b", "c", "a"):  # in another order than listed, as parts built late register
        registry.register(Act(word, word.upper()))
    assert _texts(registry.menu("tools")) == ["A", "B", "-", "C", "D"]
    assert _texts(registry.menu("more")) == ["D"], "one action, in every list that names it"
    assert registry["d"] in registry.menu("more").actions()
    with pytest.raises(ValueError, match="two actions with the id b"):
        registry.register(Act("b", "Another B"))


def test_a_switch_hears_the_program_a_command_hears_the_gm(qtbot):
    frame = QMainWindow()
    qtbot.addWidget(frame)
    registry = ActionRegistry(frame, QWidget(frame))
    told, chosen = [], []
    switch = registry.register(Act("switch", "Switch", toggled=told.append))
    command = registry.register(Act("command", "Command", lambda: chosen.append(True), checkable=True))
    switch.setChecked(True)
    command.setChecked(True)
    command.trigger()
    assert told == [True] and switch.isCheckable()
    assert chosen == [True] and not command.isChecked(), "setChecked runs no command; a click does"


def test_every_listed_id_has_its_action_once_every_part_is_built(window):
    window.later.finish()
    registry = window.registry
    listed = {entry for _title, ids in MENUS.values() for entry in ids} | set(TOOLBAR)
    missing = sorted(e for e in listed if not e.startswith(SEPARATOR) and e not in MENUS and e not in registry)
    assert missing == []
    toolbar = next(bar for bar in window.findChildren(QToolBar) if bar.objectName() == "Main")
    buttons = [a for a in toolbar.actions() if not a.isSeparator() and a.text()]
    assert [a.text() for a in buttons[:3]] == ["&New", "&Open…", "&Save"]
    assert buttons[3] is window.undo_action and window.tool_actions["S"] in buttons


def test_no_key_is_given_to_two_of_the_windows_actions(window):
    """Two enabled actions on one key within reach of each other are ambiguous to Qt, and
    neither runs: the GM presses Ctrl+L and nothing happens."""
    window.later.finish()
    window.play.system_ready("edgerunner")  # the turn keys of every system, made as conflicts run
    keys: dict[str, str] = {}
    clashes = []
    for act in window.findChildren(QAction):
        for key in act.shortcuts():
            text = key.toString(QKeySequence.SequenceFormat.PortableText)
            if text in keys and keys[text] != act.text():
                clashes.append((text, keys[text], act.text()))
            keys[text] = act.text()
    assert clashes == []
    assert {"Ctrl+L", "Ctrl+Shift+L", "F5", "Tab", "S", "Ctrl+Return"} <= set(keys)
