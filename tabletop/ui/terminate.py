"""A stop from outside (SIGTERM from a logout, a shutdown or `kill`; Ctrl+C in the terminal that
started Tabletop) heard from the window's first frame: every live autosaver writes its map to the
recovery folder (ui/recovery.py), then the program quits without questions. Nobody is there to
answer them, and the next start offers the maps back.

Kept apart from recovery so the empty window can listen before its first frame without loading
the model and io: the autosavers join LIVE as they are made."""

from __future__ import annotations

import signal
import socket
import threading
import weakref
from typing import Any

from PySide6.QtCore import QCoreApplication, QSocketNotifier

LIVE: weakref.WeakSet[Any] = weakref.WeakSet()
"""The autosavers of the maps open now (recovery.Autosaver): each keeps its map at a stop."""
STOPS = (signal.SIGTERM, signal.SIGINT)
_TERMINATE: list[object] = []
"""The socket pair and notifier that carry a stop into the event loop, once per process."""
_EXIT: list[int] = []
"""The exit codes a stop asked for (128 + the signal's number)."""


def exit_asked() -> int | None:
    """The exit code a stop (SIGTERM, Ctrl+C) asked for, if one came: a map being read when it
    came, before the event loop runs, stops reading and the program ends with it."""
    return _EXIT[0] if _EXIT else None


def keep_on_terminate() -> None:
    """Listen for a stop. Python runs a signal handler only between bytecodes, which a Qt event
    loop waiting in C++ may not reach for a long time, so the signal wakes the loop through a
    socket (signal.set_wakeup_fd) that a QSocketNotifier watches; the handler itself does
    nothing, so a stop in the middle of Python work (a part of the window being built) raises no
    KeyboardInterrupt there."""
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
            for saver in list(LIVE):
                saver.tick(now=True)
                saver.keep()
            _EXIT.append(128 + stops[0])  # heard while a map is read, before the event loop runs
            QCoreApplication.exit(128 + stops[0])

    notifier.activated.connect(woken)
    _TERMINATE.extend([reader, writer, notifier])
