"""Every model class's and record's checks built at once, on the thread that asks: pydantic
otherwise builds a class's checks at its first use, which is safe on one thread only."""

from __future__ import annotations

import threading

from pydantic.dataclasses import rebuild_dataclass

from tabletop.model import session  # noqa: F401  (a session's classes, read beside the map's)
from tabletop.model.base import Model
from tabletop.model.record import RECORDS

_BUILDING = threading.Lock()


def build_checks() -> None:
    """Build the checks of every model class and record now, which pydantic otherwise builds at
    a class's first use. The window calls this just after its first frame, and before a worker
    thread reads a map: pydantic builds a class's checks safely on one thread only (a record's,
    built on two at once, may check with a half-made validator)."""
    with _BUILDING:
        for kind in RECORDS:
            if not kind.__pydantic_complete__:
                rebuild_dataclass(kind)
        waiting = list(Model.__subclasses__())
        while waiting:
            kind = waiting.pop(0)
            kind.model_rebuild()  # nothing to do once built
            waiting.extend(kind.__subclasses__())
