"""The Zones and Tokens lists: the map by keyboard. Arrow keys walk the list, selection
follows into the canvas, and Enter centres the view on the chosen object.

A list view over a model that reads the document: a row's text is made only when the row is
painted, so a map of 100k zones opens without 100k list items. The model counts its rows in
Qt's own code (a QStringListModel of empty strings): QListView asks the count once per row
each time it lays the rows out, and answered in Python that was 0.3-0.6 s of opening 100k
zones."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    QStringListModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QAbstractItemView, QListView

from tabletop.document import MapDocument

BULK_ROWS = 200
"""Past this many rows in one change, the list is made again in one pass."""

Index = QModelIndex | QPersistentModelIndex


class ObjectRows(QStringListModel):
    """The ids of one kind of map object, in map order; the text of each comes from the
    document when the view asks for it. The string list holds one empty string a row, only
    so that Qt counts the rows itself; `ids` changes first, then the rows."""

    def __init__(self, document: MapDocument, kind: str) -> None:
        super().__init__()
        self.document, self.kind = document, kind
        self.ids: list[str] = []
        self.known: set[str] = set()

    def text(self, object_id: str) -> str:
        obj = self.document.get(self.kind, object_id)
        if self.kind == "token":
            return f"{obj.label}  ({obj.side})"
        return obj.label + ("  [hidden]" if getattr(obj, "hidden", False) else "")

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self.ids):
            return None
        object_id = self.ids[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return self.text(object_id)
        if role == Qt.ItemDataRole.UserRole:
            return object_id
        return None

    def reset_rows(self) -> None:
        """Every row again, in one pass: a new map, or a change of many rows."""
        objects = self.document.map.zones if self.kind == "zone" else self.document.map.tokens
        self.ids = [obj.id for obj in objects]
        self.known = set(self.ids)
        self.setStringList([""] * len(self.ids))  # one reset of the model

    def row(self, object_id: str) -> int:
        """The list follows the map's order, so the document knows the row; checked, not trusted."""
        row = self.document.position(self.kind, object_id)
        if 0 <= row < len(self.ids) and self.ids[row] == object_id:
            return row
        return self.ids.index(object_id)

    def remove(self, object_ids: tuple[str, ...]) -> None:
        gone = set(object_ids) & self.known
        if not gone:
            return
        rows = sorted((i for i, object_id in enumerate(self.ids) if object_id in gone), reverse=True)
        for row in rows:  # from the end, so the rows still to go keep their numbers
            self.known.discard(self.ids.pop(row))
            self.removeRows(row, 1)

    def follow(self, object_ids: list[str]) -> list[int]:
        """Objects added or changed, in map order: new rows at their place (an undone removal
        comes back where it stood, not at the end); returns the rows of the changed ones for
        the view to paint again. Not dataChanged: QListView answers it by laying out every row
        again (38 ms of a rename's 54 at 10k zones, when Python counted the rows), and a
        row's text is made when painted."""
        changed = []
        for object_id in object_ids:
            if object_id in self.known:
                changed.append(self.row(object_id))
                continue
            row = min(max(self.document.position(self.kind, object_id), 0), len(self.ids))
            self.ids.insert(row, object_id)
            self.known.add(object_id)
            self.insertRows(row, 1)
        return changed


class ObjectList(QListView):
    """Lists one kind of map object by label, kept in step with the document."""

    activated_object = Signal(str, str)

    def __init__(self, document: MapDocument, kind: str) -> None:
        super().__init__()
        self.document, self.kind = document, kind
        self.rows = ObjectRows(document, kind)
        self.setModel(self.rows)
        self.setUniformItemSizes(True)  # the view never measures every row of a big map
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)  # rows are not for typing in
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # long names elide
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        self._syncing = False
        document.edited.connect(self._edited)
        document.reset.connect(self.rebuild)
        document.selectionChanged.connect(self._from_document)
        self.selectionModel().selectionChanged.connect(self._to_document)
        self.activated.connect(lambda index: self.activated_object.emit(self.kind, self.rows.ids[index.row()]))
        self.rebuild()

    # -- what tests and the window ask -------------------------------------------------------

    def count(self) -> int:
        return len(self.rows.ids)

    def object_at(self, row: int) -> str:
        return self.rows.ids[row]

    def text_of(self, object_id: str) -> str:
        return self.rows.data(self.rows.index(self.rows.row(object_id)))

    def is_selected(self, object_id: str) -> bool:
        return self.selectionModel().isSelected(self.rows.index(self.rows.row(object_id)))

    def setCurrentRow(self, row: int) -> None:
        self.setCurrentIndex(self.rows.index(row))

    # -- keeping in step ---------------------------------------------------------------------

    def rebuild(self) -> None:
        self._syncing = True
        try:
            self.rows.reset_rows()
        finally:
            self._syncing = False

    def _edited(self, change) -> None:
        """Rows follow the change; the document already knows the selection that remains, so
        rows taken away while selected never answer back (a thousand removals were a
        thousand selection round trips)."""
        if change.kind != self.kind:
            return
        if len(change.object_ids) > BULK_ROWS:
            self.rebuild()
            self._from_document()
            return
        self._syncing = True
        try:
            if change.removed:
                self.rows.remove(change.object_ids)
            else:
                for row in self.rows.follow(self.document.in_map_order(self.kind, change.object_ids)):
                    self.viewport().update(self.visualRect(self.rows.index(row)))
        finally:
            self._syncing = False

    def _to_document(self, *_) -> None:
        if self._syncing:
            return
        ids = self.rows.ids
        chosen = [(self.kind, ids[row]) for row in sorted(i.row() for i in self.selectionModel().selectedRows())]
        self.document.select(chosen)

    def _from_document(self) -> None:
        """Mirror the document's selection in one call: row by row, Qt's selection costs
        grow with the list, and Select All on 10k zones took 26 s."""
        self._syncing = True
        try:
            known = self.rows.known
            rows = sorted(self.rows.row(i) for k, i in self.document.selection if k == self.kind and i in known)
            chosen = QItemSelection()
            start = 0
            for k, row in enumerate(rows):
                if k + 1 == len(rows) or rows[k + 1] != row + 1:
                    chosen.select(self.rows.index(rows[start]), self.rows.index(row))
                    start = k + 1
            self.selectionModel().select(chosen, QItemSelectionModel.SelectionFlag.ClearAndSelect)
        finally:
            self._syncing = False

    def empty_text(self) -> str:
        """What to do when the list is empty, said in the list itself."""
        if self.count():
            return ""
        if self.kind == "token":
            return "No tokens yet: place one with the Token tool (T)."
        if self.document.map.grids:
            return (
                "This map has no zones: it is played on its encounter grid. "
                "Click the grid to inspect it, or draw zones with the Polygon (P) or Node (N) tool."
            )
        return "No zones yet: draw one with the Polygon tool (P) or the Node tool (N)."

    def paintEvent(self, event) -> None:
        super().paintEvent(event)
        text = self.empty_text()
        if text:
            painter = QPainter(self.viewport())
            painter.setPen(self.palette().placeholderText().color())
            box = self.viewport().rect().adjusted(8, 8, -8, -8)
            painter.drawText(box, int(Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap), text)
