"""Opening a map with the window answering: a big map takes seconds to read and lay out
(a city of many thousand zones), so the cursor is busy and, once it has taken a moment, a
progress dialog says how far the reading got, with a Cancel that leaves the map as it was.

The file is read on a worker thread while the window's thread keeps the dialog alive: the read
tells its steps (the file parsed, the zones made, the borders made, the rest checked; io/read.py),
no oftener than TELL_EVERY_S, and waits for the window's answer (go on or stop). Between
steps the window's events are handled and the dialog stays painted (a busy bar until the first
step), and a Cancel is heard at the read's next step; a Cancel once the map is read is too late
to matter, so the last step cannot be cancelled."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QEventLoop, QObject, Qt
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget

from tabletop.heap import collector_paused
from tabletop.io import FileStamp, ReadCancelled, load_map_stamped
from tabletop.model import Map, build_checks
from tabletop.ui.plain import plain_label
from tabletop.ui.recovery import exit_asked

SHOW_AFTER_MS = 400
"""A read shorter than this shows no dialog (a flash would only distract): most maps read
quicker."""
POLL_S = 0.03
"""How often the window's thread handles its events while the worker has nothing to tell."""
TELL_EVERY_S = 0.1
"""How often a read tells the window how far it got: each tell waits for the window's answer
(frequent tells add up on a long read; a tenth of a second is smooth to the eye)."""


@contextmanager
def busy() -> Iterator[None]:
    """The busy cursor while the window cannot answer (saving a big map in-process)."""
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
    """The busy cursor and the progress dialog of one map's opening, until `close`. The cursor
    is `busy()`'s, held open across the calls between (an ExitStack) and given back by `close`."""

    def __init__(self, window: QWidget, path: Path) -> None:
        self.window, self.name = window, path.name
        self.stay_open = _StayOpen(window)
        window.installEventFilter(self.stay_open)
        self.dialog = QProgressDialog("", "Cancel", 0, 0, window)
        self.dialog.setLabel(plain_label())  # the file's name, as it is spelled
        self.dialog.setLabelText(f"Reading {path.name}…")
        self.dialog.setWindowTitle("Open map")
        self.dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self.dialog.setMinimumDuration(SHOW_AFTER_MS)
        self.dialog.setAutoClose(False)
        self.dialog.setAutoReset(False)
        self.dialog.setValue(0)  # from here the dialog shows itself after SHOW_AFTER_MS of events
        self._held = ExitStack()
        self._held.enter_context(busy())
        self.closed = False
        # The window painted and the busy cursor shown before the file is parsed (a big map
        # takes a while to its first progress call); the GM's clicks wait.
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)

    def tell(self, done: int, total: int) -> bool:
        """io.Progress, on the window's thread: the bar moved on and the window's events
        handled (Cancel among them); False once the GM cancelled."""
        self.dialog.setMaximum(max(total, 0))
        self.dialog.setValue(min(done, total))
        return self.waiting()

    def waiting(self) -> bool:
        """The window's events handled while the read has nothing new to tell; False once the
        GM cancelled, or asked the program to stop (a logout, Ctrl+C)."""
        QApplication.processEvents()
        return not self.dialog.wasCanceled() and exit_asked() is None

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
            self._held.close()


def read_map(opening: Opening, path: Path) -> tuple[Map, FileStamp] | None:
    """The map at `path` and its file's stamp, read on a worker thread while `opening` shows
    progress; None when the GM cancelled. A file that cannot be read raises MapFileError for
    the caller to show."""
    reading = _Reading()
    build_checks()  # here, not on the worker: the window's thread may check something as it reads
    threading.Thread(target=reading.run, args=(path,), name="map read", daemon=True).start()
    while True:
        try:
            kind, *said = reading.told.get(timeout=POLL_S)
        except queue.Empty:
            if not opening.waiting():
                reading.answers.put(False)  # heard at its next step
                return None
            continue
        if kind == "told":
            reading.answers.put(opening.tell(*said))
        elif kind == "read":
            return said[0]
        elif kind == "cancelled":
            return None
        else:
            raise said[0]


class _Reading:
    """One map read on a worker thread (io only, no Qt), telling the window's thread its
    progress and what came of it, and waiting for each answer."""

    def __init__(self) -> None:
        self.told: queue.SimpleQueue[tuple[Any, ...]] = queue.SimpleQueue()
        self.answers: queue.SimpleQueue[bool] = queue.SimpleQueue()
        self.quiet_until = 0.0

    def progress(self, done: int, total: int) -> bool:
        """Told a moment ago (TELL_EVERY_S), the window is not asked again before the end: it
        may only have said since that the GM cancelled."""
        if 0 < done < total and time.monotonic() < self.quiet_until:
            try:
                return self.answers.get_nowait()
            except queue.Empty:
                return True
        self.told.put(("told", done, total))
        answer = self.answers.get()
        self.quiet_until = time.monotonic() + TELL_EVERY_S
        return answer

    def run(self, path: Path) -> None:
        try:
            with collector_paused():  # the map is kept for the session: out of the collector's sight
                self.told.put(("read", load_map_stamped(path, self.progress)))
        except ReadCancelled:
            self.told.put(("cancelled",))
        except BaseException as error:  # a MapFileError, or anything else: raised on the window's thread
            self.told.put(("failed", error))
