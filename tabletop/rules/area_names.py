"""Areas and tiles of an encounter grid as a GM reads and types them: a column letter and a row
number, as on a chessboard or in a spreadsheet ("C5"), counted from the grid's top-left area,
which is A1 however the grid has grown. Tiles are named the same way at tile scale and always
written with the word "tile" ("tile B1"), so the two never read alike.

The model keeps global (row, col) indices, which stay put while the grid grows north or west;
the names are worked out from the grid's current bounds, so after Grow North the same area is
one row further down. The old global "ROW,COL" form is still read, for the command lines and
fields written before the names.
"""

from __future__ import annotations

import re

from tabletop.model import EncounterGrid

Bounds = tuple[int, int, int, int]
"""(first row, first col, last row, last col), inclusive: EncounterGrid.area_bounds() or tile_bounds()."""

_NAME = r"(?:{word}\s+)?([a-z]{{1,3}})\s*([0-9]{{1,6}})"
_OLD = r"(?:{word}\s+)?(-?[0-9]{{1,6}})\s*,\s*(-?[0-9]{{1,6}})"
_SHOWN = 24
"""The most characters of a refused text the refusal repeats: a pasted paragraph stays one line."""


def letters(index: int) -> str:
    """A column's letters from 0: A..Z, then AA, AB..., as a spreadsheet's columns."""
    text = ""
    index += 1
    while index > 0:
        index, rest = divmod(index - 1, 26)
        text = chr(ord("A") + rest) + text
    return text


def _index(text: str) -> int:
    """The column index (from 0) that letters() writes as `text`."""
    index = 0
    for char in text.upper():
        index = index * 26 + ord(char) - ord("A") + 1
    return index - 1


def area_name(grid: EncounterGrid | Bounds, row: int, col: int) -> str:
    """The name of the area at global (row, col): "C5" on the grid; an area past its edge is
    named from the nearest area on it ("2 east of O5"), having no name of its own yet."""
    return _name(_bounds(grid, tiles=False), row, col)


def tile_name(grid: EncounterGrid | Bounds, row: int, col: int) -> str:
    """The name of the tile at tile coordinates (row, col), "B1", to be written as "tile B1"."""
    return _name(_bounds(grid, tiles=True), row, col)


def area_words(grid: EncounterGrid | Bounds, row: int, col: int) -> str:
    """An area as a sentence's noun: "area C5", or "the area 2 east of O5" past the edge."""
    bounds = _bounds(grid, tiles=False)
    return f"area {_name(bounds, row, col)}" if _inside(bounds, row, col) else f"the area {_name(bounds, row, col)}"


def area_from_text(grid: EncounterGrid, text: str) -> tuple[int, int]:
    """The global (row, col) of an area the GM typed: "C5", "c5", " area C5 ", or the old
    global "ROW,COL". Anything else, or an area off the grid, is refused in one line."""
    found = _read(grid.area_bounds(), text, "area")
    if found is None:
        raise ValueError(f"{_shown(text)} is not an area of {_grid_name(grid)} ({_span(grid, tiles=False)})")
    return found


def tile_from_text(grid: EncounterGrid, text: str) -> tuple[int, int]:
    """The tile coordinates (row, col) of a tile the GM typed: "B1", "tile b1", or the old
    "ROW,COL" of tile coordinates; refused in one line otherwise."""
    found = _read(grid.tile_bounds(), text, "tile")
    if found is None:
        raise ValueError(f"{_shown(text)} is not a tile of {_grid_name(grid)} ({_span(grid, tiles=True)})")
    return found


def tiles_from_text(grid: EncounterGrid, text: str) -> list[tuple[int, int]]:
    """Tiles typed in one field, "B1 B2" or the old "2,0 2,1", separated by spaces or
    semicolons; a tile typed twice counts once."""
    tiles: list[tuple[int, int]] = []
    for word in text.replace(";", " ").split():
        tile = tile_from_text(grid, word)
        if tile not in tiles:
            tiles.append(tile)
    return tiles


def is_area_text(text: str) -> bool:
    """Whether a text has the shape of an area, "C5" or "7,3", on whatever grid: a play step's
    place may be a zone's name or an area's, and only a grid can tell whether the area is on it."""
    word = text.strip()
    return any(re.fullmatch(form.format(word="area"), word, re.IGNORECASE) for form in (_NAME, _OLD))


def _bounds(grid: EncounterGrid | Bounds, tiles: bool) -> Bounds:
    if isinstance(grid, tuple):
        return grid
    return grid.tile_bounds() if tiles else grid.area_bounds()


def _inside(bounds: Bounds, row: int, col: int) -> bool:
    r0, c0, r1, c1 = bounds
    return r0 <= row <= r1 and c0 <= col <= c1


def _name(bounds: Bounds, row: int, col: int) -> str:
    r0, c0, r1, c1 = bounds
    near_row, near_col = min(max(row, r0), r1), min(max(col, c0), c1)
    name = f"{letters(near_col - c0)}{near_row - r0 + 1}"
    if (near_row, near_col) == (row, col):
        return name
    ways = []
    if row != near_row:
        ways.append(f"{abs(row - near_row)} {'north' if row < near_row else 'south'}")
    if col != near_col:
        ways.append(f"{abs(col - near_col)} {'west' if col < near_col else 'east'}")
    return f"{' and '.join(ways)} of {name}"


def _read(bounds: Bounds, text: str, noun: str) -> tuple[int, int] | None:
    """(row, col) of a name or an old "ROW,COL" inside `bounds`, with or without the noun
    before it ("area C5"), else None."""
    word = text.strip()
    named = re.fullmatch(_NAME.format(word=noun), word, re.IGNORECASE)
    if named:
        r0, c0, _r1, _c1 = bounds
        row, col = r0 + int(named.group(2)) - 1, c0 + _index(named.group(1))
    else:
        old = re.fullmatch(_OLD.format(word=noun), word, re.IGNORECASE)
        if not old:
            return None
        row, col = int(old.group(1)), int(old.group(2))
    return (row, col) if _inside(bounds, row, col) else None


def _span(grid: EncounterGrid, tiles: bool) -> str:
    bounds = _bounds(grid, tiles)
    first, last = _name(bounds, bounds[0], bounds[1]), _name(bounds, bounds[2], bounds[3])
    return f"tiles {first} to {last}" if tiles else f"{first} to {last}"


def _grid_name(grid: EncounterGrid) -> str:
    return grid.name or f"grid '{grid.id}'"


def _shown(text: str) -> str:
    word = " ".join(text.split())
    return f"'{word}'" if len(word) <= _SHOWN else f"'{word[: _SHOWN - 1]}…'"
