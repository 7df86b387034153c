"""The action form: the chosen action's fields only, filled from the map (targets, tracks,
zones), with a story line for the log. F9 (the Play menu's Do Action) or Enter in a text
field performs it."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QCompleter,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from tabletop.document import MapDocument
from tabletop.ui.docks.play.actions import (
    AF_ACTIONS,
    AF_SNAPS,
    ATTACKING,
    EDGERUNNER_ACTIONS,
    FIELDS,
    Declared,
    attack_note,
)
from tabletop.ui.docks.play.destination import MOVING, Destination, FacingPicker

SNAP = "snap: "
NO_REROLL = -21
"""The re-roll field's lowest value means no re-roll: the continue keeps last exchange's shifts."""


def _spin(low: int, high: int) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    return box


class ActionForm(QWidget):
    """`declared(Declared)` when the GM presses Do (or Ctrl+Return)."""

    declared = Signal(object)

    def __init__(self, document: MapDocument) -> None:
        super().__init__()
        self.document = document
        self.system = ""
        self.actor = ""
        self.form = QFormLayout(self)
        self.form.setContentsMargins(0, 0, 0, 0)
        self.action = QComboBox()
        self.target, self.track, self.zone, self.on, self.helper = (QComboBox() for _ in range(5))
        self.aspect, self.skill, self.boxes, self.what, self.story = (QLineEdit() for _ in range(5))
        self.shifts, self.resisted = _spin(-20, 99), _spin(-20, 99)
        self.extra, self.reroll = _spin(0, 20), _spin(NO_REROLL, 99)
        self.extra.setSuffix(" shifts (aspects invoked, +2 each)")
        self.extra.setSingleStep(2)
        self.reroll.setSpecialValueText("no re-roll: last exchange's shifts")
        self.reroll.setValue(NO_REROLL)
        self.succeeded = QCheckBox("the compel succeeded (the turn is skipped)")
        self.succeeded.setChecked(True)
        self.boxes.setPlaceholderText("box numbers, e.g. 1, 2")
        self.story.setPlaceholderText("a story detail for the log")
        self.move_type = lambda: "run"
        """The move type the map's toolbar shows (set by the Play controls): a maneuver's speed."""
        self.destination = Destination(document, self.moving, lambda: self.move_type())
        self.facing = FacingPicker()
        self.destination.picked.connect(self.facing.set_value)
        self.do = QPushButton("Do it  (F9)")
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #1a5276")
        self.rows = {
            "action": self.action,
            "target": self.target,
            "track": self.track,
            "zone": self.zone,
            "on": self.on,
            "aspect": self.aspect,
            "shifts": self.shifts,
            "resisted": self.resisted,
            "extra": self.extra,
            "reroll": self.reroll,
            "skill": self.skill,
            "boxes": self.boxes,
            "helper": self.helper,
            "what": self.what,
            "succeeded": self.succeeded,
            "to": self.destination,
            "facing": self.facing,
            "note": self.note,
            "story": self.story,
        }
        labels = {
            "reroll": "Re-roll",
            "on": "Aspect on",
            "zone": "To zone",
            "what": "Simple action",
            "succeeded": "",
            "note": "Helper",
        }
        for name, widget in self.rows.items():
            self.form.addRow(labels.get(name, name.capitalize()), widget)
        self.form.addRow(self.do)
        self._filled: dict[int, list] = {}
        self._noted: tuple | None = None
        self._places_dirty = True
        document.edited.connect(self._places_changed)
        document.reset.connect(self._map_replaced)
        for combo in (self.zone, self.on):  # thousands of zones: type to find one
            combo.setEditable(True)
            combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
            combo.completer().setFilterMode(Qt.MatchFlag.MatchContains)
            combo.completer().setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.action.currentTextChanged.connect(self._show_fields)
        self.action.currentTextChanged.connect(self.clear_move)
        self.target.currentIndexChanged.connect(self._fill_tracks)
        self.target.currentIndexChanged.connect(self._show_note)
        self.shifts.valueChanged.connect(self._show_note)
        document.selectionChanged.connect(self._picked_on_map)
        self.do.clicked.connect(self.submit)
        for line in (self.aspect, self.skill, self.boxes, self.what, self.story):
            line.returnPressed.connect(self.submit)  # Enter in a text field does it; F9 anywhere

    def refresh(self, actor: str) -> None:
        """Fill the choices from the map and the conflict; keep what the GM already chose."""
        conflict = self.document.map.conflict
        self.actor = actor
        system = conflict.system if conflict is not None else ""
        if system != self.system:
            self.system = system
            self.action.blockSignals(True)
            self.action.clear()
            if system == "edgerunner":
                self.action.addItems(EDGERUNNER_ACTIONS)
            elif system == "af":
                self.action.addItems([*AF_ACTIONS, *(SNAP + s for s in AF_SNAPS), "second snap", "guard"])
            self.action.blockSignals(False)
        if conflict is None:  # another map (File > New): nothing of the last one's conflict stays listed
            for combo in (self.target, self.helper, self.zone, self.on, self.track):
                self._fill(combo, [])
            self._places_dirty = True
            return
        tokens = [(self.document.label("token", p.token), p.token) for p in conflict.participants]
        renamed = self._fill(self.target, tokens)
        self._fill(self.helper, [("nobody", ""), *tokens])
        if self._places_dirty or renamed:
            self._places_dirty = False
            zones = [(z.label, z.id) for z in self.document.map.zones]
            borders = [(b.label or f"{b.a}–{b.b}", b.id) for b in self.document.map.borders]
            self._fill(self.zone, zones)
            self._fill(
                self.on,
                [("the scene", ("scene", ""))]
                + [(f"token {n}", ("token", i)) for n, i in tokens]
                + [(f"zone {n}", ("zone", i)) for n, i in zones]
                + [(f"border {n}", ("border", i)) for n, i in borders],
            )
        self._fill_tracks()
        self._show_fields(self.action.currentText())

    def _map_replaced(self) -> None:
        self._places_dirty = True

    def _places_changed(self, change) -> None:
        if change.kind in ("zone", "border"):
            self._places_dirty = True

    def _fill(self, combo: QComboBox, choices: list[tuple[str, object]]) -> bool:
        """Fill a choice list, keeping the choice; nothing to do (False) when the choices are
        the same: a 10k-zone map's lists are filled again only when its zones change."""
        if self._filled.get(id(combo)) == choices:
            return False
        self._filled[id(combo)] = choices
        chosen = combo.currentData()
        combo.blockSignals(True)
        combo.clear()
        for text, data in choices:
            combo.addItem(text, data)
        at = next((i for i, (_, data) in enumerate(choices) if data == chosen), 0)  # findData misses tuples
        combo.setCurrentIndex(at)
        combo.blockSignals(False)
        return True

    def _fill_tracks(self) -> None:
        token = self.document.get("token", self.target.currentData() or "")
        self._fill(self.track, [(s.name, s.name) for s in (token.stress if token else [])])

    def _picked_on_map(self) -> None:
        """A token picked on the map becomes the target (the actor stays whose turn it is)."""
        tokens = [object_id for kind, object_id in self.document.selection if kind == "token"]
        if len(tokens) == 1 and tokens[0] != self.actor and self.target.findData(tokens[0]) >= 0:
            self.target.setCurrentIndex(self.target.findData(tokens[0]))

    def _show_note(self) -> None:
        conflict = self.document.map.conflict
        action = self.action.currentText()
        if conflict is None or (not self.note.isVisibleTo(self) and action not in ATTACKING):
            return
        target = self.target.currentData() or ""
        get = self.document.get
        key = (action, self.actor, target, self.shifts.value(), get("token", self.actor), get("token", target))
        key += (conflict.participant(target) if target in {p.token for p in conflict.participants} else None,)
        if key == self._noted:
            return  # the same two tokens where they were: range and flank stand (10 ms on a 10k-zone map)
        self._noted = key
        graph = self.document.graph() if self.document.map.zones else None
        self.note.setText(attack_note(self.document.map, conflict, self.actor, target, self.shifts.value(), graph))

    def _show_fields(self, action: str) -> None:
        wanted = FIELDS.get(action, set()) if self.system == "edgerunner" else {"target"}
        if self.system == "af" and action.removeprefix(SNAP) in MOVING:
            wanted = {"to", "facing"}
        if self.system == "af" and action in ("second snap", "guard"):
            wanted = set()
        if action in ATTACKING:
            wanted = wanted | {"note"}
        for name, widget in self.rows.items():
            self.form.setRowVisible(widget, name in {"action", "story"} | wanted)
        if action in ATTACKING:
            self._show_note()

    def declaration(self) -> Declared:
        action = self.action.currentText().removeprefix(SNAP)
        boxes = [int(b) for b in self.boxes.text().replace(",", " ").split() if b.isdigit()]
        return Declared(
            actor=self.actor,
            action=action,
            target=self.target.currentData() or "",
            track=self.track.currentData() or "",
            zone=self.zone.currentData() or "",
            on=self.on.currentData() or ("scene", ""),
            aspect=self.aspect.text().strip(),
            shifts=self.shifts.value(),
            resisted=self.resisted.value(),
            skill=self.skill.text().strip(),
            boxes=boxes,
            helper=self.helper.currentData() or "",
            what=self.what.text().strip(),
            succeeded=self.succeeded.isChecked(),
            extra=self.extra.value(),
            reroll=None if self.reroll.value() == NO_REROLL else self.reroll.value(),
            to=self.destination.place,
            facing=self.facing.value(),
            move=self.move_type(),
            story=self.story.text().strip(),
        )

    def submit(self) -> None:
        if self.actor:
            self.declared.emit(self.declaration())

    def clear_story(self) -> None:
        self.story.clear()
        self.clear_move()

    def clear_move(self) -> None:
        """A new action, or the move done: the next click on the map picks a new destination."""
        self.destination.clear()
        self.facing.set_value(None)

    def moving(self) -> tuple[str, str] | None:
        """(actor, "maneuver" or "hustle") while the form waits for a move's destination."""
        kind = self.action.currentText().removeprefix(SNAP)
        if self.system != "af" or kind not in MOVING or not self.actor or not self.isEnabled():
            return None
        return (self.actor, kind)
