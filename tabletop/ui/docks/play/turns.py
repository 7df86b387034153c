"""The turn list: every participant in one row with what the GM must keep in mind at a
glance (the system's own columns: AF's reflex, guard, snap, action and defenses, Edgerunner's
acted, bid and defense held), their stress and states. Whose turn it is stands out; who is
out is greyed. A row's menu (right click, the menu key, or Play ▸ React) offers the moves
open to that participant now, so a guard is spent by the attacked token, not whose turn it is."""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, QPoint, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QContextMenuEvent, QFont, QFontMetrics
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QMenu, QTableWidget, QTableWidgetItem

from tabletop.document import MapDocument
from tabletop.model import Token
from tabletop.rules import systems
from tabletop.ui.docks.widgets import fit_rows
from tabletop.ui.plain import set_action_text

TURN = "▶"
OUT_COLOUR = QColor("#8a8a8a")
PADDING = 10
HELD = 5
"""Rows the turn list always shows (more scroll when the dock is short)."""
KIND_WORDS = {"reaction": "React", "action": "Act", "snap": "Snap"}


def _stress(token: Token | None) -> str:
    if token is None:
        return ""
    return "  ".join(f"{s.name} {len(s.marked)}/{s.boxes}" for s in token.stress)


class TurnList(QTableWidget):
    """One row per participant; `chosen(token ids)` when the GM selects rows, `moved(token,
    kind, word)` when a move is picked from a row's menu."""

    chosen = Signal(list)
    moved = Signal(str, str, str)

    def __init__(self, document: MapDocument) -> None:
        super().__init__()
        self.document = document
        self.tokens: list[str] = []
        self.menu_open: QMenu | None = None
        """The row menu opened last (by the mouse, the menu key or Play ▸ React), to close it."""
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.verticalHeader().hide()
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.horizontalHeader().setStretchLastSection(True)
        self._fonts: dict[tuple[bool, bool], QFont] = {}
        self._looks: list[list[tuple | None]] = []
        self._widths: list[list[int]] = []
        """Each cell's text's width, bold (the widest it is drawn): a column is its widest."""
        self._headings: list[int] = []
        fit_rows(self)  # as tall as its rows: the form below gets the rest
        self.columns: list[str] = []
        """What each cell shows (text, whose turn, out), so a refresh touches only changed cells."""
        self.itemSelectionChanged.connect(lambda: self.chosen.emit(self.selected()))

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        """A right click opens the menu of the row under the mouse; the menu key, the current
        row's (its event's place is not a row's)."""
        keyboard = event.reason() == QContextMenuEvent.Reason.Keyboard
        row = self.currentRow() if keyboard else self.rowAt(self.viewport().mapFromGlobal(event.globalPos()).y())
        if 0 <= row < len(self.tokens):
            self.open_menu(self.tokens[row], None if keyboard else event.globalPos())

    def open_menu(self, token: str, where: QPoint | None = None) -> QMenu | None:
        """The moves open to this participant now, reactions first: choosing one puts it in
        the form with this participant acting."""
        conflict = self.document.map.conflict
        if conflict is None or conflict.ended:
            return None
        rules = systems.of(conflict)
        moves = sorted(rules.open_moves(self.document.map, conflict, token), key=lambda m: m.kind != "reaction")
        menu = QMenu(self)
        set_action_text(menu.menuAction(), self.document.label("token", token))  # the menu's title
        for move in moves:
            act = menu.addAction(f"{KIND_WORDS.get(move.kind, move.kind)}: {move.word}")
            act.setToolTip(move.says)
            act.triggered.connect(lambda _c=False, m=move: self.moved.emit(token, m.kind, m.word))
        if not moves:
            menu.addAction("Nothing open to them now").setEnabled(False)
        if where is None:
            rect = self.visualItemRect(self.item(self.tokens.index(token), 1)) if token in self.tokens else None
            where = self.viewport().mapToGlobal(rect.center() if rect is not None else QPoint())
        menu.popup(where)
        self.menu_open = menu
        return menu

    def selected(self) -> list[str]:
        rows = sorted({index.row() for index in self.selectedIndexes()})
        return [self.tokens[row] for row in rows if row < len(self.tokens)]

    def select_tokens(self, tokens: list[str]) -> None:
        self.blockSignals(True)
        self.clearSelection()
        flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
        for token in tokens:
            if token in self.tokens and self.columnCount():
                self.selectionModel().select(self.model().index(self.tokens.index(token), 0), flags)
        self.blockSignals(False)

    def _hold_rows(self, rows: int) -> None:
        """Never squeezed below its first HELD rows: the form beside it in the dock's splitter
        scrolls its own fields, the order of the round stays in sight."""
        seen = min(rows, HELD) * self.verticalHeader().defaultSectionSize()
        sideways = self.horizontalScrollBar().sizeHint().height()  # columns wider than the dock scroll
        self.setMinimumHeight(self.horizontalHeader().sizeHint().height() + seen + sideways + 2 * self.frameWidth())

    def refresh(self) -> None:
        conflict = self.document.map.conflict
        keep = self.selected()
        self.blockSignals(True)
        if conflict is None:
            self.setRowCount(0)
            self.tokens, self._looks, self._widths = [], [], []
            self.blockSignals(False)
            return
        rules = systems.of(conflict)
        columns = ["", "Token", "Side", *(c.title for c in rules.columns), "Stress", "States"]
        participants = rules.rows(conflict)
        changed: set[int] = set()
        if columns != self.columns:
            self.columns = columns
            self.setColumnCount(len(columns))
            self.setHorizontalHeaderLabels(columns)
            for col, column in enumerate(rules.columns, start=3):
                self.horizontalHeaderItem(col).setToolTip(column.tip)
            self.setRowCount(0)
            self._headings = [self.fontMetrics().horizontalAdvance(name or TURN) + PADDING for name in columns]
            changed = set(range(len(columns)))
        if self.rowCount() != len(participants):
            self._looks = [[None] * len(columns) for _ in participants]
            self._widths = [[0] * len(columns) for _ in participants]
            changed = set(range(len(columns)))
        self.setRowCount(len(participants))
        self._hold_rows(len(participants))
        self.tokens = [p.token for p in participants]
        for row, participant in enumerate(participants):
            token = self.document.get("token", participant.token)
            now = participant.token == conflict.turn
            texts = [
                TURN if now else "",
                token.label if token else participant.token,
                participant.side,
                *rules.cells(self.document.map, conflict, participant),
                _stress(token),
                ", ".join(token.states) if token else "",
            ]
            for col, text in enumerate(texts):
                if self._set(row, col, text, now, participant.out):
                    self._widths[row][col] = QFontMetrics(self._font(True, False)).horizontalAdvance(text) + PADDING
                    changed.add(col)
        for col in changed:  # as wide as its widest text now: a column narrows again when that text goes
            self.setColumnWidth(col, max([self._headings[col], *(widths[col] for widths in self._widths)]))
        self.select_tokens(keep)
        self.blockSignals(False)

    def _font(self, now: bool, out: bool) -> QFont:
        """Bold for whose turn it is, struck out for who is out; made once each."""
        if (now, out) not in self._fonts:
            font = QFont(self.font())
            font.setBold(now)
            font.setStrikeOut(out)
            self._fonts[(now, out)] = font
        return self._fonts[(now, out)]

    def _set(self, row: int, col: int, text: str, now: bool, out: bool) -> bool:
        """One cell, touched only when it changed (each touch re-lays the table out)."""
        look = (text, now, out)
        if self._looks[row][col] == look:
            return False
        self._looks[row][col] = look
        item = self.item(row, col)
        if item is None:
            item = QTableWidgetItem()
            item.setTextAlignment(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft)
            self.setItem(row, col, item)
        item.setText(text)
        item.setFont(self._font(now, out))
        item.setForeground(QBrush(OUT_COLOUR) if out else self.palette().text())
        return True
