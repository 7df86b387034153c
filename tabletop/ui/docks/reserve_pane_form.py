"""The Reserve pane's offensive action form: who attacks whom, the dice as they fell, what each
side spends, the Core Values and substituted Professions in play, written out as the step
`tabletop play` takes (rules/reserve_system.py declares its fields).

The dice stay physical: the rolls typed are the dice results, never changed by a Core Value;
what a Core Value changes is the score each side rolls with, shown above the rolls."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tabletop.model import ReserveSide
from tabletop.rules.reserve import MAX_ROLL

NONE = "—"
SUBSTITUTES = ((NONE, ""), ("a point of Reserve", "reserve"), ("-1 on both dice", "dice"))


def _spin(maximum: int) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(0, maximum)
    return spin


def _row(*widgets: QWidget | str) -> QWidget:
    row = QWidget()
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    for widget in widgets:
        layout.addWidget(QLabel(widget) if isinstance(widget, str) else widget, 0 if isinstance(widget, str) else 1)
    return row


def _fill(box: QComboBox, names: list[str], blank: bool = False) -> None:
    """The combo's choices, the one chosen kept when it is still there; no signal meanwhile."""
    chosen = box.currentText()
    box.blockSignals(True)
    box.clear()
    box.addItems([NONE, *names] if blank else names)
    box.setCurrentText(chosen)
    box.blockSignals(False)


def _form(parent: QWidget) -> QFormLayout:
    """A form that puts a label above its field when the dock is narrow, rather than widen it."""
    form = QFormLayout(parent)
    form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
    return form


def _folding(title: str) -> tuple[QGroupBox, QFormLayout]:
    """A group folded away until the GM ticks it: what most timeslices do not need."""
    box = QGroupBox(title)
    box.setCheckable(True)
    box.setChecked(False)
    inner = QWidget()
    form = _form(inner)
    form.setContentsMargins(0, 0, 0, 0)
    QVBoxLayout(box).addWidget(inner)
    inner.setVisible(False)
    box.toggled.connect(inner.setVisible)
    return box, form


class OffensiveForm(QGroupBox):
    """One offensive action (or an escape from it, or a fold) as the GM types it."""

    edited = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Offensive action", parent)
        self._sides: dict[str, ReserveSide] = {}
        form = _form(self)
        self.attacker, self.defender = QComboBox(), QComboBox()
        self.attack, self.defense = _spin(MAX_ROLL), _spin(MAX_ROLL)
        self.attack.setToolTip("The dice as they fell, after the Reserve spent")
        self.defense.setToolTip("The dice as they fell, after the Reserve spent")
        self.attacker_spends, self.defender_spends = _spin(100), _spin(100)
        self.attacker_from, self.defender_from, self.pays = QComboBox(), QComboBox(), QComboBox()
        self.weapon = _spin(1000)
        self.subtle = QCheckBox("Subtle contest (-1)")
        self.victory = QCheckBox("Takes the victory")
        self.victory.setToolTip("Only a win against a defender with no Reserve left (at your mercy) takes one")
        form.addRow("Attacker", self.attacker)
        form.addRow("Defender", self.defender)
        form.addRow("Attack roll", self.attack)
        form.addRow("Defense roll", self.defense)
        form.addRow("Attacker spends", _row(self.attacker_spends, "from", self.attacker_from))
        form.addRow("Defender spends", _row(self.defender_spends, "from", self.defender_from))
        form.addRow("Loss paid from", self.pays)
        form.addRow("Weapon: extra loss", self.weapon)
        form.addRow("", self.subtle)
        form.addRow("", self.victory)
        self.values_box, values = _folding("Core Values")
        self.against, self.consistent = QComboBox(), QComboBox()
        self.attacker_own, self.defender_own = QComboBox(), QComboBox()
        values.addRow("Goes against the defender's", self.against)
        values.addRow("Consistent with the defender's", self.consistent)
        values.addRow("Attacker's own, strongly linked", self.attacker_own)
        values.addRow("Defender's own, strongly linked", self.defender_own)
        form.addRow(self.values_box)
        self.professions_box, professions = _folding("Another Profession substituted")
        self.substitutes = {}
        for who in ("attacker", "defender"):
            by, profession, pays = QComboBox(), QLineEdit(), QComboBox()
            for text, data in SUBSTITUTES:
                by.addItem(text, data)
            profession.setPlaceholderText(f"the {who}'s Profession used")
            professions.addRow(f"{who.capitalize()} by", _row(by, "from", pays))
            professions.addRow("", profession)
            self.substitutes[who] = (by, profession, pays)
        form.addRow(self.professions_box)
        buttons = QGridLayout()
        self.resolve_button = QPushButton("Resolve")
        self.resolve_button.setToolTip("Resolve the offensive action (Ctrl+Return while in this pane)")
        self.escape_button = QPushButton("Defender Escapes")
        self.escape_button.setToolTip("The defense roll is an escape roll; it costs one Reserve")
        self.fold_button = QPushButton("Defender Folds")
        self.fold_button.setToolTip("The attacker chooses the victory; the defender keeps its Reserve")
        buttons.addWidget(self.resolve_button, 0, 0, 1, 2)
        buttons.addWidget(self.escape_button, 1, 0)
        buttons.addWidget(self.fold_button, 1, 1)
        form.addRow(buttons)
        for box in (self.attacker, self.defender, self.against, self.consistent, self.attacker_own, self.defender_own):
            box.currentTextChanged.connect(self._changed)

    def _changed(self) -> None:
        self.refresh(list(self._sides.values()))
        self.edited.emit()

    def refresh(self, sides: list[ReserveSide]) -> None:
        """The choices as the sides now stand: each side's scores and Core Values."""
        self._sides = {s.name: s for s in sides}
        names = list(self._sides)
        for box in (self.attacker, self.defender):
            _fill(box, names)
        if self.defender.currentIndex() == self.attacker.currentIndex() and len(names) > 1:
            self.defender.blockSignals(True)
            self.defender.setCurrentIndex((self.attacker.currentIndex() + 1) % len(names))
            self.defender.blockSignals(False)
        attacker, defender = self._side(self.attacker), self._side(self.defender)
        for box in (self.attacker_from, self.substitutes["attacker"][2]):
            _fill(box, list(attacker.reserve) if attacker else [])
        for box in (self.defender_from, self.pays, self.substitutes["defender"][2]):
            _fill(box, list(defender.reserve) if defender else [])
        for box in (self.against, self.consistent, self.defender_own):
            _fill(box, list(defender.core_values) if defender else [], blank=True)
        _fill(self.attacker_own, list(attacker.core_values) if attacker else [], blank=True)

    def _side(self, box: QComboBox) -> ReserveSide | None:
        return self._sides.get(box.currentText())

    def sides_named(self) -> tuple[str, str]:
        return self.attacker.currentText(), self.defender.currentText()

    def values(self) -> dict[str, str]:
        """The Core Values chosen, as the step's fields."""
        chosen = {
            "against_core_value": self.against,
            "consistent_core_value": self.consistent,
            "attacker_own_core_value": self.attacker_own,
            "defender_own_core_value": self.defender_own,
        }
        return {key: box.currentText() for key, box in chosen.items() if box.currentText() not in ("", NONE)}

    def step(self, do: str) -> dict[str, Any]:
        """The step for this form: "offensive" with everything typed, or "escape" (the defender
        rolls to escape the attacker's offensive action)."""
        attacker, defender = self.sides_named()
        step: dict[str, Any] = {
            "do": do,
            "attacker": attacker,
            "defender": defender,
            "attack": self.attack.value(),
            "defense": self.defense.value(),
        }
        if self.pays.currentText():
            step["pays"] = self.pays.currentText()
        for key, amount, score in (
            ("attacker_spends", self.attacker_spends, self.attacker_from),
            ("defender_spends", self.defender_spends, self.defender_from),
        ):
            if amount.value() and score.currentText():
                step[key] = {score.currentText(): amount.value()}
        if self.weapon.value():
            step["weapon"] = self.weapon.value()
        if self.subtle.isChecked():
            step["subtle"] = True
        if do == "offensive":
            step |= self.values() | self._substitutions()
            if self.victory.isChecked():
                step["victory"] = True
        return step

    def _substitutions(self) -> dict[str, str]:
        step = {}
        for who, (by, profession, pays) in self.substitutes.items():
            if not by.currentData():
                continue
            step[f"{who}_substitutes"] = by.currentData()
            if profession.text().strip():
                step[f"{who}_profession"] = profession.text().strip()
            if by.currentData() == "reserve" and pays.currentText():
                step[f"{who}_substitute_pays"] = pays.currentText()
        return step

    def typed(self) -> None:
        """After a resolution: the rolls and the one-off choices are cleared for the next one."""
        for spin in (self.attack, self.defense, self.attacker_spends, self.defender_spends, self.weapon):
            spin.setValue(0)
        self.victory.setChecked(False)
        for by, profession, _ in self.substitutes.values():
            by.setCurrentIndex(0)
            profession.clear()
