"""The Reserve pane's single rolls: a contested roll (every side's roll typed at once, the
re-rolls of the tied asked until one wins) and a simple roll against the GM's minimum, with
the table of who can usually make it. Each is a step of rules/reserve_system.py."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tabletop.rules.play import Unanswered
from tabletop.rules.reserve import DIFFICULTIES, MAX_ROLL

NAMED_NUMBER = re.compile(r"^\s*([^\d,][^,]*?)\s+(\d{1,9})\s*$")

Take = Callable[[dict[str, Any]], str | None]
"""Takes a step; None when it applied, else why not (an Unanswered is raised as it is)."""


def named_numbers(text: str, what: str = "a side and its roll, like 'Kara 14'") -> dict[str, int]:
    """ "Kara 14, Drone 12" (or "Body 3, Will 4") as names and numbers; a ValueError names the
    part that is not "Name N" or a name given twice."""
    found: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        match = NAMED_NUMBER.match(part)
        if match is None:
            raise ValueError(f"'{part[:40]}' is not {what}")
        if match.group(1) in found:
            raise ValueError(f"{match.group(1)} is given twice")
        found[match.group(1)] = int(match.group(2))
    return found


def _plain(label: QLabel) -> QLabel:
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    return label


class ContestBox(QGroupBox):
    """'All sides roll off, and whoever rolls the highest wins ... Ties can be settled by a
    re-roll': the rolls typed as "Kara 14, Drone 12"; on a tie the box asks the tied for theirs."""

    def __init__(self, take: Take, parent: QWidget | None = None) -> None:
        super().__init__("Contested roll", parent)
        self._take = take
        self.rolls: dict[str, int] | None = None
        """The roll-off while its tie waits for re-rolls."""
        self.rerolls: list[dict[str, int]] = []
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        self.entry = QLineEdit()
        layout.addWidget(self.entry)
        self.entry.setPlaceholderText("Kara 14, Drone 12")
        self.entry.returnPressed.connect(self.roll_off)
        self.roll_button = QPushButton("Roll Off")
        self.roll_button.clicked.connect(self.roll_off)
        self.again_button = QPushButton("New Roll-Off")
        self.again_button.setToolTip("Drop the tie waiting for its re-rolls")
        self.again_button.clicked.connect(self.start_over)
        for widget in (self.roll_button, self.again_button):
            row.addWidget(widget)
        layout.addLayout(row)
        self.said = _plain(QLabel("Type every side's roll"))
        layout.addWidget(self.said)

    def roll_off(self) -> None:
        try:
            typed = named_numbers(self.entry.text())
        except ValueError as error:
            self.said.setText(str(error))
            return
        step: dict[str, Any] = {"do": "contest", "rolls": typed}
        if self.rolls is not None:
            step = {"do": "contest", "rolls": self.rolls, "rerolls": [*self.rerolls, typed]}
        try:
            refused = self._take(step)
        except Unanswered as asked:
            self.rolls, self.rerolls = step["rolls"], step.get("rerolls", [])
            tied = asked.question.choices
            self.said.setText(f"{asked.question.prompt}: type {' and '.join(tied)}'s re-rolls")
            self.entry.setText(", ".join(f"{name} " for name in tied))
            return
        if refused is not None:
            self.said.setText(refused)
            return
        self.start_over()
        self.said.setText("")

    def start_over(self) -> None:
        self.rolls, self.rerolls = None, []
        self.entry.clear()
        self.said.setText("Type every side's roll")


class SimpleRollBox(QGroupBox):
    """A simple roll against the GM's minimum, with the table of who can usually make it
    ('assuming they spend a little Reserve'): folded away until the GM needs it."""

    def __init__(self, take: Take, parent: QWidget | None = None) -> None:
        super().__init__("Simple rolls: the minimum to roll", parent)
        self._take = take
        self.setCheckable(True)
        self.setChecked(False)
        inner = QWidget()
        layout = QVBoxLayout(inner)
        layout.setContentsMargins(0, 0, 0, 0)
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.who = QLineEdit()
        self.who.setPlaceholderText("who rolls")
        self.roll, self.minimum = QSpinBox(), QSpinBox()
        for spin in (self.roll, self.minimum):
            spin.setRange(0, MAX_ROLL)
        self.minimum.setValue(40)
        self.roll_button = QPushButton("Roll")
        self.roll_button.clicked.connect(self.simple)
        form.addRow("Who", self.who)
        form.addRow("Roll", self.roll)
        form.addRow("Minimum", self.minimum)
        form.addRow(self.roll_button)
        layout.addLayout(form)
        self.said = _plain(QLabel())
        layout.addWidget(self.said)
        table = QTableWidget(len(DIFFICULTIES), 2)
        table.setHorizontalHeaderLabels(("Minimum", "Who can usually do it"))
        table.verticalHeader().hide()
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.horizontalHeader().setStretchLastSection(True)
        table.setWordWrap(True)
        for row, difficulty in enumerate(DIFFICULTIES):
            table.setItem(row, 0, QTableWidgetItem(str(difficulty.minimum)))
            table.setItem(row, 1, QTableWidgetItem(difficulty.who))
        table.resizeRowsToContents()
        table.cellClicked.connect(lambda row, _: self.minimum.setValue(DIFFICULTIES[row].minimum))
        layout.addWidget(table)
        self.difficulty_table = table
        QVBoxLayout(self).addWidget(inner)
        inner.setVisible(False)
        self.toggled.connect(inner.setVisible)

    def simple(self) -> None:
        step: dict[str, Any] = {"do": "simple", "roll": self.roll.value(), "minimum": self.minimum.value()}
        if self.who.text().strip():
            step["who"] = self.who.text().strip()
        refused = self._take(step)
        self.said.setText(refused or "")
