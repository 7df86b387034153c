"""Who lays a card next in the Cards pane: one row per character asked, so tied players ('they
play their cards face down at the same time') are asked for their cards at once and play them
together; a character who will play no more cards says so by ticking its row."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QCheckBox, QGridLayout, QLabel, QLineEdit, QWidget

from tabletop.rules.cards import Card, ConfrontationError
from tabletop.ui.plain import set_tip

COURT = {"j": 11, "jack": 11, "q": 12, "queen": 12, "k": 13, "king": 13, "a": 1, "ace": 1}
PASS = "plays no more"


def parse_card(text: str) -> Card:
    """A card as the GM types it: 1-13, a court letter (J, Q, K; A for 1), or "joker" (with
    ":NAME" for the initial action's joker against one of several confronters)."""
    typed = text.strip().casefold()
    if typed.startswith("joker"):
        _, _, name = text.strip().partition(":")
        return f"joker:{name.strip()}" if name.strip() else "joker"
    if typed in COURT:
        return COURT[typed]
    if typed.isdigit() and len(typed) <= 3:
        return int(typed)
    raise ConfrontationError(f"'{text.strip()[:20]}' is not a card: type 1-13, J, Q, K or joker")


class PlayRows(QWidget):
    """A card field for each character asked now, with a box to tick for one playing no more."""

    submitted = Signal()
    """Return in a card field: play what is typed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.fields: dict[str, QLineEdit] = {}
        self.passes: dict[str, QCheckBox] = {}

    def ask(self, names: list[str], values: dict[str, int]) -> None:
        """A row for each name (several when tied players lay their cards together)."""
        while self.grid.count():
            item = self.grid.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        self.fields, self.passes = {}, {}
        for row, name in enumerate(names):
            label = QLabel(f"{name} ({values[name]})")
            label.setTextFormat(Qt.TextFormat.PlainText)
            field = QLineEdit()
            field.setPlaceholderText("card: 1-13, J, Q, K, joker")
            field.returnPressed.connect(self.submitted)
            done = QCheckBox(PASS)
            set_tip(done, f"{name} does not want to play more cards")
            self.grid.addWidget(label, 2 * row, 0, 1, 2)
            self.grid.addWidget(field, 2 * row + 1, 0)
            self.grid.addWidget(done, 2 * row + 1, 1)
            self.fields[name], self.passes[name] = field, done
        if names:
            self.fields[names[0]].setFocus()

    def typed(self) -> dict[str, Card | None]:
        """Each asked character's card, or None for one playing no more; every row must say one."""
        found: dict[str, Card | None] = {}
        for name, field in self.fields.items():
            if self.passes[name].isChecked():
                found[name] = None
            elif not field.text().strip():
                raise ConfrontationError(f"type {name}'s card, or tick '{PASS}'")
            else:
                found[name] = parse_card(field.text())
        return found

    def clear(self) -> None:
        for field in self.fields.values():
            field.clear()
        for done in self.passes.values():
            done.setChecked(False)
