"""Small editors bound to one field of a model object, for the Inspector's forms.

A field reads its value from the object and, when the GM changes it, hands back a new,
validated copy of the object; the Inspector pushes that as one undoable edit.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Literal, Union, get_args, get_origin

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QWidget,
)

from tabletop.bounds import MAX_TEXT
from tabletop.ui.docks.widgets import ColourButton, PointEdit

if TYPE_CHECKING:  # the Inspector's first page is in the window's first frame, before pydantic is loaded
    from pydantic import BaseModel

NO_WAY = -1


def updated(obj: BaseModel, path: str, value: Any) -> BaseModel:
    """A validated copy of obj with the dotted field `path` set; ValidationError when bad."""
    data = obj.model_dump()
    target = data
    parts = path.split(".")
    for part in parts[:-1]:
        target = target[part]
    target[parts[-1]] = value
    return type(obj).model_validate(data)


def read(obj: BaseModel, path: str) -> Any:
    value: Any = obj
    for part in path.split("."):
        value = getattr(value, part)
    return value


class Field:
    """Binds a widget to a dotted field path; `changed(path, value)` fires on user edits."""

    def __init__(self, path: str, widget: QWidget, changed: Callable[[str, Any], None]) -> None:
        self.path, self.widget, self._changed = path, widget, changed
        self._loading = False
        signal, getter = _SIGNALS[type(widget)]
        self._get = getter
        getattr(widget, signal).connect(self._emit)

    def _emit(self, *args) -> None:
        if not self._loading:
            self._changed(self.path, self._get(self.widget))

    def load(self, obj: BaseModel) -> None:
        self._loading = True
        value = read(obj, self.path)
        widget = self.widget
        if isinstance(widget, QLineEdit):
            if widget.text() != value:
                widget.setText(str(value))
        elif isinstance(widget, QPlainTextEdit):
            if widget.toPlainText() != value:
                widget.setPlainText(value)
        elif isinstance(widget, QCheckBox):
            widget.setChecked(bool(value))
        elif isinstance(widget, QComboBox):
            widget.setCurrentText(str(value))
        elif isinstance(widget, (QSpinBox, QDoubleSpinBox)):
            widget.setValue(NO_WAY if value is None else value)
        elif isinstance(widget, ColourButton):
            widget.set_colour(value)
        elif isinstance(widget, PointEdit):
            widget.set_point(value)
        self._loading = False


def optional_int(widget: QSpinBox) -> int | None:
    return None if widget.value() == NO_WAY else widget.value()


_SIGNALS = {
    QLineEdit: ("textEdited", lambda w: w.text()),
    QPlainTextEdit: ("textChanged", lambda w: w.toPlainText()),
    QCheckBox: ("toggled", lambda w: w.isChecked()),
    QComboBox: ("currentTextChanged", lambda w: w.currentText()),
    QSpinBox: ("valueChanged", optional_int),
    QDoubleSpinBox: ("valueChanged", lambda w: w.value()),
    ColourButton: ("colourChanged", lambda w: w.colour),
    PointEdit: ("pointChanged", lambda w: w.point()),
}


def choices(model: type[BaseModel], field: str) -> list[str]:
    """The values a model field allows, read from its Literal type (also inside a list or an
    Optional), so the Inspector offers what the model accepts and follows it when it changes."""
    found: list[str] = []

    def walk(annotation: Any) -> None:
        if get_origin(annotation) is Literal:
            found.extend(a for a in get_args(annotation) if a not in found)
        else:
            for inner in get_args(annotation):
                walk(inner)

    walk(model.model_fields[field].annotation)
    return found


def optional(model: type[BaseModel], field: str) -> bool:
    """Whether a model field may be None (a speed the token does not have)."""
    annotation = model.model_fields[field].annotation
    return get_origin(annotation) in (Union, types.UnionType) and type(None) in get_args(annotation)


def count(n: int, word: str) -> str:
    """ "1 grid", "2 grids", "99,846 zones": a number with its noun in the right number."""
    return f"{n:,} {word if n == 1 else word + 's'}"


def spin(minimum: int, maximum: int, none_text: str = "") -> QSpinBox:
    """An integer box; with `none_text`, one step below `minimum` means "none"."""
    box = QSpinBox()
    box.setRange(NO_WAY if none_text else minimum, maximum)
    if none_text:
        box.setSpecialValueText(none_text)
    return box


def text_box(lines: int = 3) -> QPlainTextEdit:
    """A box for a description or notes, `lines` high, holding what a map holds."""
    box = QPlainTextEdit()
    box.setFixedHeight(22 * lines)
    box.textChanged.connect(lambda: held_to(box, MAX_TEXT))
    return box


def held_to(box: QPlainTextEdit, most: int) -> None:
    """A note typed or pasted past what a map holds is cut there, as a line box stops at its
    length: text the model would refuse is never kept on screen unsaved."""
    text = box.toPlainText()
    if len(text) > most:
        cursor = box.textCursor()
        box.setPlainText(text[:most])
        cursor.setPosition(most)
        box.setTextCursor(cursor)


@contextmanager
def typed_kept(line: QLineEdit, box: QPlainTextEdit) -> Iterator[None]:
    """What is typed in a line and a text box, and where, kept across something that loads them
    afresh (the window made whole by the first key typed): each next key lands after the last,
    not at the start of a text set again."""
    title, notes = line.text(), box.toPlainText()
    at_title, at_notes = line.cursorPosition(), box.textCursor().position()
    yield
    for widget in (line, box):
        widget.blockSignals(True)
    line.setText(title)
    line.setCursorPosition(at_title)
    box.setPlainText(notes)
    cursor = box.textCursor()
    cursor.setPosition(min(at_notes, len(notes)))
    box.setTextCursor(cursor)
    for widget in (line, box):
        widget.blockSignals(False)
