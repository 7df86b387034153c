"""A map saved by a forked child, so the program that holds it goes on while it is written.

Writing a big map holds the interpreter a long while (pydantic's serializer holds it: a
thread would not help). A child forked at the save's instant has the map as it was then, at
no cost (copy-on-write), and writes it by the usual rules (write.py: a temporary file, fsync,
replace); the parent asks now and then whether it is done (`outcome`, which never waits) and
ends it whenever it must (`end`). Linux only: `start` says False elsewhere, and the caller saves
in-process. Qt-free.

While the child lives, a page the parent writes for the first time is copied for it then (a
fault): work that writes much memory (a whole big map painted afresh) is slower meanwhile; the
child runs on spare time (SCHED_IDLE) so it takes no core the window wants.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.forking import become_child, ended, fork, idle_only, say, tie_to_parent
from tabletop.io.errors import MapFileError, one_line
from tabletop.io.write import clear_dead_saves, save_map
from tabletop.model import Map


@dataclass(frozen=True)
class Outcome:
    """How a child's save ended: `problem` is None when the file is whole on disk, else one
    line saying why not. `memory` is the child's peak resident size in bytes (0 if unknown)."""

    problem: str | None
    seconds: float
    memory: int = 0


class ForkedSave:
    """One child at a time writing one map to one file (the caller starts no second one while
    `running`)."""

    def __init__(self) -> None:
        self.pid: int | None = None
        """The child while it runs (None before and after)."""
        self.path: Path | None = None
        self._told = -1
        self._began = 0.0

    @property
    def running(self) -> bool:
        return self.pid is not None

    def seconds(self) -> float:
        """How long the running child has been at it (0 when none runs)."""
        return time.monotonic() - self._began if self.pid is not None else 0.0

    def start(self, map_: Map, path: str | os.PathLike[str]) -> bool:
        """Fork a child that saves `map_` to `path` (no backup: a copy kept for the program's
        own use). False, and nothing started, where no child can be had (not Linux, no prctl,
        no process to spare) or one runs already."""
        if self.pid is not None:
            return False
        tie = tie_to_parent()
        if tie is None:
            return False
        told, says = os.pipe()  # both ends closed on exec: no other program inherits them
        os.set_blocking(told, False)
        parent = os.getpid()
        try:
            pid = fork()
        except OSError:
            os.close(told)
            os.close(says)
            return False
        if pid == 0:  # the child: never returns
            _child(map_, Path(path), says, parent, tie)
        os.close(says)
        self.pid, self.path, self._told, self._began = pid, Path(path), told, time.monotonic()
        return True

    def outcome(self) -> Outcome | None:
        """How the child ended, once it has (it is reaped then); None while it runs or when none
        was started. Never waits."""
        if self.pid is None:
            return None
        status = ended(self.pid)
        return None if status is None else self._reaped(*status)

    def end(self) -> Outcome | None:
        """Kill the child if it still runs and reap it; how it ended (None if none ran). A killed
        child's temporary file is removed: only whole files are left behind."""
        if self.pid is None:
            return None
        return self._reaped(*ended(self.pid, kill=True))

    def _reaped(self, status: int, usage: object) -> Outcome:
        said = b""
        try:
            while chunk := os.read(self._told, 4096):
                said += chunk
        except BlockingIOError:
            pass
        os.close(self._told)
        pid, path, self.pid, self._told = self.pid, self.path, None, -1
        memory = int(getattr(usage, "ru_maxrss", 0)) * 1024  # KB on Linux
        seconds = time.monotonic() - self._began
        if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0:
            return Outcome(None, seconds, memory)
        if path is not None:
            clear_dead_saves(path)  # the child's temporary file, if it was killed while writing it
        if said:
            problem = said.decode("utf-8", "replace")
        elif os.WIFSIGNALED(status):
            problem = f"the saving process {pid} was stopped by {_signal_name(os.WTERMSIG(status))}"
        else:
            problem = f"the saving process {pid} ended with code {os.WEXITSTATUS(status)}"
        return Outcome(one_line(problem), seconds, memory)


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _child(map_: Map, path: Path, says: int, parent: int, tie: Callable[[], Any]) -> None:
    """The child's whole life: save, say why not if it could not, end."""
    code = 1
    try:
        become_child(parent, tie, says)
        idle_only()  # a frame painted just after the fork would share its core with the child
        try:
            save_map(map_, path, backup=False)
            code = 0
        except MapFileError as error:
            say(says, error.problem.encode("utf-8", "replace"))
        except BaseException as error:  # said to the parent, which shows it to the GM
            say(says, f"{type(error).__name__}: {error}".encode("utf-8", "replace"))
    finally:
        os._exit(code)
