"""User text (a name, a title, a note, an aspect, a story) shown as the characters typed.

Qt guesses: a label, a tooltip or a message box shows its text as HTML when it looks like
HTML, so a zone named `<img src=... width=30000>` would load a picture of the GM's into the
window and make it 30,000 pixels wide; a menu, an action, a button, a tab or a group box takes
an `&` as the mark of a shortcut key, so "Salt & Pepper" would lose its ampersand. Every widget
that shows a map's text goes through one of these."""

from __future__ import annotations

import html

from PySide6 import QtGui
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QWidget


def plain(label: QLabel) -> QLabel:
    """The label shows its text as plain text, whatever it looks like."""
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


def plain_label(text: str = "", wrap: bool = False, parent: QWidget | None = None) -> QLabel:
    """A label for text that may hold a map's words."""
    label = plain(QLabel(parent))
    label.setText(text)
    label.setWordWrap(wrap)
    return label


def shown_plain(text: str) -> str:
    """The text for a widget that guesses (a tooltip, a message box's static call): as it is
    when Qt shows it plain anyway, else escaped in a paragraph that keeps its lines."""
    if not QtGui.Qt.mightBeRichText(text):
        return text
    return f'<p style="white-space:pre-wrap">{html.escape(text, quote=False)}</p>'


def set_tip(widget, text: str) -> None:
    """A tooltip (of a widget, an action or an item) that shows the text as typed."""
    widget.setToolTip(shown_plain(text))


def menu_text(text: str) -> str:
    """Text for a menu, an action, a button, a tab or a group box: its ampersands are shown,
    never taken for a shortcut key."""
    return text.replace("&", "&&")


def set_action_text(act: QAction, text: str) -> QAction:
    """An action (a menu's item) named with a map's text: shown as typed in the menu, and in
    the tooltip Qt makes of it for a toolbar."""
    act.setText(menu_text(text))
    set_tip(act, text)
    return act


def at_most_lines(lines: list[str], folder: str, most: int) -> str:
    """The lines one to a line, at most `most` of them: past that, the first few and how many
    more there are, and where (a box that names files must fit the screen)."""
    if len(lines) <= most:
        return "\n".join(lines)
    shown = lines[: most - 1]
    return "\n".join([*shown, f"and {len(lines) - len(shown)} more (in {folder})"])
