"""The action form: who moves, which move (an action, a snap, a reaction, in the system's own
list), and that move's fields only, built from the system's declarations (rules/systems.py),
with the text's words about the move and the helper's words about what the rules make of it.
F9 (Play ▸ Do the Action) or Enter in a text field does it.

Changing who acts or which move starts the fields afresh: nothing of the last move (its
target, its shifts, its aspect) is carried into the next by accident. A reaction made from a
participant's row hands the form back to whose turn it is once it is done, and a new turn
starts the form afresh for its holder, scrolled to its first field (between turns, with nobody's
turn in hand, nobody acts until the GM picks who)."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from tabletop.document import MapDocument
from tabletop.rules import systems
from tabletop.rules.step_fields import ACTOR, STORY, Field, Move
from tabletop.ui.docks.play import keys
from tabletop.ui.docks.play.choice_edits import Edit
from tabletop.ui.docks.play.destination import Destination
from tabletop.ui.docks.play.field_edits import FacingEdit, TextEdit, make_edit
from tabletop.ui.docks.play.finding_edits import PlaceList, TokenEdit, ZoneEdit
from tabletop.ui.docks.widgets import lay_out_now

PREFIX = {"action": "", "snap": "snap: ", "reaction": "react: "}
"""How a move reads in the list: actions plainly, snaps and reactions marked."""
HELPER_STYLE = "color: #1a5276"
SAYS_STYLE = "color: #5d6d7e; font-style: italic"
FOCUS_ROOM = 6
"""Pixels kept above and below a field scrolled into sight for the focus, so its frame shows."""


class PlaceEdit(Edit):
    """A place picked on the map (a click, or the actor's token dropped there)."""

    def __init__(self, spec: Field, destination: Destination) -> None:
        super().__init__(spec, destination)
        self.destination = destination
        destination.picked.connect(lambda _f: self.changed.emit())

    def value(self) -> Any:
        place = self.destination.place
        return list(place) if isinstance(place, tuple) else place

    def set_value(self, value: Any) -> None:
        self.destination.set_place(tuple(value) if isinstance(value, list) else value)


class PickedZone(ZoneEdit):
    """Where a move on a zone map goes: typed (a name looked up as the GM types, even on a big map), or picked on the
    map with the first click on a zone, or the mover's token dropped there (any time)."""

    def __init__(self, spec: Field, places: PlaceList, destination: Destination) -> None:
        super().__init__(spec, places)
        self.destination = destination
        destination.picked.connect(self._picked)

    def _picked(self, _facing) -> None:
        if isinstance(self.destination.place, str):
            self.set_value(self.destination.place)


class ActionForm(QWidget):
    """`declared(step)` when the GM presses Do (F9): the step as a dict, ids for names. The
    fields scroll; who, the move, the helper's words and Do stay in sight."""

    declared = Signal(object)
    rebuilt = Signal()
    """Another actor or move in the form (a reaction taken hands it back to the turn holder)."""

    def __init__(self, document: MapDocument) -> None:
        super().__init__()
        self.document = document
        self.rules: systems.RuleSystem | None = None
        self.places = PlaceList(document)
        self.move_type = lambda: "run"
        """The move type the map's toolbar shows (set by the Play controls): a maneuver's speed."""
        self.destination = Destination(document, self.moving, lambda: self._move_type())
        self.who = TokenEdit(ACTOR, self.places)
        self.choice = QComboBox()
        self.says = _words(SAYS_STYLE)
        self.note = _words(HELPER_STYLE)
        self.do = QPushButton(f"Do it  ({keys.key_words(keys.DO_KEY)})")
        self.fields = QFormLayout()
        self.fields.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.edits: dict[str, Edit] = {}
        self.move: Move | None = None
        self._actor = ""
        self._turn: str | None = None
        self._back: tuple[str, str, str] | None = None
        """The turn holder's move a reaction from a row interrupted, given back once it is done."""
        self._noted: tuple | None = None
        self._version = 0
        self._suggested: dict[str, Any] = {}
        """The values the rules last suggested for the fields shown (whose check a guard
        contests): a field still holding one follows the conflict as it changes."""
        top = QFormLayout()
        top.addRow("Who", self.who.widget)
        top.addRow("Move", self.choice)
        rows = QWidget()
        scrolled = QVBoxLayout(rows)
        scrolled.setContentsMargins(0, 0, 0, 0)
        scrolled.addWidget(self.says)
        scrolled.addLayout(self.fields)
        scrolled.addStretch(1)  # the rows stay together at the top, however tall the tab
        self.scroll = scroll = QScrollArea()
        scroll.setWidget(rows)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes from Move into the fields, not onto their frame
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.note)
        layout.addWidget(self.do)
        self.who.changed.connect(self._rebuild)
        self.choice.currentIndexChanged.connect(lambda _i: self._rebuild())
        self.do.clicked.connect(self.submit)
        document.selectionChanged.connect(self._picked_on_map)
        document.edited.connect(self._map_edited)
        QApplication.instance().focusChanged.connect(self._focus_moved)

    # -- the system's moves ---------------------------------------------------------------------

    def refresh(self, actor: str) -> None:
        """The conflict changed: the system's list of moves, whose turn it is as the actor when
        the move is one's own (a reaction keeps its reactor until its turn passes), and the
        choices filled afresh."""
        conflict = self.document.map.conflict
        rules = systems.of(conflict) if conflict is not None else None
        if rules is not self.rules:
            self.rules = rules
            self.choice.blockSignals(True)
            self.choice.clear()
            for move in rules.moves if rules is not None else ():
                self.choice.addItem(PREFIX[move.kind] + move.word, (move.kind, move.word))
            self.choice.blockSignals(False)
        self.who.fill(self.document, {})
        turn = conflict.turn if conflict is not None else None
        chosen = self.chosen()
        fresh = turn != self._turn
        if fresh:  # a new turn: its holder's fresh form, no move of the last turn's kept
            self._turn = turn
            self._back = None
            if chosen is not None:  # F9 must never repeat the last participant's move for the next
                self._choose(_first_own(self.rules))
                chosen = self.chosen()
            if self.who.value() != (actor or None):
                # the new actor; nobody between turns or exchanges, until the GM picks who
                self.who.set_value(actor or None)
        elif actor and (chosen is None or chosen.kind != "reaction") and self.who.value() != actor:
            self.who.set_value(actor)
        self._rebuild(keep=not fresh)

    def set_move(self, actor: str, kind: str, word: str) -> None:
        """A move chosen from a participant's row (a guard spent off-turn): that participant
        acts, with that move, fields fresh and filled as the system suggests (whose check a
        guard contests); done, the form goes back to what it held."""
        if kind == "reaction" and self._back is None and self.move is not None:
            self._back = (self._actor, self.move.kind, self.move.word)
        if not self._choose((kind, word)):
            return
        self.who.fill(self.document, {})
        self.who.set_value(actor)
        self._rebuild()

    def _choose(self, key: tuple[str, str] | None) -> bool:
        """Choose a move in the list by (kind, word), without rebuilding yet."""
        found = [i for i in range(self.choice.count()) if tuple(self.choice.itemData(i)) == key]
        if not found:  # Qt hands a tuple back as a list: findData never matches one
            return False
        self.choice.blockSignals(True)
        self.choice.setCurrentIndex(found[0])
        self.choice.blockSignals(False)
        return True

    def chosen(self) -> Move | None:
        data = self.choice.currentData()
        if self.rules is None or data is None:
            return None
        kind, word = tuple(data)
        return self.rules.move(kind, word)

    def actor(self) -> str:
        return self.who.value() or ""

    # -- the fields -----------------------------------------------------------------------------

    def _rebuild(self, keep: bool = False) -> None:
        """The chosen move's fields; fresh unless `keep` (a refresh after a step elsewhere)
        and the move and actor are the ones shown."""
        move, actor = self.chosen(), self.actor()
        shown = (move, actor) == (self.move, self._actor)
        if not (keep and shown):
            self.move, self._actor = move, actor
            self._clear_rows()
            self.edits = {}
            self.destination.clear()
            for spec in (*(move.fields if move is not None else ()), STORY):
                if spec.asked:
                    continue  # the dock asks for it when the rules need it
                if spec.kind == "zone" and spec.name == "to":
                    edit: Edit | None = PickedZone(spec, self.places, self.destination)
                else:
                    edit = make_edit(spec, self.places, lambda s: PlaceEdit(s, self.destination))
                if edit is None:
                    continue
                self.edits[spec.name] = edit
                self.fields.addRow(spec.title, edit.widget)
                edit.widget.show()
                edit.changed.connect(self._field_changed)
                if isinstance(edit, TextEdit):
                    edit.line.returnPressed.connect(self.submit)
                if isinstance(edit, FacingEdit):
                    self.destination.picked.connect(edit.set_value)
            if "move" in self.edits:
                self.edits["move"].fill(self.document, {})
                self.edits["move"].set_value(self.move_type())
            self.says.setText(move.says if move is not None else "")
            self._noted = None
            self._suggested = {}
            self.scroll.verticalScrollBar().setValue(0)  # a new move is read from its first field
        self._fill()
        self._suggest()
        self._shown_rows()
        self._show_note()
        if not (keep and shown):
            self._tab_order()
            lay_out_now(self.scroll)  # the new rows laid out at the form's width before a frame shows them
        if not (keep and shown):
            self.rebuilt.emit()

    def _tab_order(self) -> None:
        """Tab runs Who, Move, each field in its row's order (each part of a field made of
        several), then Do: the fields are made after the rest of the window, so Qt's own order
        would reach them only after the log and the other docks."""
        chain: list[QWidget] = [self.who.widget, self.choice]
        for edit in self.edits.values():
            chain += _focusable(edit.widget)
        chain.append(self.do)
        chain = [w for w in chain if w.window() is self.window()]  # a row not yet in the form waits
        for first, second in pairwise(chain):
            QWidget.setTabOrder(first, second)

    def _focus_moved(self, _old: QWidget | None, now: QWidget | None) -> None:
        """A field given the focus (Tab, a click, a question's default) is scrolled into sight
        whole: the scroll area itself shows only a line edit's cursor, and nothing at all when
        the focus comes in from Move above it."""
        rows = self.scroll.widget()
        if now is None or rows is None or not rows.isAncestorOf(now):
            return
        edit = next((e for e in self.edits.values() if e.widget is now or e.widget.isAncestorOf(now)), None)
        whole = edit.widget if edit is not None else now
        seen = whole if whole.height() <= self.scroll.viewport().height() else now
        # the box itself: ensureWidgetVisible keeps only a line edit's cursor in sight
        centre = seen.mapTo(rows, seen.rect().center())
        self.scroll.ensureVisible(centre.x(), centre.y(), seen.width() // 2, seen.height() // 2 + FOCUS_ROOM)

    def _clear_rows(self) -> None:
        """The last move's rows gone; the destination row is kept for the next move that goes
        somewhere (the select tool holds it as the map's place picker)."""
        while self.fields.rowCount():
            taken = self.fields.takeRow(0)
            for item in (taken.labelItem, taken.fieldItem):
                widget = item.widget() if item is not None else None
                if widget is not None:
                    widget.hide()
                    if widget is not self.destination:
                        widget.deleteLater()

    def _suggest(self) -> None:
        """The fields the rules fill in, from the conflict as it stands now: a guard's "against"
        names the latest check aimed at the reactor, never one undone, one of a participant
        since gone or an earlier turn's. A value the GM chose by hand is theirs and stays."""
        conflict = self.document.map.conflict
        found: dict[str, Any] = {}
        if conflict is not None and self.rules is not None and self.move is not None and self.actor():
            found = self.rules.suggested(self.document.map, conflict, self.actor(), self.move)
        for name in {*found, *self._suggested}:
            edit = self.edits.get(name)
            if edit is None or (name in self._suggested and edit.value() != self._suggested[name]):
                continue  # changed by hand since it was suggested
            if name not in self._suggested and edit.value() is not None:
                continue  # given before the rules had anything to say of it
            edit.set_value(found.get(name))
        self._suggested = {name: value for name, value in found.items() if name in self.edits}

    def _fill(self) -> None:
        context = self.values()
        for name, edit in self.edits.items():
            if name != "move":
                edit.fill(self.document, context)

    def _active(self, spec: Field) -> bool:
        """A field shown only while another has a value (a dive's place) is active then only."""
        if spec.only_if is None:
            return True
        other = self.edits.get(spec.only_if[0])
        return other is not None and other.value() == spec.only_if[1]

    def _shown_rows(self) -> None:
        for edit in self.edits.values():
            self.fields.setRowVisible(edit.widget, self._active(edit.spec))

    def _field_changed(self) -> None:
        sender = self.sender()
        if isinstance(sender, Edit) and sender.spec.name in ("target", "on"):
            self._fill()  # the target's tracks, the holder's aspects
        self._shown_rows()
        self._show_note()

    def _map_edited(self, change) -> None:
        self._version += 1

    def values(self) -> dict[str, Any]:
        found = {"actor": self.actor()}
        for name, edit in self.edits.items():
            value = edit.value()
            if value is None or value == [] or not self._active(edit.spec):
                continue
            if edit.spec.kind == "flag" and value is bool(edit.spec.default):
                continue  # as the rules take it unsaid
            found[name] = value
        return found

    def step(self) -> dict[str, Any] | None:
        """The step the form holds now: {"do": "act", "actor": ..., "action": ..., ...}."""
        move = self.chosen()
        if move is None:
            return None
        values = self.values()
        if not values["actor"]:
            values.pop("actor")
        return {"do": move.do, move.kind: move.word, **values}

    def _move_type(self) -> str:
        edit = self.edits.get("move")
        return (edit.value() if edit is not None else None) or self.move_type()

    def _show_note(self) -> None:
        conflict = self.document.map.conflict
        step = self.step()
        if conflict is None or self.rules is None or step is None:
            self.note.setText("")
            self.note.setVisible(False)
            return
        key = (repr(sorted(step.items())), id(conflict), self._version)
        if key == self._noted:
            return  # the same step on the same map: range and flank stand
        self._noted = key
        graph = self.document.graph() if self.document.map.zones else None
        try:
            text = self.rules.helper(self.document.map, conflict, step, graph)
        except (KeyError, ValueError) as error:
            text = str(error.args[0]) if error.args else ""
        self.note.setText(text)
        self.note.setVisible(bool(text))

    # -- the map ----------------------------------------------------------------------------

    def _picked_on_map(self) -> None:
        """A token (or, for an attack's target, a border) picked on the map becomes the target
        (the actor stays who acts)."""
        edit = self.edits.get("target")
        kinds = ("token", "border") if edit is not None and edit.spec.kind == "target" else ("token",)
        picked = [object_id for kind, object_id in self.document.selection if kind in kinds]
        if edit is not None and len(picked) == 1 and picked[0] != self.actor():
            edit.set_value(picked[0])

    def moving(self) -> tuple[str, str] | None:
        """(actor, move word) while the form waits for a place on the map."""
        move = self.chosen()
        if move is None or not self.actor() or not self.isEnabled():
            return None
        waiting = [e for e in self.edits.values() if isinstance(e, (PlaceEdit, PickedZone)) and self._active(e.spec)]
        return (self.actor(), move.word) if waiting else None

    # -- doing it ---------------------------------------------------------------------------

    def submit(self) -> None:
        step = self.step()
        if step is not None and self.isEnabled():
            self.declared.emit(step)

    def done(self) -> None:
        """The step was taken: a reaction from a row gives the form back to what it held; any
        other move stays chosen, its fields fresh."""
        back, self._back = self._back, None
        if back is not None and self.move is not None and self.move.kind == "reaction":
            actor, kind, word = back
            self._choose((kind, word))
            self.who.set_value(actor)
        self._rebuild()


def _focusable(widget: QWidget) -> list[QWidget]:
    """The widget, or the parts of a field made of several (a resist's boxes, a facing's
    buttons), that Tab stops at, in the order its layout lays them out."""
    if widget.focusPolicy() & Qt.FocusPolicy.TabFocus or widget.focusProxy() is not None:
        return [widget]
    return _in_layout(widget.layout()) if widget.layout() is not None else []


def _in_layout(layout) -> list[QWidget]:
    found: list[QWidget] = []
    for at in range(layout.count()):
        item = layout.itemAt(at)
        if item.widget() is not None:
            found += _focusable(item.widget())
        elif item.layout() is not None:
            found += _in_layout(item.layout())
    return found


def _words(style: str) -> QLabel:
    label = QLabel()
    label.setWordWrap(True)
    label.setStyleSheet(style)
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


def _first_own(rules: systems.RuleSystem | None) -> tuple[str, str] | None:
    """The system's first action: what a new turn's form offers first."""
    first = next((m for m in rules.moves if m.kind == "action"), None) if rules is not None else None
    return (first.kind, first.word) if first is not None else None
