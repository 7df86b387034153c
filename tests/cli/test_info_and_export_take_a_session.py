"""`tabletop info SESSION` lists the scenes with what each map holds; `tabletop export SESSION
-o FOLDER` writes each scene as `export` writes a map; a bad session is one line."""

from __future__ import annotations

import json

from PySide6.QtGui import QImage

from tabletop.samples import af_encounter, warehouse
from tests.cli.run import tabletop
from tests.sessions import session_on_disk


def test_info_lists_each_scene_with_its_map_and_counts(capsys, tmp_path):
    path = session_on_disk(tmp_path, [("Tavern", warehouse()), ("Road", af_encounter())], live=1)
    result = tabletop(capsys, "info", str(path))
    assert result.code == 0 and result.err == ""
    lines = result.out.splitlines()
    assert lines[0] == f"{path}: session \u201cNight\u201d, 2 scenes (session format 1)"
    tavern, road = warehouse(), af_encounter()
    assert lines[1].split()[:2] == ["Tavern", "Night"]
    assert f"{len(tavern.zones)} zones" in lines[1] and f"{len(tavern.tokens)} tokens" in lines[1]
    assert lines[2].split()[:2] == ["live", "Road"] and f"{len(road.tokens)} tokens" in lines[2]
    data = json.loads(tabletop(capsys, "info", str(path), "--json").out)
    assert [(s["name"], s["live"], s["zones"], s["tokens"]) for s in data["scenes"]] == [
        ("Tavern", False, len(tavern.zones), len(tavern.tokens)),
        ("Road", True, len(road.zones), len(road.tokens)),
    ]


def test_info_names_a_scene_whose_map_cannot_be_read_and_exits_1(capsys, tmp_path):
    path = session_on_disk(tmp_path, [("Tavern", warehouse()), ("Road", af_encounter())])
    (tmp_path / "Night scenes" / "road.tabletop").write_text("{ cut")
    result = tabletop(capsys, "info", str(path))
    assert result.code == 1
    assert "Road" in result.out.splitlines()[2] and "cannot be read" in result.out.splitlines()[2]
    assert result.err.strip() == f"{path}: 1 scene map(s) cannot be read: Road"


def test_export_writes_each_scene_into_the_folder(capsys, tmp_path, qapp):
    path = session_on_disk(tmp_path, [("Tavern", warehouse()), ("Road", af_encounter())])
    out = tmp_path / "out"
    result = tabletop(capsys, "export", str(path), "-o", str(out), "--width", "300")
    assert (result.code, result.err) == (0, "")
    assert sorted(p.name for p in out.iterdir()) == ["road.png", "tavern.png"]
    assert QImage(str(out / "road.png")).width() == 300


def test_a_one_scene_session_still_exports_into_a_folder(capsys, tmp_path, qapp):
    path = session_on_disk(tmp_path, [("Vault", warehouse())])
    out = tmp_path / "pictures"
    assert tabletop(capsys, "export", str(path), "-o", str(out), "--width", "200").code == 0
    assert [p.name for p in out.iterdir()] == ["vault.png"]


def test_a_bad_session_is_one_line_for_info_and_export(capsys, tmp_path):
    path = tmp_path / "broken.tabletop-session"
    path.write_text('{"format_version": 1, "scenes": [{"id": "a", "name": "X", "map": "../x.tabletop"}]}')
    for args in (("info", str(path)), ("export", str(path), "-o", str(tmp_path / "out"))):
        result = tabletop(capsys, *args)
        assert result.code == 1 and result.out == ""
        assert result.err.count("\n") == 1 and result.err.startswith(f"{path}: ") and "climbs out" in result.err
    assert not (tmp_path / "out").exists()


def test_a_plain_map_still_gives_its_own_info(capsys, tmp_path):
    from tabletop.io import save_map

    save_map(warehouse(), tmp_path / "w.tabletop")
    result = tabletop(capsys, "info", str(tmp_path / "w.tabletop"))
    assert result.code == 0 and "session" not in result.out and "zones" in result.out


def test_opening_a_bad_session_is_one_line_and_no_window(tmp_path):
    from tests.cli.run import tabletop_process

    path = tmp_path / "bad.tabletop-session"
    path.write_text('{"format_version": 1, "scenes": [], "live": "x"}')
    result = tabletop_process(str(path), env={"QT_QPA_PLATFORM": "offscreen"})
    assert result.code == 1 and result.out == ""
    assert result.err == f"{path}: the live scene 'x' is not one of the session's scenes\n"


def test_check_reads_a_session_and_every_scene_map(capsys, tmp_path):
    path = session_on_disk(tmp_path, [("Tavern", warehouse()), ("Road", af_encounter())])
    result = tabletop(capsys, "check", str(path))
    assert (result.code, result.out, result.err) == (0, f"{path}: fine (a session of 2 scenes)\n", "")
    (tmp_path / "Night scenes" / "road.tabletop").write_text('{"format_version": 99}')
    result = tabletop(capsys, "check", str(path))
    road = (tmp_path / "Night scenes" / "road.tabletop").resolve()
    assert result.code == 1 and result.err.startswith(f"{road}: was written by a newer Tabletop")
