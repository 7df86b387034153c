"""The play dock's dialogs, built from a system's declarations like its form: a step with
fields of its own (a concession's story, reinforcements with their reflex, a problem), and a
question the rules ask before or after a step (an auction's bids, grow or exit past the
grid's edge, a border taken out redefined). Tokens with a side or a number each are one
table: who takes part, their side, their reflex."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
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
from tabletop.model import Border, Passage
from tabletop.rules.play import Question
from tabletop.rules.step_fields import Field, Move
from tabletop.ui.docks.play.field_edits import NONE, Edit, PlaceList, make_edit

TABLE_KINDS = ("tokens", "sides", "by_token")
"""Fields shown as the token table's columns rather than rows of the form."""


class TokenTable(QTableWidget):
    """Tokens as rows: ticked to take part (a `tokens` field), with a side (`sides`) and a
    number each (`by_token`, e.g. the reflex; "type it" until typed, never a silent 0)."""

    def __init__(self, document: MapDocument, specs: list[Field], tokens: list[str], ticked: set[str]) -> None:
        numbers = [s for s in specs if s.kind == "by_token"]
        sided = any(s.kind == "sides" for s in specs)
        headers = ["Takes part", *(["Side"] if sided else []), *(s.title for s in numbers)]
        super().__init__(len(tokens), len(headers))
        self.document, self.tokens, self.numbers, self.sided = document, tokens, numbers, sided
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
        found: dict[str, Any] = {"tokens": chosen}
        if self.sided:
            rows = {t: row for row, t in enumerate(self.tokens)}
            sides = {t: self.item(rows[t], 1).text().strip() for t in chosen}
            found["sides"] = {t: side for t, side in sides.items() if side}
        for spec in self.numbers:
            given = {t: self.spins[(spec.name, t)].value() for t in chosen}
            found[spec.name] = {t: v for t, v in given.items() if v != self.spins[(spec.name, t)].minimum()}
        return found

    def missing(self) -> str:
        """A number the rules need for every token ticked and not typed, in words; else ""."""
        values = self.values()
        for spec in self.numbers:
            untyped = [t for t in values["tokens"] if t not in values[spec.name]]
            if spec.required and untyped:
                names = [self.document.label("token", t) for t in untyped]
                who = ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else names[0]
                return f"Type the {spec.title.lower()} of {who}."
        return ""


class StepDialog(QDialog):
    """A step's fields in a dialog: its own words on top, the form, the token table."""

    def __init__(self, parent: QWidget | None, document: MapDocument, move: Move, title: str) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.document = document
        layout = QVBoxLayout(self)
        if move.says:
            says = QLabel(move.says)
            says.setWordWrap(True)
            says.setTextFormat(Qt.TextFormat.PlainText)
            layout.addWidget(says)
        form = QFormLayout()
        layout.addLayout(form)
        self.edits: dict[str, Edit] = {}
        places = PlaceList(document)
        for spec in move.fields:
            if spec.kind in TABLE_KINDS:
                continue
            edit = make_edit(spec, places)
            if edit is not None:
                edit.fill(document, {})
                self.edits[spec.name] = edit
                form.addRow(spec.title, edit.widget)
        table_specs = [s for s in move.fields if s.kind in TABLE_KINDS]
        self.table: TokenTable | None = None
        if table_specs:
            conflict = document.map.conflict
            taking = [p.token for p in conflict.participants] if conflict is not None else []
            others = [t.id for t in document.map.tokens if t.id not in set(taking)]
            removing = move.word == "remove"
            self.table = TokenTable(document, table_specs, taking if removing else others, set())
            layout.addWidget(self.table)
        self.problem = QLabel()
        self.problem.setStyleSheet("color: #c0392b")
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.problem)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def values(self) -> dict[str, Any]:
        found = {name: edit.value() for name, edit in self.edits.items()}
        found = {k: v for k, v in found.items() if v is not None}
        if self.table is not None:
            found.update({k: v for k, v in self.table.values().items() if v or k == "tokens"})
        return found

    def _accept(self) -> None:
        missing = self.table.missing() if self.table is not None else ""
        if missing:
            self.problem.setText(missing)
            return
        self.accept()


def step_dialog(parent: QWidget | None, document: MapDocument, move: Move) -> dict[str, Any] | None:
    """The step's fields as the GM fills them, or None when cancelled."""
    dialog = StepDialog(parent, document, move, move.word.replace("_", " ").capitalize())
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return {"do": move.word, **dialog.values()}


def ask(parent: QWidget | None, document: MapDocument, question: Question, step: dict[str, Any]) -> Any:
    """The GM's answer to a question the rules asked, or None when cancelled (or skipped)."""
    if question.kind == "choice" and question.choices:
        return _choose(parent, question)
    if question.kind == "passages":
        return _passages(parent, document, question, step)
    spec = Field(question.field, question.kind, question.prompt, required=True, choices=question.choices)
    dialog = QDialog(parent)
    dialog.setWindowTitle("The rules ask")
    layout = QVBoxLayout(dialog)
    prompt = QLabel(question.prompt)
    prompt.setWordWrap(True)
    prompt.setTextFormat(Qt.TextFormat.PlainText)
    layout.addWidget(prompt)
    if question.kind == "by_token":
        table = TokenTable(
            document,
            [Field(question.field, "by_token", "Bid", low=0, high=99)],
            list(question.choices),
            set(question.choices),
        )
        for token in question.choices:
            table.set_number(question.field, token, 0)
        layout.addWidget(table)
        read = lambda: table.values()[question.field]  # noqa: E731
    else:
        edit = make_edit(spec, PlaceList(document))
        if edit is None:
            return None
        edit.fill(document, {})
        if question.choices and hasattr(edit, "offer"):
            edit.offer([(document.label("token", c), c) for c in question.choices])
        layout.addWidget(edit.widget)
        read = edit.value
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    answer = read()
    return None if answer in (None, NONE) else answer


def _choose(parent: QWidget | None, question: Question) -> str | None:
    """One button per word the rules offer ("Grow the grid", "Exit the encounter")."""
    dialog = QDialog(parent)
    dialog.setWindowTitle("The rules ask")
    layout = QVBoxLayout(dialog)
    prompt = QLabel(question.prompt)
    prompt.setWordWrap(True)
    prompt.setTextFormat(Qt.TextFormat.PlainText)
    layout.addWidget(prompt)
    chosen: list[str] = []
    buttons = QDialogButtonBox()
    for word in question.choices:
        button = QPushButton(word.capitalize())
        button.clicked.connect(lambda _c=False, w=word: (chosen.append(w), dialog.accept()))
        buttons.addButton(button, QDialogButtonBox.ButtonRole.ActionRole)
    buttons.addButton(QDialogButtonBox.StandardButton.Cancel).clicked.connect(dialog.reject)
    layout.addWidget(buttons)
    dialog.exec()
    return chosen[0] if chosen else None


def _passages(parent: QWidget | None, document: MapDocument, question: Question, step: dict[str, Any]) -> Any:
    """A border taken out, redefined "within reason": its passages edited as in the Inspector."""
    from tabletop.ui.docks.passages import PassageEditor

    border_id = step.get("target") or (question.choices[0] if question.choices else "")
    border: Border | None = document.get("border", border_id) if border_id else None
    if border is None:
        return None
    dialog = QDialog(parent)
    dialog.setWindowTitle("Redefine the border")
    layout = QVBoxLayout(dialog)
    prompt = QLabel(question.prompt)
    prompt.setWordWrap(True)
    prompt.setTextFormat(Qt.TextFormat.PlainText)
    layout.addWidget(prompt)
    passages: list[Passage] = list(border.passages)
    names = [document.label("zone", z) for z in (border.a, border.b)]

    def changed(new: list[Passage], which: str) -> None:
        passages[:] = new
        if which in ("add", "remove"):  # a passage more or fewer: the editor shows them again
            editor.load(border.model_copy(update={"passages": new}), *names)

    editor = PassageEditor(changed)
    editor.load(border, *names)
    layout.addWidget(editor)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Redefine")
    buttons.button(QDialogButtonBox.StandardButton.Cancel).setText("Leave it as it is")
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return [p.model_dump(mode="json") for p in passages]
