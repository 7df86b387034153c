"""Keeping Python's cycle collector off a big map's objects.

A 10k-zone map is about a million Python objects, none of them garbage. The collector would
walk them all again and again while a map is read or its layout built (4/5 of the time spent),
then once more at the first allocation after it is switched back on, and again later. So
building pauses it, and what was built is frozen out of its sight.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the collector while building; afterwards freeze what exists, so the built
    objects are never walked. Objects that die later are still freed by reference counting,
    which is how a replaced map goes: the model and the layout hold no reference cycles."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_on:
            gc.enable()
