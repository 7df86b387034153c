"""The Zones and Tokens lists: the map by keyboard. Arrow keys walk the list, selection
follows into the canvas, and Enter centres the view on the chosen object."""

from __future__ import annotations

from PySide6.QtCore import QItemSelection, QItemSelectionModel, Qt, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QListWidget, QListWidgetItem

from tabletop.document import MapDocument

BULK_ROWS = 200
"""Past this many rows in one change, the list is made again in one pass."""


class ObjectList(QListWidget):
    """Lists one kind of map object by label, kept in step with the document."""

    activated_object = Signal(str, str)

    def __init__(self, document: MapDocument, kind: str) -> None:
        super().__init__()
        self.document, self.kind = document, kind
        self.setSelectionMode(QListWidget.SelectionMode.ExtendedSelection)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # long names elide
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.setUniformItemSizes(True)  # one line a row: a renamed row must not measure all 10k again
        self.rows: dict[str, QListWidgetItem] = {}
        self._syncing = False
        document.edited.connect(self._edited)
        document.reset.connect(self.rebuild)
        document.selectionChanged.connect(self._from_document)
        self.itemSelectionChanged.connect(self._to_document)
        self.itemActivated.connect(
            lambda item: self.activated_object.emit(self.kind, item.data(Qt.ItemDataRole.UserRole))
        )
        self.rebuild()

    def _text(self, obj) -> str:
        if self.kind == "token":
            return f"{obj.label}  ({obj.side})"
        return obj.label + ("  [hidden]" if getattr(obj, "hidden", False) else "")

    def rebuild(self) -> None:
        self._syncing = True
        self.clear()
        self.rows = {}
        objects = self.document.map.zones if self.kind == "zone" else self.document.map.tokens
        for obj in objects:
            self._add(obj)
        self._syncing = False

    def _add(self, obj, row: int | None = None) -> None:
        item = QListWidgetItem(self._text(obj))
        item.setToolTip(self._text(obj))
        item.setData(Qt.ItemDataRole.UserRole, obj.id)
        self.rows[obj.id] = item
        self.insertItem(self.count() if row is None else row, item)

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
            ids = change.object_ids if change.removed else self.document.in_map_order(self.kind, change.object_ids)
            for object_id in ids:  # rows come back in map order, each at its place
                if change.removed:
                    self._removed(change.kind, object_id)
                else:
                    self._changed(change.kind, object_id)
        finally:
            self._syncing = False

    def _changed(self, kind: str, object_id: str) -> None:
        if kind != self.kind:
            return
        obj = self.document.get(kind, object_id)
        if object_id in self.rows:
            self.rows[object_id].setText(self._text(obj))
            self.rows[object_id].setToolTip(self._text(obj))
        else:  # an undone removal comes back where it stood, not at the end
            self._add(obj, self.document.position(kind, object_id))

    def _removed(self, kind: str, object_id: str) -> None:
        if kind == self.kind and object_id in self.rows:
            self.takeItem(self.row(self.rows.pop(object_id)))

    def _to_document(self) -> None:
        if self._syncing:
            return
        chosen = [(self.kind, item.data(Qt.ItemDataRole.UserRole)) for item in self.selectedItems()]
        self.document.select(chosen)

    def _from_document(self) -> None:
        """Mirror the document's selection in one call: item by item, Qt's selection costs
        grow with the list, and Select All on 10k zones took 26 s."""
        self._syncing = True
        rows = sorted(self._row(i) for k, i in self.document.selection if k == self.kind and i in self.rows)
        chosen = QItemSelection()
        start = 0
        for k, row in enumerate(rows):
            if k + 1 == len(rows) or rows[k + 1] != row + 1:
                chosen.select(self.model().index(rows[start], 0), self.model().index(row, 0))
                start = k + 1
        self.selectionModel().select(chosen, QItemSelectionModel.SelectionFlag.ClearAndSelect)
        self._syncing = False

    def _row(self, object_id: str) -> int:
        """The list follows the map's order, so the document knows the row; checked, not trusted."""
        row = self.document.position(self.kind, object_id)
        item = self.item(row)
        if item is not None and item.data(Qt.ItemDataRole.UserRole) == object_id:
            return row
        return self.row(self.rows[object_id])

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
