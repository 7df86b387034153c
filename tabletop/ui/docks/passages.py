"""The Inspector's passage editor: one row per way through a border, with its label, its
cost each way ("no way" for impassable) and its door."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QComboBox, QGridLayout, QLabel, QLineEdit, QPushButton, QWidget

from tabletop.model import Border, Door, Passage
from tabletop.ui.docks.fields import NO_WAY, optional_int, spin

DOOR_CHOICES = ["no door", "open", "closed", "locked", "broken"]


class PassageEditor(QWidget):
    """Edits the passages of one border; `changed(passages, which)` gives the new list."""

    def __init__(self, changed: Callable[[list[Passage], str], None]) -> None:
        super().__init__()
        self._changed = changed
        self._layout = QGridLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._rows: list[tuple[QLineEdit, ...]] = []
        self._loading = False
        self.add_button = QPushButton("Add passage")
        self.add_button.clicked.connect(self._add)
        self._border: Border | None = None

    def load(self, border: Border, a_name: str, b_name: str) -> None:
        """Show a border's passages; the same border with as many passages is updated in
        place, so focus and the cursor stay where the GM is typing."""
        same = self._border is not None and self._border.id == border.id and len(self._rows) == len(border.passages)
        self._border = border
        if same:
            self._loading = True
            for row, passage in zip(self._rows, border.passages, strict=True):
                self._fill(row, passage)
            self._loading = False
            return
        self._rebuild(border, a_name, b_name)

    @staticmethod
    def _fill(row: tuple, passage: Passage) -> None:
        label, there, back, door, opening = row
        if label.text() != passage.label:
            label.setText(passage.label)
        there.setValue(NO_WAY if passage.cost_from_a is None else passage.cost_from_a)
        back.setValue(NO_WAY if passage.cost_from_b is None else passage.cost_from_b)
        door.setCurrentText(passage.door.state if passage.door else "no door")
        opening.setValue(passage.door.open_cost if passage.door else 2)
        opening.setEnabled(passage.door is not None)

    def _rebuild(self, border: Border, a_name: str, b_name: str) -> None:
        self._loading = True
        while self._layout.count():
            widget = self._layout.takeAt(0).widget()
            if widget is not None and widget is not self.add_button:
                widget.deleteLater()
        self._rows = []
        for col, title in enumerate(["Passage", f"{a_name} →", f"← {b_name}", "Door", "to open", ""]):
            self._layout.addWidget(QLabel(title), 0, col)
        for row, passage in enumerate(border.passages, start=1):
            label = QLineEdit()
            label.setPlaceholderText("pass")
            there, back, opening = spin(0, 99, "no way"), spin(0, 99, "no way"), spin(0, 99)
            door = QComboBox()
            door.addItems(DOOR_CHOICES)
            self._fill((label, there, back, door, opening), passage)
            remove = QPushButton("✕")
            remove.setToolTip("Remove this passage")
            remove.clicked.connect(lambda _=False, r=row - 1: self._remove(r))
            for col, widget in enumerate((label, there, back, door, opening, remove)):
                self._layout.addWidget(widget, row, col)
            label.textEdited.connect(lambda _t, r=row: self._emit(f"label-{r}"))
            for name, box in (("a", there), ("b", back), ("open", opening)):
                box.valueChanged.connect(lambda _v, r=row, n=name: self._emit(f"{n}-{r}"))
            door.currentTextChanged.connect(lambda _t, r=row: self._emit(f"door-{r}"))
            self._rows.append((label, there, back, door, opening))
        self._layout.addWidget(self.add_button, len(border.passages) + 1, 0, 1, 2)
        self._loading = False

    def passages(self) -> list[Passage]:
        found = []
        for label, there, back, door, opening in self._rows:
            state = door.currentText()
            found.append(
                Passage(
                    label=label.text(),
                    cost_from_a=optional_int(there),
                    cost_from_b=optional_int(back),
                    door=None if state == "no door" else Door(state=state, open_cost=opening.value()),
                )
            )
        return found

    def _emit(self, which: str) -> None:
        if not self._loading:
            self._changed(self.passages(), which)

    def _add(self) -> None:
        self._changed([*self.passages(), Passage()], "add")

    def _remove(self, index: int) -> None:
        passages = self.passages()
        del passages[index]
        self._changed(passages, "remove")
