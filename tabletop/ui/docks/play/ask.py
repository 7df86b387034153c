"""The play dock's dialogs, built from a system's declarations like its form: a step with
fields of its own (a concession's story, reinforcements with their reflex, the turn order, a
problem), and a question the rules ask before or after a step (an auction's bids, grow or
exit past the grid's edge, a border taken out redefined). Tokens with a side or a number each
are one table: who takes part, their side, their reflex."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tabletop.document import MapDocument
from tabletop.model import Border, Passage
from tabletop.rules.play import Question
from tabletop.rules.step_fields import Field, Move
from tabletop.ui.docks.passages import PassageEditor
from tabletop.ui.docks.play.choice_edits import NONE, Edit
from tabletop.ui.docks.play.field_edits import make_edit
from tabletop.ui.docks.play.finding_edits import PlaceList, ZoneEdit
from tabletop.ui.plain import menu_text

TABLE_KINDS = ("tokens", "sides", "by_token")
"""Fields shown as the token table's columns rather than rows of the form."""
AREA = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s*$")
MIN_WIDTH = 460
"""A step dialog is at least this wide: a token table and its words read without squeezing."""


def candidates(document: MapDocument, among: str) -> list[str]:
    """The tokens a field offers: those taking part, those not, or all, in map order."""
    conflict = document.map.conflict
    taking = [p.token for p in conflict.participants] if conflict is not None else []
    if among == "participants":
        return list(conflict.order or taking) if conflict is not None else []
    others = [t.id for t in document.map.tokens if t.id not in set(taking)]
    return others if among == "others" else [t.id for t in document.map.tokens]


class TokenTable(QTableWidget):
    """Tokens as rows: ticked to take part (the `tokens` field named `picked`), with a side
    (`sides`) and a number each (`by_token`, e.g. the reflex; "type it" until typed, never a
    silent 0)."""

    def __init__(
        self, document: MapDocument, specs: list[Field], tokens: list[str], ticked: set[str], picked: str = "tokens"
    ) -> None:
        numbers = [s for s in specs if s.kind == "by_token"]
        sided = any(s.kind == "sides" for s in specs)
        headers = ["Takes part", *(["Side"] if sided else []), *(s.title for s in numbers)]
        super().__init__(len(tokens), len(headers))
        self.document, self.tokens, self.numbers, self.sided, self.picked = document, tokens, numbers, sided, picked
        self.setHorizontalHeaderLabels(headers)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.spins: dict[tuple[str, str], QSpinBox] = {}
        for row, token_id in enumerate(tokens):
            token = document.get("token", token_id)
            check = QTableWidgetItem(token.label)
            check.setFlags(Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled)
            check.setCheckState(Qt.CheckState.Checked if token_id in ticked else Qt.CheckState.Unchecked)
            self.setItem(row, 0, check)
            if sided:
                self.setItem(row, 1, QTableWidgetItem(token.side))
            for at, spec in enumerate(numbers, start=1 + sided):
                spin = QSpinBox()
                spin.setRange(max(spec.low, -999) - 1, min(spec.high, 999))
                spin.setSpecialValueText("type it")
                spin.setValue(spin.minimum())
                spin.valueChanged.connect(lambda _v, item=check: item.setCheckState(Qt.CheckState.Checked))
                self.spins[(spec.name, token_id)] = spin
                self.setCellWidget(row, at, spin)

    def chosen(self) -> list[str]:
        return [t for row, t in enumerate(self.tokens) if self.item(row, 0).checkState() == Qt.CheckState.Checked]

    def set_number(self, name: str, token_id: str, value: int) -> None:
        spin = self.spins.get((name, token_id))
        if spin is not None:
            spin.setValue(value)

    def values(self) -> dict[str, Any]:
        chosen = self.chosen()
        found: dict[str, Any] = {self.picked: chosen}
        if self.sided:
            rows = {t: row for row, t in enumerate(self.tokens)}
            sides = {t: self.item(rows[t], 1).text().strip() for t in chosen}
            found["sides"] = {t: side for t, side in sides.items() if side}
        for spec in self.numbers:
            given = {t: self.spins[(spec.name, t)].value() for t in chosen}
            found[spec.name] = {t: v for t, v in given.items() if v != self.spins[(spec.name, t)].minimum()}
        return found

    def missing(self) -> str:
        """Nobody ticked, or a number the rules need for every token ticked and not typed, in
        words; else "". A number typed ticks its row."""
        values = self.values()
        if not values[self.picked]:
            return "Tick who takes part (the first column)."
        for spec in self.numbers:
            untyped = [t for t in values[self.picked] if t not in values[spec.name]]
            if spec.required and untyped:
                return f"Type the {spec.title.lower()} of {_names(self.document, untyped)}."
        return ""


class OrderList(QListWidget):
    """The participants in a new order: drag a name up or down."""

    def __init__(self, document: MapDocument, tokens: list[str]) -> None:
        super().__init__()
        self.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        for token in tokens:
            item = QListWidgetItem(document.label("token", token))
            item.setData(Qt.ItemDataRole.UserRole, token)
            self.addItem(item)

    def order(self) -> list[str]:
        return [self.item(row).data(Qt.ItemDataRole.UserRole) for row in range(self.count())]


class TypedPlace(ZoneEdit):
    """A place typed in a dialog, where no click on the map picks it: a zone's name, or an
    area by its name ("C5") or as "row, column" (reinforcements arriving at an edge of the grid)."""

    def __init__(self, spec: Field, places: PlaceList) -> None:
        super().__init__(spec, places)
        self.combo.lineEdit().setPlaceholderText("a zone, or an area such as A1")

    def fill(self, document: MapDocument, context: dict[str, Any]) -> None:
        super().fill(document, context)
        if self.combo.currentText() == NONE:
            self.combo.setEditText("")  # the placeholder says what to type (a grid map has no zones to list)

    def value(self) -> Any:
        area = AREA.match(self.combo.currentText())
        return [int(area.group(1)), int(area.group(2))] if area else super().value()


class Asking(QDialog):
    """A dialog of the play dock: the words on top (plain text), what to fill, a red line
    for what is missing, and its buttons."""

    def __init__(self, parent: QWidget | None, title: str, words: str) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.column = QVBoxLayout(self)
        if words:
            said = QLabel(words)
            said.setWordWrap(True)
            said.setTextFormat(Qt.TextFormat.PlainText)
            self.column.addWidget(said)
        self.problem = QLabel()
        self.problem.setStyleSheet("color: #c0392b")
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.problem.setWordWrap(True)  # the rules' words in full, however long

    def finish(self, buttons: QDialogButtonBox | None = None) -> QDialogButtonBox:
        """The red line and the buttons, last (OK and Cancel unless given)."""
        if buttons is None:
            buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
            buttons.accepted.connect(self._accept)
            buttons.rejected.connect(self.reject)
        self.column.addWidget(self.problem)
        self.column.addWidget(buttons)
        hint = self.sizeHint()  # room for a table's every column and row, on any screen it fits
        self.resize(max(hint.width(), MIN_WIDTH), hint.height())
        return buttons

    def missing(self) -> str:
        return ""

    def _accept(self) -> None:
        missing = self.missing()
        self.problem.setText(missing)
        if not missing:
            self.accept()
            return
        # as tall as the red line's wrapped words need, at the width the GM left the dialog
        self.layout().activate()
        need = self.heightForWidth(self.width()) if self.hasHeightForWidth() else self.sizeHint().height()
        self.resize(self.width(), max(self.height(), need))


class StepDialog(Asking):
    """A step's fields in a dialog: its own words on top, the form, the token table, the order.
    OK keeps it open, with what is typed, while a field the step needs is empty or `refusal`
    (the rules asked about the step as filled) says why it cannot be taken."""

    def __init__(
        self,
        parent: QWidget | None,
        document: MapDocument,
        move: Move,
        refusal: Callable[[dict[str, Any]], str] | None = None,
    ) -> None:
        super().__init__(parent, move.word.replace("_", " ").capitalize(), move.says)
        self.document, self.move, self.refusal = document, move, refusal
        form = QFormLayout()
        self.column.addLayout(form)
        self.edits: dict[str, Edit] = {}
        self.orders: dict[str, OrderList] = {}
        places = PlaceList(document)
        for spec in move.fields:
            if spec.kind in TABLE_KINDS:
                continue
            if spec.kind == "order":
                self.orders[spec.name] = OrderList(document, candidates(document, spec.among))
                form.addRow(spec.title, self.orders[spec.name])
                continue
            edit = make_edit(spec, places, lambda s: TypedPlace(s, places))
            if edit is not None:
                edit.fill(document, {})
                self.edits[spec.name] = edit
                form.addRow(spec.title, edit.widget)
        table_specs = [s for s in move.fields if s.kind in TABLE_KINDS]
        picked = next((s for s in table_specs if s.kind == "tokens"), None)
        self.table: TokenTable | None = None
        if table_specs:
            among = picked.among if picked is not None else "all"
            name = picked.name if picked is not None else "tokens"
            self.table = TokenTable(document, table_specs, candidates(document, among), set(), name)
            self.column.addWidget(self.table)
        self.finish()

    def values(self) -> dict[str, Any]:
        found = {name: edit.value() for name, edit in self.edits.items()}
        found = {k: v for k, v in found.items() if v is not None}
        found.update({name: listed.order() for name, listed in self.orders.items()})
        if self.table is not None:
            found.update({k: v for k, v in self.table.values().items() if v or k == self.table.picked})
        return found

    def missing(self) -> str:
        if self.table is not None and self.table.missing():
            return self.table.missing()
        for edit in self.edits.values():
            if edit.spec.required and edit.value() in (None, NONE):
                why = f": {edit.spec.help}" if edit.spec.help else ""
                return f"Fill in the {edit.spec.title.lower()}{why}."
        if self.refusal is None:
            return ""
        refused = self.refusal({"do": self.move.word, **self.values()})
        return f"The rules refuse it: {refused}" if refused else ""


def step_dialog(
    parent: QWidget | None,
    document: MapDocument,
    move: Move,
    refusal: Callable[[dict[str, Any]], str] | None = None,
) -> dict[str, Any] | None:
    """The step's fields as the GM fills them, or None when cancelled."""
    dialog = StepDialog(parent, document, move, refusal)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return {"do": move.word, **dialog.values()}


def ask(parent: QWidget | None, document: MapDocument, question: Question, step: dict[str, Any]) -> Any:
    """The GM's answer to a question the rules asked, or None when cancelled (or skipped)."""
    if question.kind == "choice" and question.choices:
        return _choose(parent, question)
    if question.kind == "passages":
        return _passages(parent, document, question, step)
    dialog = Asking(parent, "The rules ask", question.prompt)
    if question.kind == "by_token":
        bids = [Field(question.field, "by_token", "Bid", low=0, high=99)]
        table = TokenTable(document, bids, list(question.choices), set(question.choices), "claimants")
        for token in question.choices:
            table.set_number(question.field, token, 0)
        dialog.column.addWidget(table)
        read = lambda: table.values()[question.field]  # noqa: E731
    else:
        spec = Field(question.field, question.kind, question.prompt, required=True, choices=question.choices)
        edit = make_edit(spec, PlaceList(document))
        if edit is None:
            return None
        edit.fill(document, {})
        if question.choices and hasattr(edit, "offer"):
            edit.offer([(document.label("token", c), c) for c in question.choices])
        dialog.column.addWidget(edit.widget)
        read = edit.value
    dialog.finish()
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    answer = read()
    return None if answer in (None, NONE) else answer


def _choose(parent: QWidget | None, question: Question) -> str | None:
    """One button per word the rules offer ("Grow", "Exit")."""
    dialog = Asking(parent, "The rules ask", question.prompt)
    chosen: list[str] = []
    buttons = QDialogButtonBox()
    for word in question.choices:
        button = QPushButton(menu_text(word[:1].upper() + word[1:]))  # a score's name as typed
        button.clicked.connect(lambda _c=False, w=word: (chosen.append(w), dialog.accept()))
        buttons.addButton(button, QDialogButtonBox.ButtonRole.ActionRole)
    buttons.addButton(QDialogButtonBox.StandardButton.Cancel).clicked.connect(dialog.reject)
    dialog.finish(buttons)
    dialog.exec()
    return chosen[0] if chosen else None


def _passages(parent: QWidget | None, document: MapDocument, question: Question, step: dict[str, Any]) -> Any:
    """A border taken out, redefined "within reason": its passages edited as in the Inspector."""
    border_id = step.get("target") or (question.choices[0] if question.choices else "")
    border: Border | None = document.get("border", border_id) if border_id else None
    if border is None:
        return None
    dialog = Asking(parent, "Redefine the border", question.prompt)
    passages: list[Passage] = list(border.passages)
    names = [document.label("zone", z) for z in (border.a, border.b)]

    def changed(new: list[Passage], which: str) -> None:
        passages[:] = new
        if which in ("add", "remove"):  # a passage more or fewer: the editor shows them again
            editor.load(border.model_copy(update={"passages": new}), *names)

    editor = PassageEditor(changed)
    editor.load(border, *names)
    dialog.column.addWidget(editor)
    buttons = dialog.finish()
    buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Redefine")
    buttons.button(QDialogButtonBox.StandardButton.Cancel).setText("Leave it as it is")
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return [p.model_dump(mode="json") for p in passages]


def _names(document: MapDocument, tokens: list[str]) -> str:
    names = [document.label("token", t) for t in tokens]
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else names[0]
