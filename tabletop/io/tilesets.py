"""Tile set files: a thematic set of tiles in a file of its own (NAME.tabletop-tiles), kept
in a folder of tile sets so one set serves many maps.

The same safety as map files: a format version, a size cap, validation whose every failure
is one MapFileError line naming the file, and an atomic write with a backup beside it.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import ValidationError

from tabletop.io.errors import MapFileError
from tabletop.io.json_file import json_document, read_regular
from tabletop.io.read import check_version
from tabletop.io.write import write_atomically
from tabletop.model import Model, TileSet
from tabletop.model.wording import describe

TILESET_EXTENSION = ".tabletop-tiles"
TILESET_FORMAT_VERSION = 1
"""The tile set file format this code writes; a newer one is refused with a clear line."""
MAX_TILESET_BYTES = 4 * 2**20
"""A set of a hundred tiles, every area outlined, is about 300 KB; ten times that is no set."""
WHAT = "tile set file"
MAX_FOLDER_SETS = 500
"""The most tile set files read from one folder: a folder of thousands is not a set library."""


class TileSetFile(Model):
    """What a tile set file holds: its format version and the set."""

    format_version: Literal[1] = TILESET_FORMAT_VERSION
    tile_set: TileSet


def tile_set_to_text(tile_set: TileSet) -> str:
    """The file text: indented JSON in model order, as map files are written."""
    document = TileSetFile(tile_set=tile_set).model_dump(mode="json")
    return json.dumps(document, indent=1, ensure_ascii=False, allow_nan=False) + "\n"


def tile_set_from_bytes(raw: bytes, path: str | os.PathLike[str] = "<tile set>") -> TileSet:
    """Parse bytes as a tile set file; `path` names the source in the error message."""
    if len(raw) > MAX_TILESET_BYTES:
        raise MapFileError(path, f"is larger than {MAX_TILESET_BYTES // 2**20} MB, the most a tile set file may be")
    document = json_document(raw, path, WHAT)
    if "format_version" not in document:
        raise MapFileError(path, "has no format_version: it is not a Tabletop tile set")
    if "tile_set" not in document:
        what = "a map, not a tile set" if "zones" in document or "grids" in document else "no tile_set"
        raise MapFileError(path, f"holds {what}")
    check_version(path, document["format_version"], TILESET_FORMAT_VERSION, "tile set format")
    try:
        return TileSetFile.model_validate(document).tile_set
    except ValidationError as error:
        raise MapFileError(path, describe(error)) from None


def load_tile_set(path: str | os.PathLike[str]) -> TileSet:
    """Read and validate one tile set file, or raise MapFileError naming it."""
    raw, _info = read_regular(path, MAX_TILESET_BYTES, WHAT)
    return tile_set_from_bytes(raw, path)


def save_tile_set(tile_set: TileSet, path: str | os.PathLike[str]) -> None:
    """Write a tile set file atomically (the old one kept as FILE.bak), or raise MapFileError."""
    try:
        data = tile_set_to_text(tile_set).encode("utf-8")
    except (UnicodeEncodeError, ValueError) as error:
        raise MapFileError(path, f"could not be saved: the tile set holds what no file can ({error})") from None
    write_atomically(path, data, backup=True, verb="saved")


@dataclass(frozen=True)
class FoundSet:
    """A tile set file found in a folder: the set, or the one line saying why it is unusable."""

    path: Path
    tile_set: TileSet | None
    problem: str = ""


def tile_sets_in(folder: str | os.PathLike[str]) -> list[FoundSet]:
    """Every tile set file in a folder, by file name; a bad file is listed with its problem
    rather than hiding the good ones. A missing folder holds no sets."""
    folder = Path(folder)
    try:
        names = sorted(p for p in folder.iterdir() if p.name.endswith(TILESET_EXTENSION))
    except OSError:
        return []
    found = []
    for path in names[:MAX_FOLDER_SETS]:
        try:
            found.append(FoundSet(path, load_tile_set(path)))
        except MapFileError as error:
            found.append(FoundSet(path, None, str(error)))
    return found


def file_name_for(tile_set: TileSet) -> str:
    """A file name for a set: its id, which has no white space, made safe for any disk."""
    safe = "".join(c if c.isalnum() or c in "-_." else "-" for c in tile_set.id).strip(".") or "tiles"
    return safe[:100] + TILESET_EXTENSION
