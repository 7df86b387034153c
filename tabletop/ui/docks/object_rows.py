"""The rows of the Zones and Tokens lists: every object's id in map order, and, under a
filter, which of them the list shows.

The model counts its rows in Qt's own code (a QStringListModel of empty strings): QListView
asks the count once per row each time it lays the rows out, and answered in Python that was
a felt part of opening a big map. A row's text is made only when the row is painted, and the
filter's rows are one numpy array of places in `ids`, never a Python object a row (numpy and
labels.py are imported at the first search: the empty window starts without them)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QStringListModel, Qt

from tabletop.ui.docks.folding import fold, needle, row_piece
from tabletop.ui.plain import shown_plain

if TYPE_CHECKING:
    import numpy as np

    from tabletop.document import MapDocument
    from tabletop.ui.docks.labels import Labels, Shown

Index = QModelIndex | QPersistentModelIndex


class ObjectRows(QStringListModel):
    """The ids of one kind of map object, in map order; the text of each comes from the
    document when the view asks for it. The string list holds one empty string a shown row,
    only so that Qt counts the rows itself; `ids` (and `shown`) change first, then the rows."""

    def __init__(self, document: MapDocument | None, kind: str) -> None:
        super().__init__()
        self.document, self.kind = document, kind
        self.ids: list[str] = []
        self.known: set[str] = set()
        self.wanted = b""
        """The filter as searched (folded); empty: every row shown."""
        self.shown: Shown | None = None
        """Under a filter, the rows shown; None without one."""
        self._labels: Labels | None = None

    # -- rows and objects ----------------------------------------------------------------------

    def text(self, object_id: str) -> str:
        obj = self.document.get(self.kind, object_id)
        if self.kind == "token":
            return f"{obj.label}  ({obj.side})"
        return obj.label + ("  [hidden]" if getattr(obj, "hidden", False) else "")

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= self.count():
            return None
        object_id = self.object_at(index.row())
        if role == Qt.ItemDataRole.DisplayRole:
            return self.text(object_id)
        if role == Qt.ItemDataRole.ToolTipRole:  # a tooltip guesses rich text; the row shows plain
            return shown_plain(self.text(object_id))
        if role == Qt.ItemDataRole.UserRole:
            return object_id
        return None

    def count(self) -> int:
        """The rows shown."""
        return len(self.ids) if self.shown is None else len(self.shown)

    def object_at(self, row: int) -> str:
        return self.ids[row if self.shown is None else self.shown.place(row)]

    def place(self, object_id: str) -> int:
        """Where an object stands among all the rows: the list follows the map's order, so
        the document knows; checked, not trusted."""
        place = self.document.position(self.kind, object_id)
        if 0 <= place < len(self.ids) and self.ids[place] == object_id:
            return place
        return self.ids.index(object_id)

    def row(self, object_id: str) -> int:
        """The row showing an object, or -1 when the filter hides it."""
        place = self.place(object_id)
        return place if self.shown is None else self.shown.row(place)

    def rows_of(self, object_ids: list[str]) -> list[int]:
        """The rows showing these objects, ascending; those not listed or filtered out left out."""
        known, place = self.known, self.place
        places = sorted(place(i) for i in object_ids if i in known)
        return places if self.shown is None or not places else self.shown.rows(places)

    def labels(self) -> Labels:
        """Every row's label, prepared for finding: made when first searched (a map opens
        without it), then kept in step edit by edit."""
        if self._labels is None:
            from tabletop.ui.docks.labels import Labels  # deferred: numpy, loaded for the first search

            objects = self._objects()
            if [obj.id for obj in objects] != self.ids:  # never yet: the rows follow the map's order
                objects = [self.document.get(self.kind, i) for i in self.ids]
            self._labels = Labels([obj.label for obj in objects], self.ids)
        return self._labels

    def _objects(self) -> list:
        return self.document.map.zones if self.kind == "zone" else self.document.map.tokens

    def rows_starting(self, typed: str) -> np.ndarray:
        """The rows whose label begins with what was typed, ascending."""
        every = None if self.shown is None else self.shown.places
        places = self.labels().starting(needle(typed), every)
        return places if self.shown is None else self.shown.rows_of_places(places)

    # -- the filter ----------------------------------------------------------------------------

    def set_filter(self, typed: str) -> bool:
        """Show only the rows whose label or id holds what was typed; False if the rows shown
        stay the same. At most one reset of the model: Qt lays the rows out once."""
        wanted = needle(typed)
        if wanted == self.wanted:
            return False
        self.wanted = wanted
        return self._refilter()

    def _refilter(self, *, again: bool = False) -> bool:
        """The rows shown under the filter; the model reset only if they differ (a word that
        grows, "z", "zo", "zone", often keeps the same rows, and a reset of a big list is felt)."""
        before, self.shown = self.shown, None
        if self.wanted:
            from tabletop.ui.docks.labels import Shown  # deferred: numpy, loaded for the first search

            self.shown = Shown(self.labels().containing(self.wanted))
        if before is None or self.shown is None:
            same = len(before if before is not None else self.ids) == self.count()  # all rows, both
        else:
            same = before.same(self.shown)
        if again or not same:
            self.setStringList([""] * self.count())
        return again or not same

    # -- following the document ----------------------------------------------------------------

    def reset_rows(self) -> None:
        """Every row again, in one pass: a new map, or a change of many rows."""
        self.ids = [obj.id for obj in self._objects()]
        self.known = set(self.ids)
        self._labels = None
        self._refilter(again=True)

    def remove(self, object_ids: tuple[str, ...]) -> None:
        gone = set(object_ids) & self.known
        if not gone:
            return
        places = [i for i, object_id in enumerate(self.ids) if object_id in gone]
        if self._labels is not None:
            self._labels.splice([(place, True, None) for place in places])
        for place in reversed(places):  # from the end, so the rows still to go keep their numbers
            self.known.discard(self.ids.pop(place))
            if self.shown is None:
                self.removeRows(place, 1)
                continue
            row = self.shown.removed(place)
            if row >= 0:
                self.removeRows(row, 1)

    def follow(self, object_ids: list[str]) -> list[int]:
        """Objects added or changed, in map order: new rows at their place (an undone removal
        comes back where it stood, not at the end), and under a filter rows shown or hidden
        as their new labels match; returns the rows of the changed ones for the view to paint
        again. Not dataChanged: QListView answers it by laying out every row again (most of a
        rename on a big map, when Python counted the rows), and a row's text is made
        when painted."""
        added, changed = [], []
        for object_id in object_ids:
            if object_id in self.known:
                changed.append(object_id)
                continue
            place = min(max(self.document.position(self.kind, object_id), 0), len(self.ids))
            self.ids.insert(place, object_id)
            self.known.add(object_id)
            added.append((place - len(added), False, self._piece(object_id)))
            self._show_added(place, added[-1][2])
        if self._labels is not None and added:
            self._labels.splice(added)
        return [row for object_id in changed if (row := self._follow_change(object_id)) >= 0]

    def _piece(self, object_id: str) -> str:
        return row_piece(self.document.get(self.kind, object_id).label, object_id)

    def _show_added(self, place: int, piece: str) -> None:
        if self.shown is None:
            self.insertRows(place, 1)
            return
        row = self.shown.added(place, self.wanted in fold(piece).encode())
        if row >= 0:
            self.insertRows(row, 1)

    def _follow_change(self, object_id: str) -> int:
        """A changed object's row, to paint again; -1 if the filter now hides it, or now
        shows it (a row added, already painted)."""
        place, piece = self.place(object_id), self._piece(object_id)
        if self._labels is not None and self._labels.row_text(place) != fold(piece).encode():
            self._labels.splice([(place, True, piece)])
        row = self.row(object_id)
        if self.shown is None:
            return row
        matches = self.wanted in fold(piece).encode()
        if row >= 0 and not matches:
            self.shown.hide(row)
            self.removeRows(row, 1)
        elif row < 0 and matches:
            self.insertRows(self.shown.show(place), 1)
            return -1
        return row if matches else -1
