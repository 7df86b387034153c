"""Editors that find a token, a zone, a border or an aspect's holder by name: a few listed,
the many (a big map's places) found as the GM types, from one list per kind shared by
every field of the dock and made again only when the places change."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QStringListModel, Qt
from PySide6.QtWidgets import QCompleter

from tabletop.document import MapDocument
from tabletop.rules.step_fields import Field
from tabletop.ui.docks.play.choice_edits import NONE, ChoiceEdit


def _tokens(document: MapDocument, participants_only: bool) -> list[tuple[str, str]]:
    conflict = document.map.conflict
    taking = [p.token for p in conflict.participants] if conflict is not None else []
    found = [(document.label("token", t), t) for t in taking]
    if not participants_only:
        others = [t for t in document.map.tokens if t.id not in set(taking)]
        found += [(t.label, t.id) for t in others]
    return found


SMALL = 300
"""A map with at most this many places lists them all in the drop-down; a bigger one finds
one as you type, from one list shared by every field and made once per edit of
its places."""


class PlaceList:
    """The zones' and borders' names, each list one model shared by every field of the dock,
    made again only when a zone or border is added, removed or renamed: a big map's fields
    fill in no time after every step."""

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
