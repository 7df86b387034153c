"""`tabletop check`, `info` and `schema`: exit codes, one line per problem, never a traceback."""

from __future__ import annotations

import json

from tabletop.model import FORMAT_VERSION
from tests.cli.run import tabletop, tabletop_process


def test_check_passes_every_sample_map(capsys, maps_dir):
    result = tabletop(capsys, "check", *map(str, sorted(maps_dir.glob("*"))))
    assert (result.code, result.err) == (0, "")


def test_check_gives_one_line_per_bad_file(capsys, tmp_path, maps_dir):
    (tmp_path / "cut.tabletop").write_bytes((maps_dir / "warehouse.tabletop").read_bytes()[:100])
    (tmp_path / "noise.tabletop").write_bytes(bytes(range(256)))
    (tmp_path / "deep.tabletop").write_text('{"format_version": 1, "notes": ' + "[" * 5000 + "]" * 5000 + "}")
    (tmp_path / "future.tabletop").write_text(f'{{"format_version": {FORMAT_VERSION + 1}}}')
    bad = sorted(tmp_path.iterdir())
    result = tabletop(capsys, "check", str(maps_dir / "hillside.tabletop"), *map(str, bad))
    lines = result.err.splitlines()
    assert result.code == 1
    assert [line.split(": ")[0] for line in lines] == [str(p) for p in bad]
    assert "Traceback" not in result.err


def test_info_lists_zones_borders_passages_and_tokens(capsys, maps_dir):
    result = tabletop(capsys, "info", str(maps_dir / "room-with-door.tabletop"))
    assert result.code == 0
    assert "A room with a closed door" in result.out
    assert "wall  Hall <-> Office: through the door 1/1 (door closed, 2 to open); break the door 4/4" in result.out
    assert "jade  Jade (runners) in zone Hall, facing 90°" in result.out


def test_info_json_gives_costs_each_way(capsys, maps_dir):
    result = tabletop(capsys, "info", "--json", str(maps_dir / "hillside.tabletop"))
    info = json.loads(result.out)
    assert [z["id"] for z in info["zones"]] == ["ridge", "slope", "valley"]
    passage = info["borders"][0]["passages"][0]
    assert (passage["cost_from_a"], passage["cost_from_b"]) == (1, 3)


def test_info_on_a_grid_map_describes_the_grid(capsys, maps_dir):
    result = tabletop(capsys, "info", str(maps_dir / "af-encounter.tabletop"))
    assert "creek  The creek: 3x3 tiles (15x15 areas), 5 segments, tile set forest" in result.out


def test_schema_is_json_with_the_map_fields(capsys):
    schema = json.loads(tabletop(capsys, "schema").out)
    assert {"zones", "borders", "tokens", "grids", "tile_sets", "format_version"} <= set(schema["properties"])


def test_usage_error_exits_2(capsys):
    result = tabletop(capsys, "info")
    assert result.code == 2 and "usage:" in result.err


def test_bad_input_exits_1_with_one_line(capsys, tmp_path):
    result = tabletop(capsys, "info", str(tmp_path / "absent.tabletop"))
    assert result.code == 1
    assert result.err.strip().count("\n") == 0 and "cannot be read" in result.err


def test_python_dash_m_runs_the_same_command(maps_dir):
    result = tabletop_process("check", str(maps_dir / "warehouse.tabletop"))
    assert (result.code, result.err) == (0, "")


def test_an_internal_error_is_one_line_not_a_traceback(capsys, monkeypatch, maps_dir):
    def broken(*args):
        raise RuntimeError("boom")

    monkeypatch.setattr("tabletop.cli.text.describe_map", broken)  # run_info imports it when it runs
    result = tabletop(capsys, "info", str(maps_dir / "warehouse.tabletop"))
    assert result.code == 1
    assert result.err.startswith("tabletop: internal error (RuntimeError: boom)")
    assert "Traceback" not in result.err
