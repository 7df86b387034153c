"""Autosave to a recovery folder, never over the user's file, and recovery after a crash.

While the map has unsaved changes, it is written every two minutes to
<app data>/recovery/<session>.tabletop with a note of the file it belongs to (an absolute
path, so a restart from another folder finds it). A clean save or a deliberate close deletes
it; a crash leaves it, and the next start offers it back. A recovered map keeps its recovery
file until it is saved, so a second crash loses nothing. A failed autosave is said in the
window's status bar. A big map's autosave is written by a forked child (ui/background_save.py)
so the window never stops for it; its note is written once the copy is whole on disk.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import signal
import socket
import threading
import time
import uuid
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, QSocketNotifier, QStandardPaths, QTimer, Signal
from PySide6.QtWidgets import QMainWindow

from tabletop.document import MapDocument
from tabletop.io import FileStamp, MapFileError, load_map, one_line, save_map
from tabletop.io.forked_save import Outcome
from tabletop.io.write import process_alive
from tabletop.model import Map
from tabletop.ui.background_save import BackgroundSave

INTERVAL_MS = 120_000
FORK_FROM = 2_000
"""Zones and borders from which an autosave is written by a child. Written here, a 1k-zone map
held the window 40 ms (12 ms of CPU, the rest its fsync), 10k 95-195 ms, 100k 0.9-1.05 s; a fork
costs it 3-7 ms at 1k, 5-15 ms at 10k, 15-30 ms at 100k (its page tables: ~25 ms per GB here)."""


def recovery_dir() -> Path:
    override = os.environ.get("TABLETOP_RECOVERY_DIR")
    base = (
        Path(override)
        if override
        else Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)) / "recovery"
    )
    return base


@dataclass(frozen=True)
class Recovered:
    map_file: Path
    source: Path | None
    saved: float
    map: Map
    stamp: FileStamp | None = None
    """The source file as the crashed session last read or saved it: a save of the recovered
    map over a file changed on disk since then asks first, as it would have then."""

    @property
    def name(self) -> str:
        return self.source.name if self.source else (self.map.title or "an untitled map")


def pending() -> list[Recovered]:
    """Recovery files left by sessions that are no longer running, newest first."""
    found = []
    folder = recovery_dir()
    for note in folder.glob("*.json") if folder.is_dir() else []:
        try:
            info = json.loads(note.read_text())
            pid = int(info.get("pid", 0))
            if pid == os.getpid() or process_alive(pid):
                continue
            map_file = note.with_suffix(".tabletop")
            found.append(
                Recovered(
                    map_file,
                    Path(info["source"]) if info.get("source") else None,
                    float(info.get("saved", 0)),
                    load_map(map_file),
                    _stamp(info.get("stamp")),
                )
            )
        except (OSError, ValueError, KeyError, MapFileError):
            continue  # a recovery file that cannot be read is no use to anyone
    return sorted(found, key=lambda r: -r.saved)


def _stamp(saved: object) -> FileStamp | None:
    """A stamp from a note; None when the note has none (older notes) or a broken one."""
    try:
        return FileStamp(**saved) if isinstance(saved, dict) else None
    except TypeError:
        return None


def discard(recovered: Recovered) -> None:
    for path in (recovered.map_file, recovered.map_file.with_suffix(".json")):
        with contextlib.suppress(OSError):
            path.unlink()


class Autosaver(QObject):
    """Writes the document to the recovery folder on a timer while it has unsaved changes.

    `status(message)` says in one line why an autosave could not be written, and that it
    works again after a failure; the window the document belongs to shows it in its status
    bar, so a GM knows when the net is down.
    """

    status = Signal(str)

    def __init__(
        self,
        document: MapDocument,
        interval_ms: int = INTERVAL_MS,
        stamp: Callable[[], FileStamp | None] = lambda: None,
    ) -> None:
        super().__init__(document)
        _LIVE.add(self)
        self._stamp = stamp
        window = document.parent()
        if isinstance(window, QMainWindow):
            self.status.connect(window.statusBar().showMessage)
        self._failing = False
        self.document = document
        self.key = uuid.uuid4().hex
        self._saved_revision: int | None = None
        self._writing_revision: int | None = None
        """The revision a child is writing, while one runs."""
        self.background = BackgroundSave(self)
        self.background.finished.connect(self._written)
        document.reset.connect(self.background.end)  # another map: the child's copy is of no use
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.tick)
        self.timer.start()
        document.undo_stack.cleanChanged.connect(self._clean_changed)

    @property
    def map_file(self) -> Path:
        return recovery_dir() / f"{self.key}.tabletop"

    def tick(self, *, now: bool = False) -> bool:
        """Autosave if there is something new to keep: True when it is written, or (a big map
        on Linux) a child was started to write it; False when nothing was written or started
        (nothing new, a child still writing: the next tick waits for it; a failure). `now`
        writes it here before returning, whatever a child was doing (the program is ending)."""
        if now:
            self.background.end()
        if not self.document.modified or self.document.revision == self._saved_revision:
            return False
        if self.background.running:
            return False
        try:
            self.map_file.parent.mkdir(parents=True, exist_ok=True)
            if not now and self._big() and self.background.start(self.document.map, self.map_file):
                self._writing_revision = self.document.revision
                return True
            save_map(self.document.map, self.map_file, backup=False)
            self._write_note()
        except Exception as error:  # autosave must never interrupt the game; the next tick tries again
            self._fail(error.problem if isinstance(error, MapFileError) else f"{type(error).__name__}: {error}")
            return False
        self._kept(self.document.revision)
        return True

    def _big(self) -> bool:
        map_ = self.document.map
        return len(map_.zones) + len(map_.borders) >= FORK_FROM

    def _written(self, outcome: Outcome) -> None:
        """The child is done: the note is written once its copy is whole on disk, or the failure said."""
        revision, self._writing_revision = self._writing_revision, None
        if outcome.problem is not None:
            self._fail(outcome.problem)
            return
        try:
            self._write_note()
        except OSError as error:
            self._fail(str(error))
            return
        self._kept(revision)

    def _kept(self, revision: int | None) -> None:
        self._saved_revision = revision
        if self._failing:
            self._failing = False
            self.status.emit("Autosave works again: your changes are kept for recovery")

    def _fail(self, why: str) -> None:
        self._failing = True
        self.status.emit(one_line(f"Autosave failed, your changes are not yet safe: {why}"))

    def _write_note(self) -> None:
        source, stamp = self.document.path, self._stamp()
        note = {
            "source": os.path.abspath(source) if source else "",
            "saved": time.time(),
            "pid": os.getpid(),
            "stamp": dataclasses.asdict(stamp) if stamp is not None else None,
        }
        self.map_file.with_suffix(".json").write_text(json.dumps(note))

    def adopt(self, recovered: Recovered) -> None:
        """Take over a recovered map's files: they stay on disk, now this session's, until
        the map is saved, and the next autosave writes over them."""
        self.discard()
        self.key = recovered.map_file.stem
        self._saved_revision = self.document.revision
        try:
            self._write_note()  # this session's pid: no other start offers it meanwhile
        except OSError as error:
            self._fail(str(error))

    def discard(self) -> None:
        self.background.end()  # a child writing now would leave a copy nobody wants
        self._writing_revision = None
        for path in (self.map_file, self.map_file.with_suffix(".json")):
            with contextlib.suppress(OSError):
                path.unlink()
        self._saved_revision = None

    def keep(self) -> None:
        """Leave the recovery file for the next start whatever happens now: the undo stack
        torn down at exit says it is clean, which is not a save."""
        self.timer.stop()
        self.document.undo_stack.cleanChanged.disconnect(self._clean_changed)

    def _clean_changed(self, clean: bool) -> None:
        if clean:
            self.discard()


_LIVE: weakref.WeakSet[Autosaver] = weakref.WeakSet()
STOPS = (signal.SIGTERM, signal.SIGINT)
_TERMINATE: list[object] = []
"""The socket pair and notifier that carry SIGTERM into the event loop, once per process."""


_EXIT: list[int] = []
"""The exit codes a stop asked for (128 + the signal's number)."""


def exit_asked() -> int | None:
    """The exit code a stop (SIGTERM, Ctrl+C) asked for, if one came: a map being read when it
    came, before the event loop runs, stops reading and the program ends with it."""
    return _EXIT[0] if _EXIT else None


def keep_on_terminate() -> None:
    """On SIGTERM (a logout, a shutdown, `kill`) or Ctrl+C in the terminal that started it,
    write every window's unsaved map to the recovery folder, then quit without questions:
    nobody is there to answer them, and the next start offers the map back. Python runs a
    signal handler only between bytecodes, which a Qt event loop waiting in C++ may not reach
    for a long time, so the signal wakes the loop through a socket (signal.set_wakeup_fd)
    that a QSocketNotifier watches."""
    if _TERMINATE or not hasattr(signal, "SIGTERM") or threading.current_thread() is not threading.main_thread():
        return
    app = QCoreApplication.instance()
    if app is None:
        return
    reader, writer = socket.socketpair()
    reader.setblocking(False)
    writer.setblocking(False)
    signal.set_wakeup_fd(writer.fileno())
    for stop in STOPS:
        signal.signal(stop, lambda *_: None)  # the wakeup byte does the work, in the loop (no traceback)
    notifier = QSocketNotifier(reader.fileno(), QSocketNotifier.Type.Read, app)

    def woken() -> None:
        try:
            received = reader.recv(64)
        except OSError:
            return
        stops = [stop for stop in STOPS if stop in received]
        if stops:
            for saver in list(_LIVE):
                saver.tick(now=True)
                saver.keep()
            _EXIT.append(128 + stops[0])  # heard while a map is read, before the event loop runs
            QCoreApplication.exit(128 + stops[0])

    notifier.activated.connect(woken)
    _TERMINATE.extend([reader, writer, notifier])
