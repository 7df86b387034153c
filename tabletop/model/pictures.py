"""Where a map's pictures may be: the rule every picture path a map writes obeys (its
background, its tokens' art), as text alone, Qt-free and before any file is looked at."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, StringConstraints

from tabletop.model.base import LINE_PATTERN

SHOWN_PATH = 80
"""A refused path is echoed up to this many characters, so the refusal stays one readable line."""


WINDOWS_DEVICES = frozenset(
    {"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"} | {f"{kind}{n}" for kind in ("COM", "LPT") for n in range(10)}
)
"""Names Windows opens as a device in every folder: a map moved there must not read one."""


def picture_path_problem(path: str) -> str | None:
    """Why `path` cannot name a picture kept with the map, in a GM's words; None when it can.

    A map's pictures are files in the map's folder (or a folder inside it), written from
    there, so a map someone sends can only show pictures that came with it. The rule reads
    the text alone, the same on every system: a leading / or \\, a drive letter or ~ is a
    path from elsewhere, and a `..` between slashes or backslashes climbs out. Links are
    followed where the file is read (io/pictures.py), since a text cannot say where they lead."""
    drive = len(path) > 1 and path[1] == ":" and path[0].isascii() and path[0].isalpha()
    parts = path[2 if drive else 0 :].replace("\\", "/").split("/")
    shown = path if len(path) <= SHOWN_PATH else path[: SHOWN_PATH - 1] + "…"
    name = next((part for part in reversed(parts) if part not in ("", ".", "..")), "")
    fix = f" (copy it there and write '{name[:SHOWN_PATH]}')" if name else ""
    home = parts[0] == "~" or (parts[0].startswith("~") and len(parts) > 1)
    if path[:1] in ("/", "\\") or home or drive:
        return f"'{shown}' is outside the map's folder: a picture must be a file in the map's folder{fix}"
    if ".." in parts:
        return f"'{shown}' climbs out of the map's folder: a picture must be a file in the map's folder{fix}"
    if parts[-1] in ("", ".") or not name:
        return f"'{shown}' names a folder: a picture must be a file in the map's folder"
    if any(part.split(".")[0].strip().upper() in WINDOWS_DEVICES for part in parts):
        return f"'{shown}' names a device on Windows, not a file: a picture must be a file in the map's folder"
    return None


MAX_PICTURE_PATH = 1_000
"""The longest path to a picture: folders inside the map's folder nest a few deep, and a path
is no name a GM reads (a name's cap, 200, is too short for a project's folders)."""


def _kept_with_the_map(path: str) -> str:
    """The path never leads out of the map's folder (picture_path_problem)."""
    problem = picture_path_problem(path)
    if problem is not None:
        raise ValueError(problem)
    return path


PicturePath = Annotated[
    str,
    StringConstraints(min_length=1, max_length=MAX_PICTURE_PATH, pattern=LINE_PATTERN),
    AfterValidator(_kept_with_the_map),
]
"""A picture kept with the map, written from the map's folder with forward slashes."""
