"""How the map window gets to its first frame sooner: parts a GM cannot see yet are built just
after it (the Grid and Play menus with their docks, hidden until asked for, the players'
window's controls, the file handler), and the canvas is a widget Python made (finding the type
of one Qt made loads every widget class PySide6 has)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QGraphicsView, QWidget

Builder = Callable[[], list | None]
"""Builds a part (keeping it with `AfterFirstFrame.keep`); may hand back the part's further
steps, run an event each after the frame, or at once when the part is asked for."""


class AfterFirstFrame(QObject):
    """The one place the window's later parts are built: once the canvas has painted its first
    frame, in the order given, an event each; or a part at once when code asks for it first
    (`part`), or all that wait (`finish`), as a menu opens. A timer set in the paint runs after
    the frame is on the screen; one set when the window is shown would run before it, as Qt
    hands out zero-delay timers before the platform's first expose."""

    def __init__(self, parent: QObject, canvas: QWidget) -> None:
        super().__init__(parent)
        self._builders: list[Builder] = []
        self._makes: dict[str, Builder] = {}
        self._parts: dict[str, object] = {}
        self._canvas = canvas
        self._held = False
        canvas.installEventFilter(self)

    def add(self, builder: Builder, *makes: str) -> None:
        """A builder, and the names of the parts it keeps (a step that keeps none has none)."""
        self._builders.append(builder)
        for name in makes:
            self._makes[name] = builder

    def keep(self, name: str, part: object) -> None:
        self._parts[name] = part

    def part(self, name: str) -> object:
        """The part, built now (with its steps) if it is still waiting."""
        if name not in self._parts:
            builder = self._makes[name]
            if builder in self._builders:
                self._builders.remove(builder)
                steps = builder() or []
                while steps:
                    steps.pop(0)()
        return self._parts[name]

    def built(self, name: str) -> object | None:
        """The part if it is built, without building it."""
        return self._parts.get(name)

    @property
    def done(self) -> bool:
        return not self._builders

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._canvas and event.type() == QEvent.Type.Paint:
            self._canvas.removeEventFilter(self)
            QTimer.singleShot(0, self, self._after_frame)
        return False

    def _after_frame(self) -> None:
        """One builder an event (all of them in one held the event loop after a big map's
        first frame, and a click or a drag waited for them), unless held."""
        if self._held:  # the frame that counts is still to come: wait for the next one
            self._canvas.installEventFilter(self)
        elif self._builders:
            self._run(self._builders.pop(0))
            if self._builders:
                QTimer.singleShot(0, self, self._after_frame)

    @contextmanager
    def held(self) -> Iterator[None]:
        """Hold the builders back until the frame painted after this: a big map read in the
        empty window that came first (`tabletop FILE`) gets its own first frame sooner (the read
        would otherwise wait for them). Asking for a part still builds
        it at once. A read cancelled or refused changes nothing on the canvas: a frame is asked
        for, else the parts would wait for whatever next paints it (keys such as F5 dead until then)."""
        self._held = bool(self._builders)
        try:
            yield
        finally:
            self._held = False
            if self._builders:
                self._canvas.update()

    def finish(self) -> None:
        """Build what is still waiting."""
        while self._builders:
            self._run(self._builders.pop(0))

    def _run(self, builder: Builder) -> None:
        """A builder may hand back more builders (a part built in steps): they come next."""
        more = builder()
        if more:
            self._builders[:0] = more


class Part:
    """A window's part built by its AfterFirstFrame (`later`): `window.play` is the part, built
    when first asked for if the first frame has not built it yet."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, window, owner: type | None = None):
        if window is None:
            return self
        return window.later.part(self.name)


def made_canvas(view: QGraphicsView) -> QWidget:
    """Give the view a viewport made here, set as QGraphicsView sets its own (input methods,
    and the mouse tracked for the hover line). The first `viewport()` of the one Qt made is
    costly: PySide6 loads all of QtWidgets' classes and enums to find its type."""
    canvas = QWidget()
    canvas.setAttribute(Qt.WidgetAttribute.WA_InputMethodEnabled)
    canvas.setMouseTracking(True)
    view.setViewport(canvas)
    return canvas
