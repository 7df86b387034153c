"""The players' window: the map for a projector or a table TV, and the GM's controls of it."""

from tabletop.ui.player.controls import PlayerControls

__all__ = ["PlayerControls"]
