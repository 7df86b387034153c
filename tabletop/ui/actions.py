"""Building the main window's actions, menus and toolbar from one table."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtGui import QAction, QIcon, QKeySequence
from PySide6.QtWidgets import QWidget

from tabletop.render.style import RESOURCES


def icon(name: str) -> QIcon:
    """A bundled icon: the desktop's icon theme is empty on bare Linux."""
    return QIcon(str(Path(RESOURCES) / "icons" / f"{name}.svg"))


def action(parent: QWidget, text: str, slot: Callable, shortcut=None, icon_name: str = "", tip: str = "") -> QAction:
    act = QAction(text, parent)
    if icon_name:
        act.setIcon(icon(icon_name))
    if shortcut is not None:
        shortcuts = shortcut if isinstance(shortcut, list) else [shortcut]
        act.setShortcuts([QKeySequence(s) for s in shortcuts])
    if tip:
        act.setStatusTip(tip)
    act.triggered.connect(lambda _checked=False: slot())
    return act


def quit_keys() -> list:
    """The platform's Quit key, and Ctrl+Q where the platform has none."""
    keys = [QKeySequence(QKeySequence.StandardKey.Quit)]
    if keys[0].isEmpty():
        keys = []
    if QKeySequence("Ctrl+Q") not in keys:
        keys.append(QKeySequence("Ctrl+Q"))
    return keys
