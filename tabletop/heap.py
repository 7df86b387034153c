"""Keeping Python's cycle collector off a big map's objects.

A big map is a great many Python objects, none of them garbage. The collector would walk them
all again and again while a map is read or its layout built, most of the time spent.
Reading a file only pauses it: a library call must not change the whole process's collector.
The editor, which keeps the map for the session, also freezes what it built out of sight.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def collector_off() -> Iterator[None]:
    """Pause the collector while building and switch it back as it was; nothing is frozen,
    so what a caller drops afterwards is collected as usual."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """The editor's open path: pause the collector while building; afterwards freeze what
    exists, so the built objects are never walked. Objects that die later are still freed by
    reference counting, which is how a replaced map goes: the model and the layout hold no
    reference cycles."""
    with collector_off():
        try:
            yield
        finally:
            gc.freeze()
