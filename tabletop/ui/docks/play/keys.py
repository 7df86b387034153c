"""The Play menu's keys for doing the form's action and reacting, named once: the menu's actions
(controls.py) take them, and the lines that tell the GM which key does it (destination.py) are
built from them, so a key changed here is changed everywhere it is named. A module of its own:
the dock's parts cannot import controls.py, which imports the dock."""

from __future__ import annotations

from PySide6.QtGui import QKeySequence

DO_KEY, REACT_KEY = "F9", "Shift+F9"


def key_words(key: str) -> str:
    """A key as the menus show it on this platform."""
    return QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText)
