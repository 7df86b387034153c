"""The play dock: running a conflict at the table (issue #12)."""

from tabletop.ui.docks.play.controls import PlayControls
from tabletop.ui.docks.play.dock import PlayDock

__all__ = ["PlayControls", "PlayDock"]
