"""The Inspector: every property of the selected zone, border (with its passages) or token,
or of the map when nothing is selected. Each change is one undoable command; a value the
model refuses is named in one red line and not applied."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from tabletop.document import MapDocument
from tabletop.document.commands import EditMap, EditObject
from tabletop.model import Passage
from tabletop.ui.docks.fields import Field, error_text, spin, updated
from tabletop.ui.docks.passages import PassageEditor

STATES = ["down", "bleeding", "falling", "stall", "hidden", "exhausted"]


def _text(lines: int = 3) -> QPlainTextEdit:
    box = QPlainTextEdit()
    box.setFixedHeight(22 * lines)
    return box


class Inspector(QWidget):
    def __init__(self, document: MapDocument) -> None:
        super().__init__()
        self.document = document
        self.shown: tuple[str, str] | None = None
        self.fields: dict[str, list[Field]] = {}
        self.pages = QStackedWidget()
        self.title = QLabel()
        self.title.setStyleSheet("font-weight: bold")
        self.problem = QLabel()
        self.problem.setStyleSheet("color: #c62828")
        self.problem.setWordWrap(True)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.pages)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(scroll)
        layout.addWidget(self.problem)
        self._page_map()
        self._page_zone()
        self._page_border()
        self._page_token()
        document.selectionChanged.connect(self.refresh)
        document.edited.connect(self._edited)
        document.reset.connect(self.refresh)
        document.metaChanged.connect(self.refresh)
        self.refresh()

    # -- pages -------------------------------------------------------------------------------

    def _form(self, kind: str, rows: list[tuple[str, str, QWidget]]) -> QFormLayout:
        page = QWidget()
        form = QFormLayout(page)
        self.fields[kind] = []
        for label, path, widget in rows:
            form.addRow(label, widget)
            if path:
                self.fields[kind].append(Field(path, widget, lambda p, v, k=kind: self.edit(k, p, v)))
        self.pages.addWidget(page)
        return form

    def _page_map(self) -> None:
        self.map_title, self.map_notes = QLineEdit(), _text(6)
        form = self._form("map", [("Title", "", self.map_title), ("Notes", "", self.map_notes)])
        self.map_title.textEdited.connect(lambda t: self._edit_map())
        self.map_notes.textChanged.connect(self._edit_map)
        self.map_summary = QLabel()
        form.addRow(self.map_summary)

    def _page_zone(self) -> None:
        pattern = QComboBox()
        pattern.addItems(["solid", "hatch", "cross", "dots", "none"])
        opacity = QDoubleSpinBox()
        opacity.setRange(0, 1)
        opacity.setSingleStep(0.1)
        self._form(
            "zone",
            [
                ("Name", "name", QLineEdit()),
                ("Description", "description", _text()),
                ("GM notes", "gm_notes", _text()),
                ("Hidden from players", "hidden", QCheckBox()),
                ("Colour", "fill.colour", QLineEdit()),
                ("Pattern", "fill.pattern", pattern),
                ("Opacity", "fill.opacity", opacity),
            ],
        )

    def _page_border(self) -> None:
        self.passage_editor = PassageEditor(self._edit_passages)
        self._form("border", [("Label", "label", QLineEdit()), ("Passages", "", self.passage_editor)])

    def _page_token(self) -> None:
        facing = QDoubleSpinBox()
        facing.setRange(-360, 720)
        facing.setWrapping(False)
        facing.setSuffix("°")
        rows = [
            ("Name", "name", QLineEdit()),
            ("Side", "side", QLineEdit()),
            ("Colour", "colour", QLineEdit()),
            ("Facing", "facing", facing),
            ("Reach", "reach", spin(0, 20)),
            ("Run", "speeds.run", spin(0, 40)),
            ("Climb", "speeds.climb", spin(0, 40)),
            ("Jump", "speeds.jump", spin(0, 40)),
            ("Swim", "speeds.swim", spin(0, 40)),
            ("Fly", "speeds.fly", spin(0, 40, "cannot fly")),
            ("Hidden from players", "hidden", QCheckBox()),
        ]
        form = self._form("token", rows)
        self.state_boxes = {}
        for state in STATES:
            box = QCheckBox(state)
            box.toggled.connect(self._edit_states)
            self.state_boxes[state] = box
            form.addRow("" if state != STATES[0] else "States", box)

    # -- showing -----------------------------------------------------------------------------

    def refresh(self) -> None:
        self.problem.clear()
        selection = self.document.selection
        self.shown = selection[0] if len(selection) == 1 else None
        kind = self.shown[0] if self.shown else "map"
        obj = self.document.get(*self.shown) if self.shown else None
        if self.shown and (obj is None or kind not in self.fields):
            self.shown, kind, obj = None, "map", None
        self.pages.setCurrentIndex(list(self.fields).index(kind))
        if obj is None:
            self._load_map(len(selection))
            return
        self.title.setText(f"{kind.capitalize()} {getattr(obj, 'label', obj.id)}  ({obj.id})")
        for field in self.fields[kind]:
            field.load(obj)
        if kind == "border":
            names = [self.document.get("zone", z).label for z in (obj.a, obj.b)]
            self.passage_editor.load(obj, *names)
        elif kind == "token":
            for state, box in self.state_boxes.items():
                box.blockSignals(True)
                box.setChecked(state in obj.states)
                box.blockSignals(False)

    def _load_map(self, selected: int) -> None:
        map_ = self.document.map
        self.title.setText(f"{selected} items selected" if selected > 1 else "Map")
        for widget, value in ((self.map_title, map_.title), (self.map_notes, map_.notes)):
            widget.blockSignals(True)
            if isinstance(widget, QLineEdit) and widget.text() != value:
                widget.setText(value)
            elif isinstance(widget, QPlainTextEdit) and widget.toPlainText() != value:
                widget.setPlainText(value)
            widget.blockSignals(False)
        self.map_summary.setText(
            f"{len(map_.zones)} zones, {len(map_.borders)} borders, {len(map_.tokens)} tokens, {len(map_.grids)} grids"
        )

    def _edited(self, change) -> None:
        if (
            change.removed
            or self.shown is None
            or (self.shown[0] == change.kind and self.shown[1] in change.object_ids)
        ):
            self.refresh()

    # -- editing -----------------------------------------------------------------------------

    def edit(self, kind: str, path: str, value: Any, merge: str | None = None) -> bool:
        """Push one edit of the shown object; a refused value is named, not applied."""
        if self.shown is None or self.shown[0] != kind:
            return False
        obj = self.document.get(*self.shown)
        try:
            new = updated(obj, path, value)
        except ValidationError as error:
            self.problem.setText(f"{path.split('.')[-1]}: {error_text(error)}")
            return False
        self.problem.clear()
        if new != obj:
            self.document.undo_stack.push(
                EditObject(self.document, kind, new, path.split(".")[-1], merge=merge or path)
            )
        return True

    def _edit_passages(self, passages: list[Passage], which: str) -> None:
        self.edit("border", "passages", [p.model_dump() for p in passages], merge=f"passages-{which}")
        if which in ("add", "remove"):
            self.refresh()

    def _edit_states(self) -> None:
        states = [s for s, box in self.state_boxes.items() if box.isChecked()]
        self.edit("token", "states", states, merge="")

    def _edit_map(self) -> None:
        title, notes = self.map_title.text(), self.map_notes.toPlainText()
        if (title, notes) != (self.document.map.title, self.document.map.notes):
            self.document.undo_stack.push(EditMap(self.document, title, notes))
