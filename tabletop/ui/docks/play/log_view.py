"""The conflict's log in the dock: each entry with exchange, round, actor, action, target and
numbers, and a story detail the GM types into its own cell ("every action should generate a
story detail"). A typed story is one undo step like any play step."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from tabletop.document import MapDocument
from tabletop.rules import systems

HEADERS = ["When", "Actor", "Action", "Target", "Numbers", "Story"]
STORY = HEADERS.index("Story")
EDITABLE = Qt.ItemFlag.ItemIsEditable
WIDTHS = (50, 90, 110, 90, 110)


class LogView(QTableWidget):
    stepped = Signal(object)

    def __init__(self, document: MapDocument) -> None:
        super().__init__(0, len(HEADERS))
        self.document = document
        self.setHorizontalHeaderLabels(HEADERS)
        self.verticalHeader().hide()
        # fixed widths the GM may drag: sized to contents, each new row measured every row again
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.horizontalHeader().setStretchLastSection(True)
        for col, width in enumerate(WIDTHS):
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
            for col, text in enumerate((when, actor, entry.action, target, numbers, entry.story)):
                item = self.item(row, col)
                if item is None:
                    item = QTableWidgetItem()
                    item.setFlags(item.flags() | EDITABLE if col == STORY else item.flags() & ~EDITABLE)
                    self.setItem(row, col, item)
                if item.text() != text:
                    item.setText(text)
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
