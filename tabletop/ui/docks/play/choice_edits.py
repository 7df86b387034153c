"""The play dock's editors' common ground: an editor of one step field (`Edit`), and a list
to choose from (`ChoiceEdit`) that never chooses for the GM."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QComboBox, QCompleter, QWidget

from tabletop.document import MapDocument
from tabletop.rules.step_fields import Field

NONE = "—"
"""What a choice shows when nothing is chosen: a target is never the actor by default."""


class Edit(QObject):
    """An editor: `widget` to show, `value()` for the step (None: not given), `changed`."""

    changed = Signal()

    def __init__(self, spec: Field, widget: QWidget) -> None:
        super().__init__(widget)
        self.spec, self.widget = spec, widget

    def value(self) -> Any:
        raise NotImplementedError

    def set_value(self, value: Any) -> None:
        """Show a value chosen elsewhere (a token picked on the map, a question's default)."""

    def fill(self, document: MapDocument, context: dict[str, Any]) -> None:
        """Fill the choices from the map; `context` holds the form's other values so far."""


class ChoiceEdit(Edit):
    """A list to choose from: tokens, zones, borders, aspects' holders, tracks, the text's
    words. Editable lists (zones) find an entry by any part of its name."""

    def __init__(self, spec: Field, editable: bool = False) -> None:
        combo = QComboBox()
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(12)
        super().__init__(spec, combo)
        self.combo = combo
        self._shown: list[tuple[str, Any]] | None = None
        if editable:
            combo.setEditable(True)
            combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
            combo.completer().setFilterMode(Qt.MatchFlag.MatchContains)
            combo.completer().setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        combo.currentIndexChanged.connect(lambda _i: self.changed.emit())

    def offer(self, choices: list[tuple[str, Any]]) -> None:
        """Show these (text, value) choices, keeping the one chosen when it is still there;
        none is chosen until the GM chooses (a target is never the actor by default)."""
        if self.spec.default is None:
            choices = [(NONE, None), *choices]
        if choices == self._shown:
            return
        self._shown = choices
        chosen = self.value()
        combo = self.combo
        combo.blockSignals(True)
        combo.clear()
        for text, data in choices:
            combo.addItem(text, data)
        at = next((i for i, (_, data) in enumerate(choices) if data == chosen and data is not None), 0)
        combo.setCurrentIndex(at)
        combo.blockSignals(False)

    def value(self) -> Any:
        data = self.combo.currentData()
        if isinstance(data, list):  # Qt hands a tuple back as a list
            data = tuple(data)
        return data

    def set_value(self, value: Any) -> None:
        for at in range(self.combo.count()):
            data = self.combo.itemData(at)
            if (tuple(data) if isinstance(data, list) else data) == value:
                self.combo.setCurrentIndex(at)
                return
