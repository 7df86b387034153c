"""Tooltips over border badges on the canvas: which number goes which way, in the zones'
names. A badge's second line ("1/✕ · 4+2") is compact for the table; the GM preparing the
map can hover it to read it out."""

from __future__ import annotations

import textwrap

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QGraphicsView, QToolTip

from tabletop.model import Border, Passage
from tabletop.ui.plain import shown_plain
from tabletop.ui.scene.editor_scene import badges_seen

LINES = (
    "Top line: the cheapest way across; when the two ways differ, each number follows its arrow "
    "(the way you move).\n"
    "Second line: each passage in order; a/b is a from {a} into {b} and b from {b} into {a}; "
    "+n is what opening the closed door adds; ✕ is no way."
)


def _cost(value: int | None) -> str:
    return "no way" if value is None else str(value)


def passage_words(passage: Passage, a: str, b: str) -> str:
    """One passage in words: "through the door: 1 each way, +2 to open the closed door"."""
    name = passage.label or "pass"
    door = passage.door
    if door is not None and door.state == "locked":
        return f"{name}: locked, no way through"
    if passage.cost_from_a == passage.cost_from_b:
        costs = "no way either way" if passage.cost_from_a is None else f"{passage.cost_from_a} each way"
    else:
        costs = f"{_cost(passage.cost_from_a)} from {a} into {b}, {_cost(passage.cost_from_b)} from {b} into {a}"
    if door is not None and door.state == "closed":
        costs += f", +{door.open_cost} to open the closed door"
    elif door is not None:
        costs += f", door {door.state}"
    return f"{name}: {costs}"


def explain_badge(border: Border, a: str, b: str) -> str:
    head = f"{border.label or 'Border'}: {a} ↔ {b}"
    lines = LINES.format(a=a, b=b) if len(border.passages) > 1 else LINES.splitlines()[0]
    return "\n".join([head, lines, *(f"• {passage_words(p, a, b)}" for p in border.passages)])


TIP_WIDTH = 72
"""Characters per tooltip line: a plain tooltip is one line per line, however long."""


def as_tooltip(text: str) -> str:
    """The explanation wrapped to lines a GM reads at a glance; the zones' names in it are
    shown as typed."""
    return shown_plain(
        "\n".join(
            "\n".join(textwrap.wrap(line, TIP_WIDTH, subsequent_indent="  ")) or line for line in text.splitlines()
        )
    )


class BadgeTips(QObject):
    """Answers the canvas's tooltip events with the explanation of the border under the pointer."""

    def __init__(self, view: QGraphicsView) -> None:
        super().__init__(view)
        self.view = view
        view.viewport().installEventFilter(self)

    def text_at(self, event: QHelpEvent) -> str:
        scene = self.view.scene()
        found = scene.hit(self.view.mapToScene(event.pos()), ("border",), badges_seen(self.view))
        if found is None:
            return ""
        document = scene.document
        border = document.get(*found)
        names = [document.get("zone", z).label for z in (border.a, border.b)]
        return explain_badge(border, *names)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.ToolTip:
            return False
        text = self.text_at(event)
        if text:
            QToolTip.showText(event.globalPos(), as_tooltip(text), self.view.viewport())
        else:
            QToolTip.hideText()
        return True
