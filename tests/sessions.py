"""A session on disk for the tests: scenes made from the sample maps, kept as a session keeps them."""

from __future__ import annotations

from pathlib import Path

from tabletop.io import save_map
from tabletop.io.session import save_session, scenes_folder
from tabletop.model import Map
from tabletop.model.session import Scene, Session


def session_on_disk(folder: Path, scenes: list[tuple[str, Map]], live: int | None = 0, name="Night") -> Path:
    """`folder/NAME.tabletop-session` listing `scenes` (name and map), each map saved in the
    session's scenes folder; `live`: which scene the players see (by place), None for none."""
    path = folder / f"{name}.tabletop-session"
    kept = scenes_folder(path)
    kept.mkdir(parents=True, exist_ok=True)
    listed = []
    for number, (scene_name, map_) in enumerate(scenes, start=1):
        file = kept / f"{scene_name.lower()}.tabletop"
        save_map(map_, file)
        listed.append(Scene(id=f"scene-{number}", name=scene_name, map=f"{kept.name}/{file.name}"))
    chosen = listed[live].id if live is not None and listed else None
    save_session(Session(title=name, scenes=listed, live=chosen), path)
    return path
