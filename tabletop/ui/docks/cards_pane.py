"""The cards pane: a card confrontation played at the table, step by step (steps 4 to 9 of the
text), with every running action value shown large.

The cards stay physical: the GM types each card as it is laid down (1-13, J/Q/K, or joker).
The pane shows the activated effects declared, says who plays next (tied players together),
keeps the limits and inferiority, and when everyone is done resolves the confrontation with
the `confront` step `tabletop play` takes (rules/cards_system.py): one undo step in the log.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QGridLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tabletop.document import MapDocument
from tabletop.document.changes import Change, Part
from tabletop.document.commands import apply_step
from tabletop.io.errors import one_line
from tabletop.model import Conflict
from tabletop.rules import systems
from tabletop.rules.cards import Card, Confrontation, ConfrontationError
from tabletop.rules.cards_log import CONFRONTATION, OUTCOME, cards_this_round
from tabletop.rules.cards_log import key as log_key
from tabletop.rules.cards_spec import SpecError, confrontation_from, effects_from
from tabletop.ui.docks.cards_pane_play import PlayRows, parse_card
from tabletop.ui.docks.widgets import fit_rows

__all__ = ["CardsPane", "parse_card"]

COLUMNS = ("Name", "Skill", "Attribute", "Advantages", "Disadvantages", "Damage", "GM", "Activated effect")
SHORT = {"Attribute": "Attr.", "Advantages": "Adv.", "Disadvantages": "Disadv.", "Activated effect": "Effect"}
"""Headers short enough for every column to show in the dock; each says its whole name as a tooltip."""
NUMBERS = ("skill", "attribute", "advantages", "disadvantages", "damage")
GM_COLUMN, EFFECT_COLUMN = 6, 7

Batch = dict[str, Card | None]
"""Cards laid at once, by character; None for one that plays no more."""

CARDS = systems.system("cards")
"""The system this pane runs: the pane is its window, as rules/cards_system.py is its rules."""


def _label(font: QFont | None = None) -> QLabel:
    label = QLabel()
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    if font is not None:
        label.setFont(font)
    return label


class CardsPane(QWidget):
    """Who takes part (the first row performs the action), then the cards as they are played."""

    def __init__(self, document: MapDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.confrontation: Confrontation | None = None
        self.batches: list[Batch] = []
        self.spec: dict[str, Any] = {}
        """The confrontation begun, as the `confront` step writes it (its cards come at Resolve)."""
        self._said_of: Conflict | None = None
        """The conflict the message speaks of: another (an undo, a redo, an open) clears it."""
        document.edited.connect(self._followed)
        document.reset.connect(self._new_map)
        layout = QVBoxLayout(self)
        intro = _label()
        intro.setText("The first row performs the action; the others confront it.")
        layout.addWidget(intro)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels([SHORT.get(name, name) for name in COLUMNS])
        for column, name in enumerate(COLUMNS):  # the whole word on the header's tooltip
            self.table.horizontalHeaderItem(column).setToolTip(name)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        fit_rows(self.table)
        layout.addWidget(self.table)
        rows = QGridLayout()
        for number, (text, slot) in enumerate(
            (
                ("Add", self.add_row),
                ("Remove", self.remove_row),
                ("Begin", self.begin),
                ("New Round", self.new_round),
            )
        ):
            button = QPushButton(text)
            button.clicked.connect(slot)
            rows.addWidget(button, number // 2, number % 2)
            setattr(self, f"{text.lower().replace(' ', '_')}_button", button)
        self.new_round_button.setToolTip("A new initiative round: the cards played so far no longer count")
        layout.addLayout(rows)
        big = QFont(self.font())
        big.setPointSizeF(big.pointSizeF() * 1.6)
        big.setBold(True)
        self.effects = _label()
        layout.addWidget(self.effects)
        self.next_label = _label(big)
        layout.addWidget(self.next_label)
        self.values = _label(big)
        layout.addWidget(self.values)
        self.asked = PlayRows()
        self.asked.submitted.connect(self.play)
        layout.addWidget(self.asked)
        play = QGridLayout()
        self.play_button = QPushButton("Play")
        self.play_button.setToolTip("Lay the cards typed (tied players' together)")
        self.play_button.clicked.connect(self.play)
        self.take_back_button = QPushButton("Take Back")
        self.take_back_button.setToolTip("Take back the last cards laid")
        self.take_back_button.clicked.connect(self.take_back)
        self.resolve_button = QPushButton("Resolve")
        self.resolve_button.clicked.connect(self.resolve)
        play.addWidget(self.play_button, 0, 0)
        play.addWidget(self.take_back_button, 0, 1)
        play.addWidget(self.resolve_button, 1, 0, 1, 2)
        layout.addLayout(play)
        self.message = _label()
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
        gm.setToolTip("The GM: no Skill, and the confronted character's Attribute")
        self.table.setItem(row, GM_COLUMN, gm)
        self.table.setItem(row, EFFECT_COLUMN, QTableWidgetItem(""))

    def remove_row(self) -> None:
        if self.table.rowCount() > 2:
            self.table.removeRow(self.table.currentRow() if self.table.currentRow() > 0 else self.table.rowCount() - 1)

    def _cell(self, row: int, column: int) -> str:
        item = self.table.item(row, column)
        return item.text().strip() if item is not None else ""

    def rows(self) -> list[dict[str, Any]]:
        """Each row as the `confront` step writes a character (without its cards yet), with the
        cards it played earlier this round as the log holds them."""
        found = []
        earlier = self.earlier()
        for row in range(self.table.rowCount()):
            name = self._cell(row, 0)
            try:
                numbers = {key: int(self._cell(row, col + 1)) for col, key in enumerate(NUMBERS)}
            except ValueError:
                raise ConfrontationError(f"{name or f'row {row + 1}'}: the numbers must be whole numbers") from None
            if min(numbers.values()) < 0:
                raise ConfrontationError(f"{name}: no number may be negative")
            gm = self.table.item(row, GM_COLUMN).checkState() == Qt.CheckState.Checked
            character: dict[str, Any] = {"name": name}
            if gm:  # she has no Skill and counts the confronted character's Attribute
                character |= {"gm": True, **{k: numbers[k] for k in ("advantages", "disadvantages")}}
            else:
                character |= numbers | {"played_this_round": earlier.get(log_key(name), 0)}
            effect = self._cell(row, EFFECT_COLUMN)
            if effect:
                character["effect"] = effect
            found.append(character)
        return found

    def begin(self) -> None:
        """Steps 4 to 6: the activated effects declared (confronters first, then the initial
        character), advantages weighed pair by pair, inferiority found; the cards may come."""
        self.confrontation, self.batches = None, []  # the table no longer says who plays: nothing runs on the old one
        self.effects.setText("")
        try:
            rows = self.rows()
            spec = {"action": rows[0], "confronting": rows[1:]}
            self.confrontation, _ = confrontation_from(spec)
        except (ConfrontationError, SpecError) as error:
            self.message.setText(one_line(str(error)))
            self._show()
            return
        self.spec = spec
        effects = effects_from(spec)
        said = ", then ".join(f"{name}: {effect}" for name, effect in effects)
        self.effects.setText(f"Activated effects: {said}" if effects else "")
        inferior = self.confrontation.inferior
        self.message.setText(f"In inferiority (one card fewer): {', '.join(inferior)}" if inferior else "")
        self._show()

    # -- the cards --------------------------------------------------------------------------------

    def _passed(self) -> set[str]:
        return {name for batch in self.batches for name, card in batch.items() if card is None}

    def play(self) -> None:
        """Step 7: the cards of those asked, laid together; a ticked row plays no more."""
        if self.confrontation is None:
            return
        try:
            batch = self.asked.typed()
            self.confrontation.play_together({n: c for n, c in batch.items() if c is not None})
        except ConfrontationError as error:
            self.message.setText(one_line(str(error)))
            return
        self.batches.append(batch)
        self.asked.clear()
        self.message.setText("")
        self._show()

    def take_back(self) -> None:
        """Replay every batch but the last on a fresh confrontation: a joker's effect on an
        earlier card, or a character's pass, is undone with it."""
        if self.confrontation is None or not self.batches:
            return
        kept = self.batches[:-1]
        self.confrontation = Confrontation(self.confrontation.action, self.confrontation.confronting)
        for batch in kept:
            self.confrontation.play_together({n: c for n, c in batch.items() if c is not None})
        self.batches = kept
        self._show()

    def step(self) -> dict[str, Any]:
        """The `confront` step with the cards as played, each character's in the order laid."""
        cards: dict[str, list[Card]] = {}
        for batch in self.batches:
            for name, card in batch.items():
                if card is not None:
                    cards.setdefault(name, []).append(card)
        action, *confronting = (
            {**c, "cards": cards.get(c["name"], [])} for c in (self.spec["action"], *self.spec["confronting"])
        )
        return {"do": "confront", "action": action, "confronting": confronting}

    def resolve(self) -> None:
        """Steps 9 to 11: each confronter against the action, into the conflict log as one undo
        step (the rules begin a card conflict for it when none runs)."""
        if self.confrontation is None:
            return
        conflict = self.document.map.conflict
        before = len(conflict.log) if conflict is not None else 0
        if self._take(self.step()):
            said = [e.story for e in self.document.map.conflict.log[before:] if e.action in (OUTCOME, CONFRONTATION)]
            self._say("\n".join(said))
            self.confrontation, self.batches = None, []
            self._show()

    def new_round(self) -> None:
        """'The total number of cards played by a character during an initiative round can never
        be higher than the Attribute used': a new round, logged, starts the count again."""
        if self._take({"do": "new_round"}):
            self._say("A new initiative round: every character has its whole Attribute of cards")

    def _take(self, step: dict[str, Any]) -> bool:
        """The step through the rules as one undo step; False, with the reason shown, when refused."""
        document = self.document
        try:
            outcome = systems.perform(document.map, document.map.conflict, step)
        except ValueError as error:
            self._say(one_line(error.args[0] if error.args else str(error)))
            return False
        apply_step(document, outcome)
        return True

    def _say(self, text: str) -> None:
        self.message.setText(text)
        self._said_of = self.document.map.conflict

    def earlier(self) -> dict[str, int]:
        """Cards each character played earlier this initiative round, as the log holds them."""
        conflict = self.document.map.conflict
        return cards_this_round(conflict if conflict is not None and systems.of(conflict) is CARDS else None)

    def _followed(self, change: Change) -> None:
        if change.kind is Part.CONFLICT and self.document.map.conflict is not self._said_of:
            self.message.setText("")

    def _new_map(self) -> None:
        self.confrontation, self.batches = None, []
        self.message.setText("")
        self._show()

    def _show(self) -> None:
        running = self.confrontation is not None
        for widget in (self.play_button, self.take_back_button, self.resolve_button):
            widget.setEnabled(running)
        self.begin_button.setText("Begin Again" if running else "Begin")
        if not running:
            self.next_label.setText("Type who takes part, then Begin")
            self.values.setText("")
            self.asked.ask([], {})
            return
        confrontation = self.confrontation
        passed = self._passed()
        chosen = confrontation.next_to_play({name: name not in passed for name in confrontation.characters})
        values = {name: confrontation.value(name) for name in confrontation.characters}
        self.asked.ask(chosen, values)
        self.play_button.setEnabled(bool(chosen))
        if not chosen:
            self.next_label.setText("Every card is played: Resolve")
        elif len(chosen) > 1:
            self.next_label.setText(f"Next, face down together: {' and '.join(chosen)}")
        else:
            self.next_label.setText(f"Next: {chosen[0]}")
        lines = []
        for name in confrontation.characters:
            hand = confrontation.hands[name]
            cards = ", ".join(str(face) for face in hand.faces) or "no card yet"
            notes = ", in inferiority" if confrontation.inferior_against(name) else ""
            earlier = confrontation.characters[name].played_this_round
            notes += f", {earlier} played earlier this round" if earlier else ""
            notes += ", plays no more" if name in passed else ""
            count = f"{len(hand.faces)}/{confrontation.limit(name)}"
            lines.append(f"{name}: {values[name]}   ({cards}; {count}{notes})")
        self.values.setText("\n".join(lines))
