"""The Inspector's passage editor: one block per way through a border, with its label, its
cost each way ("no way" for impassable) and its door. Blocks stack so the editor fits a
narrow dock: a row of six columns pushed the remove button off-screen."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QComboBox, QFrame, QGridLayout, QLineEdit, QPushButton, QSpinBox, QToolButton, QWidget

from tabletop.model import Border, Door, Passage
from tabletop.ui.docks.fields import NO_WAY, choices, optional_int, spin
from tabletop.ui.docks.widgets import ElidedLabel
from tabletop.ui.plain import set_tip

NO_DOOR = "no door"
DOOR_CHOICES = [NO_DOOR, *choices(Door, "state")]
SIGHT_CHOICES = {"door": "sight as its door", "clear": "sees through", "blocked": "blocks sight"}
"""A passage's sight in the GM's words: with no door, "as its door" is open ground."""


class PassageRow:
    """The widgets of one passage."""

    def __init__(self, a_name: str, b_name: str) -> None:
        self.label = QLineEdit()
        self.label.setPlaceholderText("pass")
        self.there, self.back = spin(0, 99, "no way"), spin(0, 99, "no way")
        self.shut_there, self.shut_back = _shut(self.there), _shut(self.back)
        self.there_label = ElidedLabel(f"{a_name} → {b_name}")
        self.back_label = ElidedLabel(f"{b_name} → {a_name}")
        set_tip(self.there, f"Pass value from {a_name} into {b_name}")
        set_tip(self.back, f"Pass value from {b_name} into {a_name}")
        self.door = QComboBox()
        self.door.addItems(DOOR_CHOICES)
        self.door.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.opening: QSpinBox = spin(0, 99)
        self.opening.setPrefix("+")
        self.opening.setSuffix(" to open")
        self.opening.setToolTip("What opening or closing the door costs, on top of the pass value")
        self.sight = QComboBox()
        for value, words in SIGHT_CHOICES.items():
            self.sight.addItem(words, value)
        self.sight.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        set_tip(
            self.sight,
            "Whether the players see through this passage: as its door (closed or locked blocks sight,"
            " open or no door lets it through), always (a window) or never (a wall)",
        )
        self.remove = QPushButton("✕")
        self.remove.setToolTip("Remove this passage")
        self.remove.setFixedWidth(self.remove.fontMetrics().horizontalAdvance("✕") + 16)

    def editors(self) -> tuple[QWidget, ...]:
        """The editors in the passage's order: label, cost there, cost back, door, opening, sight."""
        return (self.label, self.there, self.back, self.door, self.opening, self.sight)

    def __iter__(self):
        return iter(self.editors())

    def __getitem__(self, index: int) -> QWidget:
        return self.editors()[index]

    def place(self, layout: QGridLayout, first: int) -> None:
        layout.addWidget(self.label, first, 0, 1, 2)
        layout.addWidget(self.remove, first, 2)
        layout.addWidget(self.there_label, first + 1, 0)
        layout.addWidget(self.there, first + 1, 1)
        layout.addWidget(self.shut_there, first + 1, 2)
        layout.addWidget(self.back_label, first + 2, 0)
        layout.addWidget(self.back, first + 2, 1)
        layout.addWidget(self.shut_back, first + 2, 2)
        layout.addWidget(self.door, first + 3, 0)
        layout.addWidget(self.opening, first + 3, 1, 1, 2)
        layout.addWidget(self.sight, first + 4, 0, 1, 3)

    def fill(self, passage: Passage) -> None:
        if self.label.text() != passage.label:
            self.label.setText(passage.label)
        self.there.setValue(NO_WAY if passage.cost_from_a is None else passage.cost_from_a)
        self.back.setValue(NO_WAY if passage.cost_from_b is None else passage.cost_from_b)
        self.door.setCurrentText(passage.door.state if passage.door else NO_DOOR)
        self.opening.setValue(passage.door.open_cost if passage.door else 2)
        self.opening.setEnabled(passage.door is not None)
        self.sight.setCurrentIndex(self.sight.findData(passage.sight))

    def passage(self) -> Passage:
        state = self.door.currentText()
        return Passage(
            label=self.label.text(),
            cost_from_a=optional_int(self.there),
            cost_from_b=optional_int(self.back),
            door=None if state == NO_DOOR else Door(state=state, open_cost=self.opening.value()),
            sight=self.sight.currentData(),
        )


def _shut(box: QSpinBox) -> QToolButton:
    """A toggle beside a pass value for "no way" (impassable this way), so a GM finds it without
    stepping the value below 0; it follows the value, and turned off gives the way a pass value of 1."""
    button = QToolButton()
    button.setText("⊘")
    button.setCheckable(True)
    button.setToolTip("No way: impassable this way")
    button.setAccessibleName("No way")

    def follow(value: int) -> None:
        button.blockSignals(True)
        button.setChecked(value == NO_WAY)
        button.blockSignals(False)

    box.valueChanged.connect(follow)
    button.toggled.connect(lambda shut: box.setValue(NO_WAY if shut else max(box.value(), 1)))
    follow(box.value())
    return button


class PassageEditor(QWidget):
    """Edits the passages of one border; `changed(passages, which)` gives the new list."""

    def __init__(self, changed: Callable[[list[Passage], str], None]) -> None:
        super().__init__()
        self._changed = changed
        self._layout = QGridLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setColumnStretch(0, 1)
        self._rows: list[PassageRow] = []
        self._loading = False
        self.add_button = QPushButton("Add passage")
        self.add_button.clicked.connect(self._add)
        self._border: Border | None = None
        self._names: tuple[str, str] = ("", "")

    def load(self, border: Border, a_name: str, b_name: str) -> None:
        """Show a border's passages; the same border with as many passages is updated in
        place, so focus and the cursor stay where the GM is typing."""
        same = (
            self._border is not None
            and self._border.id == border.id
            and len(self._rows) == len(border.passages)
            and self._names == (a_name, b_name)
        )
        self._border, self._names = border, (a_name, b_name)
        if same:
            self._loading = True
            for row, passage in zip(self._rows, border.passages, strict=True):
                row.fill(passage)
            self._loading = False
            return
        self._rebuild(border, a_name, b_name)

    def _rebuild(self, border: Border, a_name: str, b_name: str) -> None:
        self._loading = True
        while self._layout.count():
            widget = self._layout.takeAt(0).widget()
            if widget is not None and widget is not self.add_button:
                widget.hide()  # gone at once: left shown until deleted, it lay over the new rows
                widget.deleteLater()
        self._rows = []
        line = 0
        for index, passage in enumerate(border.passages):
            if index:
                rule = QFrame()
                rule.setFrameShape(QFrame.Shape.HLine)
                self._layout.addWidget(rule, line, 0, 1, 3)
                line += 1
            row = PassageRow(a_name, b_name)
            row.fill(passage)
            row.place(self._layout, line)
            line += 5
            row.remove.clicked.connect(lambda _=False, r=index: self._remove(r))
            row.label.textEdited.connect(lambda _t, r=index: self._emit(f"label-{r}"))
            for name, box in (("a", row.there), ("b", row.back), ("open", row.opening)):
                box.valueChanged.connect(lambda _v, r=index, n=name: self._emit(f"{n}-{r}"))
            row.door.currentTextChanged.connect(lambda _t, r=index: self._emit(f"door-{r}"))
            row.sight.currentIndexChanged.connect(lambda _i, r=index: self._emit(f"sight-{r}"))
            self._rows.append(row)
        self._layout.addWidget(self.add_button, line, 0, 1, 3)
        self._loading = False

    def passages(self) -> list[Passage]:
        return [row.passage() for row in self._rows]

    def _emit(self, which: str) -> None:
        if not self._loading:
            self._changed(self.passages(), which)

    def _add(self) -> None:
        self._changed([*self.passages(), Passage()], "add")

    def _remove(self, index: int) -> None:
        passages = self.passages()
        del passages[index]
        self._changed(passages, "remove")
