"""What `info` and `export` do with a session file: its scenes listed, or each scene's map
exported as a map given alone would be."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any


def is_session_name(name: str) -> bool:
    from tabletop.io.session import is_session

    return is_session(name)


def scene_maps(files: list[str]) -> tuple[list[str], bool]:
    """The map files to export: a session's scenes in its order in place of the session, each
    path as the command can open it; and whether any session was given (its scenes go into a
    folder, however few)."""
    from tabletop.io.session import is_session, load_session, scene_file

    maps, any_session = [], False
    for name in files:
        if not is_session(name):
            maps.append(name)
            continue
        any_session = True
        session = load_session(name)
        maps += [str(scene_file(name, scene.map)) for scene in session.scenes]
    return maps, any_session


def session_held(path: str) -> str:
    """`check` of a session: the session and every scene's map read as a load reads them; the
    first that cannot be read raises its one line (a scene's names the scene's file)."""
    from tabletop.heap import collector_paused
    from tabletop.io import check_map_file
    from tabletop.io.session import load_session, scene_file

    session = load_session(path)
    for scene in session.scenes:
        with collector_paused():
            check_map_file(scene_file(path, scene.map))
    count = len(session.scenes)
    return f"a session of {count} scene{'' if count == 1 else 's'}"


def session_summary(path: str) -> tuple[dict[str, Any], bool]:
    """A session's scenes with what each map holds (or why it cannot be read), and whether
    every scene's map read."""
    from tabletop.heap import collector_paused
    from tabletop.io import MapFileError, check_map_file
    from tabletop.io.session import load_session, scene_file

    session = load_session(path)
    scenes, whole = [], True
    for scene in session.scenes:
        entry: dict[str, Any] = {"id": scene.id, "name": scene.name, "map": scene.map, "live": scene.id == session.live}
        try:
            with collector_paused():
                checked = check_map_file(scene_file(path, scene.map))
            entry |= {
                "zones": len(checked.zones["id"]),
                "borders": len(checked.borders["id"]),
                "grids": len(checked.rest.grids),
                "tokens": len(checked.rest.tokens),
            }
        except MapFileError as error:
            entry["error"] = str(error)
            whole = False
        scenes.append(entry)
    live = session.scene(session.live) if session.live else None
    summary = {
        "file": path,
        "kind": "session",
        "format_version": session.format_version,
        "title": session.title,
        "live": live.name if live else None,
        "scenes": scenes,
    }
    return summary, whole


def describe_session(summary: dict[str, Any]) -> str:
    """`tabletop info SESSION` as text: a line for the session, a line for each scene."""
    from tabletop.cli.counts import holds

    count = len(summary["scenes"])
    title = f" \u201c{summary['title']}\u201d" if summary["title"] else ""
    lines = [
        f"{summary['file']}: session{title}, {count} scene{'' if count == 1 else 's'} "
        f"(session format {summary['format_version']})"
    ]
    width = max((len(scene["name"]) for scene in summary["scenes"]), default=0)
    for scene in summary["scenes"]:
        mark = "live" if scene["live"] else "    "
        if "error" in scene:
            held = f"cannot be read: {scene['error']}"
        else:
            held = holds(scene["zones"], scene["borders"], scene["grids"], scene["tokens"])
        lines.append(f"  {mark}  {scene['name']:<{width}}  {scene['map']}: {held}")
    if not summary["scenes"]:
        lines.append("  no scenes yet")
    return "\n".join(lines)


def run_session_info(path: str, as_json: bool) -> int:
    from tabletop.io.errors import one_line

    summary, whole = session_summary(path)
    if as_json:
        import json

        print(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        print("\n".join(one_line(line, collapse=False) for line in describe_session(summary).splitlines()))
    if not whole:
        bad = [scene["name"] for scene in summary["scenes"] if "error" in scene]
        print(f"{Path(path)}: {len(bad)} scene map(s) cannot be read: {', '.join(bad)}", file=sys.stderr)
    return 0 if whole else 1
