"""The Zones and Tokens lists: the map by keyboard. Arrow keys walk the list, selection
follows into the canvas, and Enter centres the view on the chosen object. A filter box above
the rows shows only those whose name or id holds what the GM types.

A list view over a model that reads the document (object_rows.py): a row's text is made only
when the row is painted, so a big map opens without a list item per zone, and finding
(the filter, type-to-find) searches one prepared array of the labels (labels.py), never a
Python call per row."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QItemSelection, QItemSelectionModel, QObject, QRectF, Qt, Signal
from PySide6.QtGui import QPainter, QTextOption
from PySide6.QtWidgets import QAbstractItemView, QApplication, QListView

from tabletop.ui.docks.list_filter import FilterBar
from tabletop.ui.docks.object_rows import ObjectRows

if TYPE_CHECKING:  # an empty list is in the empty window's first frame, before the model is loaded
    from tabletop.document import MapDocument

__all__ = ["BULK_ROWS", "ObjectList", "ObjectRows"]

BULK_ROWS = 200
"""Past this many rows in one change, the list is made again in one pass."""


class ObjectList(QListView):
    """Lists one kind of map object by label, kept in step with the document, under its
    filter box (held in the view's top margin, as a table holds its header)."""

    activated_object = Signal(str, str)

    def __init__(self, document: MapDocument | None, kind: str) -> None:
        """Without a document, the list as it is for an empty map, until told the map (`follow`)."""
        super().__init__()
        self.document, self.kind = document, kind
        self.rows = ObjectRows(document, kind)
        self.setModel(self.rows)
        self.setUniformItemSizes(True)  # the view never measures every row of a big map
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)  # rows are not for typing in
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # long names elide
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.filter_bar = FilterBar(kind, self)
        self.filter_box = self.filter_bar.box
        self.setViewportMargins(0, self.filter_bar.sizeHint().height(), 0, 0)
        self.verticalScrollBar().parentWidget().installEventFilter(self)  # kept below the bar
        self._syncing = False
        self._typed, self._typed_at = "", 0.0
        self.selectionModel().selectionChanged.connect(self._to_document)
        self.activated.connect(lambda index: self.activated_object.emit(self.kind, self.rows.object_at(index.row())))
        self.filter_box.textChanged.connect(self.set_filter)
        self.filter_box.entered.connect(self.go_to_first)
        self.filter_box.left.connect(self._into_rows)
        self.filter_box.focused.connect(self.rows.labels)  # once a map, not in a key
        if document is not None:
            self.follow(document)
        else:
            self._counted()

    def follow(self, document: MapDocument) -> None:
        """List this document's objects, kept in step with it."""
        self.document = self.rows.document = document
        document.edited.connect(self._edited)
        document.reset.connect(self._new_map)
        document.selectionChanged.connect(self._from_document)
        self.rebuild()

    # -- what tests and the window ask -------------------------------------------------------

    def count(self) -> int:
        """The rows shown (all of them without a filter)."""
        return self.rows.count()

    def total(self) -> int:
        return len(self.rows.ids)

    def object_at(self, row: int) -> str:
        return self.rows.object_at(row)

    def text_of(self, object_id: str) -> str:
        return self.rows.text(object_id)

    def is_selected(self, object_id: str) -> bool:
        row = self.rows.row(object_id)
        return row >= 0 and self.selectionModel().isSelected(self.rows.index(row))

    def setCurrentRow(self, row: int) -> None:
        self.setCurrentIndex(self.rows.index(row))

    # -- finding -----------------------------------------------------------------------------

    def set_filter(self, typed: str) -> None:
        """Show the rows matching what was typed; the map's selection stays as it is, shown
        in the rows that remain, the first of them current and in sight."""
        self._syncing = True
        try:
            changed = self.rows.set_filter(typed)
        finally:
            self._syncing = False
        self._counted()
        if not changed:
            if not self.count():
                self.viewport().update()  # the empty list says what was typed: say it anew
            return
        self._from_document()
        selected = self.selectionModel().selectedRows()
        if selected:
            first = min(selected, key=lambda index: index.row())
            self.selectionModel().setCurrentIndex(first, QItemSelectionModel.SelectionFlag.NoUpdate)
            self.scrollTo(first)

    def go_to_first(self) -> None:
        """Enter in the filter box: the first match selected and the map centred on it, as
        Enter on a row does."""
        if self.count():
            self.setCurrentRow(0)
            self.activated_object.emit(self.kind, self.rows.object_at(0))

    def keyboardSearch(self, search: str) -> None:
        """Type-to-find, as Qt does it (the typed letters within the keyboard interval make
        one word, found from the row after the current one, wrapping; one letter again
        steps to its next row), over the prepared labels: Qt's own asks the model for
        every row's text, felt at every key on a big map. It jumps rather than filters, so the
        rows a GM was walking stay as they were; the box above is for narrowing them."""
        now = time.monotonic()
        fresh = not search or (now - self._typed_at) * 1000 > QApplication.keyboardInputInterval()
        self._typed_at = now
        self._typed = search if fresh else self._typed + search
        current = self.currentIndex().row() if self.currentIndex().isValid() else -1
        same = len(self._typed) > 1 and self._typed.count(self._typed[-1]) == len(self._typed)
        skip = (fresh and current >= 0) or same  # "aaa": the next row starting with a
        word = self._typed[0] if same else self._typed
        if not word or not self.count():
            return
        rows = self.rows.rows_starting(word)
        if not len(rows):
            return
        start = max(current, 0) + (1 if skip else 0)
        at = int(rows.searchsorted(start))
        self.setCurrentRow(int(rows[at if at < len(rows) else 0]))

    def _into_rows(self) -> None:
        """Down or Esc in the filter box: the keys go to the rows (the current one, or the first)."""
        self.setFocus()
        if not self.currentIndex().isValid() and self.count():
            self.setCurrentRow(0)

    def _counted(self) -> None:
        self.filter_bar.show_count(self.count(), self.total())

    def updateGeometries(self) -> None:
        """The filter bar across the top margin, above the rows."""
        super().updateGeometries()
        room = self.contentsRect()
        self.filter_bar.setGeometry(room.left(), room.top(), room.width(), self.viewportMargins().top())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The scroll bar runs beside the rows, below the filter bar: Qt lays it out down the
        whole list, over the bar's right end (it moves headers out of its way on macOS only)."""
        moved = event.type() in (QEvent.Type.Move, QEvent.Type.Resize)
        if moved and watched is self.verticalScrollBar().parentWidget():
            top = self.contentsRect().top() + self.viewportMargins().top()
            place = watched.geometry()
            if place.top() < top:
                watched.setGeometry(place.left(), top, place.width(), place.bottom() + 1 - top)
        return super().eventFilter(watched, event)

    # -- keeping in step ---------------------------------------------------------------------

    def _new_map(self) -> None:
        """Another map: its whole list, the filter emptied (a word found on the last map
        would hide this one's rows)."""
        self.rows.wanted = b""  # so emptying the box filters nothing: the rows are made next
        self.filter_box.clear()
        self.rebuild()

    def rebuild(self) -> None:
        self._syncing = True
        try:
            self.rows.reset_rows()
        finally:
            self._syncing = False
        self._counted()

    def _edited(self, change) -> None:
        """Rows follow the change; the document already knows the selection that remains, so
        rows taken away while selected never answer back (a thousand removals were a
        thousand selection round trips)."""
        if change.kind != self.kind:
            if change.kind == "grid" and not self.count():  # the hint for an empty list names the grid, or not
                self.viewport().update()
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
        self._counted()

    def _to_document(self, *_) -> None:
        """The rows selected become the map's selection (a click on a row, under a filter
        too, selects that object alone, as a click on the map does)."""
        if self._syncing:
            return
        rows = sorted(i.row() for i in self.selectionModel().selectedRows())
        self.document.select([(self.kind, self.rows.object_at(row)) for row in rows])

    def _from_document(self) -> None:
        """Mirror the document's selection in one call: row by row, Qt's selection costs
        grow with the list, and Select All on a big map took far too long."""
        self._syncing = True
        try:
            from tabletop.model.kinds import ids_by_kind  # deferred: the model, after the first frame

            rows = self.rows.rows_of(ids_by_kind(self.document.selection).get(self.kind, []))
            chosen = QItemSelection()
            start = 0
            for k, row in enumerate(rows):
                if k + 1 == len(rows) or rows[k + 1] != row + 1:
                    chosen.select(self.rows.index(rows[start]), self.rows.index(row))
                    start = k + 1
            flag = QItemSelectionModel.SelectionFlag
            if self.selectionModel().hasSelection():
                self.selectionModel().select(chosen, flag.ClearAndSelect)
            elif rows:  # nothing to clear (just filtered): a clear costs time on a big list
                self.selectionModel().select(chosen, flag.Select)
        finally:
            self._syncing = False

    def empty_text(self) -> str:
        """What to do when the list is empty, said in the list itself."""
        if self.count():
            return ""
        if self.total():
            return f"No {self.kind} has “{self.filter_box.text().strip()}” in its name or id."
        if self.kind == "token":
            return "No tokens yet: place one with the Token tool (T)."
        if self.document is not None and self.document.map.grids:
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
            box = QRectF(self.viewport().rect().adjusted(8, 8, -8, -8))
            option = QTextOption(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)  # a long word is cut, not clipped
            painter.drawText(box, text, option)
