"""The conflict's log in the dock: each entry with exchange, round, actor, action, target and
numbers, and a story detail the GM types into its own cell ("every action should generate a
story detail"). A typed story is one undo step like any play step."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from tabletop.document import MapDocument
from tabletop.rules import systems
from tabletop.ui.plain import set_tip

HEADERS = ["When", "Actor", "Action", "Target", "Numbers", "Story"]
STORY = HEADERS.index("Story")
NUMBERS = HEADERS.index("Numbers")
EDITABLE = Qt.ItemFlag.ItemIsEditable
WIDEST = 110
"""The most a short column (when, actor, action, target) widens to fit its words: the numbers
and the story share the rest of the dock's width, and a cell cut short shows all of it in its tip."""
ROOM = 12
"""Pixels around a cell's words: its margins and the grid line."""


class LogView(QTableWidget):
    stepped = Signal(object)

    def __init__(self, document: MapDocument) -> None:
        super().__init__(0, len(HEADERS))
        self.document = document
        self.setHorizontalHeaderLabels(HEADERS)
        self.verticalHeader().hide()
        # one line a row, as tall as the font needs: more of the latest steps in sight in a
        # laptop's dock; a cell cut short ends in "…" and its tip holds the whole entry
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + ROOM // 2)
        self.setWordWrap(False)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        # the columns fill the width, never more: no sideways bar to take a row's height, and
        # the story is never off to the right. The short columns fit their words (at most
        # WIDEST, the GM may drag them); the numbers and the story share what is left.
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        for col in (NUMBERS, STORY):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.Stretch)
        self._widest = [self.fontMetrics().horizontalAdvance(h) + 2 * ROOM for h in HEADERS[:NUMBERS]]
        for col, width in enumerate(self._widest):
            self.setColumnWidth(col, width)
        self.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self._filling = False
        self._shown: list = []
        """The entries shown, row by row: a refresh fills only the rows from the first that changed."""
        self.itemChanged.connect(self._typed)

    def refresh(self) -> None:
        conflict = self.document.map.conflict
        log = conflict.log if conflict is not None else []
        self._filling = True
        grew = len(log) > self.rowCount()
        self.setRowCount(len(log))
        kept = zip(log, self._shown, strict=False)
        first = next((row for row, (entry, shown) in enumerate(kept) if entry is not shown), None)
        first = min(len(self._shown), len(log)) if first is None else first
        self._shown = list(log)
        rules = systems.of(conflict) if conflict is not None else None
        for row, entry in enumerate(log[first:], start=first):  # a step adds a row: only it is filled
            when = rules.when(entry)
            numbers = ", ".join(f"{k} {v}" for k, v in entry.numbers.items())
            actor, target = self._name(entry.actor), self._name(entry.target)
            texts = (when, actor, entry.action, target, numbers, entry.story)
            whole = entry_words(*texts)
            for col, text in enumerate(texts):
                item = self.item(row, col)
                if item is None:
                    item = QTableWidgetItem()
                    item.setFlags(item.flags() | EDITABLE if col == STORY else item.flags() & ~EDITABLE)
                    self.setItem(row, col, item)
                if item.text() != text:
                    item.setText(text)
                set_tip(item, whole)
                if col < NUMBERS:
                    self._widest[col] = max(self._widest[col], self.fontMetrics().horizontalAdvance(text) + ROOM)
        for col, width in enumerate(self._widest):
            if self.columnWidth(col) < min(width, WIDEST):  # a wider word came: the column fits it
                self.setColumnWidth(col, min(width, WIDEST))
        self._filling = False
        if grew:
            self.scrollToBottom()
            QTimer.singleShot(0, self, self.scrollToBottom)  # again once laid out (a map just opened)

    def _name(self, object_id: str) -> str:
        """A token, zone or border by what the GM calls it; other text (the scene) as it is."""
        for kind in ("token", "zone", "border"):
            if object_id and self.document.get(kind, object_id) is not None:
                return self.document.label(kind, object_id)
        return object_id

    def _typed(self, item: QTableWidgetItem) -> None:
        if self._filling or item.column() != STORY:
            return
        conflict = self.document.map.conflict
        row = item.row()
        if conflict is None or row >= len(conflict.log) or conflict.log[row].story == item.text():
            return
        self.stepped.emit({"do": "story", "entry": row, "story": " ".join(item.text().split())})


def entry_words(when: str, actor: str, action: str, target: str, numbers: str, story: str) -> str:
    """A log entry whole, for the tip of each of its cells: who did what to whom, its numbers
    and its story, each on its own line."""
    head = " · ".join(part for part in (when, actor, action) if part) + (f" → {target}" if target else "")
    return "\n".join(part for part in (head, numbers, story) if part)
