"""The bounds of a map's texts and its drawing lattice that the map window shows before the
model is loaded: the model package loads pydantic and every model class, and the empty
window's first frame (the toolbar's lattice step box, the Inspector's map page) comes before it
(ui/main_window.py). The model's fields are checked against these same numbers."""

MAX_LINE = 200
"""The longest name, title, label, side or aspect, in characters: three lines of this page, past
any name a table reads aloud; a picture measures and cuts each name it writes."""
MAX_TEXT = 50_000
"""The longest description, note or story, in characters: some twenty printed pages, past any
note a GM reads at the table; the panes that show one hold it whole."""

LATTICE_STEP = 20.0
"""The drawing lattice's step in map units on a map that chose none: a twelfth of a 240-unit
room, a half of a 40-unit area."""
MIN_LATTICE_STEP = 1.0
"""The finest lattice, one map unit: a fifth of a foot on a plan traced at 5 units a foot."""
MAX_LATTICE_STEP = 1_000.0
"""The coarsest lattice: the largest side of a grid's area, past any room laid out in steps."""
