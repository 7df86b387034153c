"""File ▸ Import… "Into this map": a drawing's rooms, doors, picture and grid added to the open
map as one undo step, where undo takes them all away again.

The picture becomes the map's background, kept in the `assets/` folder beside the map's file,
so the map must have a file, and a background of its own is not replaced: both are refused in
one line. The drawing lands at the map's origin when nothing of the map is there, else beside
everything to the right, on whole squares, so its zones never cover the GM's own. Its rooms are
numbered on past the map's own; other ids and names already used on the map are given numbers,
as pasting does (document/fragments.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from tabletop.document.commands import AddMany, Batch
from tabletop.document.commands.edits import SetBackground
from tabletop.document.fragments import Beside, piece_box, placed
from tabletop.io import MapFileError
from tabletop.model import Map
from tabletop.model.grids import TILE_AREAS
from tabletop.model.kinds import Kind

ROOM_ID = "room-"
"""How the drawing's rooms' ids begin (geometry/whole/room_zones.py), the ground outside apart."""

if TYPE_CHECKING:
    from tabletop.document import MapDocument


@dataclass(frozen=True)
class ImportChoices:
    """What the GM chose in the import's dialog (dialogs/import_uvtt.py)."""

    target: Path
    break_door: int | None
    break_wall: int | None
    gap: float
    grid: bool = False
    into: bool = False
    """Into the open map as one undo step, rather than written as a new map (`target`)."""


def why_not_into(document: MapDocument) -> str | None:
    """Why the drawing cannot go into the open map, in one line; None when it can."""
    if document.path is None:
        return "Save this map first: the drawing's picture is kept in the assets folder beside it."
    if document.map.background is not None:
        return (
            f"{document.path.name} has a background picture already: import the drawing as a new map, "
            "or remove the picture first (Map ▸ Remove Background Image)."
        )
    return None


def import_into(document: MapDocument, drawing: Path, choices: ImportChoices) -> str:
    """The drawing added to the open map as one undo step, the added zones and grid selected;
    the summary line. MapFileError says in one line why not (nothing is added then)."""
    from tabletop.ui.drawn_maps import map_drawn, picture_kept
    from tabletop.ui.opening import busy

    refused = why_not_into(document)
    if refused is not None:
        raise MapFileError(drawing, refused)
    with busy():
        made = map_drawn(
            drawing, break_door=choices.break_door, break_wall=choices.break_wall, gap=choices.gap, grid=choices.grid
        )
        piece = made.map
        taken = lambda kind, object_id: document.get(kind, object_id) is not None  # noqa: E731
        piece = rooms_numbered_on(piece, document.map)
        ready = placed(piece, Beside(), document.map, taken, beside(document.map, piece))
        (first, *_), (landed, *_) = piece.zones[0].shape.points, ready.zones[0].shape.points
        dx, dy = landed[0] - first[0], landed[1] - first[1]
        parts = []
        for kind, objs in ((Kind.ZONE, ready.zones), (Kind.BORDER, ready.borders), (Kind.GRID, ready.grids)):
            if objs:
                parts.append(AddMany(document, kind, objs, ""))
        with picture_kept(made, document.path) as background:  # the picture last: taken away if refused
            if background is not None:
                parts.insert(0, SetBackground(document, background.model_copy(update={"x": dx, "y": dy})))
            try:
                document.undo_stack.push(Batch(f"Import {drawing.name[:100]}", parts))
            except ValueError as error:  # the document refused it whole: nothing was added
                raise MapFileError(drawing, f"could not be added to this map: {error}") from None
        document.select(ready.chosen)
    return made.summary


def rooms_numbered_on(piece: Map, existing: Map) -> Map:
    """The drawing's rooms numbered on past the names the map uses (its Room 1 and 2 make the
    drawing's first room Room 3), rather than each given a number after its own ("Room 1 2")."""
    used = {zone.name.casefold() for zone in existing.zones}
    number, zones = 0, []
    for zone in piece.zones:
        if zone.id.startswith(ROOM_ID):
            number += 1
            while f"room {number}" in used:
                number += 1
            zone = zone.model_copy(update={"name": f"Room {number}"})
        zones.append(zone)
    return piece.model_copy(update={"zones": zones})


def beside(existing: Map, piece: Map) -> tuple[float, float]:
    """How far the piece moves to land clear of the map's own zones and grids: not at all when
    nothing is where it lies, else to the right of everything, a tile's width apart, on whole
    squares, so a grid over it stays on its squares."""
    from tabletop.geometry.whole.room_zones import SQUARE

    there, here = piece_box(existing), piece_box(piece)
    if there is None or here is None:
        return (0.0, 0.0)
    clear = here[2] <= there[0] or there[2] <= here[0] or here[3] <= there[1] or there[3] <= here[1]
    if clear:
        return (0.0, 0.0)
    return (math.ceil((there[2] + SQUARE * TILE_AREAS - here[0]) / SQUARE) * SQUARE, 0.0)
