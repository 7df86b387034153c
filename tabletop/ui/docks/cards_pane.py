"""The cards pane: a card confrontation played at the table, step by step (steps 6 to 9 of
the text), with every running action value shown large.

The cards stay physical: the GM types each card as it is laid down (1-13, J/Q/K, or joker).
The pane says who plays next, keeps the limits and inferiority, and when everyone is done
resolves the confrontation into the conflict log as one undo step.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tabletop.document import MapDocument
from tabletop.document.commands import apply_step
from tabletop.rules.cards import Card, Character, Confrontation, ConfrontationError
from tabletop.rules.cards_log import log_confrontation
from tabletop.ui.docks.widgets import fit_rows

COLUMNS = ("Name", "Skill", "Attribute", "Advantages", "Disadvantages", "Damage", "GM")
NUMBERS = ("skill", "attribute", "advantages", "disadvantages", "damage")
COURT = {"j": 11, "jack": 11, "q": 12, "queen": 12, "k": 13, "king": 13, "a": 1, "ace": 1}


def parse_card(text: str) -> Card:
    """A card as the GM types it: 1-13, a court letter (J, Q, K; A for 1), or "joker" (with
    ":NAME" for the initial action's joker against one of several confronters)."""
    typed = text.strip().casefold()
    if typed.startswith("joker"):
        _, _, name = text.strip().partition(":")
        return f"joker:{name.strip()}" if name.strip() else "joker"
    if typed in COURT:
        return COURT[typed]
    if typed.isdigit():
        return int(typed)
    raise ConfrontationError(f"'{text.strip()}' is not a card: type 1-13, J, Q, K or joker")


class CardsPane(QWidget):
    """Who takes part (the first row performs the action), then the cards as they are played."""

    def __init__(self, document: MapDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.confrontation: Confrontation | None = None
        self.played: list[tuple[str, Card]] = []
        self.round_cards: dict[str, int] = {}
        """Cards each character played in resolved confrontations of this initiative round."""
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("The first row performs the action; the others confront it."))
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        fit_rows(self.table)
        layout.addWidget(self.table)
        rows = QHBoxLayout()
        for text, slot in (
            ("Add", self.add_row),
            ("Remove", self.remove_row),
            ("Begin", self.begin),
            ("New Round", self.new_round),
        ):
            button = QPushButton(text)
            button.clicked.connect(slot)
            rows.addWidget(button)
            setattr(self, f"{text.lower().replace(' ', '_')}_button", button)
        self.new_round_button.setToolTip("A new initiative round: the cards played so far no longer count")
        layout.addLayout(rows)
        self.next_label = QLabel()
        big = QFont(self.next_label.font())
        big.setPointSizeF(big.pointSizeF() * 1.6)
        big.setBold(True)
        self.next_label.setFont(big)
        layout.addWidget(self.next_label)
        self.values = QLabel()
        self.values.setFont(big)
        self.values.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.values)
        play = QHBoxLayout()
        self.player = QComboBox()
        self.card = QLineEdit()
        self.card.setPlaceholderText("card: 1-13, J, Q, K, joker")
        self.card.returnPressed.connect(self.play)
        self.play_button = QPushButton("Play")
        self.play_button.clicked.connect(self.play)
        self.take_back_button = QPushButton("Take Back")
        self.take_back_button.setToolTip("Take back the last card typed")
        self.take_back_button.clicked.connect(self.take_back)
        for widget in (self.player, self.card, self.play_button, self.take_back_button):
            play.addWidget(widget)
        layout.addLayout(play)
        self.resolve_button = QPushButton("Resolve")
        self.resolve_button.clicked.connect(self.resolve)
        layout.addWidget(self.resolve_button)
        self.message = QLabel()
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        layout.addStretch(1)
        for name in ("Action", "Confronter"):
            self.add_row(name)
        self._show()

    # -- who takes part -----------------------------------------------------------------------

    def add_row(self, name: str | bool = "") -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        values = (name if isinstance(name, str) and name else f"Character {row + 1}", "3", "2", "0", "0", "0")
        for column, text in enumerate(values):
            self.table.setItem(row, column, QTableWidgetItem(text))
        gm = QTableWidgetItem()
        gm.setFlags(gm.flags() | Qt.ItemFlag.ItemIsUserCheckable)
        gm.setCheckState(Qt.CheckState.Unchecked)
        self.table.setItem(row, len(COLUMNS) - 1, gm)

    def remove_row(self) -> None:
        if self.table.rowCount() > 2:
            self.table.removeRow(self.table.currentRow() if self.table.currentRow() > 0 else self.table.rowCount() - 1)

    def characters(self) -> list[Character]:
        found = []
        for row in range(self.table.rowCount()):
            name = self.table.item(row, 0).text().strip()
            try:
                numbers = {key: int(self.table.item(row, col + 1).text()) for col, key in enumerate(NUMBERS)}
            except ValueError:
                raise ConfrontationError(f"{name or f'row {row + 1}'}: the numbers must be whole numbers") from None
            if min(numbers.values()) < 0:
                raise ConfrontationError(f"{name}: no number may be negative")
            gm = self.table.item(row, len(COLUMNS) - 1).checkState() == Qt.CheckState.Checked
            earlier = 0 if gm else self.round_cards.get(name, 0)
            found.append(Character(name, gm=gm, played_this_round=earlier, **numbers))
        return found

    def begin(self) -> None:
        """Step 6: advantages weighed pair by pair, inferiority found; the cards may come."""
        try:
            characters = self.characters()
            self.confrontation = Confrontation(characters[0], characters[1:])
        except ConfrontationError as error:
            self.confrontation = None  # the table no longer says who plays: nothing runs on the old one
            self.played = []
            self.message.setText(str(error))
            self._show()
            return
        self.played = []
        inferior = self.confrontation.inferior
        self.message.setText(f"In inferiority (one card fewer): {', '.join(inferior)}" if inferior else "")
        self._show()

    # -- the cards --------------------------------------------------------------------------------

    def play(self) -> None:
        if self.confrontation is None:
            return
        try:
            card = parse_card(self.card.text())
            self.confrontation.play(self.player.currentText(), card)
        except ConfrontationError as error:
            self.message.setText(str(error))
            return
        self.played.append((self.player.currentText(), card))
        self.card.clear()
        self.message.setText("")
        self._show()

    def take_back(self) -> None:
        """Replay every card but the last on a fresh confrontation: a joker's effect on an
        earlier card is undone with it."""
        if self.confrontation is None or not self.played:
            return
        played = self.played[:-1]
        self.confrontation = Confrontation(self.confrontation.action, self.confrontation.confronting)
        for name, card in played:
            self.confrontation.play(name, card)
        self.played = played
        self._show()

    def resolve(self) -> None:
        """Step 9: each confronter against the action, into the conflict log (one undo step)."""
        if self.confrontation is None:
            return
        step = log_confrontation(self.document.map.conflict, self.confrontation)
        apply_step(self.document, step)
        for name, hand in self.confrontation.hands.items():
            if not self.confrontation.characters[name].gm:
                self.round_cards[name] = self.round_cards.get(name, 0) + len(hand.faces)
        self.message.setText(self.document.map.conflict.log[-1].story)
        self.confrontation = None
        self._show()

    def new_round(self) -> None:
        """'The total number of cards played by a character during an initiative round can never
        be higher than the Attribute used': a new round starts the count again."""
        self.round_cards = {}
        self.message.setText("A new initiative round: every character has its whole Attribute of cards")

    def _show(self) -> None:
        running = self.confrontation is not None
        for widget in (self.player, self.card, self.play_button, self.take_back_button, self.resolve_button):
            widget.setEnabled(running)
        self.begin_button.setText("Begin Again" if running else "Begin")
        if not running:
            self.next_label.setText("Type who takes part, then Begin")
            self.values.setText("")
            return
        confrontation = self.confrontation
        names = list(confrontation.characters)
        chosen = confrontation.next_to_play()
        self.player.clear()
        self.player.addItems(names)
        if chosen:
            self.player.setCurrentText(chosen[0])
        self.next_label.setText(f"Next: {' and '.join(chosen)}" if chosen else "Every card is played: Resolve")
        lines = []
        for name in names:
            hand = confrontation.hands[name]
            cards = ", ".join(str(face) for face in hand.faces) or "no card yet"
            inferior = ", in inferiority" if confrontation.inferior_against(name) else ""
            earlier = confrontation.characters[name].played_this_round
            inferior += f", {earlier} played earlier this round" if earlier else ""
            count = f"{len(hand.faces)}/{confrontation.limit(name)}"
            lines.append(f"{name}: {confrontation.value(name)}   ({cards}; {count}{inferior})")
        self.values.setText("\n".join(lines))
