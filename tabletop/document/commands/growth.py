"""Encounter grid preparation as undo steps: tile sets on the map, filling a grid from a set,
growing it at an edge, trimming it back to 3x3, and marking where sides start.

Each builder returns one command (a Batch where several objects change) whose text says
what happened in the GM's words, or raises GridEditError with one line for the status bar.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import ValidationError
from PySide6.QtGui import QUndoCommand

from tabletop.document.commands.batch import Batch
from tabletop.document.commands.edits import named
from tabletop.document.commands.put import EditMany, PutCommand
from tabletop.document.commands.refusal import obsolete_when_refused
from tabletop.document.map_document import MapDocument
from tabletop.model import AreaLocation, EncounterGrid, PropertyDraw, SetupMark, TileSet
from tabletop.model.grids import MAX_TILES
from tabletop.model.kinds import Kind
from tabletop.rules.area_names import area_words
from tabletop.rules.growth import HOME_SIZE, edges_toward, fill, grow, grow_to, outside_window, trim


class GridEditError(ValueError):
    """A grid edit that cannot be made (no tile set to draw from, grown past the limits)."""


class SetTileSets(QUndoCommand):
    """Replace the map's list of tile sets (import, replace or edit one set)."""

    def __init__(self, document: MapDocument, after: list[TileSet], text: str) -> None:
        super().__init__(text)
        self.document, self.before, self.after = document, list(document.map.tile_sets), list(after)

    @obsolete_when_refused
    def redo(self) -> None:
        self.document.set_tile_sets(self.after)

    def undo(self) -> None:
        self.document.set_tile_sets(self.before)


def _set_label(tile_set: TileSet) -> str:
    return tile_set.theme.split(":")[0] or tile_set.id


def _with_set(document: MapDocument, tile_set: TileSet) -> list[TileSet]:
    sets = list(document.map.tile_sets)
    known = [i for i, s in enumerate(sets) if s.id == tile_set.id]
    if known:
        sets[known[0]] = tile_set
    else:
        sets.append(tile_set)
    return sets


def import_tile_set(document: MapDocument, tile_set: TileSet) -> SetTileSets | None:
    """Put a set on the map (replacing the map's set of that id); None when it is there already."""
    present = next((s for s in document.map.tile_sets if s.id == tile_set.id), None)
    if present == tile_set:
        return None
    verb = "Import" if present is None else "Replace"
    return SetTileSets(document, _with_set(document, tile_set), f"{verb} tile set {_set_label(tile_set)}")


def set_random_properties(document: MapDocument, set_id: str, draws: list[PropertyDraw]) -> SetTileSets:
    """Change a map tile set's list of random segment properties."""
    tile_set = document.map.tile_set(set_id)
    if not draws:
        raise GridEditError(f"tile set {set_id} needs at least one entry of random properties (none: plain ground)")
    try:
        listed = [d.model_dump() for d in draws]
        changed = TileSet.model_validate({**tile_set.model_dump(), "random_properties": listed})
    except ValidationError as error:
        raise GridEditError(f"tile set {set_id}: {error.errors()[0]['msg']}") from None
    text = f"Change random properties of tile set {_set_label(tile_set)}"
    return SetTileSets(document, _with_set(document, changed), text)


def _checked(build: Callable[[], EncounterGrid]) -> EncounterGrid:
    """The grid `build` makes, validated whole, so the map still loads (a copy checks only what
    it changed); its refusal, or the copy's own, in one line."""
    try:
        return EncounterGrid.model_validate(build().model_dump())
    except ValidationError as error:
        raise GridEditError(_why(error)) from None


def _why(error: ValidationError) -> str:
    """A grid's refusal in one line: too many tiles said with their count, else the first problem."""
    first = error.errors()[0]
    if first["type"] == "too_long" and first["loc"][:1] == ("tiles",):
        return f"the grid would have {first['ctx']['actual_length']} tiles: a grid may have at most {MAX_TILES}"
    return first["msg"].removeprefix("Value error, ")


def _grown(document: MapDocument, grid: EncounterGrid, growing, where: str) -> EncounterGrid:
    """A grown grid, or one line: too many tiles, or a new tile past the farthest index (the
    validator's lines, not one)."""
    try:
        return EncounterGrid.model_validate(growing().model_dump())
    except ValidationError as error:
        if error.errors()[0]["type"] == "too_long":
            raise GridEditError(_why(error)) from None
        raise GridEditError(f"{named(document, Kind.GRID, grid)} reaches as far{where} as a grid may") from None


def _grid(document: MapDocument, grid_id: str) -> EncounterGrid:
    grid = document.get(Kind.GRID, grid_id)
    if grid is None:
        raise GridEditError(f"no grid '{grid_id}' on the map")
    return grid


def fill_grid(document: MapDocument, grid_id: str, tile_set: TileSet, seed: int) -> Batch:
    """Draw every tile of a grid afresh from a set (put on the map if it is not), reproducibly."""
    grid = _grid(document, grid_id)
    filled = _checked(lambda: fill(grid, tile_set, seed))  # a seed past the limits: one line
    parts: list = []
    imported = import_tile_set(document, tile_set)
    if imported is not None:
        parts.append(imported)
    parts.append(PutCommand(document, Kind.GRID, grid, filled, ""))
    return Batch(f"Fill {named(document, Kind.GRID, grid)} from tile set {_set_label(tile_set)} (seed {seed})", parts)


def grow_grid(document: MapDocument, grid_id: str, edge: str) -> PutCommand:
    """One more row or column of tiles at an edge, drawn from the grid's own tile set."""
    grid = _grid(document, grid_id)
    if grid.tile_set is None:
        raise GridEditError(f"{named(document, Kind.GRID, grid)} has no tile set to grow from: fill it from one first")
    tile_set = document.map.tile_set(grid.tile_set)
    try:
        grown = _grown(document, grid, lambda: grow(grid, tile_set, edge), f" to the {edge}")
    except GridEditError:
        raise
    except ValueError as error:  # grow's own refusal
        raise GridEditError(str(error)) from None
    added = len(grown.tiles) - len(grid.tiles)
    text = f"Grow {named(document, Kind.GRID, grid)} to the {edge} ({added} tiles from {_set_label(tile_set)})"
    return PutCommand(document, Kind.GRID, grid, grown, text)


def grow_for_token(document: MapDocument, token_id: str, row: int, col: int) -> Batch:
    """A token moved off its grid's edge: grow the grid just enough to hold area (row, col)
    and put the token there, as one step ("a new row of tiles is placed to extend the zone")."""
    token = document.get(Kind.TOKEN, token_id)
    if token is None or not isinstance(token.location, AreaLocation):
        raise GridEditError("only a token standing on a grid can move off its edge")
    grid = _grid(document, token.location.grid)
    if grid.tile_set is None:
        raise GridEditError(f"{named(document, Kind.GRID, grid)} has no tile set to grow from")
    edges = edges_toward(grid, row, col)
    grown = _grown(document, grid, lambda: grow_to(grid, document.map.tile_set(grid.tile_set), row, col), "")
    moved = token.model_copy(update={"location": AreaLocation(grid=grid.id, row=row, col=col)})
    parts = [PutCommand(document, Kind.GRID, grid, grown, ""), PutCommand(document, Kind.TOKEN, token, moved, "")]
    where = " and ".join(dict.fromkeys(edges))
    text = (
        f"Grow {named(document, Kind.GRID, grid)} to the {where}; move {token.label} to {area_words(grown, row, col)}"
    )
    return Batch(text, parts)


def trim_grid(document: MapDocument, grid_id: str) -> Batch | None:
    """Cut a grid back to 3x3 tiles, keeping the window with most tokens (rules/growth.py).

    Tokens outside that window have left the encounter: they are taken off the map (kept in
    the map's tokens, to be placed again), never deleted. None when the grid is 3x3 already."""
    grid = _grid(document, grid_id)
    r0, c0, r1, c1 = grid.tile_bounds()
    if r1 - r0 < HOME_SIZE and c1 - c0 < HOME_SIZE:
        return None
    tokens = [document.get(Kind.TOKEN, i) for i in document.tokens_on(Kind.GRID, grid_id)]
    areas = {t.id: (t.location.row, t.location.col) for t in tokens if isinstance(t.location, AreaLocation)}
    trimmed = _checked(lambda: trim(grid, areas.values()))
    leaving = outside_window(trimmed, areas)
    parts: list = []
    text = f"Trim {named(document, Kind.GRID, grid)} to {HOME_SIZE}x{HOME_SIZE}"
    if leaving:
        moved = [document.get(Kind.TOKEN, i).model_copy(update={"location": None}) for i in leaving]
        parts.append(EditMany(document, Kind.TOKEN, moved, ""))
        who = moved[0].label if len(moved) == 1 else f"{len(moved)} tokens"
        text += f"; {who} {'leaves' if len(moved) == 1 else 'leave'} the grid (off the map)"
    parts.append(PutCommand(document, Kind.GRID, grid, trimmed, ""))
    return Batch(text, parts)


def set_setup(document: MapDocument, grid_id: str, starts: list[SetupMark], arrivals: list[str]) -> PutCommand:
    """Mark where each side may start and where arrivals enter."""
    grid = _grid(document, grid_id)
    after = _checked(lambda: grid.model_copy(update={"starts": list(starts), "arrivals": list(arrivals)}))
    return PutCommand(document, Kind.GRID, grid, after, f"Change setup marks of {named(document, Kind.GRID, grid)}")
