"""What a conflict hits and uses on a token, border or zone, edited: stress tracks (boxes,
threshold, marked boxes), aspects with their free invokes, and on a token its consequences and
whether it stands for a problem (a long action). A border has at most one track; a zone has
aspects only. The Inspector shows the editor on those pages and the play dock on a
participant's sheet, so it depends on the document alone.

Each change is one undoable edit (a name being typed merges into one); a value the model
refuses is named in one red line and not applied."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QLabel, QPushButton, QVBoxLayout, QWidget

from tabletop.document import MapDocument
from tabletop.document.commands import EditObject
from tabletop.document.commands.edits import named
from tabletop.model import Aspect, Consequence
from tabletop.model.wording import words
from tabletop.ui.docks.fields import updated
from tabletop.ui.docks.stress_rows import NamedNumber, TrackBlock, number_box

KINDS = ("token", "border", "zone")
"""The objects with aspects; tokens and borders have stress tracks too."""
TRACK_NAMES = {"token": ("health", "cool"), "problem": ("integrity",), "border": ("integrity",)}
"""A new track's name: the texts' own ("the integrity track of the stubborn lock"), then "track 2"."""


def _fresh(name: str, taken: list[str], word: str) -> str:
    """`name` if no other has it, else the first of "word 2", "word 3", ... that none has."""
    if name not in taken:
        return name
    return next(f"{word} {n}" for n in range(2, len(taken) + 3) if f"{word} {n}" not in taken)


def _heading(text: str) -> QLabel:
    label = QLabel(text)
    label.setStyleSheet("font-weight: bold")
    return label


class StressAspectEditor(QWidget):
    """Edits the shown object's tracks, aspects and (a token's) consequences and problem flag.
    `show(kind, object_id)` picks the object; the editor follows the document from then on."""

    def __init__(self, document: MapDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.kind: str | None = None
        self.object_id: str | None = None
        self._shape: tuple | None = None
        self.tracks: list[TrackBlock] = []
        self.aspects: list[NamedNumber] = []
        self.consequences: list[NamedNumber] = []
        self.problem_line = QLabel()
        self.problem_line.setTextFormat(Qt.TextFormat.PlainText)
        self.problem_line.setStyleSheet("color: #c62828")
        self.problem_line.setWordWrap(True)
        self.problem_line.hide()
        self._line = self.problem_line
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.tracks_title = _heading("Stress tracks")
        self.track_list = QVBoxLayout()
        self.add_track = QPushButton("Add stress track")
        self.add_track.clicked.connect(lambda _c=False: self._add_track())
        self.aspects_title = _heading("Aspects")
        self.aspect_list = QVBoxLayout()
        self.add_aspect = QPushButton("Add aspect")
        self.add_aspect.clicked.connect(lambda _c=False: self._add("aspects"))
        self.consequences_title = _heading("Consequences")
        self.consequence_list = QVBoxLayout()
        self.add_consequence = QPushButton("Add consequence")
        self.add_consequence.clicked.connect(lambda _c=False: self._add("consequences"))
        self.problem = QCheckBox("A problem (a long action)")
        self.problem.setToolTip(
            "A long action: attacked to solve it, defended to keep it from being solved; "
            "it never takes a turn. Drawn as a square on the map"
        )
        self.problem.clicked.connect(self._set_problem)
        for title, rows, add in (
            (self.tracks_title, self.track_list, self.add_track),
            (self.aspects_title, self.aspect_list, self.add_aspect),
            (self.consequences_title, self.consequence_list, self.add_consequence),
        ):
            layout.addWidget(title)
            layout.addLayout(rows)
            layout.addWidget(add)
        layout.addWidget(self.problem)
        layout.addWidget(self.problem_line)
        document.edited.connect(self._edited)
        document.reset.connect(self.refresh)
        self.refresh()

    # -- showing -----------------------------------------------------------------------------

    def show_object(self, kind: str, object_id: str | None) -> None:
        """Show this object's tracks and aspects."""
        self.kind, self.object_id = (kind, object_id) if kind in KINDS else (None, None)
        self.say("")
        self.refresh()

    def say_refusals_in(self, line: QLabel) -> None:
        """Name refused values in a line of the host's (the Inspector's, under its pages)."""
        line.setTextFormat(Qt.TextFormat.PlainText)
        self.problem_line.hide()
        self._line = line

    def subject(self) -> Any:
        if self.kind is None or self.object_id is None:
            return None
        return self.document.get(self.kind, self.object_id)

    def _edited(self, change) -> None:
        if self.kind is not None and change.kind == self.kind and self.object_id in change.object_ids:
            self.refresh()

    def refresh(self) -> None:
        obj = self.subject()
        kind = self.kind if obj is not None else None
        tracks, aspects = self._tracks(obj), list(getattr(obj, "aspects", []))
        consequences = list(obj.consequences) if kind == "token" else []
        shape = (kind, len(tracks), len(aspects), len(consequences))
        if shape != self._shape:
            self._shape = shape
            self._rebuild(*shape)
        for block, track in zip(self.tracks, tracks, strict=True):
            block.fill(track)
        for row, aspect in zip(self.aspects, aspects, strict=True):
            row.fill(aspect.name, aspect.free_invokes)
        for row, consequence in zip(self.consequences, consequences, strict=True):
            row.fill(consequence.name, consequence.shifts)
        if kind == "token":
            self.problem.setChecked(obj.problem)

    def _rebuild(self, kind: str | None, tracks: int, aspects: int, consequences: int) -> None:
        for rows, holder in (
            (self.tracks, self.track_list),
            (self.aspects, self.aspect_list),
            (self.consequences, self.consequence_list),
        ):
            for row in rows:  # hidden now, deleted once the click that removed it is done
                holder.removeWidget(row)
                row.hide()
                row.deleteLater()
            rows.clear()
        has_tracks, token = kind in ("token", "border"), kind == "token"
        self.tracks_title.setText("Stress track" if kind == "border" else "Stress tracks")
        for widget, shown in (
            (self.tracks_title, has_tracks),
            (self.add_track, has_tracks and (kind == "token" or tracks == 0)),
            (self.aspects_title, kind is not None),
            (self.add_aspect, kind is not None),
            (self.consequences_title, token),
            (self.add_consequence, token),
            (self.problem, token),
        ):
            widget.setVisible(shown)
        for at in range(tracks):
            block = TrackBlock(
                lambda text, i=at: self._rename("stress", i, text),
                lambda n, i=at: self._change("stress", i, "boxes", n),
                lambda n, i=at: self._change("stress", i, "threshold", n),
                lambda box, i=at: self._toggle(i, box),
                lambda i=at: self._remove("stress", i),
            )
            self.track_list.addWidget(block)
            self.tracks.append(block)
        for section, rows, holder, count in (
            ("aspects", self.aspects, self.aspect_list, aspects),
            ("consequences", self.consequences, self.consequence_list, consequences),
        ):
            for at in range(count):
                row = self._named_number(section, at)
                holder.addWidget(row)
                rows.append(row)

    def _named_number(self, section: str, at: int) -> NamedNumber:
        if section == "aspects":
            number = number_box(Aspect, "free_invokes", suffix=" free")
            number.setToolTip("Free invokes: each lets the aspect be invoked without a fate point")
            what, field = "aspect", "free_invokes"
        else:
            number = number_box(Consequence, "shifts", suffix=" shifts")
            number.setToolTip("The shifts the consequence took off the action it resisted")
            what, field = "consequence", "shifts"
        return NamedNumber(
            what,
            number,
            lambda text: self._rename(section, at, text),
            lambda n: self._change(section, at, field, n),
            lambda: self._remove(section, at),
        )

    # -- editing -----------------------------------------------------------------------------

    def say(self, text: str) -> None:
        self._line.setText(text)
        if self._line is self.problem_line:
            self.problem_line.setVisible(bool(text))

    def _tracks(self, obj: Any) -> list:
        if obj is None or self.kind not in ("token", "border"):
            return []
        return list(obj.stress) if self.kind == "token" else [obj.stress] if obj.stress is not None else []

    def _items(self, section: str) -> list[dict]:
        obj = self.subject()
        items = self._tracks(obj) if section == "stress" else getattr(obj, section, [])
        return [item.model_dump() for item in items]

    def _label(self) -> str:
        return named(self.document, self.kind, self.subject())

    def _push(self, section: str, items: list[dict], text: str, what: str, merge: str = "") -> bool:
        """One edit of the shown object's `section`; a refused value is named, not applied."""
        obj = self.subject()
        if obj is None:
            return False
        value: Any = items
        if section == "stress" and self.kind == "border":
            value = items[0] if items else None
        try:
            new = updated(obj, section, value)
        except ValidationError as error:
            self.say(f"{what}: {words(error)}")
            return False
        if new != obj:
            try:
                self.document.undo_stack.push(EditObject(self.document, self.kind, new, merge=merge, text=text))
            except ValueError as error:
                self.say(f"{what}: {' '.join(str(error).split())}")
                return False
        self.say("")
        return True

    def _add_track(self) -> None:
        tracks = self._items("stress")
        kind = "problem" if self.kind == "token" and self.subject().problem else self.kind
        taken = [track["name"] for track in tracks]
        own = [name for name in TRACK_NAMES[kind] if name not in taken]
        name = own[0] if own else _fresh(f"track {len(taken) + 1}", taken, "track")
        tracks.append({"name": name, "boxes": 5, "threshold": 5})  # every box counts until the GM says
        self._push("stress", tracks, f"Add stress track {name} to {self._label()}", "new stress track")

    def _add(self, section: str) -> None:
        items = self._items(section)
        word = "aspect" if section == "aspects" else "consequence"
        name = _fresh(f"new {word}", [item["name"] for item in items], f"new {word}")
        items.append({"name": name})
        self._push(section, items, f"Add {word} {name} to {self._label()}", f"new {word}")

    def _remove(self, section: str, at: int) -> None:
        items = self._items(section)
        word = {"stress": "stress track", "aspects": "aspect", "consequences": "consequence"}[section]
        gone = items.pop(at)
        self._push(section, items, f"Remove {word} {gone['name']} from {self._label()}", word)

    def _rename(self, section: str, at: int, text: str) -> None:
        items = self._items(section)
        word = {"stress": "stress track", "aspects": "aspect", "consequences": "consequence"}[section]
        if section != "consequences" and any(i != at and item["name"] == text for i, item in enumerate(items)):
            # the rules and the play sheet find a track or an aspect by its name
            self.say(f"{word} name: another {word} is already called {text}")
            return
        items[at]["name"] = text
        self._push(section, items, f"Rename a {word} of {self._label()}", f"{word} name", merge=f"{section}-{at}-name")

    def _change(self, section: str, at: int, field: str, value: int) -> None:
        items = self._items(section)
        items[at][field] = value
        what = f"{items[at]['name']} {field.replace('_', ' ')}"
        self._push(section, items, f"Change {what} of {self._label()}", what, merge=f"{section}-{at}-{field}")

    def _toggle(self, at: int, box: int) -> None:
        tracks = self._items("stress")
        marked = tracks[at]["marked"]
        verb = "Clear" if box in marked else "Mark"
        tracks[at]["marked"] = sorted(set(marked) ^ {box})
        text = f"{verb} box {box} of {tracks[at]['name']} of {self._label()}"
        if not self._push("stress", tracks, text, f"{tracks[at]['name']} box {box}"):
            self.refresh()  # the button shows the track as it is

    def _set_problem(self, on: bool) -> None:
        obj = self.subject()
        if self.kind != "token" or obj is None or obj.problem == on:
            return
        label = self._label()
        text = f"Make {label} a problem" if on else f"Make {label} a character, not a problem"
        self.document.undo_stack.push(
            EditObject(self.document, "token", obj.model_copy(update={"problem": on}), text=text)
        )
        self.say("")
