"""Children forked from the program that holds the GM's map: what each one does first.

Forking gives a child the map as it is at that instant (copy-on-write, no copy made), which
is how work the parent's interpreter would otherwise hold for a second is done beside it: a
big map's autosave (io/forked_save.py).
The program runs other threads (Qt's), so a child runs plain Python only and loads no library,
never outlives the program, never wakes its event loop, never walks (and so copies) the
parent's objects, is the one the kernel ends where memory runs out, and ends with os._exit.
Linux only: elsewhere `tie_to_parent` gives None and the callers work in-process. Qt-free.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import warnings
from collections.abc import Callable
from typing import Any


def tie_to_parent() -> Callable[[], Any] | None:
    """The child's first call, looked up here before the fork: a child of a threaded program
    must not load a library (another thread, Qt's, may hold the loader's lock at the fork, and
    the child would hang there untied, outliving a parent killed meanwhile). None where it
    cannot be had (not Linux, no prctl): no child then."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (ImportError, OSError, AttributeError):
        return None
    return lambda: prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def fork() -> int:
    """os.fork, without the warning newer Pythons give a threaded program: the child takes no
    lock the other threads may hold. OSError where the system has no process to spare."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return os.fork()


def become_child(parent: int, tie: Callable[[], Any], *keep: int) -> None:
    """A forked child's first steps: the collector off (the parent's objects are not walked,
    nor copied page by page), killed with the thread that forked it, first to go where memory
    runs out, deaf to the signals meant for the parent (Ctrl+C, SIGTERM end it at once and do
    not wake the parent's event loop through its wakeup socket), and holding no descriptor but
    `keep` (its own pipes and files: keep_only)."""
    gc.disable()
    dies_with(parent, tie)
    first_to_go()
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.set_wakeup_fd(-1)
    keep_only(*keep)


def dies_with(parent: int, tie: Callable[[], Any]) -> None:
    """Killed if the parent's thread ends before it (the program killed, say): never left running."""
    tie()
    if os.getppid() != parent:  # it ended before that was asked
        os._exit(1)


def keep_only(*fds: int) -> None:
    """Close every descriptor the child was born with but these and the standard three: a pipe
    another of the program's children was being given (forked from another thread at that
    instant) must not stay open here, or its reader would wait for this child to end."""
    last = 3
    for fd in sorted(fd for fd in fds if fd >= 3):
        os.closerange(last, fd)
        last = fd + 1
    os.closerange(last, max(last, os.sysconf("SC_OPEN_MAX")))


def first_to_go() -> None:
    """Where memory runs out, the kernel ends the child, not the parent: it would otherwise
    pick the bigger process, the program with the GM's map in it."""
    try:
        with open("/proc/self/oom_score_adj", "w") as score:
            score.write("1000")
    except OSError:
        pass


def idle_only() -> None:
    """The child runs on time no other process wants (SCHED_IDLE): beside a free core as fast as
    ever; where cores are busy it takes nothing from the parent or anyone else. Measured on a
    busy machine, a layout child at nice 10 still slowed an export it ran beside."""
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):
        os.nice(19)


def say(fd: int, data: bytes) -> None:
    """Write all of `data` to the parent through a pipe."""
    while data:
        data = data[os.write(fd, data) :]


def ended(pid: int, *, kill: bool = False) -> tuple[int, Any] | None:
    """Reap the child if it has ended, without waiting: its wait status and resource use (None
    while it runs). With `kill`, a child still running is killed first and reaped (at once:
    SIGKILL cannot be caught). A child reaped already reads as killed."""
    try:
        reaped, status, usage = os.wait4(pid, os.WNOHANG)
        if reaped == 0:
            if not kill:
                return None
            os.kill(pid, signal.SIGKILL)
            reaped, status, usage = os.wait4(pid, 0)
    except ChildProcessError:
        return int(signal.SIGKILL), None
    return status, usage
