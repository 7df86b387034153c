"""The ids by which QUndoStack merges the steps of one gesture into one undo step, in one
table so two kinds of command never share an id by accident."""

from enum import IntEnum


class MergeId(IntEnum):
    EDIT = 1000
    """Edits of one field of one object in a row (typing a name, dragging a vertex)."""
    MOVE_TOKEN = 1001
    """The steps of one token drag."""
    EDIT_MAP = 1002
    """Typing the map's title or notes."""
    FOG = 1003
    """The strokes of one Reveal tool drag."""
    EDIT_MANY = 1004
    """The steps of one drag that changes several objects (a corner several rooms share)."""
    LATTICE_STEP = 1005
    """The steps of the toolbar's lattice step box, one after another."""
