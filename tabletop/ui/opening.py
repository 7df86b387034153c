"""Opening a map with the window answering: a big map takes seconds to read and lay out
(a 100k-zone city, about four), so the cursor is busy and, once it has taken a moment, a
progress dialog says how far the reading got, with a Cancel that leaves the map as it was."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QEvent, QEventLoop, QObject, Qt
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget

from tabletop.heap import collector_paused
from tabletop.io import FileStamp, ReadCancelled, load_map_stamped
from tabletop.model import Map

SHOW_AFTER_MS = 400
"""A read shorter than this shows no dialog (a flash would only distract): a 10k-zone map
reads in about 0.3 s."""


@contextmanager
def busy() -> Iterator[None]:
    """The busy cursor while the window cannot answer (saving a 100k-zone map: a second)."""
    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        yield
    finally:
        QApplication.restoreOverrideCursor()


class _StayOpen(QObject):
    """Refuses to close the window while its map is read. Once the progress dialog shows, Qt
    refuses it anyway (the dialog is modal); before that, a close would be undone when the read
    ends: `tabletop FILE` shows the window again, with the map in it."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Close:
            event.ignore()
            return True
        return False


class Opening:
    """The busy cursor and the progress dialog of one map's opening, until `close`."""

    def __init__(self, window: QWidget, path: Path) -> None:
        self.window = window
        self.stay_open = _StayOpen(window)
        window.installEventFilter(self.stay_open)
        self.dialog = QProgressDialog(f"Reading {path.name}…", "Cancel", 0, 0, window)
        self.dialog.setWindowTitle("Open map")
        self.dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self.dialog.setMinimumDuration(SHOW_AFTER_MS)
        self.dialog.setAutoClose(False)
        self.dialog.setAutoReset(False)
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        self.closed = False
        # The window painted and the busy cursor shown before the file is parsed (a 100k-zone
        # map: 0.7 s or more before the first progress call); the GM's clicks wait.
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)

    def tell(self, done: int, total: int) -> bool:
        """bulk_read.Progress: the bar moved on and the window's events handled (Cancel among
        them); False once the GM cancelled."""
        self.dialog.setMaximum(max(total, 1))
        self.dialog.setValue(min(done, total))
        QApplication.processEvents()
        return not self.dialog.wasCanceled()

    def laying_out(self, map_: Map) -> None:
        """Reading is done; what is left (the layout and the first frame) cannot be cancelled."""
        self.dialog.setLabelText(f"Drawing {len(map_.zones):,} zones…")
        self.dialog.setCancelButton(None)
        self.dialog.setValue(self.dialog.maximum())
        QApplication.processEvents()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.window.removeEventFilter(self.stay_open)
            self.stay_open.deleteLater()
            self.dialog.close()
            self.dialog.deleteLater()
            QApplication.restoreOverrideCursor()


def read_map(opening: Opening, path: Path) -> tuple[Map, FileStamp] | None:
    """The map at `path` and its file's stamp, read while `opening` shows progress; None when
    the GM cancelled. A file that cannot be read raises MapFileError for the caller to show."""
    try:
        with collector_paused():  # the map is kept for the session: out of the collector's sight
            return load_map_stamped(path, opening.tell)
    except ReadCancelled:
        return None
