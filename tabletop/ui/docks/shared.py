"""The Inspector's page for several selected objects: how many of each kind, the values they
all share, and the few properties a GM sets on many at once (hidden, colour, pattern, side),
each change one undo step for all of them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from tabletop.document import MapDocument
from tabletop.document.commands import Batch, EditMany
from tabletop.model import FillStyle
from tabletop.model.wording import words
from tabletop.rules.sides import colour_on_side
from tabletop.ui.docks.fields import choices, count, read, updated
from tabletop.ui.docks.widgets import ColourButton
from tabletop.ui.plain import plain_label

MIXED = "(mixed)"


def shown(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _checkbox(label: str, values: list, apply: Callable[[Any], None]) -> QWidget:
    box = QCheckBox(label if len(set(values)) == 1 else f"{label} (some)")
    box.setChecked(all(values))
    box.toggled.connect(apply)
    return box


def _colour(label: str, values: list, apply: Callable[[Any], None]) -> QWidget:
    button = ColourButton(label)
    button.set_colour(values[0])
    if len(set(values)) > 1:
        button.setText(MIXED)
    button.colourChanged.connect(apply)
    return button


def _pattern(label: str, values: list, apply: Callable[[Any], None]) -> QWidget:
    combo = QComboBox()
    combo.addItems(([] if len(set(values)) == 1 else [MIXED]) + choices(FillStyle, "pattern"))
    combo.setCurrentText(values[0] if len(set(values)) == 1 else MIXED)
    combo.currentTextChanged.connect(lambda text: text != MIXED and apply(text))
    return combo


def _text(label: str, values: list, apply: Callable[[Any], None]) -> QWidget:
    line = QLineEdit(values[0] if len(set(values)) == 1 else "")
    line.setPlaceholderText(MIXED)
    line.editingFinished.connect(lambda: line.text() and apply(line.text()))  # on Enter: the page is rebuilt
    return line


BULK = {"hidden": _checkbox, "fill.colour": _colour, "fill.pattern": _pattern, "colour": _colour, "side": _text}
"""The properties a GM sets on many objects at once, with the editor each gets."""


class SharedPage(QWidget):
    """Shows and edits what several selected objects have in common."""

    def __init__(self, document: MapDocument, labels: dict[str, dict[str, str]], problem: QLabel) -> None:
        super().__init__()
        self.document, self.labels, self.problem = document, labels, problem
        self.selection: list[tuple[str, str]] = []
        layout = QVBoxLayout(self)
        self.editors = QWidget()
        self.form = QFormLayout(self.editors)
        self.form.setContentsMargins(0, 0, 0, 0)
        self.shared = plain_label(wrap=True)
        self.shared.setAlignment(Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.editors)
        layout.addWidget(self.shared)
        layout.addStretch(1)
        self.widgets: dict[str, QWidget] = {}

    def load(self, selection: list[tuple[str, str]], objects: list[Any] | None = None) -> None:
        """What these objects (`objects`, when the caller found them already) share."""
        self.selection = selection
        while self.form.rowCount():
            self.form.removeRow(0)
        self.widgets = {}
        kinds = list(dict.fromkeys(kind for kind, _ in selection))
        paths = [p for p in self.labels.get(kinds[0], {}) if all(p in self.labels.get(k, {}) for k in kinds)]
        objects = self.document.get_many(selection) if objects is None else objects
        lines = []
        for path in paths:
            label = self.labels[kinds[0]][path]
            values = [read(obj, path) for obj in objects]
            if path in BULK:
                widget = BULK[path](label, values, lambda value, p=path, t=label: self.apply(p, t, value))
                self.widgets[path] = widget
                self.form.addRow("" if isinstance(widget, QCheckBox) else label, widget)
            elif len({repr(v) for v in values}) == 1:
                lines.append(f"{label}: {shown(values[0])}")
        if lines:
            self.shared.setText("They share\n" + "\n".join(lines))
        else:
            self.shared.setText("They share no other property." if self.widgets else "They share no property.")

    def apply(self, path: str, label: str, value: Any) -> None:
        """Set one property on every selected object, as one undo step; nothing if any refuses."""
        changed = []
        tokens = self.document.map.tokens
        joining = {object_id for kind, object_id in self.selection if kind == "token"}
        for kind, object_id in self.selection:
            obj = self.document.get(kind, object_id)
            try:
                new = updated(obj, path, value)
            except ValidationError as error:
                self.problem.setText(f"{path.split('.')[-1]}: {words(error)}")
                return
            if kind == "token" and path == "side":  # their side's colour follows them; a colour picked stays
                new = new.model_copy(update={"colour": colour_on_side(tokens, obj, new.side, joining)})
            if new != obj:
                changed.append((kind, new))
        if not changed:
            return
        kinds = list(dict.fromkeys(kind for kind, _ in changed))
        what = count(len(changed), kinds[0]) if len(kinds) == 1 else count(len(changed), "object")
        edits = [EditMany(self.document, kind, [new for k, new in changed if k == kind], "") for kind in kinds]
        self.document.undo_stack.push(Batch(f"Set {label.lower()} of {what}", edits))
