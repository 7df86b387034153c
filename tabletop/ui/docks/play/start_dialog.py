"""Play ▸ Start Conflict: pick the system, who takes part (the tokens on the map, all ticked
but the hidden and those off the map), their sides, and what the system's start takes (an
AF encounter's reflexes, typed by the GM or the last encounter's on this map, never a silent
0; an Edgerunner exchange's duration and caller). The fields come from the system's
declarations (rules/systems.py); the rules start it as one undo step."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from tabletop.document import MapDocument
from tabletop.rules import systems
from tabletop.rules.step_fields import Field
from tabletop.ui.docks.play.ask import TABLE_KINDS, TokenTable
from tabletop.ui.docks.play.choice_edits import Edit
from tabletop.ui.docks.play.field_edits import make_edit
from tabletop.ui.docks.play.finding_edits import PlaceList


class StartConflictDialog(QDialog):
    def __init__(self, document: MapDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Start a conflict")
        self.document = document
        self.system = QComboBox()
        for rules in systems.turn_based():
            self.system.addItem(rules.title, rules.name)
        self.system.setCurrentIndex(max(self.system.findData(systems.best_for(document.map).name), 0))
        self.form = QFormLayout()
        self.form.addRow("System", self.system)
        self.table: TokenTable | None = None
        self.edits: dict[str, Edit] = {}
        self.problem = QLabel()
        self.problem.setStyleSheet("color: #c0392b")
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start")
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        self.layout_ = QVBoxLayout(self)
        self.layout_.addLayout(self.form)
        self.table_at = self.layout_.count()
        self.layout_.addWidget(self.problem)
        self.layout_.addWidget(buttons)
        self.system.currentIndexChanged.connect(self._system_changed)
        self._system_changed()
        self.resize(560, 460)

    def rules(self) -> systems.RuleSystem:
        return systems.system(self.system.currentData())

    def _fields(self) -> list[Field]:
        shared = [f for f in systems.START.fields if f.name != "system"]
        return [*shared, *self.rules().start_fields]

    def _system_changed(self) -> None:
        """The chosen system's start: its own rows, and the token table with its columns."""
        while self.form.rowCount() > 1:
            self.form.removeRow(1)
        self.edits = {}
        places = PlaceList(self.document)
        for spec in self._fields():
            if spec.kind in TABLE_KINDS:
                continue
            edit = make_edit(spec, places)
            if edit is not None:
                edit.fill(self.document, {})
                self.edits[spec.name] = edit
                self.form.addRow(spec.title, edit.widget)
                edit.widget.setToolTip(spec.help)
        ticked = {t.id for t in self.document.map.tokens if not t.hidden and t.location is not None}
        if self.table is not None:
            ticked = set(self.table.chosen())
            self.table.deleteLater()
        tokens = [t.id for t in self.document.map.tokens if not t.problem]  # a problem never takes a turn
        self.table = TokenTable(self.document, [f for f in self._fields() if f.kind in TABLE_KINDS], tokens, ticked)
        known = self.rules().start_defaults(self.document.map)
        for spec in self.table.numbers:
            for token, value in known.get(spec.name, {}).items():
                self.table.set_number(spec.name, token, value)
            if spec.help:
                self.table.setToolTip(spec.help)
        self.layout_.insertWidget(self.table_at, self.table)

    def step(self) -> dict[str, Any]:
        found: dict[str, Any] = {"do": "start", "system": self.rules().name}
        found.update({name: edit.value() for name, edit in self.edits.items() if edit.value() is not None})
        found.update({k: v for k, v in self.table.values().items() if v or k == "tokens"})
        return found

    def _accept(self) -> None:
        chosen = self.step()
        if not chosen["tokens"]:
            self.problem.setText("Tick at least one token to take part.")
            return
        sides = {chosen.get("sides", {}).get(t) or self.document.get("token", t).side for t in chosen["tokens"]}
        if len(sides) < 2:
            self.problem.setText("A conflict needs two sides: give someone another side.")
            return
        missing = self.table.missing()
        if missing:
            self.problem.setText(missing)
            return
        self.accept()
