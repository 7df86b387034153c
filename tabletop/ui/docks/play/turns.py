"""The turn list: every participant in one row with what the GM must keep in mind at a
glance (AF: reflex, guard, snap, action, defenses; Edgerunner: acted, bid, defense held),
their stress and states. Whose turn it is stands out; who is out is greyed."""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from tabletop.document import MapDocument
from tabletop.model import Conflict, Participant, Token

COLUMNS = {
    "af": ["", "Token", "Side", "Reflex", "Guard", "Snap", "Action", "Defense", "Stress", "States"],
    "edgerunner": ["", "Token", "Side", "Acted", "Bid", "Defense", "Stress", "States"],
    "other": ["", "Token", "Side", "Stress", "States"],
}
TURN = "▶"
SHORT = {"a defense against every check": "every check"}
OUT_COLOUR = QColor("#8a8a8a")
PADDING = 16


def _stress(token: Token | None) -> str:
    if token is None:
        return ""
    return "  ".join(f"{s.name} {len(s.marked)}/{s.boxes}" for s in token.stress)


def _af_cells(conflict: Conflict, participant: Participant) -> list[str]:
    from tabletop.rules.af import defenses_of

    turn = participant.af
    if turn is None:
        return ["", "", "", "", ""]
    action = "yes" if turn.action else ("next lost" if turn.lose_next_action else "–")
    defenses = [SHORT.get(d, d) for d in defenses_of(conflict, participant.token) if d != "guard"]
    return [str(turn.reflex), str(turn.guards), str(turn.snaps), action, ", ".join(defenses)]


def _edgerunner_cells(conflict: Conflict, participant: Participant) -> list[str]:
    turn = participant.edgerunner
    if turn is None:
        return ["", "", ""]
    acted = "compelled" if turn.compelled else ("yes" if turn.acted else "–")
    bid = "" if turn.bid is None else str(turn.bid)
    held = turn.defense
    defense = f"{held.target} {held.track} ≥{held.threshold}" if held else ""
    return [acted, bid, defense]


def rows_in_order(conflict: Conflict) -> list[Participant]:
    """AF lists participants in reflex order (the conflict's order); Edgerunner in the order
    they joined, since anyone may claim the next turn."""
    if conflict.system == "af" and conflict.order:
        ranked = {token: i for i, token in enumerate(conflict.order)}
        return sorted(conflict.participants, key=lambda p: ranked.get(p.token, len(ranked)))
    return list(conflict.participants)


class TurnList(QTableWidget):
    """One row per participant; `chosen(token ids)` when the GM selects rows."""

    chosen = Signal(list)

    def __init__(self, document: MapDocument) -> None:
        super().__init__()
        self.document = document
        self.tokens: list[str] = []
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.verticalHeader().hide()
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.horizontalHeader().setStretchLastSection(True)
        self._fonts: dict[tuple[bool, bool], QFont] = {}
        self._looks: list[list[tuple | None]] = []
        self.columns: list[str] = []
        """What each cell shows (text, whose turn, out), so a refresh touches only changed cells."""
        self.itemSelectionChanged.connect(lambda: self.chosen.emit(self.selected()))

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

    def refresh(self) -> None:
        conflict = self.document.map.conflict
        keep = self.selected()
        self.blockSignals(True)
        if conflict is None:
            self.setRowCount(0)
            self.tokens, self._looks = [], []
            self.blockSignals(False)
            return
        columns = COLUMNS.get(conflict.system, COLUMNS["other"])
        cells_of = {"af": _af_cells, "edgerunner": _edgerunner_cells}.get(conflict.system, lambda c, p: [])
        participants = rows_in_order(conflict)
        widths: dict[int, int] = {}
        if columns != self.columns:
            self.columns = columns
            self.setColumnCount(len(columns))
            self.setHorizontalHeaderLabels(columns)
            self.setRowCount(0)
            for col, name in enumerate(columns):
                self.setColumnWidth(col, self.fontMetrics().horizontalAdvance(name or TURN) + PADDING)
        if self.rowCount() != len(participants):
            self._looks = [[None] * len(columns) for _ in participants]
        self.setRowCount(len(participants))
        self.tokens = [p.token for p in participants]
        for row, participant in enumerate(participants):
            token = self.document.get("token", participant.token)
            now = participant.token == conflict.turn
            texts = [
                TURN if now else "",
                token.label if token else participant.token,
                participant.side,
                *cells_of(conflict, participant),
                _stress(token),
                ", ".join(token.states) if token else "",
            ]
            for col, text in enumerate(texts):
                if self._set(row, col, text, now, participant.out):
                    wide = QFontMetrics(self._font(True, False)).horizontalAdvance(text) + PADDING  # bold: widest
                    widths[col] = max(widths.get(col, 0), wide)
        for col, width in widths.items():  # a column widens for a longer text, never measures all rows
            if width > self.columnWidth(col):
                self.setColumnWidth(col, width)
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
