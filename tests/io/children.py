"""Helpers for the tests of saves written by forked children (tests/io, tests/ui)."""

from __future__ import annotations

import os
import time

from tabletop.io import forked_save
from tabletop.io.write import write_atomically


def stall_children(monkeypatch) -> None:
    """Children forked from now on start writing and then stall, as one on a hung disk would
    (the child has the parent's modules as they were at the fork, this patch included)."""

    def writes_then_stalls(map_, path, backup):
        def pieces():
            yield b"{\n"
            time.sleep(600)

        write_atomically(path, pieces())

    monkeypatch.setattr(forked_save, "save_map", writes_then_stalls)


def gone(pid: int) -> bool:
    """Reaped: no longer this process's child, nor a zombie."""
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True
    return False


def writing(folder) -> bool:
    """Whether a temporary file of a save is in `folder`: its child has begun to write."""
    return any(p.name.endswith(".tmp") for p in folder.iterdir())
