"""What the first frame of an opened map goes without, built in the event loop after it: the
zone graph (its zones only: quick), then, each an event of its own so a click or a drag waits
for one at most, the layout's borders by id, its bucket index and the rest of the graph, a
slice at a time. A big map's first frame comes a second sooner for it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, QTimer

from tabletop.geometry.whole.layout import BORDER_SLICE, MapLayout
from tabletop.heap import collector_paused
from tabletop.model import Map

if TYPE_CHECKING:
    from tabletop.rules import ZoneGraph

PREPARE_AFTER_MS = 250
"""How long after an open the layout's index and the zone graph are built, in the event loop:
after the first frame, before a GM can start a drag, so the first hover and reach overlay find
them ready (built in short events: a reach asked meanwhile waits for one at most, and reads only
the zones it reaches)."""


class Prepared(Protocol):
    """What the deferred steps ask of the document that holds them (map_document.py): said
    here, so that the document imports its preparation and not the other way round."""

    map: Map
    layout: MapLayout

    def prepare_graph(self) -> None: ...

    def prepare_places(self, size: int) -> Iterator[None]: ...

    def graph_made(self) -> ZoneGraph | None: ...


class Preparation:
    """One document's deferred steps. Never for a map since replaced, nor while another map is
    read in (`held`): it may be about to go."""

    def __init__(self, document: Prepared, owner: QObject) -> None:
        self.document = document
        self.owner = owner
        """The timers' context (the document itself): they die with it."""
        self._held = 0
        """How many reads of another map are under way."""

    def start(self, map_: Map) -> None:
        """Counted from when the event loop runs again (a big map's open takes seconds before it does)."""
        QTimer.singleShot(0, self.owner, lambda: self._later(self.prepare, map_))

    def _later(self, step: Callable[[Map], None], map_: Map, after_ms: int = PREPARE_AFTER_MS) -> None:
        QTimer.singleShot(after_ms, self.owner, lambda: step(map_))

    def prepare(self, map_: Map) -> None:
        """After the first frame: the zone graph, then the other parts, an event each."""
        if self._due(self.prepare, map_):
            self.document.prepare_graph()
            self._later(partial(self._prepare_part, self._parts()), map_, 0)

    def _parts(self) -> Iterator[None]:
        document = self.document
        yield from _layout_steps(document)  # the borders by id and the index, in slices
        yield
        yield from document.prepare_places(BORDER_SLICE)
        yield
        while (graph := document.graph_made()) is not None and graph.prepare_step():  # none: one was dropped
            yield

    def _prepare_part(self, parts: Iterator[None], map_: Map) -> None:
        if self._due(partial(self._prepare_part, parts), map_):
            with collector_paused():  # what the parts make is kept for the session
                more = next(parts, parts) is not parts
            if more:
                self._later(partial(self._prepare_part, parts), map_, 0)

    def _due(self, step: Callable[[Map], None], map_: Map) -> bool:
        """Whether a deferred step for `map_` runs now: never for a map since replaced; later,
        once more, while another map is read in."""
        if self.document.map is not map_:
            return False
        if self._held:
            self._later(step, map_)
            return False
        return True

    @contextmanager
    def held(self) -> Iterator[None]:
        """While another map is read into the document, this one's index and zone graph wait:
        it may be about to be dropped (a big map's graph, built during the next map's
        read, made that open much longer)."""
        self._held += 1
        try:
            yield
        finally:
            self._held -= 1


def _layout_steps(document: Prepared) -> Iterator[None]:
    """The document's layout's preparation steps; begun again on a layout made afresh between
    two of them (a change of most of the map), whose old one is then let go, not prepared."""
    while True:
        layout = document.layout
        for _ in layout.prepare_steps():
            yield
            if document.layout is not layout:
                break
        else:
            return
