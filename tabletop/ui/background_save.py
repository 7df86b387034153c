"""A big map's autosave written by a forked child while the window goes on (io/forked_save.py).

The window's thread only forks (a few milliseconds) and then asks, on a timer, whether the
child is done: it never waits for it. `finished(outcome)` says how the child ended; `end()`
kills and reaps a child that is no longer wanted (the map saved, replaced or closed), and the
child is ended too when this object goes or the program exits.
"""

from __future__ import annotations

import os
import weakref

from PySide6.QtCore import QObject, QTimer, Signal

from tabletop.io.forked_save import ForkedSave, Outcome
from tabletop.model import Map

POLL_MS = 100
"""How often the window asks whether the child is done: a system call of a few microseconds."""
LIMIT_S = 600.0
"""A child still writing after this long is stuck (a big map takes far less): it is
killed, the failure said, and the next tick starts another."""


class BackgroundSave(QObject):
    """The autosaver's one child at a time, watched from the event loop."""

    finished = Signal(object)  # an Outcome

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.save = ForkedSave()
        self._poll = QTimer(self)
        self._poll.setInterval(POLL_MS)
        self._poll.timeout.connect(self._check)
        weakref.finalize(self, self.save.end)  # this window gone, or the program exiting: so is the child

    @property
    def running(self) -> bool:
        return self.save.running

    def start(self, map_: Map, path: os.PathLike[str]) -> bool:
        """Fork the child that writes `map_` to `path`; False where none can be had (the caller
        saves in-process) or one runs already (the caller waits for it)."""
        if not self.save.start(map_, path):
            return False
        self._poll.start()
        return True

    def _check(self) -> None:
        outcome = self.save.outcome()
        if outcome is None:
            if self.save.seconds() < LIMIT_S:
                return
            seconds = self.save.seconds()
            self.save.end()
            outcome = Outcome(f"the autosave took over {LIMIT_S:.0f} s and was stopped", seconds)
        self._poll.stop()
        self.finished.emit(outcome)

    def end(self) -> None:
        """Kill and reap the child if one runs; nothing is said (no one wants its file now)."""
        self._poll.stop()
        self.save.end()
