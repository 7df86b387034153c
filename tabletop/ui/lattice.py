"""The map's lattice step in the window: a box beside the toolbar's lattice switch and
Edit ▸ Lattice Step…, both showing the open map's step and setting it as one undo step.

The step belongs to the map (Map.lattice_step), so the box follows the document: an undo, a
redo and another map opened show their step, and the lattice's dots are drawn again at it.
The view's snapping reads the step from the document itself (tools/snapping.py).

Each committed change in the box is one undo step: a number typed (when the editing ends), and
a run of its arrows, which ends with the editing too. A number past the bounds is refused in
the status line, and the box shows the map's step again."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QWidget

from tabletop.bounds import LATTICE_STEP
from tabletop.ui.dialogs.lattice_step import StepBox, ask_lattice_step
from tabletop.ui.plain import set_tip
from tabletop.ui.registry import Act, ActionRegistry

if TYPE_CHECKING:  # the box is in the empty window's first frame, before the document is made
    from tabletop.document import MapDocument
    from tabletop.ui.view import MapView


class LatticeStep:
    """The toolbar's step box (`box`) and the Edit menu's action (`action`) for one window."""

    def __init__(
        self,
        view: MapView,
        actions: ActionRegistry,
        parent: QWidget,
        say: Callable[[str], None] = lambda words: None,
        ready: Callable[[], object] = lambda: None,
    ) -> None:
        """The box shows a new map's step until told the document (`follow`); `ready` makes the
        window give it its document now, for a step changed before."""
        self.document: MapDocument | None = None
        self.view, self.parent, self.ready = view, parent, ready
        self.box = StepBox(LATTICE_STEP)
        self.box.setPrefix("Lattice ")
        set_tip(self.box, "This map's lattice step, in map units: where drawn points land, how far arrow keys move")
        self.box.valueChanged.connect(self._stepped)
        self.box.refused.connect(say)
        self._run = 0
        """Which run of the box's arrows a step belongs to: a run ends when the editing does."""
        self.box.editingFinished.connect(self._end_run)
        self.action = actions.register(
            Act(
                "edit.lattice",
                "Lattice &Step…",
                self.choose,
                tip="Choose this map's lattice step, in map units (saved with the map)",
            )
        )
        self._shown = LATTICE_STEP

    def follow(self, document: MapDocument) -> None:
        """Show this document's step, and set it."""
        from tabletop.document.changes import Part  # deferred: the document's, after the first frame

        self.document = document
        document.edited.connect(lambda change: change.kind is Part.DETAILS and self._follow())
        document.reset.connect(self._follow)
        self._follow()

    def choose(self) -> None:
        from tabletop.document.commands import SetLatticeStep  # deferred: the document's, after the first frame

        chosen = ask_lattice_step(self.parent, self.document.map.lattice_step)
        if chosen is not None and chosen != self.document.map.lattice_step:
            self.document.undo_stack.push(SetLatticeStep(self.document, chosen))

    def _stepped(self, step: float) -> None:
        """The box's arrows held are one undo step (SetLatticeStep merges them); a number typed
        is one of its own."""
        from tabletop.document.commands import SetLatticeStep  # deferred: the document's, after the first frame

        if self.document is None:  # a step before the window was whole: made whole now, and set
            self.ready()
        stepping = self.box.stepping
        if not stepping:
            self._end_run()
        if step != self.document.map.lattice_step:
            self.document.undo_stack.push(SetLatticeStep(self.document, step, stepping=stepping, run=self._run))

    def _end_run(self) -> None:
        self._run += 1

    def _follow(self) -> None:
        step = self.document.map.lattice_step
        if step == self._shown:  # a title typed: the box and the dots stay as they are
            return
        self._shown = step
        with QSignalBlocker(self.box):
            self.box.setValue(step)
        self.view.viewport().update()  # the lattice's dots, at the new step
