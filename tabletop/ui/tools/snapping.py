"""Where a drawn point lands: on a corner already there, on the drawing lattice, or exactly
where the GM clicked.

Rooms drawn side by side must share their corners exactly, so a point near a corner takes it;
a GM laying out a dungeon wants walls on a lattice; a GM tracing a picture wants the point
under the cursor. The lattice is a toggle (Edit ▸ Snap to Lattice, on the toolbar, kept
between sessions), and Ctrl held while clicking or dragging places a point freely, no corner
and no lattice, whichever way the toggle is.

A GM fitting rooms to a scanned plan may want its edges too: Edit ▸ Snap to Background
Corners (off at first, kept between sessions) lets a point near a corner of the background
picture take it, as it takes a room's corner.

Whether the lattice is on is the GM's own habit, kept on the computer; its step belongs to the
map (Map.lattice_step), so a plan traced at 5 units a foot draws alike wherever it is opened."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt

from tabletop.bounds import LATTICE_STEP

if TYPE_CHECKING:
    from tabletop.document import MapDocument

SNAP_KEY = "draw/snap"
CORNERS_KEY = "draw/snap-background-corners"


class Snapping:
    """The view's snapping: whether the lattice is on, and whether Ctrl asks for a free point."""

    def __init__(self, settings: QSettings | None = None, document: MapDocument | None = None) -> None:
        self.settings = settings
        self.document = document
        """The open map, whose lattice step this is (None: a view of no map, the default step)."""
        self.lattice = bool(settings.value(SNAP_KEY, True, type=bool)) if settings is not None else True
        self.corners = bool(settings.value(CORNERS_KEY, False, type=bool)) if settings is not None else False
        """Whether a point near a corner of the background picture takes it."""
        self.held = Qt.KeyboardModifier.NoModifier
        """The keys held with the event the tool is handling (the view sets it)."""

    @property
    def step(self) -> float:
        """The open map's lattice step, asked each time: it follows an undo, and another map opened."""
        return LATTICE_STEP if self.document is None else self.document.map.lattice_step

    def set_lattice(self, on: bool) -> None:
        self.lattice = on
        if self.settings is not None:
            self.settings.setValue(SNAP_KEY, on)

    def set_corners(self, on: bool) -> None:
        self.corners = on
        if self.settings is not None:
            self.settings.setValue(CORNERS_KEY, on)

    def free(self) -> bool:
        """Ctrl is held: this point goes exactly where the cursor is."""
        return bool(self.held & Qt.KeyboardModifier.ControlModifier)

    def on_lattice(self, x: float, y: float) -> tuple[float, float]:
        step = self.step
        return (round(x / step) * step, round(y / step) * step)
