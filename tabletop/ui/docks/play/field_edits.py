"""One editor per kind of step field (rules/step_fields.py): the play dock's form, its
questions and its step dialogs are all built from a system's declarations with these, so a
field a system adds shows in the window with no other edit.

Each editor gives the step's value (ids, never names) or None when the GM gave none, and
fills its choices from the document when asked: the choice lists of a 10k-zone map share one
model, made again only when the zones change."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QStringListModel, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QCompleter,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from tabletop.document import MapDocument
from tabletop.rules.step_fields import Field
from tabletop.ui.docks.play.destination import FacingPicker

NONE = "—"
"""What a choice shows when nothing is chosen: a target is never the actor by default."""
SPIN_REACH = 999
"""The widest a spin box goes either way: a die roll or a count of shifts is a few units."""


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


def _tokens(document: MapDocument, participants_only: bool) -> list[tuple[str, str]]:
    conflict = document.map.conflict
    taking = [p.token for p in conflict.participants] if conflict is not None else []
    found = [(document.label("token", t), t) for t in taking]
    if not participants_only:
        others = [t for t in document.map.tokens if t.id not in set(taking)]
        found += [(t.label, t.id) for t in others]
    return found


SMALL = 300
"""A map with at most this many places lists them all in the drop-down; a bigger one (10k
zones) finds one as you type, from one list shared by every field and made once per edit of
its places."""


class PlaceList:
    """The zones' and borders' names, each list one model shared by every field of the dock,
    made again only when a zone or border is added, removed or renamed: a 10k-zone map's
    fields fill in no time after every step."""

    def __init__(self, document: MapDocument) -> None:
        self.document = document
        self.models = {name: QStringListModel() for name in ("zones", "borders", "holders")}
        self.keys: dict[str, dict[str, Any]] = {}
        self.dirty = True
        document.edited.connect(self._edited)
        document.reset.connect(self._stale)

    def _edited(self, change) -> None:
        if change.kind in ("zone", "border"):
            self.dirty = True

    def _stale(self) -> None:
        self.dirty = True

    def _make(self) -> None:
        if not self.dirty:
            return
        self.dirty = False
        label = self.document.label
        zones = [(z.label, z.id) for z in self.document.map.zones]
        borders = [(label("border", b.id), b.id) for b in self.document.map.borders]
        lists = {
            "zones": zones,
            "borders": [(f"border {text}", key) for text, key in borders],
            "holders": [(f"zone {t}", ("zone", k)) for t, k in zones]
            + [(f"border {t}", ("border", k)) for t, k in borders],
        }
        for name, pairs in lists.items():
            self.models[name].setStringList([text for text, _ in pairs])
            self.keys[name] = dict(pairs[::-1])  # the first of two equal names wins: the map's order
        self.pairs = lists

    def model(self, name: str) -> QStringListModel:
        self._make()
        return self.models[name]

    def key(self, name: str, text: str) -> Any:
        self._make()
        return self.keys[name].get(text)

    def few(self, name: str) -> list[tuple[str, Any]]:
        """All the entries, when the map is small enough to list them in a drop-down."""
        self._make()
        pairs = self.pairs[name]
        return pairs if len(pairs) <= SMALL else []


class FindingEdit(ChoiceEdit):
    """A choice among a few things listed (tokens, the scene) and many found as the GM types
    (zones, borders), named as the map names them: what is typed and not listed goes to the
    rules as a name, which they find (or refuse in one line naming it)."""

    places_list = ""
    """Which of the PlaceList's lists the completer finds in."""

    def __init__(self, spec: Field, places: PlaceList) -> None:
        super().__init__(spec, editable=True)
        self.places = places

    def show_places(self, listed: list[tuple[str, Any]]) -> None:
        self.offer([*listed, *self.places.few(self.places_list)])
        model = self.places.model(self.places_list)
        completer = self.combo.completer()
        if completer.model() is not model:
            found = QCompleter(model, self.combo)
            found.setFilterMode(Qt.MatchFlag.MatchContains)
            found.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
            found.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
            self.combo.setCompleter(found)

    def value(self) -> Any:
        text = self.combo.currentText().strip()
        if self.combo.currentIndex() >= 0 and text == self.combo.itemText(self.combo.currentIndex()):
            return super().value()
        if not text or text == NONE:
            return None
        known = self.places.key(self.places_list, text)
        return known if known is not None else text

    def set_value(self, value: Any) -> None:
        super().set_value(value)
        if self.value() != value and value is not None:  # not listed: shown by its name, found again
            names = self.places.keys.get(self.places_list, {})
            text = next((t for t, k in names.items() if k == value), None)
            self.combo.setEditText(text if text is not None else str(value))


class TokenEdit(FindingEdit):
    """A participant, a token, or an attack's target (a token, or any border: one with no
    stress track is given the referee's threshold when the rules ask)."""

    places_list = "borders"

    def __init__(self, spec: Field, places: PlaceList) -> None:
        super().__init__(spec, places)
        if spec.kind != "target":  # tokens are few: a list to pick from, nothing to type
            self.combo.setEditable(False)

    def fill(self, document: MapDocument, context: dict[str, Any]) -> None:
        tokens = _tokens(document, self.spec.kind == "participant")
        if self.spec.kind == "target":
            self.show_places(tokens)
        else:
            self.offer(tokens)


class ZoneEdit(FindingEdit):
    places_list = "zones"

    def fill(self, document: MapDocument, context: dict[str, Any]) -> None:
        self.show_places([])


class HolderEdit(FindingEdit):
    """What an aspect is on: the scene, a token, a zone or a border."""

    places_list = "holders"

    def fill(self, document: MapDocument, context: dict[str, Any]) -> None:
        listed: list[tuple[str, Any]] = [("the scene", ("scene", ""))]
        listed += [(f"token {name}", ("token", i)) for name, i in _tokens(document, False)]
        self.show_places(listed)


class TrackEdit(ChoiceEdit):
    """A stress track of the target named beside it (a border's one track); with one track
    there is nothing to choose."""

    def fill(self, document: MapDocument, context: dict[str, Any]) -> None:
        owner = context.get("target") or context.get("actor")
        token = document.get("token", owner) if isinstance(owner, str) else None
        border = document.get("border", owner) if isinstance(owner, str) and token is None else None
        tracks = token.stress if token is not None else []
        if border is not None and border.stress is not None:
            tracks = [border.stress]
        self.offer([(t.name, t.name) for t in tracks])
        if len(tracks) == 1 and self.value() is None:
            self.set_value(tracks[0].name)


class AspectEdit(ChoiceEdit):
    """An aspect's name: typed for a new one, or chosen among those on the holder beside it."""

    def __init__(self, spec: Field) -> None:
        super().__init__(spec, editable=True)
        self.combo.lineEdit().setPlaceholderText("an aspect")

    def fill(self, document: MapDocument, context: dict[str, Any]) -> None:
        holder = context.get("on")
        names: list[str] = []
        if isinstance(holder, tuple) and holder[0] == "scene":
            conflict = document.map.conflict
            names = [a.name for a in conflict.scene_aspects] if conflict is not None else []
        elif isinstance(holder, tuple):
            obj = document.get(holder[0], holder[1])
            names = [a.name for a in obj.aspects] if obj is not None else []
        typed = self.combo.currentText()
        self.combo.blockSignals(True)
        self.combo.clear()
        self.combo.addItems(names)
        self.combo.setEditText(typed)
        self.combo.blockSignals(False)

    def value(self) -> Any:
        text = self.combo.currentText().strip()
        return text or None

    def set_value(self, value: Any) -> None:
        self.combo.setEditText(str(value or ""))


class WordEdit(ChoiceEdit):
    """One of the text's words (a guard's type, a move type)."""

    def fill(self, document: MapDocument, context: dict[str, Any]) -> None:
        self.offer([(word, word) for word in self.spec.choices])
        if self.spec.default is not None and self.value() is None:
            self.set_value(self.spec.default)


class NumberEdit(Edit):
    """A whole number; the lowest entry reads "—" (not given), so a roll is never a silent 0."""

    def __init__(self, spec: Field) -> None:
        spin = QSpinBox()
        low, high = max(spec.low, -SPIN_REACH), min(spec.high, SPIN_REACH)
        spin.setRange(low - 1, high)
        spin.setSpecialValueText(NONE)
        spin.setValue(low - 1 if spec.default is None else spec.default)
        super().__init__(spec, spin)
        self.spin = spin
        spin.valueChanged.connect(lambda _v: self.changed.emit())

    def value(self) -> Any:
        return None if self.spin.value() == self.spin.minimum() else self.spin.value()

    def set_value(self, value: Any) -> None:
        self.spin.setValue(self.spin.minimum() if value is None else int(value))


class FlagEdit(Edit):
    """A tick, its words the field's help (its row's label is its title)."""

    def __init__(self, spec: Field) -> None:
        box = QCheckBox(spec.help)
        box.setChecked(bool(spec.default))
        super().__init__(spec, box)
        self.box = box
        box.toggled.connect(lambda _on: self.changed.emit())

    def value(self) -> Any:
        return self.box.isChecked()

    def set_value(self, value: Any) -> None:
        self.box.setChecked(bool(value))


class TextEdit(Edit):
    """One line of text (a story detail, a simple action, a skill)."""

    def __init__(self, spec: Field) -> None:
        line = QLineEdit()
        line.setPlaceholderText(spec.help)
        super().__init__(spec, line)
        self.line = line
        line.textChanged.connect(lambda _t: self.changed.emit())

    def value(self) -> Any:
        text = self.line.text().strip()
        return text or None

    def set_value(self, value: Any) -> None:
        self.line.setText(str(value or ""))


class BoxesEdit(TextEdit):
    def __init__(self, spec: Field) -> None:
        super().__init__(spec)
        self.line.setPlaceholderText("box numbers, e.g. 1, 2")

    def value(self) -> Any:
        boxes = [int(b) for b in self.line.text().replace(",", " ").split() if b.isdigit()]
        return boxes or None


class FacingEdit(Edit):
    def __init__(self, spec: Field) -> None:
        picker = FacingPicker()
        super().__init__(spec, picker)
        self.picker = picker
        picker.group.buttonClicked.connect(lambda _b: self.changed.emit())

    def value(self) -> Any:
        return self.picker.value()

    def set_value(self, value: Any) -> None:
        self.picker.set_value(value)


class ResistEdit(Edit):
    """What the target pays to take shifts off the action (or a mover pays to boost its own
    move): stress on one of its tracks, a consequence, aspects invoked (2 shifts each), or
    shifts on the GM's word."""

    def __init__(self, spec: Field) -> None:
        holder = QWidget()
        grid = QGridLayout(holder)
        grid.setContentsMargins(0, 0, 0, 0)
        super().__init__(spec, holder)
        self.stress, self.invokes, self.shifts, self.consequence_shifts = (_small_spin() for _ in range(4))
        self.track = QComboBox()
        self.consequence = QLineEdit()
        self.consequence.setPlaceholderText("a consequence")
        grid.addWidget(QLabel("Stress"), 0, 0)
        grid.addWidget(self.stress, 0, 1)
        grid.addWidget(self.track, 0, 2)
        grid.addWidget(QLabel("Consequence"), 1, 0)
        grid.addWidget(self.consequence_shifts, 1, 1)
        grid.addWidget(self.consequence, 1, 2)
        grid.addWidget(QLabel("Invokes"), 2, 0)
        grid.addWidget(self.invokes, 2, 1)
        row = QHBoxLayout()
        row.addWidget(QLabel("or shifts"))
        row.addWidget(self.shifts)
        grid.addLayout(row, 2, 2)
        for spin in (self.stress, self.invokes, self.shifts, self.consequence_shifts):
            spin.valueChanged.connect(lambda _v: self.changed.emit())

    def fill(self, document: MapDocument, context: dict[str, Any]) -> None:
        payer = context.get("target") if self.spec.name == "resist" else context.get("actor")  # a boost is the mover's
        token = document.get("token", payer) if isinstance(payer, str) else None
        names = [t.name for t in token.stress] if token is not None else []
        if names != [self.track.itemText(i) for i in range(self.track.count())]:
            self.track.clear()
            self.track.addItems(names)

    def value(self) -> Any:
        found: dict[str, Any] = {}
        for key, spin in (("stress", self.stress), ("invokes", self.invokes), ("shifts", self.shifts)):
            if spin.value():
                found[key] = spin.value()
        if self.stress.value() and self.track.currentText():
            found["track"] = self.track.currentText()
        if self.consequence.text().strip():
            found["consequences"] = [
                {"name": self.consequence.text().strip(), "shifts": self.consequence_shifts.value()}
            ]
        return found or None


def _small_spin() -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(0, 99)
    return spin


def make_edit(spec: Field, places: PlaceList, place_edit=None) -> Edit | None:
    """The editor for a field, or None for a kind the form does not show (plain JSON data,
    several tokens: those have dialogs of their own)."""
    kind = spec.kind
    if kind in ("token", "participant", "target"):
        return TokenEdit(spec, places)
    if kind == "zone":
        return ZoneEdit(spec, places)
    if kind == "place":
        return place_edit(spec) if place_edit is not None else ZoneEdit(spec, places)
    if kind == "holder":
        return HolderEdit(spec, places)
    if kind == "track":
        return TrackEdit(spec)
    if kind == "aspect":
        return AspectEdit(spec)
    if kind == "choice":
        return WordEdit(spec)
    if kind == "number":
        return NumberEdit(spec)
    if kind == "flag":
        return FlagEdit(spec)
    if kind in ("line", "text"):
        return TextEdit(spec)
    if kind == "boxes":
        return BoxesEdit(spec)
    if kind == "facing":
        return FacingEdit(spec)
    if kind == "resist":
        return ResistEdit(spec)
    return None
