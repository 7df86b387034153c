"""The window's actions are kept by id and its menus and toolbar list ids (ui/registry.py,
ui/menus.py): an action registered late takes its listed place, every id a list names has its
action once every part is built, and no key is given to two actions (Qt would run neither)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMainWindow, QWidget

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
