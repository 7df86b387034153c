"""The reserve pane: an extended conflict's sides, who swings first and the order after, the
scores each side rolls with, one timeslice's offensive action typed in and the loss worked out
with every why, large enough to read across the table.

Every button builds a step and takes it as `tabletop play` does (rules/systems.perform, then
one undo step through document/commands.apply_step), so the pane and the command line are
the same path. The dice stay physical: the GM types both rolls and what each side spent.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
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
from tabletop.model import Conflict, ReserveSide
from tabletop.model.conflict import MAX_RESERVE_SIDES
from tabletop.model.wording import describe
from tabletop.rules import systems
from tabletop.rules.play import Unanswered
from tabletop.rules.resolvers import reserve_order, to_act
from tabletop.ui.docks.reserve_pane_form import NONE, OffensiveForm
from tabletop.ui.docks.reserve_pane_rolls import ContestBox, SimpleRollBox, named_numbers
from tabletop.ui.docks.widgets import fit_rows
from tabletop.ui.plain import set_tip

COLUMNS = ("Side", "Offense", "Defense", "Force", "Reserve", "Core values")
FIELDS = ("name", "offense", "defense", "force", "reserve", "core_values")
MERCY = ": at your mercy"

RESERVE = systems.system("reserve")
"""The system this pane runs: the pane is its window, as rules/reserve_system.py is its rules."""


def reserve_text(reserve: dict[str, int]) -> str:
    """Reserve (or Core Values) as the GM reads and types them: "Body 3, Will 4"."""
    return ", ".join(f"{score} {points}" for score, points in reserve.items())


def parse_reserve(text: str) -> dict[str, int]:
    """ "Body 3, Will 4" back into scores; a ValueError names the part that is not "Score N"."""
    return named_numbers(text, "a defensive score and its reserve, like 'Body 3'")


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


def _label(scale: float = 1.0) -> QLabel:
    """A label for the GM's and the players' text: plain text, wrapped, as large as asked."""
    label = QLabel()
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    if scale != 1.0:
        font = label.font()
        font.setPointSizeF(font.pointSizeF() * scale)
        font.setBold(True)
        label.setFont(font)
    return label


class ReservePane(QWidget):
    """Sides, order, the scores to roll with, the timeslice form, the result, single rolls."""

    def __init__(self, document: MapDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self._filling = False
        self._said_of: Conflict | None = None
        """The conflict the result and why speak of: another (an undo, a redo, an open) clears them."""
        layout = QVBoxLayout(self)
        self.timeslice = _label(1.3)
        layout.addWidget(self.timeslice)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.itemChanged.connect(self._side_edited)
        fit_rows(self.table)
        layout.addWidget(self.table)
        buttons = QHBoxLayout()
        first = QHBoxLayout()
        self.add_button = QPushButton("Add Side")
        self.add_button.clicked.connect(self.add_side)
        self.first = QComboBox()
        self.first.setToolTip("Whoever swings first, swings first: the side that declared the conflict")
        self.first.activated.connect(self._swings_first)
        self.next_button = QPushButton("Next Timeslice")
        self.next_button.clicked.connect(lambda: self.take({"do": "next"}))
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.next_button)
        first.addWidget(QLabel("Swings first"))
        first.addWidget(self.first, 1)
        layout.addLayout(buttons)
        layout.addLayout(first)
        self.order = _label()
        layout.addWidget(self.order)
        self.form = OffensiveForm()
        self.form.edited.connect(self._show_scores)
        self.form.resolve_button.clicked.connect(self.resolve)
        self.form.escape_button.clicked.connect(self.escape)
        self.form.fold_button.clicked.connect(self.fold)
        self.scores = _label(1.3)
        layout.addWidget(self.scores)
        layout.addWidget(self.form)
        self.result = _label(1.6)
        self.why = _label()
        layout.addWidget(self.result)
        layout.addWidget(self.why)
        self.contest = ContestBox(lambda step: self.take(step, asks=True))
        layout.addWidget(self.contest)
        self.simple = SimpleRollBox(self.take)
        layout.addWidget(self.simple)
        self.difficulty_table = self.simple.difficulty_table
        layout.addStretch(1)
        for name in ("attacker", "defender", "attack", "defense", "pays", "weapon", "subtle", "victory"):
            setattr(self, name, getattr(self.form, name))
        for name in ("resolve_button", "escape_button", "fold_button"):
            setattr(self, name, getattr(self.form, name))
        document.edited.connect(self._edited)
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

    # -- reading the conflict --------------------------------------------------------------------

    def conflict(self) -> Conflict | None:
        """The extended conflict on the map, if that is what runs (or last ran) there."""
        conflict = self.document.map.conflict
        return conflict if conflict is not None and systems.of(conflict) is RESERVE else None

    def sides(self) -> list[ReserveSide]:
        conflict = self.conflict()
        return list(conflict.reserve) if conflict is not None else []

    def _edited(self, change: Change) -> None:
        if change.kind is Part.CONFLICT:
            self.refresh()

    def refresh(self) -> None:
        """Show the sides as the map's conflict holds them (after a step, an undo, an open)."""
        if self.document.map.conflict is not self._said_of:
            self.result.clear()
            self.why.clear()
        self._filling = True
        sides = self.sides()
        self.table.setRowCount(len(sides))
        for row, side in enumerate(sides):
            cells = (
                side.name,
                str(side.offense),
                str(side.defense),
                str(side.force),
                reserve_text(side.reserve),
                reserve_text(side.core_values),
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                gone = "folded" if side.folded else "escaped" if side.escaped else "beaten" if side.beaten else ""
                if gone:
                    item.setForeground(Qt.GlobalColor.gray)
                    set_tip(item, f"{side.name} {gone}")
                elif column == 4 and not any(side.reserve.values()):
                    item.setText(text + MERCY)
                    item.setToolTip("Out of Reserve: a win against this side may take a victory")
                self.table.setItem(row, column, item)
        self._filling = False
        self.form.refresh(sides)
        conflict = self.conflict()
        playing = conflict is not None and bool(sides) and conflict.ended is None
        self.first.blockSignals(True)
        self.first.clear()
        self.first.addItems([NONE, *(s.name for s in sides)])
        self.first.setCurrentText(conflict.swings_first if conflict is not None and conflict.swings_first else NONE)
        self.first.blockSignals(False)
        self.first.setEnabled(playing)
        self.next_button.setEnabled(playing)
        for button in (self.resolve_button, self.escape_button, self.fold_button):
            button.setEnabled(playing and len(sides) > 1)
        self.order.setText(self._order(conflict) if playing else "Add the sides of the conflict")
        self.timeslice.setText(self._timeslice(conflict))
        self._show_scores()

    @staticmethod
    def _order(conflict: Conflict) -> str:
        first = conflict.swings_first
        return "Order: " + ", ".join(f"{s} (swings first)" if s == first else s for s in reserve_order(conflict))

    @staticmethod
    def _timeslice(conflict: Conflict | None) -> str:
        if conflict is None:
            return "No extended conflict yet"
        if conflict.ended is not None:
            return f"Ended ({conflict.ended})" + (f": {conflict.story}" if conflict.story else "")
        waiting = to_act(conflict)
        acting = f"to act: {', '.join(waiting)}" if waiting else "every side has acted: Next Timeslice"
        return f"Timeslice {conflict.exchange} · {acting}"

    def _show_scores(self) -> None:
        """The score each side rolls with, Core Values added: what the players pick up the dice for."""
        conflict = self.conflict()
        attacker, defender = self.form.sides_named()
        if conflict is None or conflict.ended is not None or not attacker or attacker == defender:
            self.scores.setText("")
            return
        step = {"attacker": attacker, "defender": defender, **self.form.values()}
        said = systems.of(conflict).helper(self.document.map, conflict, step)
        self.scores.setText(said.replace("; ", "\n"))

    # -- steps ----------------------------------------------------------------------------------

    def take(self, step: dict[str, Any], asks: bool = False) -> str | None:
        """Take a step as `tabletop play` does, as one undo step; None when it applied, else
        the rules' reason in one line (a question the caller asks raises as it is)."""
        document = self.document
        try:  # a race or a single roll with no conflict running: the rules begin one for its log
            outcome = systems.perform(document.map, document.map.conflict, step)
        except Unanswered as asked:
            if asks:
                raise
            return self._refused(asked.question.prompt)
        except ValueError as error:
            return self._refused(one_line(error.args[0] if error.args else str(error)))
        before = len(document.map.conflict.log) if document.map.conflict is not None else 0
        apply_step(document, outcome)
        conflict = document.map.conflict
        self.result.setText(outcome.text)
        grew = conflict is not None and len(conflict.log) > before
        self.why.setText(conflict.log[-1].story if grew and step.get("do") != "start" else "")
        self._said_of = conflict
        return None

    def _refused(self, why: str) -> str:
        self.why.setText(why)
        self._said_of = self.document.map.conflict
        return why

    def _with_sides(self, sides: list[ReserveSide], text: str) -> None:
        """The sides changed: a new conflict when none runs here, else the "sides" step."""
        given = [s.model_dump(mode="json") for s in sides]
        conflict = self.conflict()
        if conflict is None or conflict.ended is not None:
            fresh = [{**s, "folded": False, "escaped": False, "beaten": False} for s in given]
            refused = self.take({"do": "start", "system": "reserve", "sides_given": fresh})
        else:
            refused = self.take({"do": "sides", "sides": given})
        if refused is None:
            self.result.setText(text)

    def add_side(self) -> None:
        taken = {s.name for s in self.sides()}
        if len(taken) >= MAX_RESERVE_SIDES:
            self._refused(f"Not added: a conflict has at most {MAX_RESERVE_SIDES} sides")
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
            field = FIELDS[column]
            text = text.removesuffix(MERCY)
            if field == "reserve":
                value: Any = parse_reserve(text)
            elif field == "core_values":
                value = named_numbers(text, "a Core Value and its rating, like 'Loyalty 3'")
            else:
                value = text if field == "name" else _whole(text)
            sides[row] = ReserveSide.model_validate({**side.model_dump(), field: value})
            if len({s.name for s in sides}) != len(sides):
                raise ValueError(f"another side is called '{text}'")
        except ValidationError as error:  # a ValueError too: its first line was "1 validation error for ReserveSide"
            self._refused(f"Not changed: {describe(error)}")
            self.refresh()
            return
        except ValueError as error:
            self._refused(f"Not changed: {str(error).splitlines()[0]}")
            self.refresh()
            return
        self._with_sides(sides, f"Change {side.name}")

    def _swings_first(self) -> None:
        chosen = self.first.currentText()
        self.take({"do": "swings_first", "side": "" if chosen == NONE else chosen})

    def _two_sides(self) -> bool:
        attacker, defender = self.form.sides_named()
        if self.conflict() is None or not attacker or attacker == defender:
            self._refused("Pick two different sides")
            return False
        return True

    def resolve(self) -> None:
        if self._two_sides() and self.take(self.form.step("offensive")) is None:
            self.form.typed()

    def escape(self) -> None:
        if self._two_sides() and self.take(self.form.step("escape")) is None:
            self.form.typed()

    def fold(self) -> None:
        if self._two_sides():
            attacker, defender = self.form.sides_named()
            self.take({"do": "fold", "side": defender, "to": attacker})
