"""One participant's sheet in the play dock: stress tracks as boxes to click, aspects with
their free invokes to spend, states to set and resolve, and the facing. Every click is one
play step (one undo): a step dict the dock takes through the rules, as `tabletop play` would."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tabletop.document import MapDocument
from tabletop.model import TOKEN_STATES, Token
from tabletop.rules import manual_steps as manual
from tabletop.ui.docks.stress_aspects import StressAspectEditor
from tabletop.ui.plain import set_tip

BOX_SIZE = 30
MARKED_STYLE = "QPushButton:checked { background: #c0392b; color: white; font-weight: bold; border: 1px solid #7b241c }"
"""A marked box must read as marked from across the table, not as a pressed button."""


def _track_text(track) -> str:
    """A track's name and the threshold that counts now (a held defense replaces it)."""
    return f"{track.name} (≤{track.threshold_now})"


def _aspect_text(aspect) -> str:
    return f"{aspect.name}  ({aspect.free_invokes} free)"


class ParticipantSheet(QWidget):
    """`stepped(step)` when the GM clicks something; the dock takes it."""

    stepped = Signal(object)

    def __init__(self, document: MapDocument) -> None:
        super().__init__()
        self.document = document
        self.token_id: str | None = None
        self.boxes: dict[tuple[str, int], QPushButton] = {}
        self.invokes: dict[str, QPushButton] = {}
        self.states: dict[str, QCheckBox] = {}
        self.track_labels: dict[str, QLabel] = {}
        self.aspect_labels: dict[str, QLabel] = {}
        self._shape: tuple | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.title.setStyleSheet("font-weight: bold")
        self.title.setWordWrap(True)
        layout.addWidget(self.title)
        self.form = QFormLayout()
        layout.addLayout(self.form)
        self.facing = QSpinBox()
        self.facing.setRange(-1, 360)
        self.facing.setWrapping(True)
        self.facing.setSingleStep(45)
        self.facing.setSuffix("°")
        self.facing.setKeyboardTracking(False)
        self.facing.valueChanged.connect(self._face)
        self.facing_row = QWidget()
        row = QHBoxLayout(self.facing_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QLabel("Facing"))
        row.addWidget(self.facing)
        row.addStretch(1)
        layout.addWidget(self.facing_row)
        self.in_play_title = QLabel("Aspects on the scene, zones and borders")
        self.in_play_title.setStyleSheet("font-weight: bold")
        self.in_play_title.setWordWrap(True)
        layout.addWidget(self.in_play_title)
        self.in_play = QFormLayout()
        layout.addLayout(self.in_play)
        self.in_play_invokes: dict[tuple[str, str, str], QPushButton] = {}
        self._in_play: list | None = None
        self._places: list | None = None
        """The zones' and borders' aspects, walked again only when a zone or border changes."""
        document.edited.connect(self._place_edited)
        document.reset.connect(self._map_replaced)
        self.editing = QGroupBox("Edit tracks, aspects and consequences")
        self.editing.setCheckable(True)
        self.editing.setChecked(False)  # folded away: the boxes above are what play clicks
        self.editor = StressAspectEditor(document)
        QVBoxLayout(self.editing).addWidget(self.editor)
        self.editor.setVisible(False)
        self.editing.toggled.connect(self._show_editor)
        layout.addWidget(self.editing)
        layout.addStretch(1)

    def show_token(self, token_id: str | None) -> None:
        self.token_id = token_id
        self.refresh()
        self._show_editor(self.editing.isChecked())

    def _show_editor(self, on: bool) -> None:
        """The participant's tracks, aspects and consequences edited as in the Inspector (a
        token placed in the window has no track until the GM adds one)."""
        self.editing.setVisible(self.token() is not None)
        self.editor.setVisible(on)
        if on and self.token_id:
            self.editor.show_object("token", self.token_id)

    def token(self) -> Token | None:
        return self.document.get("token", self.token_id) if self.token_id else None

    def refresh(self) -> None:
        self._refresh_in_play()
        self._refresh_token()

    def _refresh_in_play(self) -> None:
        """The scene's, zones' and borders' aspects, each with its free invokes to spend."""
        conflict = self.document.map.conflict
        if self._places is None and conflict is not None:
            self._places = manual.placed_aspects(self.document.map)
        found = manual.aspects_in_play(self.document.map, conflict, self._places) if conflict is not None else []
        if found == self._in_play:
            return
        self._in_play = found
        while self.in_play.rowCount():
            self.in_play.removeRow(0)
        self.in_play_invokes = {}
        self.in_play_title.setVisible(bool(found))
        for kind, object_id, name, free in found:
            where = "scene" if kind == "scene" else f"{kind} {self.document.label(kind, object_id)}"
            row = QWidget()
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            label = QLabel(f"{name}  ({free} free)")
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setWordWrap(True)
            line.addWidget(label, 1)
            spend = QPushButton("Invoke")
            spend.setEnabled(free > 0)
            spend.clicked.connect(lambda _c=False, k=kind, i=object_id, n=name: self._spend_in_play(k, i, n))
            line.addWidget(spend)
            self.in_play_invokes[(kind, object_id, name)] = spend
            where_label = QLabel(where)
            where_label.setTextFormat(Qt.TextFormat.PlainText)
            self.in_play.addRow(where_label, row)

    def _place_edited(self, change) -> None:
        if change.kind in ("zone", "border"):
            self._places = None

    def _map_replaced(self) -> None:
        self._places = None

    def _spend_in_play(self, kind: str, object_id: str, aspect: str) -> None:
        if self.document.map.conflict is not None:
            on = "scene" if kind == "scene" else [kind, object_id]
            self.stepped.emit({"do": "invoke", "on": on, "aspect": aspect})

    def _refresh_token(self) -> None:
        """The same tracks and aspects as shown: their values change in place (a step then
        repaints a few buttons, not the dock); otherwise the sheet is built again."""
        token, conflict = self.token(), self.document.map.conflict
        shape = None
        if token is not None and conflict is not None:
            shape = (
                token.id,
                tuple((t.name, t.boxes) for t in token.stress),
                tuple(a.name for a in token.aspects),
                tuple(token.consequences),
            )
        if shape is not None and shape == self._shape:
            self._update(token)
            return
        self._shape = shape
        self.boxes, self.invokes, self.states = {}, {}, {}
        self.track_labels, self.aspect_labels = {}, {}
        while self.form.rowCount():
            self.form.removeRow(0)
        self.facing_row.setVisible(token is not None and conflict is not None)
        if token is None or conflict is None:
            self.title.setText("Select a participant to see their tracks and aspects.")
            return
        self.title.setText(token.label)
        for track in token.stress:
            self.track_labels[track.name] = QLabel(_track_text(track))
            self.track_labels[track.name].setTextFormat(Qt.TextFormat.PlainText)
            self.form.addRow(self.track_labels[track.name], self._track(track))
        for aspect in token.aspects:
            self.form.addRow("Aspect", self._aspect(aspect))
        for consequence in token.consequences:  # "Any consequences remain regardless of how long an exchange may take"
            taken = QLabel(f"{consequence.name}  ({consequence.shifts} shifts)")
            taken.setTextFormat(Qt.TextFormat.PlainText)
            taken.setWordWrap(True)
            self.form.addRow("Consequence", taken)
        states = QWidget()
        grid = QGridLayout(states)  # three to a row: the dock stays narrow beside the map
        grid.setContentsMargins(0, 0, 0, 0)
        for at, state in enumerate(TOKEN_STATES):
            box = QCheckBox(state)
            box.setChecked(state in token.states)
            box.toggled.connect(lambda on, s=state: self._emit({"do": "state", "state": s, "on": on}))
            grid.addWidget(box, at // 3, at % 3)
            self.states[state] = box
        self.form.addRow("States", states)
        self._update(token)

    def _update(self, token: Token) -> None:
        self.title.setText(token.label)
        for track in token.stress:
            self.track_labels[track.name].setText(_track_text(track))
            for box in range(1, track.boxes + 1):
                self.boxes[(track.name, box)].setChecked(box in track.marked)
        for aspect in token.aspects:
            self.aspect_labels[aspect.name].setText(_aspect_text(aspect))
            self.invokes[aspect.name].setEnabled(aspect.free_invokes > 0)
        for state, box in self.states.items():
            box.blockSignals(True)
            box.setChecked(state in token.states)
            box.blockSignals(False)
        self.facing.blockSignals(True)
        self.facing.setValue(round(token.facing) % 360)
        self.facing.blockSignals(False)

    def _track(self, track) -> QWidget:
        holder = QWidget()
        row = QHBoxLayout(holder)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(2)
        for box in range(1, track.boxes + 1):
            button = QPushButton(str(box))
            button.setCheckable(True)
            button.setChecked(box in track.marked)
            button.setFixedSize(BOX_SIZE, BOX_SIZE)
            button.setStyleSheet(MARKED_STYLE)
            set_tip(button, f"Mark or clear box {box} of {track.name}")
            button.clicked.connect(lambda on, t=track.name, b=box: self._box(t, b, on))
            row.addWidget(button)
            self.boxes[(track.name, box)] = button
        row.addStretch(1)
        return holder

    def _aspect(self, aspect) -> QWidget:
        holder = QWidget()
        row = QHBoxLayout(holder)
        row.setContentsMargins(0, 0, 0, 0)
        self.aspect_labels[aspect.name] = QLabel(_aspect_text(aspect))
        self.aspect_labels[aspect.name].setTextFormat(Qt.TextFormat.PlainText)
        self.aspect_labels[aspect.name].setWordWrap(True)
        row.addWidget(self.aspect_labels[aspect.name], 1)
        spend = QPushButton("Invoke")
        spend.setEnabled(aspect.free_invokes > 0)
        spend.setToolTip("Spend a free invoke of this aspect")
        spend.clicked.connect(lambda: self._spend(aspect.name))
        row.addWidget(spend)
        self.invokes[aspect.name] = spend
        return holder

    def _emit(self, step: dict) -> None:
        token, conflict = self.token(), self.document.map.conflict
        if token is not None and conflict is not None:
            self.stepped.emit({"token": token.id, **step})

    def _box(self, track: str, box: int, marking: bool) -> None:
        """A box clicked: marked if it was clear, cleared if it was marked."""
        token, conflict = self.token(), self.document.map.conflict
        if token is not None and conflict is not None:
            self.stepped.emit({"do": "mark" if marking else "clear", "target": token.id, "track": track, "box": box})
            self._update(self.token())  # a refused step leaves the box as the map has it

    def _spend(self, aspect: str) -> None:
        token = self.token()
        if token is not None and self.document.map.conflict is not None:
            self.stepped.emit({"do": "invoke", "on": ["token", token.id], "aspect": aspect})

    def _face(self, degrees: int) -> None:
        token, conflict = self.token(), self.document.map.conflict
        if token is None or conflict is None or round(token.facing) % 360 == degrees % 360:
            return
        self.stepped.emit({"do": "face", "token": token.id, "facing": float(degrees % 360)})
