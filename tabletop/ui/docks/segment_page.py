"""The Inspector's segment page: the chosen segment of the shown grid, its name, properties
(the AF text's rough, slippery, cover, ledge, steep and water) and altitude. Each change is
one undo step; typing a name is one step, as typing a zone's name is."""

from __future__ import annotations

import html

from pydantic import ValidationError
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QFormLayout, QLabel, QLineEdit, QPushButton, QSpinBox, QWidget

from tabletop.document import MapDocument
from tabletop.document.commands.grid_edits import edit_segment, segment_at, segment_label
from tabletop.model import Segment
from tabletop.model.base import MAX_GAME_NUMBER
from tabletop.model.kinds import Kind
from tabletop.rules.area_names import tile_name
from tabletop.ui.docks.fields import choices, count
from tabletop.ui.docks.segment_choice import SegmentChoice

PROPERTY_TIPS = {
    "rough": "It costs 2 speed to enter an area instead of 1",
    "slippery": "A balance check on entering, or fall down",
    "cover": "Attack lines that cross it suffer a penalty (-2)",
    "ledge": "Interference here: fall to the bottom of the segment",
    "steep": "Climb speed only; interference here: fall to the bottom",
    "water": "Swim speed only; one may drown",
}
"""The AF text's sample effects, shown as each box's tip."""


class SegmentPage(QWidget):
    """Shown under the grid's own fields while one of its segments is chosen."""

    def __init__(self, document: MapDocument, choice: SegmentChoice | None = None) -> None:
        super().__init__()
        self.document = document
        self.choice = choice or SegmentChoice()
        self._loading = False
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.heading.setTextFormat(Qt.TextFormat.RichText)  # the segment's name in bold, escaped
        self.name = QLineEdit()
        self.name.setPlaceholderText("Segment name")
        self.altitude = QSpinBox()
        self.altitude.setRange(0, MAX_GAME_NUMBER)
        self.altitude.setToolTip("Above 0, fliers and jumpers do not ignore this segment")
        self.remove_button = QPushButton("Remove segment")
        form = QFormLayout(self)
        form.setContentsMargins(0, 8, 0, 0)
        form.addRow(self.heading)
        form.addRow("Segment", self.name)
        self.boxes: dict[str, QCheckBox] = {}
        for index, prop in enumerate(choices(Segment, "properties")):
            box = QCheckBox(prop)
            box.setToolTip(PROPERTY_TIPS.get(prop, ""))
            box.toggled.connect(lambda on, p=prop: self._set_property(p, on))
            self.boxes[prop] = box
            form.addRow("Properties" if index == 0 else "", box)
        form.addRow("Altitude", self.altitude)
        form.addRow(self.remove_button)
        self.name.textEdited.connect(self._set_name)
        self.altitude.valueChanged.connect(self._set_altitude)
        self.remove_button.clicked.connect(self._remove)
        self.choice.changed.connect(self.refresh)
        document.edited.connect(lambda change: change.kind is Kind.GRID and self.refresh())
        document.reset.connect(lambda: self.choice.set(None))
        document.selectionChanged.connect(self.refresh)
        self.refresh()

    def chosen(self) -> Segment | None:
        """The chosen segment while its grid is the one selected, else None."""
        key = self.choice.key
        if key is None or (Kind.GRID, key.grid) not in self.document.selection:
            return None
        return segment_at(self.document.get(Kind.GRID, key.grid), key)

    def refresh(self) -> None:
        segment = self.chosen()
        self.setVisible(segment is not None)
        if segment is None:
            return
        key = self.choice.key
        self._loading = True
        self.heading.setText(
            f"<b>{html.escape(segment_label(segment, key.index))}</b>: {count(len(segment.areas), 'area')} "
            f"on tile {tile_name(self.document.get(Kind.GRID, key.grid), *key.tile)}"
        )
        if self.name.text() != segment.name:
            self.name.setText(segment.name)
        for prop, box in self.boxes.items():
            box.setChecked(prop in segment.properties)
        self.altitude.setValue(segment.altitude)
        self._loading = False

    def _edit(self, update: dict, what: str, merge: str = "") -> None:
        key = self.choice.key
        before = self.chosen()
        if self._loading or before is None:
            return
        try:
            segment = Segment.model_validate({**before.model_dump(), **update})
        except ValidationError:
            self.refresh()  # a name the model refuses (a control character) is not taken
            return
        text = f"Change {what} of {segment_label(before, key.index)}"
        command = edit_segment(self.document, key, segment, text, merge=merge)
        if command is not None:
            self.document.undo_stack.push(command)

    def _set_name(self, name: str) -> None:
        segment = self.chosen()
        if segment is not None:
            key = self.choice.key
            self._edit({"name": name}, "name", f"segment-name-{key}")

    def _set_property(self, prop: str, on: bool) -> None:
        segment = self.chosen()
        if segment is None or (prop in segment.properties) == on:
            return
        props = [p for p in segment.properties if p != prop] + ([prop] if on else [])
        self._edit({"properties": props}, prop)

    def _set_altitude(self, altitude: int) -> None:
        segment = self.chosen()
        if segment is not None:
            key = self.choice.key
            self._edit({"altitude": altitude}, "altitude", f"segment-altitude-{key}")

    def _remove(self) -> None:
        segment, key = self.chosen(), self.choice.key
        if segment is None:
            return
        command = edit_segment(self.document, key, None, f"Remove {segment_label(segment, key.index)}")
        if command is not None:
            self.document.undo_stack.push(command)
        self.choice.set(None)
