"""A bound on tests that guard against two threads waiting on each other for good: Qt's lock of
connections held by the window's thread, which waits for Python's lock, held by a worker that
waits for Qt's. While they wait no Python code runs on any thread, so no wait of a test's own can
fail it; Python's fault handler watches from a C thread of its own, prints every thread's stack
and ends the run with a failure, so CI reports the deadlock rather than hanging on it."""

from __future__ import annotations

import faulthandler
import os
from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QObject, QVariantAnimation

BOUND = 120
"""Seconds a guarded test may take before the run is ended (they take a few)."""


@contextmanager
def bounded(capfd, seconds: float = BOUND) -> Iterator[None]:
    """Within, the run ends after `seconds`, every thread's stack printed where the person or
    CI running the tests reads it (`capfd`, the test's fixture, lets the terminal's stderr be
    found: pytest catches what the test writes there, and would lose it as the run ends)."""
    with capfd.disabled():
        terminal = os.dup(2)
    faulthandler.dump_traceback_later(seconds, exit=True, file=terminal)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()
        os.close(terminal)


class _Replay(QObject):
    """An animation whose frames and end are Python's, as the players' window's move replay."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.animation = QVariantAnimation(self)
        self.animation.valueChanged.connect(self._frame)
        self.animation.finished.connect(self._end)

    def _frame(self, _value) -> None:
        pass

    def _end(self) -> None:
        pass


def replays_made_and_destroyed(count: int = 50) -> None:
    """Replays made and destroyed as players' windows come and go: Qt destroys each with Python's
    lock let go, holding its lock of connections, and asks for Python's lock again inside."""
    for _ in range(count):
        holder = QObject()
        replay = _Replay(holder)
        del replay, holder
