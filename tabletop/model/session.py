"""A session: the scenes of one evening's play (the tavern, the road, the ambush), each a whole
map file kept beside the session, and which of them the players see. Qt-free; no I/O.

A scene names its map by a path relative to the session's folder, checked here by its text
alone as a picture's path is (nothing absolute, nothing climbing out), so a session someone
sends can only open maps that came with it; io/session.py follows links where it reads."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints, field_validator, model_validator

from tabletop.model.base import Id, Line, Model
from tabletop.model.map import MAX_PICTURE_PATH, WINDOWS_DEVICES

SESSION_FORMAT_VERSION = 1
MAX_SCENES = 500
"""The most scenes one session may list: a campaign's evening has a handful, a long arc dozens."""
MAP_SUFFIX = ".tabletop"
PICTURE_SUFFIX = ".png"

ScenePath = Annotated[str, StringConstraints(min_length=1, max_length=MAX_PICTURE_PATH)]


def scene_path_problem(path: str, suffix: str, what: str) -> str | None:
    """Why `path` cannot name a file (`what`: "a scene's map") kept in the session's folder;
    None when it can. The text alone decides, the same on every system."""
    if any(ord(c) < 32 or 0x7F <= ord(c) <= 0x9F for c in path):
        return f"{what} '{path[:80]!r}' holds a control character"
    drive = len(path) > 1 and path[1] == ":" and path[0].isascii() and path[0].isalpha()
    parts = path[2 if drive else 0 :].replace("\\", "/").split("/")
    shown = path if len(path) <= 80 else path[:79] + "…"
    if path[:1] in ("/", "\\") or drive or parts[0].startswith("~"):
        return f"{what} '{shown}' is outside the session's folder: it must be a file kept beside the session"
    if ".." in parts:
        return f"{what} '{shown}' climbs out of the session's folder: it must be a file kept beside the session"
    if parts[-1] in ("", "."):
        return f"{what} '{shown}' names a folder, not a file"
    if any(part.split(".")[0].strip().upper() in WINDOWS_DEVICES for part in parts):
        return f"{what} '{shown}' names a device on Windows, not a file"
    if not parts[-1].lower().endswith(suffix):
        return f"{what} '{shown}' is not a {suffix} file"
    return None


class Scene(Model):
    """One place of the session: its name as the Scenes dock shows it, its map file and the
    small picture of it the dock shows (made on save; none until then)."""

    id: Id
    name: Annotated[Line, StringConstraints(min_length=1)]
    map: ScenePath
    thumbnail: ScenePath | None = None

    @field_validator("map")
    @classmethod
    def _map_kept_beside(cls, path: str) -> str:
        problem = scene_path_problem(path, MAP_SUFFIX, "a scene's map")
        if problem is not None:
            raise ValueError(problem)
        return path

    @field_validator("thumbnail")
    @classmethod
    def _thumbnail_kept_beside(cls, path: str | None) -> str | None:
        problem = None if path is None else scene_path_problem(path, PICTURE_SUFFIX, "a scene's thumbnail")
        if problem is not None:
            raise ValueError(problem)
        return path


class Session(Model):
    """The scenes in the order the GM plays them, and the one the players' window shows."""

    format_version: Literal[1] = SESSION_FORMAT_VERSION
    title: Line = ""
    scenes: Annotated[list[Scene], Field(max_length=MAX_SCENES)] = Field(default_factory=list)
    live: Id | None = None
    """The id of the scene the players see; None before the GM sends one."""

    @model_validator(mode="after")
    def _scenes_apart(self) -> Session:
        """Ids and map files each once (two scenes on one file would overwrite each other's
        saves), and the live scene one of them."""
        ids, maps = set(), set()
        for scene in self.scenes:
            if scene.id in ids:
                raise ValueError(f"two scenes share the id '{scene.id}'")
            key = scene.map.replace("\\", "/").lower()
            if key in maps:
                raise ValueError(f"two scenes share the map file '{scene.map}'")
            ids.add(scene.id)
            maps.add(key)
        if self.live is not None and self.live not in ids:
            raise ValueError(f"the live scene '{self.live}' is not one of the session's scenes")
        return self

    def scene(self, scene_id: str) -> Scene | None:
        return next((scene for scene in self.scenes if scene.id == scene_id), None)

    def new_id(self) -> str:
        """An id no scene has: scene-N."""
        taken = {scene.id for scene in self.scenes}
        n = len(taken) + 1
        while f"scene-{n}" in taken:
            n += 1
        return f"scene-{n}"
