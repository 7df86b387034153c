"""Keeping Python's cycle collector off a big map's objects.

A 10k-zone map is about a million Python objects, none of them garbage. The collector would
walk them all again and again while a map is read or its layout built (4/5 of the time spent),
and again on every later edit. So building pauses it, and an opened map is frozen out of it.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def settle() -> None:
    """Move what exists now (an opened map and its caches) out of the collector's sight.

    Objects that die later are still freed by reference counting, which is how a replaced
    map goes: the model holds no reference cycles."""
    gc.freeze()
