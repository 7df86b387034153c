"""Autosave to a recovery folder, never over the user's file, and recovery after a crash.

While the map has unsaved changes, it is written every two minutes to
<app data>/recovery/<session>.tabletop with a note of the file it belongs to (an absolute
path, so a restart from another folder finds it). A clean save or a deliberate close deletes
it; a crash leaves it, and the next start offers it back. A recovered map keeps its recovery
file until it is saved, so a second crash loses nothing. A failed autosave is said in the
window's status bar. A big map's autosave is written by a forked child (ui/background_save.py)
so the window never stops for it; its note is written once the copy is whole on disk.

Whether a note's session still runs is told by a lock: the session holds an flock on
<session>.lock while it lives, and the system lets go of it when the process ends however it
ends, so a process that got the dead session's number (after a reboot) is never taken for it.
A note without a lock (an older Tabletop's, or where there is no flock) is its session's while
a process of its number runs that started before the note was written.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import stat
import time
import uuid
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QStandardPaths, QTimer, Signal
from PySide6.QtGui import QUndoStack

from tabletop.document import MapDocument
from tabletop.io import FileStamp, MapFileError, load_map, one_line, save_map, write_atomically
from tabletop.io.forked_save import Outcome
from tabletop.io.read import parse_json_object, read_regular
from tabletop.io.write import process_alive
from tabletop.model import Map
from tabletop.ui.background_save import BackgroundSave
from tabletop.ui.terminate import LIVE, exit_asked, keep_on_terminate  # noqa: F401  (named from here by the window)

try:
    import fcntl
except ImportError:  # Windows: notes are told by their process alone
    fcntl = None

INTERVAL_MS = 120_000
FORK_FROM = 2_000
"""Zones and borders from which an autosave is written by a child: from here on, writing it
in the window's process (its fsync most of all) holds the window longer than a fork costs it
(its page tables); docs/SPEED.md has the measures."""


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
    session: Path | None = None
    """The session whose scene the map is (its source is the scene's file), None for a map alone."""

    @property
    def name(self) -> str:
        return self.source.name if self.source else (self.map.title or "an untitled map")


def pending(problems: list[str] | None = None) -> list[Recovered]:
    """Recovery files left by sessions that are no longer running, newest first. A note or a
    map that cannot be read is one line in `problems` (both are left where they are) and the
    others are still offered; a note whose map is gone is removed."""
    found = []
    folder = recovery_dir()
    for note in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        map_file = note.with_suffix(".tabletop")
        try:
            locked = _locked(note.with_suffix(".lock"))
            if locked:
                continue
            info = read_note(note)
            if locked is None and _session_runs(info["pid"], info["saved"]):
                continue
            if not map_file.exists():
                _remove(map_file)  # nothing left to offer
                continue
            kept = load_map(map_file)
            found.append(Recovered(map_file, info["source"], info["saved"], kept, info["stamp"], info["session"]))
        except MapFileError as error:
            if problems is not None:
                problems.append(str(error))
    return sorted(found, key=lambda r: -r.saved)


NOTE_BYTES = 64 * 2**10
"""A note is a few hundred bytes: a file much bigger is not one."""
NOTE_KEYS = {"source", "saved", "pid", "stamp", "session"}
STAMP_NUMBERS = {"device", "inode", "size", "modified_ns", "changed_ns"}


def read_note(note: Path) -> dict:
    """A note read as carefully as a map (a regular file, its size, no key twice, no number
    thousands of digits long), each field checked: MapFileError in one line naming the note
    and what is wrong, and saying its map is left beside it."""
    try:
        raw, _ = read_regular(note, NOTE_BYTES, "recovery note")
        info = parse_json_object(raw, note, "recovery note")
        unknown = sorted(set(info) - NOTE_KEYS)
        if unknown:
            raise MapFileError(note, f"holds a key a recovery note does not have: {unknown[0][:40]!r}")
        pid, saved, source = info.get("pid"), info.get("saved"), info.get("source", "")
        if type(pid) is not int or not 0 < pid < 2**31:
            raise MapFileError(note, "names no process (its 'pid' is not a process number)")
        if type(saved) not in (int, float) or not 0 <= saved < 2**40:
            raise MapFileError(note, "has no time ('saved' is not a time)")
        if not isinstance(source, str) or "\0" in source:
            raise MapFileError(note, "names no map file ('source' is not a path)")
        stamp = _stamp(note, info.get("stamp"))
        session = info.get("session", "")
        if not isinstance(session, str) or "\0" in session:
            raise MapFileError(note, "names no session file ('session' is not a path)")
    except MapFileError as error:
        kept = f"its map, {one_line(note.with_suffix('.tabletop').name, collapse=False)}, is left beside it"
        raise MapFileError(note, f"{error.problem}; {kept}") from None
    found = {"pid": pid, "saved": float(saved), "source": Path(source) if source else None, "stamp": stamp}
    return found | {"session": Path(session) if session else None}


def _stamp(note: Path, saved: object) -> FileStamp | None:
    """The source file's stamp a note kept; None when it kept none (a map never saved)."""
    if saved is None:
        return None
    keys = {"digest", *STAMP_NUMBERS}
    if not isinstance(saved, dict) or not set(saved) <= keys or not keys - {"changed_ns"} <= set(saved):
        raise MapFileError(note, "holds a broken 'stamp'")
    given = {key: value for key, value in saved.items() if value is not None or key != "changed_ns"}
    numbers = [given[name] for name in STAMP_NUMBERS & set(given)]
    if any(type(n) is not int or not 0 <= n < 2**64 for n in numbers) or type(given["digest"]) is not str:
        raise MapFileError(note, "holds a broken 'stamp'")
    return FileStamp(**given)


def _locked(lock: Path) -> bool | None:
    """Whether a live session holds the lock; None when there is no lock to ask."""
    if fcntl is None:
        return None
    try:
        fd = os.open(lock, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | os.O_CLOEXEC)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise MapFileError(lock, f"cannot be read: {error.strerror or error}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise MapFileError(lock, "is not a regular file (a session's lock is one)")
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return None  # a disk without locks: the note's process is asked
    finally:
        os.close(fd)
    return False


def _session_runs(pid: int, saved: float) -> bool:
    """For a note without a lock: whether its session may still run, that is a process of its
    number runs and did not start after the note was written (one that did got the number of
    a session gone since, as after a reboot)."""
    if pid == os.getpid():
        return True
    if not process_alive(pid):
        return False
    started = _process_start(pid)
    return started is None or started <= saved


def _process_start(pid: int) -> float | None:
    """When a process started, as a time of day, from /proc (Linux); None where not known."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as file:
            fields = file.read().rpartition(b")")[2].split()  # after the name, which may hold anything
        with open("/proc/stat", "rb") as file:
            boot = next(int(line.split()[1]) for line in file if line.startswith(b"btime "))
        return boot + int(fields[19]) / os.sysconf("SC_CLK_TCK")  # the 22nd field: ticks since boot
    except (OSError, ValueError, IndexError, StopIteration):
        return None


def discard(recovered: Recovered) -> None:
    _remove(recovered.map_file)


def _remove(map_file: Path) -> None:
    """A dead session's files: its map, its note, its lock (last: while it is there, a start
    that finds the note asks the lock)."""
    for suffix in (".tabletop", ".json", ".lock"):
        with contextlib.suppress(OSError):
            map_file.with_suffix(suffix).unlink()


class Autosaver(QObject):
    """Writes the document to the recovery folder on a timer while it has unsaved changes.

    `status(message)` says in one line why an autosave could not be written, and that it
    works again after a failure; the map window shows it in its status bar, so a GM knows when
    the net is down.
    """

    status = Signal(str)

    def __init__(
        self,
        document: MapDocument,
        interval_ms: int = INTERVAL_MS,
        stamp: Callable[[], FileStamp | None] = lambda: None,
    ) -> None:
        super().__init__(document)
        LIVE.add(self)
        self._stamp = stamp
        self._failing = False
        self.document = document
        self.key = uuid.uuid4().hex
        self._lock: tuple[str, Path, weakref.finalize] | None = None
        """The key whose lock this session holds, its file, and what lets go of it (also when
        this goes)."""
        self._saved_revision: int | None = None
        self.session: Callable[[], Path | None] = lambda: None
        """The session file whose scene the document shows, for the note (ui/scenes.py sets it)."""
        self._parked: dict[QUndoStack, tuple[str, object]] = {}
        """The scenes of a session not shown now whose changes are kept for recovery: each one's
        key and the lock held for it, until its scene is saved or the session closed."""
        self._writing_revision: int | None = None
        """The revision a child is writing, while one runs."""
        self.background = BackgroundSave(self)
        self.background.finished.connect(self._written)
        document.reset.connect(self.background.end)  # another map: the child's copy is of no use
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.tick)
        self.timer.start()
        document.undo_group.cleanChanged.connect(self._clean_changed)
        document.stackReplaced.connect(self._scene_left)

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
        except (OSError, MapFileError) as error:
            self._fail(error.problem if isinstance(error, MapFileError) else str(error))
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
        """Write the note in one step (a start never reads half of it), this session's lock
        held first: no start offers the map while this session lives."""
        if not self._hold_lock():
            raise OSError("another Tabletop holds this map's recovery files")
        source, stamp = self.document.path, self._stamp()
        session = self.session()
        note = {
            "session": os.path.abspath(session) if session else "",
            "source": os.path.abspath(source) if source else "",
            "saved": time.time(),
            "pid": os.getpid(),
            "stamp": dataclasses.asdict(stamp) if stamp is not None else None,
        }
        write_atomically(self.map_file.with_suffix(".json"), json.dumps(note).encode("utf-8"))

    def _hold_lock(self) -> bool:
        """Hold the lock of this session's key; False when another live session holds it."""
        if fcntl is None or (self._lock is not None and self._lock[0] == self.key):
            return True
        self._let_go(remove=False)
        lock = self.map_file.with_suffix(".lock")
        fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | getattr(os, "O_NOFOLLOW", 0), 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return False
        except OSError:  # a disk without locks: the note's process number tells
            os.close(fd)
            return True
        self._lock = (self.key, lock, weakref.finalize(self, os.close, fd))
        return True

    def _let_go(self, *, remove: bool) -> None:
        """Let go of the lock held, its file removed first when the session's files go."""
        if self._lock is None:
            return
        _, lock, close = self._lock
        if remove:
            with contextlib.suppress(OSError):
                lock.unlink()
        close()
        self._lock = None

    def adopt(self, recovered: Recovered) -> None:
        """Take over a recovered map's files: they stay on disk, now this session's, until
        the map is saved, and the next autosave writes over them. Another start that took
        them first keeps them: this session then autosaves the map under a key of its own."""
        self.discard()
        self.key = recovered.map_file.stem
        self._saved_revision = self.document.revision
        try:
            if not self._hold_lock():
                self.key, self._saved_revision = uuid.uuid4().hex, None
                return
            self._write_note()  # this session's number and time, for a Tabletop without locks
        except (OSError, MapFileError) as error:
            self._fail(error.problem if isinstance(error, MapFileError) else str(error))

    def _scene_left(self, shown: QUndoStack) -> None:
        """Another scene of a session is about to be shown: the one left is written now as it
        stands (its recovery files kept, locked, until it is saved), and the one shown takes
        back its own key, or a new one."""
        left = self.document.undo_stack
        if self.document.modified:
            self.tick(now=True)
            if left not in self._parked:
                left.cleanChanged.connect(self._parked_clean)
            self._parked[left] = (self.key, self._lock)
            self._lock = None
        else:
            self._discard_shown()
        self.key, self._lock = self._parked.pop(shown, (uuid.uuid4().hex, None))
        self._saved_revision = None

    def park(self, stack: QUndoStack, recovered: Recovered) -> None:
        """A recovered scene not shown: its files kept, locked, as a scene left is, until saved."""
        shown = (self.key, self._lock)
        self.key, self._lock = recovered.map_file.stem, None
        try:
            if self._hold_lock():
                self._parked[stack] = (self.key, self._lock)
                stack.cleanChanged.connect(self._parked_clean)
        except OSError as error:
            self._fail(str(error))
        finally:
            self.key, self._lock = shown

    def _parked_clean(self, clean: bool) -> None:
        """A scene not shown was saved (a session's save): its recovery files go."""
        stack = self.sender()
        if clean and stack in self._parked and stack is not self.document.undo_stack:
            key, lock = self._parked.pop(stack)
            _remove(recovery_dir() / f"{key}.tabletop")
            if lock is not None:
                lock[2]()

    def discard(self) -> None:
        """Every file this window keeps for recovery goes: the map shown and any scene left."""
        for key, lock in list(self._parked.values()):
            _remove(recovery_dir() / f"{key}.tabletop")
            if lock is not None:
                lock[2]()
        self._parked.clear()
        self._discard_shown()

    def _discard_shown(self) -> None:
        self.background.end()  # a child writing now would leave a copy nobody wants
        self._writing_revision = None
        for path in (self.map_file, self.map_file.with_suffix(".json")):
            with contextlib.suppress(OSError):
                path.unlink()
        self._let_go(remove=True)
        self._saved_revision = None

    def keep(self) -> None:
        """Leave the recovery file for the next start whatever happens now: the undo stack
        torn down at exit says it is clean, which is not a save."""
        self.timer.stop()
        self.document.undo_group.cleanChanged.disconnect(self._clean_changed)

    def _clean_changed(self, clean: bool) -> None:
        if clean:
            self._discard_shown()
