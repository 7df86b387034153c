"""A session file: written and read back the same, migrated by its own chain, and every bad
file refused in one line naming the file and the problem."""

from __future__ import annotations

import json

import pytest

from tabletop.io import MapFileError
from tabletop.io.session import (
    load_session,
    scene_file,
    scenes_folder,
    session_from_document,
    session_to_bytes,
)
from tabletop.model.session import MAX_SCENES, Scene, Session
from tabletop.samples import af_encounter, warehouse
from tests.sessions import session_on_disk


def test_a_session_reads_back_as_it_was_written(tmp_path):
    path = session_on_disk(tmp_path, [("Tavern", warehouse()), ("Road", af_encounter())], live=1)
    session = load_session(path)
    assert [(s.name, s.map) for s in session.scenes] == [
        ("Tavern", "Night scenes/tavern.tabletop"),
        ("Road", "Night scenes/road.tabletop"),
    ]
    assert session.live == "scene-2" and session.title == "Night"
    assert scenes_folder(path) == tmp_path / "Night scenes"
    assert scene_file(path, session.scenes[1].map) == (tmp_path / "Night scenes" / "road.tabletop").resolve()
    assert session_to_bytes(session) == path.read_bytes()


def test_the_migration_hook_runs_each_step_and_names_a_missing_one(monkeypatch):
    """When the session format grows to 2, a step under 1 upgrades a format 1 file before it is
    checked; a file of a version no step reads is refused in one line."""
    import tabletop.io.session as session_io

    seen = []

    def upgraded(document):
        seen.append(document["format_version"])
        return {**document, "format_version": 2, "title": document["title"].upper()}

    monkeypatch.setattr(session_io, "SESSION_FORMAT_VERSION", 2)
    monkeypatch.setattr(session_io, "Session", _SessionOfFormat2)
    document = {"format_version": 1, "title": "night", "scenes": []}
    assert session_from_document(dict(document), "s.tabletop-session", {1: upgraded}).title == "NIGHT"
    assert seen == [1]
    with pytest.raises(MapFileError, match=r"^s.tabletop-session: no migration from format version 1$"):
        session_from_document(dict(document), "s.tabletop-session", {})


class _SessionOfFormat2(Session):
    format_version: int = 2


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("", "is empty"),
        ("[1, 2]", "holds JSON but not a session file"),
        ('{"scenes": []}', "has no format_version: it is not a Tabletop session"),
        ('{"format_version": 9, "scenes": []}', "newer Tabletop (session format 9"),
        ('{"format_version": 1, "format_version": 1}', "not valid JSON"),
        (
            '{"format_version": 1, "scenes": [{"id": "a", "name": "X", "map": "/etc/x.tabletop"}]}',
            "outside the session",
        ),
        ('{"format_version": 1, "scenes": [{"id": "a", "name": "X", "map": "../x.tabletop"}]}', "climbs out"),
        ('{"format_version": 1, "scenes": [{"id": "a", "name": "X", "map": "x.png"}]}', "is not a .tabletop file"),
        ('{"format_version": 1, "scenes": [], "live": "a"}', "the live scene 'a' is not one"),
        ('{"format_version": 1, "scenes": [], "extra": 1}', "extra"),
        (
            '{"format_version": 1, "scenes": [{"id": "a", "name": "X", "map": "x.tabletop"},'
            ' {"id": "b", "name": "Y", "map": "X.tabletop"}]}',
            "two scenes share the map file",
        ),
    ],
)
def test_a_bad_session_is_refused_in_one_line_naming_the_file(tmp_path, content, problem):
    path = tmp_path / "bad.tabletop-session"
    path.write_text(content)
    with pytest.raises(MapFileError) as refused:
        load_session(path)
    message = str(refused.value)
    assert message.startswith(f"{path}: ") and "\n" not in message
    assert problem in message


def test_too_many_scenes_are_refused_before_a_map_is_read(tmp_path):
    scenes = [{"id": f"s{n}", "name": "X", "map": f"x{n}.tabletop"} for n in range(MAX_SCENES + 1)]
    path = tmp_path / "many.tabletop-session"
    path.write_text(json.dumps({"format_version": 1, "scenes": scenes}))
    with pytest.raises(MapFileError, match="scenes"):
        load_session(path)


def test_a_scene_file_linked_out_of_the_session_folder_is_refused(tmp_path):
    outside = tmp_path / "elsewhere.tabletop"
    outside.write_text("{}")
    (tmp_path / "s").mkdir()
    (tmp_path / "s" / "link.tabletop").symlink_to(outside)
    session = tmp_path / "s" / "N.tabletop-session"
    with pytest.raises(MapFileError, match="leads out of the session's folder"):
        scene_file(session, "link.tabletop")


def test_two_scenes_of_one_id_are_refused():
    with pytest.raises(ValueError, match="two scenes share the id"):
        Session(scenes=[Scene(id="a", name="X", map="x.tabletop"), Scene(id="a", name="Y", map="y.tabletop")])
