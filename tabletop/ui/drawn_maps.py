"""A battle map drawn elsewhere (a Universal VTT file) made a map, one way for `tabletop import`
and File ▸ Import… (as a new map or into the open one).

The drawing is read, its picture decoded, its map built whole (so a room too detailed for a zone,
a grid too big or anything the map refuses is said first), and only then is its picture kept
beside the map; when the map is not written or added after all, the picture this import wrote is
taken away again, so a refused import leaves nothing in the `assets/` folder. Qt only to decode
the picture (render/pictures.py), as every picture a map draws is decoded.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from tabletop.geometry.whole.room_zones import SQUARE, GridTooBig, drawn_map
from tabletop.geometry.whole.rooms import TooDetailed
from tabletop.io import MapFileError
from tabletop.io.errors import printable_line
from tabletop.io.pictures import ASSETS, PictureRefused
from tabletop.io.uvtt import UniversalVtt, keep_picture, leave_no_folder, read_universal_vtt
from tabletop.model import Background, Map
from tabletop.model.base import LINE_PATTERN
from tabletop.model.wording import describe
from tabletop.render.pictures import decode_picture

TITLE_CHARACTERS = 200
"""The longest title taken from a drawing's file name: a title is read at a glance."""


@dataclass(frozen=True)
class DrawnMap:
    """A drawing made a map, not yet written anywhere."""

    map: Map
    """Its zones, borders and grid, without its picture (picture_kept gives that)."""
    summary: str
    """What was made, in one line."""
    drawing: UniversalVtt


def map_drawn(
    source: str | os.PathLike[str],
    *,
    break_door: int | None,
    break_wall: int | None,
    gap: float | None,
    grid: bool,
) -> DrawnMap:
    """The map of the drawing in `source`, built and checked whole; MapFileError names the
    drawing and says in one line why it cannot be made (nothing is written either way)."""
    drawing = read_universal_vtt(source)
    if drawing.picture is not None:
        try:
            decode_picture(drawing.picture.raw)
        except PictureRefused as refused:
            kind = "PNG" if drawing.picture.kind == "png" else "WebP"
            raise MapFileError(source, f"its {kind} picture {refused}") from None
    try:
        map_, summary = drawn_map(
            drawing,
            None,
            drawing_title(source),
            break_door=break_door,
            break_wall=break_wall,
            gap=gap,
            grid=grid,
        )
    except (GridTooBig, TooDetailed) as error:
        raise MapFileError(source, str(error)) from None
    except ValidationError as error:
        raise MapFileError(source, f"could not be made a map: {describe(error)}") from None
    return DrawnMap(map_, summary, drawing)


def drawing_title(source: str | os.PathLike[str]) -> str:
    """The map's title from the drawing's file name, on one line: a control character in the
    name (a tab, a new line) becomes a space."""
    flat = "".join(c if re.fullmatch(LINE_PATTERN, c) else " " for c in Path(source).stem)
    return " ".join(flat.split())[:TITLE_CHARACTERS].strip()


def target_problem(target: Path) -> str | None:
    """Why a new map cannot be written at `target`, said before anything is made; None when it can."""
    if not printable_line(target.name):
        return "has a control character (a tab, a new line) in its name: name the map without one"
    if target.is_dir():
        return "is a folder: name the map file to write, as MAP.tabletop"
    return None


@contextmanager
def picture_kept(made: DrawnMap, map_path: str | os.PathLike[str]) -> Iterator[Background | None]:
    """The drawing's picture kept beside the map at `map_path` and given as the map's
    background, scaled to the map's squares (None when the drawing has none). When the body
    fails, the picture file this wrote is removed again (never one that was there already), and
    the pictures' folder with it when this made it and nothing else is in it."""
    picture = made.drawing.picture
    if picture is None:
        yield None
        return
    assets = Path(map_path).parent / ASSETS
    folder_made = not assets.exists()
    written, copied = keep_picture(picture, map_path)
    try:
        yield Background(path=written, scale=SQUARE / made.drawing.pixels_per_square)
    except BaseException:
        if copied:
            (Path(map_path).parent / written).unlink(missing_ok=True)
        leave_no_folder(assets, folder_made)
        raise
