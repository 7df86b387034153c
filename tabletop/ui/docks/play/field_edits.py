"""One editor per kind of step field (rules/step_fields.py): the play dock's form, its
questions and its step dialogs are all built from a system's declarations with these, so a
field a system adds shows in the window with no other edit.

Each editor gives the step's value (ids, never names) or None when the GM gave none, and
fills its choices from the document when asked (choice_edits.py holds the common ground,
finding_edits.py the editors that find places by name)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from tabletop.document import MapDocument
from tabletop.rules.step_fields import Field
from tabletop.ui.docks.play.choice_edits import NONE, ChoiceEdit, Edit
from tabletop.ui.docks.play.destination import FacingPicker
from tabletop.ui.docks.play.finding_edits import HolderEdit, PlaceList, TokenEdit, ZoneEdit

SPIN_REACH = 999
"""The widest a spin box goes either way: a die roll or a count of shifts is a few units."""


class TrackEdit(ChoiceEdit):
    """A stress track of the target named beside it (a border's one track); with one track
    there is nothing to choose."""

    def fill(self, document: MapDocument, context: dict[str, Any]) -> None:
        owner = context.get("target") or context.get("actor")
        token = document.get("token", owner) if isinstance(owner, str) else None
        border = document.get("border", owner) if isinstance(owner, str) and token is None else None
        tracks = token.stress if token is not None else []
        if border is not None and border.stress is not None:
            tracks = [border.stress]
        self.offer([(t.name, t.name) for t in tracks])
        if len(tracks) == 1 and self.value() is None:
            self.set_value(tracks[0].name)


class AspectEdit(ChoiceEdit):
    """An aspect's name: typed for a new one, or chosen among those on the holder beside it."""

    def __init__(self, spec: Field) -> None:
        super().__init__(spec, editable=True)
        self.combo.lineEdit().setPlaceholderText("an aspect")

    def fill(self, document: MapDocument, context: dict[str, Any]) -> None:
        holder = context.get("on")
        names: list[str] = []
        if isinstance(holder, tuple) and holder[0] == "scene":
            conflict = document.map.conflict
            names = [a.name for a in conflict.scene_aspects] if conflict is not None else []
        elif isinstance(holder, tuple):
            obj = document.get(holder[0], holder[1])
            names = [a.name for a in obj.aspects] if obj is not None else []
        typed = self.combo.currentText()
        self.combo.blockSignals(True)
        self.combo.clear()
        self.combo.addItems(names)
        self.combo.setEditText(typed)
        self.combo.blockSignals(False)

    def value(self) -> Any:
        text = self.combo.currentText().strip()
        return text or None

    def set_value(self, value: Any) -> None:
        self.combo.setEditText(str(value or ""))


class WordEdit(ChoiceEdit):
    """One of the text's words (a guard's type, a move type)."""

    def fill(self, document: MapDocument, context: dict[str, Any]) -> None:
        self.offer([(word, word) for word in self.spec.choices])
        if self.spec.default is not None and self.value() is None:
            self.set_value(self.spec.default)


class NumberEdit(Edit):
    """A whole number; the lowest entry reads "—" (not given), so a roll is never a silent 0."""

    def __init__(self, spec: Field) -> None:
        spin = QSpinBox()
        low, high = max(spec.low, -SPIN_REACH), min(spec.high, SPIN_REACH)
        spin.setRange(low - 1, high)
        spin.setSpecialValueText(NONE)
        spin.setValue(low - 1 if spec.default is None else spec.default)
        super().__init__(spec, spin)
        self.spin = spin
        spin.valueChanged.connect(lambda _v: self.changed.emit())

    def value(self) -> Any:
        return None if self.spin.value() == self.spin.minimum() else self.spin.value()

    def set_value(self, value: Any) -> None:
        self.spin.setValue(self.spin.minimum() if value is None else int(value))


class FlagEdit(Edit):
    """A tick, its words the field's help (its row's label is its title). The words wrap
    beside the box, so a long help never widens the form past its dock; a click on them
    ticks it, as on a check box's own text."""

    def __init__(self, spec: Field) -> None:
        holder = QWidget()
        row = QHBoxLayout(holder)
        row.setContentsMargins(0, 0, 0, 0)
        box = QCheckBox()
        box.setChecked(bool(spec.default))
        box.setAccessibleName(spec.title)
        words = _TickWords(spec.help, box)
        row.addWidget(box, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(words, 1)
        super().__init__(spec, holder)
        self.box, self.words = box, words
        box.toggled.connect(lambda _on: self.changed.emit())

    def value(self) -> Any:
        return self.box.isChecked()

    def set_value(self, value: Any) -> None:
        self.box.setChecked(bool(value))


class _TickWords(QLabel):
    """A tick's words, wrapped, in plain text; a click on them ticks the box."""

    def __init__(self, text: str, box: QCheckBox) -> None:
        super().__init__(text)
        self.box = box
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setBuddy(box)

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.box.isEnabled():
            self.box.toggle()
            self.box.setFocus(Qt.FocusReason.MouseFocusReason)
            event.accept()
            return
        super().mousePressEvent(event)


class TextEdit(Edit):
    """One line of text (a story detail, a simple action, a skill)."""

    def __init__(self, spec: Field) -> None:
        line = QLineEdit()
        line.setPlaceholderText(spec.help)
        super().__init__(spec, line)
        self.line = line
        line.textChanged.connect(lambda _t: self.changed.emit())

    def value(self) -> Any:
        text = self.line.text().strip()
        return text or None

    def set_value(self, value: Any) -> None:
        self.line.setText(str(value or ""))


class BoxesEdit(TextEdit):
    def __init__(self, spec: Field) -> None:
        super().__init__(spec)
        self.line.setPlaceholderText("box numbers, e.g. 1, 2")

    def value(self) -> Any:
        boxes = [int(b) for b in self.line.text().replace(",", " ").split() if b.isdigit()]
        return boxes or None


class FacingEdit(Edit):
    def __init__(self, spec: Field) -> None:
        picker = FacingPicker()
        super().__init__(spec, picker)
        self.picker = picker
        picker.group.buttonClicked.connect(lambda _b: self.changed.emit())

    def value(self) -> Any:
        return self.picker.value()

    def set_value(self, value: Any) -> None:
        self.picker.set_value(value)


class ResistEdit(Edit):
    """What the target pays to take shifts off the action (or a mover pays to boost its own
    move): stress on one of its tracks, a consequence, aspects invoked (2 shifts each), or
    shifts on the GM's word."""

    def __init__(self, spec: Field) -> None:
        holder = QWidget()
        grid = QGridLayout(holder)
        grid.setContentsMargins(0, 0, 0, 0)
        super().__init__(spec, holder)
        self.stress, self.invokes, self.shifts, self.consequence_shifts = (_small_spin() for _ in range(4))
        self.track = QComboBox()
        self.consequence = QLineEdit()
        self.consequence.setPlaceholderText("a consequence")
        grid.addWidget(QLabel("Stress"), 0, 0)
        grid.addWidget(self.stress, 0, 1)
        grid.addWidget(self.track, 0, 2)
        grid.addWidget(QLabel("Consequence"), 1, 0)
        grid.addWidget(self.consequence_shifts, 1, 1)
        grid.addWidget(self.consequence, 1, 2)
        grid.addWidget(QLabel("Invokes"), 2, 0)
        grid.addWidget(self.invokes, 2, 1)
        row = QHBoxLayout()
        row.addWidget(QLabel("or shifts"))
        row.addWidget(self.shifts)
        grid.addLayout(row, 2, 2)
        for spin in (self.stress, self.invokes, self.shifts, self.consequence_shifts):
            spin.valueChanged.connect(lambda _v: self.changed.emit())

    def fill(self, document: MapDocument, context: dict[str, Any]) -> None:
        payer = context.get("actor")  # a boost is the mover's; a resist, the target's or the aspect's holder's
        if self.spec.name == "resist":
            on = context.get("on")
            payer = context.get("target") or (on[1] if isinstance(on, tuple) and on[0] == "token" else None)
        token = document.get("token", payer) if isinstance(payer, str) else None
        names = [t.name for t in token.stress] if token is not None else []
        if names != [self.track.itemText(i) for i in range(self.track.count())]:
            self.track.clear()
            self.track.addItems(names)

    def value(self) -> Any:
        found: dict[str, Any] = {}
        for key, spin in (("stress", self.stress), ("invokes", self.invokes), ("shifts", self.shifts)):
            if spin.value():
                found[key] = spin.value()
        if self.stress.value() and self.track.currentText():
            found["track"] = self.track.currentText()
        if self.consequence.text().strip():
            found["consequences"] = [
                {"name": self.consequence.text().strip(), "shifts": self.consequence_shifts.value()}
            ]
        return found or None


def _small_spin() -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(0, 99)
    return spin


def make_edit(spec: Field, places: PlaceList, place_edit=None) -> Edit | None:
    """The editor for a field, or None for a kind the form does not show (plain JSON data,
    several tokens: those have dialogs of their own)."""
    kind = spec.kind
    if kind in ("token", "participant", "target"):
        return TokenEdit(spec, places)
    if kind == "zone":
        return ZoneEdit(spec, places)
    if kind == "place":
        return place_edit(spec) if place_edit is not None else ZoneEdit(spec, places)
    if kind == "holder":
        return HolderEdit(spec, places)
    if kind == "track":
        return TrackEdit(spec)
    if kind == "aspect":
        return AspectEdit(spec)
    if kind == "choice":
        return WordEdit(spec)
    if kind == "number":
        return NumberEdit(spec)
    if kind == "flag":
        return FlagEdit(spec)
    if kind in ("line", "text"):
        return TextEdit(spec)
    if kind == "boxes":
        return BoxesEdit(spec)
    if kind == "facing":
        return FacingEdit(spec)
    if kind == "resist":
        return ResistEdit(spec)
    return None
