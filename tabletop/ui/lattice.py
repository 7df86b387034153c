"""The map's lattice step in the window: a box beside the toolbar's lattice switch and
Edit ▸ Lattice Step…, both showing the open map's step and setting it as one undo step.

The step belongs to the map (Map.lattice_step), so the box follows the document: an undo, a
redo and another map opened show their step, and the lattice's dots are drawn again at it.
The view's snapping reads the step from the document itself (tools/snapping.py)."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QWidget

from tabletop.document import MapDocument
from tabletop.document.changes import Part
from tabletop.document.commands import SetLatticeStep
from tabletop.ui.dialogs.lattice_step import StepBox, ask_lattice_step
from tabletop.ui.plain import set_tip
from tabletop.ui.registry import Act, ActionRegistry
from tabletop.ui.view import MapView


class LatticeStep:
    """The toolbar's step box (`box`) and the Edit menu's action (`action`) for one window."""

    def __init__(self, document: MapDocument, view: MapView, actions: ActionRegistry, parent: QWidget) -> None:
        self.document, self.view, self.parent = document, view, parent
        self.box = StepBox(document.map.lattice_step)
        self.box.setPrefix("Lattice ")
        self.box.setKeyboardTracking(False)  # "50" typed is one step to 50, not one to 5 first
        set_tip(self.box, "This map's lattice step, in map units: where drawn points land, how far arrow keys move")
        self.box.valueChanged.connect(self._stepped)
        self.action = actions.register(
            Act(
                "edit.lattice",
                "Lattice &Step…",
                self.choose,
                tip="Choose this map's lattice step, in map units (saved with the map)",
            )
        )
        self._shown = document.map.lattice_step
        document.edited.connect(lambda change: change.kind is Part.DETAILS and self._follow())
        document.reset.connect(self._follow)

    def choose(self) -> None:
        chosen = ask_lattice_step(self.parent, self.document.map.lattice_step)
        if chosen is not None and chosen != self.document.map.lattice_step:
            self.document.undo_stack.push(SetLatticeStep(self.document, chosen))

    def _stepped(self, step: float) -> None:
        """The box's arrows held are one undo step (SetLatticeStep merges them)."""
        if step != self.document.map.lattice_step:
            self.document.undo_stack.push(SetLatticeStep(self.document, step, stepping=True))

    def _follow(self) -> None:
        step = self.document.map.lattice_step
        if step == self._shown:  # a title typed: the box and the dots stay as they are
            return
        self._shown = step
        with QSignalBlocker(self.box):
            self.box.setValue(step)
        self.view.viewport().update()  # the lattice's dots, at the new step
