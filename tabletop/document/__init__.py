"""The editable document: one Map, its undo stack and selection. The only place the model changes."""

from tabletop.document.map_document import KINDS, MapDocument

__all__ = ["KINDS", "MapDocument"]
