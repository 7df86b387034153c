"""Session files: the list of a session's scenes, each a plain map file kept in a folder beside
the session (`NAME.tabletop-session` and `NAME scenes/`), so every scene is a map the map format
keeps whole (fog, tokens, conflict, view) and opens alone as well.

Read through the one careful reader (io/json_file.py), migrated by its own chain (a session has
its own format version, apart from the maps'), written atomically with a backup as a map is.
Every refusal is one MapFileError line naming the file. Qt-free."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from tabletop.io.errors import MapFileError
from tabletop.io.json_file import read_json_file
from tabletop.io.migrate import MigrationError, migrate
from tabletop.io.read import check_version
from tabletop.io.stamp import FileStamp
from tabletop.io.write import write_atomically
from tabletop.model.session import SESSION_FORMAT_VERSION, Scene, Session
from tabletop.model.wording import describe

SESSION_EXTENSION = ".tabletop-session"
MAX_SESSION_BYTES = 4 * 2**20
"""A session lists scenes by name and file: a few hundred bytes each, so a few megabytes is far
past any session and refuses a huge file before it is parsed."""
SCENES_FOLDER = " scenes"
"""The folder beside `NAME.tabletop-session` that keeps its scenes' maps: `NAME scenes`."""

Json = dict[str, Any]
STEPS: dict[int, Callable[[Json], Json]] = {}
"""STEPS[n] turns a format n session into a format n + 1 session, as io/migrate.py's chain does
for maps; format 1 is the first, so the chain is empty until the format changes."""


def is_session(path: str | os.PathLike[str]) -> bool:
    """Whether a file name says it is a session (the commands and File ▸ Open ask)."""
    return os.fspath(path).lower().endswith(SESSION_EXTENSION)


def scenes_folder(session_path: str | os.PathLike[str]) -> Path:
    """Where a session's scenes are kept: `NAME scenes` beside `NAME.tabletop-session`."""
    path = Path(session_path)
    return path.with_name(path.name[: -len(SESSION_EXTENSION)] + SCENES_FOLDER if is_session(path) else path.stem)


def load_session(path: str | os.PathLike[str]) -> Session:
    """Read, migrate and check one session file; MapFileError names the file and the problem."""
    document = read_json_file(path, MAX_SESSION_BYTES, "session file")
    return session_from_document(document, path)


def session_from_document(document: Json, path: str | os.PathLike[str] = "<session>", steps=None) -> Session:
    """A parsed session file as a Session: its version checked, migrated, then validated."""
    if "format_version" not in document:
        raise MapFileError(path, "has no format_version: it is not a Tabletop session")
    check_version(path, document["format_version"], SESSION_FORMAT_VERSION, "session format")
    try:
        upgraded = migrate(document, STEPS if steps is None else steps, SESSION_FORMAT_VERSION)
        return Session.model_validate(upgraded)
    except MigrationError as error:
        raise MapFileError(path, str(error)) from None
    except ValidationError as error:
        raise MapFileError(path, describe(error)) from None


def session_to_bytes(session: Session) -> bytes:
    """The file's text: one scene to a line, so a diff names the scene that changed."""
    head = session.model_dump(mode="json", exclude={"scenes"})
    lines = [
        json.dumps(scene.model_dump(mode="json", exclude_none=True), ensure_ascii=False) for scene in session.scenes
    ]
    body = ",\n  ".join(lines)
    parts = [f' "{key}": {json.dumps(value, ensure_ascii=False)}' for key, value in head.items()]
    parts.append(f' "scenes": [\n  {body}\n ]' if lines else ' "scenes": []')
    return ("{\n" + ",\n".join(parts) + "\n}\n").encode("utf-8")


def save_session(session: Session, path: str | os.PathLike[str]) -> FileStamp:
    """Write the session file atomically, the previous one kept as FILE.bak."""
    return write_atomically(path, session_to_bytes(session), backup=True, verb="saved")


def scene_file(session_path: str | os.PathLike[str], written: str) -> Path:
    """The file a scene's path names, relative to the session's folder, followed through any link
    and kept inside that folder: a session cannot open a map outside what came with it."""
    folder = Path(os.path.realpath(Path(session_path).parent))
    target = Path(os.path.realpath(folder / written.replace("\\", "/")))
    if target != folder and folder not in target.parents:
        raise MapFileError(session_path, f"the scene file '{written}' leads out of the session's folder")
    return target


def written_scene_path(session_path: str | os.PathLike[str], file: str | os.PathLike[str]) -> str:
    """A file inside the session's folder as a scene writes it: relative, with forward slashes."""
    folder = Path(os.path.realpath(Path(session_path).parent))
    return Path(os.path.realpath(file)).relative_to(folder).as_posix()


def scene_file_name(folder: Path, name: str, taken: set[str] | None = None) -> Path:
    """A map file for a scene called `name` in `folder`, named after it, not yet used."""
    stem = "".join(c if c.isalnum() or c in " -_" else "_" for c in name).strip() or "scene"
    stem = stem[:60]
    taken = taken or set()
    candidate, n = folder / f"{stem}.tabletop", 2
    while candidate.exists() or candidate.name.lower() in taken:
        candidate, n = folder / f"{stem} {n}.tabletop", n + 1
    return candidate


__all__ = [
    "MAX_SESSION_BYTES",
    "SESSION_EXTENSION",
    "Scene",
    "Session",
    "is_session",
    "load_session",
    "save_session",
    "scene_file",
    "scene_file_name",
    "scenes_folder",
    "session_from_document",
    "session_to_bytes",
    "written_scene_path",
]
