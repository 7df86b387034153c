"""Play ▸ Start Conflict: pick the system, who takes part (the tokens on the map, all ticked
but the hidden), their sides and, for an AF encounter, their reflex (typed by the GM, or the
last encounter's on this map; never a silent 0). The rules then start it
(rules/edgerunner.py `start`, rules/af.py `start`) as one undo step."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tabletop.model import SYSTEM_NAMES, Map
from tabletop.rules.af import reflexes_known

COLUMNS = ["Takes part", "Side", "Reflex"]
REFLEXES = (-20, 40)
UNTYPED = REFLEXES[0] - 1
"""A reflex spin box at this value shows "type it": the GM has not given that reflex yet."""
REFLEX_TIP = (
    "Each round, on your reflex, you get your turn (highest first). The reflex comes from the "
    "character, not the map: type it for everyone taking part (the last encounter's is filled in)."
)
PLAYED = ("edgerunner", "af")
"""The systems the play dock runs turn by turn."""


@dataclass
class Setup:
    """What the GM chose: the system, the tokens in map order, their sides, reflexes and caller."""

    system: str
    tokens: list[str]
    sides: dict[str, str]
    reflexes: dict[str, int]
    caller: str = ""


def default_system(map_: Map) -> str:
    """An encounter grid means AF; zones alone, Edgerunner."""
    return "af" if map_.grids and not map_.zones else "edgerunner"


class StartConflictDialog(QDialog):
    def __init__(self, map_: Map, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Start a conflict")
        self.map = map_
        self.system = QComboBox()
        for key in PLAYED:
            self.system.addItem(SYSTEM_NAMES[key], key)
        self.system.setCurrentIndex(self.system.findData(default_system(map_)))
        self.caller = QLineEdit()
        self.caller.setPlaceholderText('who asks "who\'s next?" (the GM if empty)')
        self.table = QTableWidget(len(map_.tokens), len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setVerticalHeaderLabels([t.label for t in map_.tokens])
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.horizontalHeaderItem(2).setToolTip(REFLEX_TIP)
        self.reflex: dict[str, QSpinBox] = {}
        known = reflexes_known(map_)
        for row, token in enumerate(map_.tokens):
            check = QTableWidgetItem(token.label)
            check.setFlags(Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled)
            taking_part = not token.hidden and token.location is not None
            check.setCheckState(Qt.CheckState.Checked if taking_part else Qt.CheckState.Unchecked)
            self.table.setItem(row, 0, check)
            self.table.setItem(row, 1, QTableWidgetItem(token.side))
            spin = QSpinBox()
            spin.setRange(UNTYPED, REFLEXES[1])
            spin.setSpecialValueText("type it")
            spin.setValue(known.get(token.id, UNTYPED))
            spin.setToolTip(REFLEX_TIP)
            self.reflex[token.id] = spin
            self.table.setCellWidget(row, 2, spin)
        form = QFormLayout()
        form.addRow("System", self.system)
        form.addRow("Caller", self.caller)
        self.problem = QLabel()
        self.problem.setStyleSheet("color: #c0392b")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start")
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.table)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self.system.currentIndexChanged.connect(self._system_changed)
        self._system_changed()
        self.resize(520, 420)

    def _system_changed(self) -> None:
        af = self.system.currentData() == "af"
        self.table.setColumnHidden(2, not af)
        self.caller.setEnabled(not af)

    def setup(self) -> Setup:
        tokens, sides, reflexes = [], {}, {}
        for row, token in enumerate(self.map.tokens):
            if self.table.item(row, 0).checkState() != Qt.CheckState.Checked:
                continue
            tokens.append(token.id)
            sides[token.id] = self.table.item(row, 1).text().strip() or token.side
            if self.reflex[token.id].value() != UNTYPED:
                reflexes[token.id] = self.reflex[token.id].value()
        return Setup(self.system.currentData(), tokens, sides, reflexes, self.caller.text().strip())

    def _accept(self) -> None:
        chosen = self.setup()
        if not chosen.tokens:
            self.problem.setText("Tick at least one token to take part.")
            return
        if len(set(chosen.sides.values())) < 2:
            self.problem.setText("A conflict needs two sides: give someone another side.")
            return
        untyped = [t for t in chosen.tokens if t not in chosen.reflexes]
        if chosen.system == "af" and untyped:
            names = [self.map.token(t).label for t in untyped]
            who = ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else names[0]
            self.problem.setText(f"Type the reflex of {who}: turns run on reflex, highest first.")
            return
        self.accept()


def start_step(map_: Map, setup: Setup):
    """The rules' first step of the chosen system."""
    if setup.system == "af":
        from tabletop.rules import af

        return af.start(map_, setup.tokens, setup.sides, setup.reflexes)
    from tabletop.rules import edgerunner

    return edgerunner.start(map_, setup.tokens, setup.sides, caller=setup.caller)
