"""The reserve pane: an extended conflict's sides, one timeslice's offensive action typed in,
and the loss worked out with every why, large enough to read across the table.

Dice stay physical: the GM types both rolls and what each side spent. The sides' reserve is
kept in the map's conflict, so each resolution is one undo step and is saved with the map.
"""

from __future__ import annotations

import re

from pydantic import ValidationError
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tabletop.document import MapDocument
from tabletop.document.commands import apply_step
from tabletop.io.wording import describe
from tabletop.model import ReserveSide
from tabletop.model.conflict import MAX_RESERVE_SIDES
from tabletop.rules.play import Step
from tabletop.rules.reserve import DIFFICULTIES, ReserveError
from tabletop.rules.resolvers import escape_step, fold_step, offensive, reserve_order, start_reserve
from tabletop.ui.docks.widgets import fit_rows

COLUMNS = ("Side", "Offense", "Defense", "Force", "Reserve")
RESERVE_TEXT = re.compile(r"^\s*([^\d,][^,]*?)\s+(\d+)\s*$")


def reserve_text(reserve: dict[str, int]) -> str:
    """Reserve as the GM reads and types it: "Body 3, Will 4"."""
    return ", ".join(f"{score} {points}" for score, points in reserve.items())


def parse_reserve(text: str) -> dict[str, int]:
    """ "Body 3, Will 4" back into scores; a ValueError names the part that is not "Score N"."""
    found: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        match = RESERVE_TEXT.match(part)
        if match is None:
            raise ValueError(f"'{part}' is not a defensive score and its reserve, like 'Body 3'")
        if match.group(1) in found:
            raise ValueError(f"{match.group(1)} is given twice")
        found[match.group(1)] = int(match.group(2))
    return found


def _resolve_keys(event: QEvent) -> bool:
    return (
        isinstance(event, QKeyEvent)
        and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        and event.modifiers() & Qt.KeyboardModifier.ControlModifier
    )


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"'{text[:20]}' is not a whole number") from None


def _spin(maximum: int = 1000) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(0, maximum)
    return spin


class ReservePane(QWidget):
    """Sides, order, the timeslice form, the result and the difficulty table."""

    def __init__(self, document: MapDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self._filling = False
        layout = QVBoxLayout(self)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.itemChanged.connect(self._side_edited)
        fit_rows(self.table)
        layout.addWidget(self.table)
        buttons = QHBoxLayout()
        self.add_button = QPushButton("Add Side")
        self.add_button.clicked.connect(self.add_side)
        buttons.addWidget(self.add_button)
        self.order = QLabel()
        self.order.setWordWrap(True)
        buttons.addWidget(self.order, 1)
        layout.addLayout(buttons)
        layout.addWidget(self._timeslice_form())
        self.result = QLabel()
        self.result.setWordWrap(True)
        font = self.result.font()
        font.setPointSizeF(font.pointSizeF() * 1.6)
        font.setBold(True)
        self.result.setFont(font)
        self.why = QLabel()
        self.why.setWordWrap(True)
        layout.addWidget(self.result)
        layout.addWidget(self.why)
        layout.addWidget(self._difficulties())
        layout.addStretch(1)
        document.conflictChanged.connect(self.refresh)
        document.reset.connect(self.refresh)
        for child in self.findChildren(QWidget):
            child.installEventFilter(self)
        self.refresh()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Ctrl+Return resolves while the GM types in the pane; on the map the same keys send
        the fog, so the pane claims them only from its own fields (a window-wide shortcut
        would make both ambiguous and neither would fire)."""
        if event.type() in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress) and _resolve_keys(event):
            event.accept()
            if event.type() == QEvent.Type.KeyPress:
                self.resolve_button.click()  # does nothing while the button is disabled
            return True
        return False

    # -- building -----------------------------------------------------------------------------

    def _timeslice_form(self) -> QGroupBox:
        box = QGroupBox("Offensive action")
        form = QFormLayout(box)
        self.attacker, self.defender = QComboBox(), QComboBox()
        self.attack, self.defense = _spin(), _spin()
        self.attack_bonus, self.defense_bonus = _spin(10), _spin(10)
        self.attacker_spends, self.defender_spends = _spin(100), _spin(100)
        self.attacker_from, self.defender_from, self.pays = QComboBox(), QComboBox(), QComboBox()
        self.weapon = _spin(20)
        self.subtle = QCheckBox("Subtle contest (-1)")
        self.attacker.currentTextChanged.connect(lambda: self._scores(self.attacker, self.attacker_from))
        self.defender.currentTextChanged.connect(lambda: self._scores(self.defender, self.defender_from, self.pays))
        form.addRow("Attacker", self.attacker)
        form.addRow("Attack roll", self._row(self.attack, "+ core value", self.attack_bonus))
        form.addRow("Attacker spends", self._row(self.attacker_spends, "from", self.attacker_from))
        form.addRow("Defender", self.defender)
        form.addRow("Defense roll", self._row(self.defense, "+ core value", self.defense_bonus))
        form.addRow("Defender spends", self._row(self.defender_spends, "from", self.defender_from))
        form.addRow("Loss paid from", self.pays)
        form.addRow("Weapon: extra loss", self.weapon)
        form.addRow("", self.subtle)
        steps = QHBoxLayout()
        self.resolve_button = QPushButton("Resolve")
        self.resolve_button.setToolTip("Resolve the offensive action (Ctrl+Return while in this pane)")
        self.resolve_button.clicked.connect(self.resolve)
        self.escape_button = QPushButton("Defender Escapes")
        self.escape_button.setToolTip("The defense roll is an escape roll; it costs one reserve")
        self.escape_button.clicked.connect(self.escape)
        self.fold_button = QPushButton("Defender Folds")
        self.fold_button.setToolTip("The attacker chooses the victory; the defender keeps its reserve")
        self.fold_button.clicked.connect(self.fold)
        for button in (self.resolve_button, self.escape_button, self.fold_button):
            steps.addWidget(button)
        form.addRow(steps)
        return box

    @staticmethod
    def _row(first: QWidget, word: str, second: QWidget) -> QWidget:
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(first, 1)
        layout.addWidget(QLabel(word))
        layout.addWidget(second, 1)
        return row

    def _difficulties(self) -> QGroupBox:
        box = QGroupBox("Simple rolls: the minimum to roll")
        box.setCheckable(True)
        box.setChecked(False)  # folded away until the GM needs it
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
        box.toggled.connect(table.setVisible)
        table.setVisible(False)
        layout = QVBoxLayout(box)
        layout.addWidget(table)
        self.difficulty_table = table
        return box

    # -- reading the conflict --------------------------------------------------------------------

    def sides(self) -> list[ReserveSide]:
        conflict = self.document.map.conflict
        return list(conflict.reserve) if conflict is not None else []

    def refresh(self) -> None:
        """Show the sides as the map's conflict holds them (after a step, an undo, an open)."""
        self._filling = True
        sides = self.sides()
        self.table.setRowCount(len(sides))
        for row, side in enumerate(sides):
            cells = (side.name, str(side.offense), str(side.defense), str(side.force), reserve_text(side.reserve))
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if side.folded or side.escaped:
                    item.setForeground(Qt.GlobalColor.gray)
                    item.setToolTip(f"{side.name} {'folded' if side.folded else 'escaped'}")
                elif column == 4 and not any(side.reserve.values()):
                    item.setText(f"{text}: at your mercy")
                    item.setToolTip("Out of reserve: a win against this side may take a victory")
                self.table.setItem(row, column, item)
        self._filling = False
        names = [s.name for s in sides]
        for combo in (self.attacker, self.defender):
            chosen = combo.currentText()
            combo.blockSignals(True)
            combo.clear()
            combo.addItems(names)
            combo.setCurrentText(chosen)
            combo.blockSignals(False)
        if self.defender.currentIndex() == self.attacker.currentIndex() and len(names) > 1:
            self.defender.setCurrentIndex((self.attacker.currentIndex() + 1) % len(names))
        self._scores(self.attacker, self.attacker_from)
        self._scores(self.defender, self.defender_from, self.pays)
        conflict = self.document.map.conflict
        playing = conflict is not None and bool(conflict.reserve) and conflict.ended is None
        order = reserve_order(conflict) if playing else []
        self.order.setText(f"Order: {', '.join(order)}" if order else "Add the sides of the conflict")
        for button in (self.resolve_button, self.escape_button, self.fold_button):
            button.setEnabled(playing and len(names) > 1)

    def _scores(self, side_box: QComboBox, *boxes: QComboBox) -> None:
        side = next((s for s in self.sides() if s.name == side_box.currentText()), None)
        for box in boxes:
            chosen = box.currentText()
            box.clear()
            box.addItems(list(side.reserve) if side else [])
            box.setCurrentText(chosen)

    # -- steps ----------------------------------------------------------------------------------

    def _push(self, step: Step) -> None:
        apply_step(self.document, step)

    def _with_sides(self, sides: list[ReserveSide], text: str) -> None:
        conflict = self.document.map.conflict
        if conflict is None or conflict.ended is not None:
            self._push(start_reserve(sides))
        else:
            self._push(Step(conflict.model_copy(update={"reserve": sides}), text))

    def add_side(self) -> None:
        taken = {s.name for s in self.sides()}
        if len(taken) >= MAX_RESERVE_SIDES:
            self.why.setText(f"Not added: a conflict has at most {MAX_RESERVE_SIDES} sides")
            return
        name = next(f"Side {n}" for n in range(1, len(taken) + 2) if f"Side {n}" not in taken)
        self._with_sides([*self.sides(), ReserveSide(name=name, reserve={"Body": 5, "Mind": 5})], f"Add {name}")

    def _side_edited(self, item: QTableWidgetItem) -> None:
        if self._filling:
            return
        sides = self.sides()
        row, column = item.row(), item.column()
        side = sides[row]
        text = item.text().strip()
        try:
            field = ("name", "offense", "defense", "force", "reserve")[column]
            text = text.removesuffix(": at your mercy")
            value = parse_reserve(text) if field == "reserve" else text if field == "name" else _whole(text)
            sides[row] = ReserveSide.model_validate({**side.model_dump(), field: value})
            if len({s.name for s in sides}) != len(sides):
                raise ValueError(f"another side is called '{text}'")
        except ValidationError as error:  # a ValueError too: its first line was "1 validation error for ReserveSide"
            self.why.setText(f"Not changed: {describe(error)}")
            self.refresh()
            return
        except ValueError as error:
            self.why.setText(f"Not changed: {str(error).splitlines()[0]}")
            self.refresh()
            return
        self._with_sides(sides, f"Change {side.name}")

    def _spent(self, amount: QSpinBox, score: QComboBox) -> dict[str, int]:
        return {score.currentText(): amount.value()} if amount.value() and score.currentText() else {}

    def _run(self, make) -> None:
        conflict = self.document.map.conflict
        if conflict is None or self.attacker.currentText() == self.defender.currentText():
            self.why.setText("Pick two different sides")
            return
        try:
            step = make(conflict)
        except (ReserveError, KeyError) as error:
            self.why.setText(str(error).strip("'\""))
            return
        self._push(step)
        entry = self.document.map.conflict.log[-1]
        self.result.setText(step.text)
        self.why.setText(entry.story)

    def resolve(self) -> None:
        self._run(
            lambda conflict: offensive(
                conflict,
                self.attacker.currentText(),
                self.defender.currentText(),
                self.attack.value() + self.attack_bonus.value(),
                self.defense.value() + self.defense_bonus.value(),
                pays=self.pays.currentText(),
                attacker_spends=self._spent(self.attacker_spends, self.attacker_from),
                defender_spends=self._spent(self.defender_spends, self.defender_from),
                weapon=self.weapon.value(),
                subtle=self.subtle.isChecked(),
            )
        )

    def escape(self) -> None:
        self._run(
            lambda conflict: escape_step(
                conflict,
                self.defender.currentText(),
                self.attacker.currentText(),
                self.attack.value() + self.attack_bonus.value(),
                self.defense.value() + self.defense_bonus.value(),
                pays=self.pays.currentText(),
            )
        )

    def fold(self) -> None:
        self._run(lambda conflict: fold_step(conflict, self.defender.currentText(), self.attacker.currentText()))
