"""The play dock: running a conflict at the table."""

from tabletop.ui.docks.play.controls import PlayControls
from tabletop.ui.docks.play.dock import PlayDock

__all__ = ["PlayControls", "PlayDock"]
