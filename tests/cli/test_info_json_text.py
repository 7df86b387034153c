"""`tabletop info --json` prints exactly what json.dumps(summary, indent=2, ensure_ascii=False)
printed, though it makes the text another way (cli/json_text.py): on every sample map, on a
generated one with names in several scripts and lists long enough to go in chunks, and on
values where pydantic-core and json write numbers differently."""

from __future__ import annotations

import io
import json
import math

import pytest

from tabletop.cli import json_text
from tabletop.cli.json_text import write_indented
from tabletop.cli.text import map_summary
from tabletop.io import check_map_file_versioned, save_map
from tests.cli.run import tabletop
from tests.maps import zone_map


def _as_json_dumps_printed(read) -> str:
    checked, version = read
    return json.dumps(map_summary(checked, version), indent=2, ensure_ascii=False) + "\n"


@pytest.fixture(params=[5000, 3], ids=["as shipped", "in chunks of 3"])
def chunk(request, monkeypatch):
    monkeypatch.setattr(json_text, "CHUNK", request.param)
    return request.param


def test_every_sample_map_prints_as_json_dumps_printed_it(capsys, maps_dir, chunk):
    maps = sorted(maps_dir.glob("*.tabletop"))
    assert len(maps) > 5
    for path in maps:
        result = tabletop(capsys, "info", "--json", str(path))
        assert result.code == 0, result.err
        assert result.out == _as_json_dumps_printed(check_map_file_versioned(path)), path.name


def test_a_generated_map_with_names_in_several_scripts_prints_as_json_dumps_printed_it(capsys, tmp_path, chunk):
    map_ = zone_map(300)
    names = ["Salle n°1 — l'entrée", "倉庫", "Пещера", "🐉 lair", 'a "quoted" name\\ / <b>']
    zones = [z.model_copy(update={"name": names[i % len(names)] + f" {i}"}) for i, z in enumerate(map_.zones)]
    map_ = map_.model_copy(update={"zones": zones, "title": "Ünïcode ☃"})
    path = tmp_path / "generated.tabletop"
    save_map(map_, path)
    result = tabletop(capsys, "info", "--json", str(path))
    assert result.code == 0, result.err
    assert [z["name"] for z in json.loads(result.out)["zones"]] == [z.name for z in zones]
    assert result.out == _as_json_dumps_printed(check_map_file_versioned(path))


AWKWARD = {
    "numbers": [1e-07, 1e16, 0.1, -0.0, 123456789012345678.0, 10**30, -(2**63), math.inf, -math.inf, math.nan],
    "empty": [[], {}, [[]], [{}], {"a": []}],
    "keys": {1: "one", 2.5: "two and a half", False: "no", None: "none"},
    "tuple": (1, "two", [3]),
    "flags": [True, False, None],
    "nested": [[{"a": [1, {"b": "c\nd"}]}] * 4] * 3,
}


@pytest.mark.parametrize("key", list(AWKWARD))
def test_values_pydantic_writes_otherwise_come_out_as_json_dumps_writes_them(key, chunk):
    for value in (AWKWARD[key], {key: AWKWARD[key]}, [AWKWARD[key]] * 7):
        out = io.StringIO()
        write_indented(value, out)
        assert out.getvalue() == json.dumps(value, indent=2, ensure_ascii=False)


def test_what_json_cannot_write_is_refused_as_json_dumps_refuses_it():
    with pytest.raises(TypeError, match="not JSON serializable"):
        write_indented({"zones": [{"id": object()}]}, io.StringIO())
