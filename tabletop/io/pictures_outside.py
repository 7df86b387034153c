"""A map whose background picture lies outside its folder, as maps of older Tabletops may
(their dialog wrote `../scans/plan.png`, or a path from the root).

The reader refuses such a map, so a map someone sends never pulls in a picture from elsewhere.
The window then offers the GM what they can do without losing their map: open it without the
picture, or have the picture they name copied into the map's folder. This module reads the map
with its background set aside and, when the GM asks, copies the picture in. Qt-free."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from tabletop.io.errors import MapFileError
from tabletop.io.pictures import PictureRefused, copy_beside
from tabletop.io.read import map_from_bytes, parse_json_object
from tabletop.model import Background, Map
from tabletop.model.map import picture_path_problem
from tabletop.model.wording import describe


def set_aside(raw: bytes, path: str | os.PathLike[str]) -> tuple[Map, dict[str, Any], str] | None:
    """The map in `raw` read without its background, when the background's path is the only
    thing wrong: (the map, the background as written, why its path is refused). None when the
    path is fine or the map has another fault (the reader's own line then says it)."""
    try:
        document = parse_json_object(raw, path)
    except MapFileError:
        return None
    background = document.get("background")
    if not isinstance(background, dict) or not isinstance(background.get("path"), str):
        return None
    problem = picture_path_problem(background["path"])
    if problem is None:
        return None
    try:
        map_ = map_from_bytes(json.dumps({**document, "background": None}).encode("utf-8"), path)
    except MapFileError:
        return None
    return map_, background, problem


def outside_source(background: dict[str, Any], map_path: str | os.PathLike[str]) -> Path | None:
    """The file the background names, as the window shows it before copying it in (the whole
    path, nothing cut, so a GM sees where it comes from); None for a path from a home folder
    (`~`), which a map written by Tabletop never held and which is not copied."""
    written = str(background["path"]).replace("\\", "/")
    if written.startswith("~"):
        return None
    source = Path(written)
    return Path(os.path.normpath(source if source.is_absolute() else Path(map_path).parent / source))


def brought_in(background: dict[str, Any], map_path: str | os.PathLike[str]) -> Background:
    """The background the GM asked for, its picture copied into the map's folder (read as any
    picture is: a regular file, capped) and its place, scale and opacity kept. PictureRefused
    (with its line) when the picture cannot be read or copied, or the rest of it is no
    background a map may hold."""
    folder = Path(map_path).parent
    source = outside_source(background, map_path)
    if source is None:
        raise PictureRefused(f"'{background['path']}' is in a home folder: Tabletop copies no picture from there")
    copied, _ = copy_beside(source, folder, source.name)
    kept = {key: value for key, value in background.items() if key != "path"}
    try:
        return Background.model_validate({**kept, "path": copied})
    except ValidationError as error:
        raise PictureRefused(f"'{copied}' was copied, but {describe(error)}") from None
