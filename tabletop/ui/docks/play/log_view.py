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
"""The most a short column (when, actor, action, target) widens to fit its words."""
SHORT_SHARE = 0.5
"""The most of the log's width the short columns take together, narrowed alike to fit it: the
numbers and the story share the rest, and a cell cut short shows the whole entry in its tip."""
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
        # the story is never off to the right. The short columns fit their words, within
        # SHORT_SHARE of the width; the numbers and the story share what is left.
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        for col in (NUMBERS, STORY):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.Stretch)
        self._least = [self.fontMetrics().horizontalAdvance(h) + ROOM for h in HEADERS[:NUMBERS]]
        self._widest = list(self._least)
        """Each short column's widest words so far (its heading at least)."""
        self._fit()
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
        self._fit()
        self._filling = False
        if grew:
            self.scrollToBottom()
            QTimer.singleShot(0, self, self.scrollToBottom)  # again once laid out (a map just opened)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        """The short columns as wide as their words, at most WIDEST each and SHORT_SHARE of the
        width together (each narrowed alike, never below its heading); the rest stretches."""
        room = int(self.viewport().width() * SHORT_SHARE)
        wanted = [min(width, WIDEST) for width in self._widest]
        if room > 0 and sum(wanted) > room:
            wanted = [max(least, width * room // sum(wanted)) for least, width in zip(self._least, wanted, strict=True)]
        for col, width in enumerate(wanted):
            if self.columnWidth(col) != width:
                self.setColumnWidth(col, width)

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
