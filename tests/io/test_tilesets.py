"""Tile set files: round trip, the bundled sets, the folder listing, and bad files refused in one line."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tabletop.io import (
    TILESET_EXTENSION,
    MapFileError,
    load_tile_set,
    save_tile_set,
    tile_set_from_bytes,
    tile_set_to_text,
    tile_sets_in,
)
from tabletop.io.tilesets import MAX_TILESET_BYTES, file_name_for
from tabletop.model import TileSet
from tabletop.resources import bundled_tile_sets_dir
from tabletop.samples import af_encounter

FROZEN = Path(__file__).parent / "formats" / "tiles-v1.tabletop-tiles"
NAME = "broken.tabletop-tiles"


@pytest.fixture
def forest() -> TileSet:
    return af_encounter().tile_sets[0]


def _refusal(raw: bytes) -> str:
    with pytest.raises(MapFileError) as caught:
        tile_set_from_bytes(raw, NAME)
    message = str(caught.value)
    assert message.startswith(f"{NAME}: ") and "\n" not in message
    return message


def test_a_saved_set_loads_back_equal(tmp_path, forest):
    path = tmp_path / file_name_for(forest)
    save_tile_set(forest, path)
    assert path.name == "forest.tabletop-tiles"
    assert load_tile_set(path) == forest
    assert json.loads(path.read_text(encoding="utf-8"))["format_version"] == 1


def test_saving_again_keeps_the_old_file_as_a_backup(tmp_path, forest):
    path = tmp_path / "forest.tabletop-tiles"
    save_tile_set(forest, path)
    changed = forest.model_copy(update={"theme": "Dark forest"})
    save_tile_set(changed, path)
    assert load_tile_set(path).theme == "Dark forest"
    assert load_tile_set(path.with_name(path.name + ".bak")).theme == forest.theme


def test_the_frozen_version_1_file_still_loads():
    """A file written by the first tile set format: later code must read it unchanged."""
    tile_set = load_tile_set(FROZEN)
    assert tile_set.id == "woods" and len(tile_set.tiles) >= 4
    assert tile_set_to_text(tile_set) == FROZEN.read_text(encoding="utf-8")


def test_both_bundled_sets_load_with_outlined_segments_and_random_properties():
    found = tile_sets_in(bundled_tile_sets_dir())
    assert [f.path.name for f in found] == ["urban.tabletop-tiles", "woods.tabletop-tiles"]
    for entry in found:
        assert entry.tile_set is not None, entry.problem
        assert len(entry.tile_set.tiles) >= 4
        assert sum(len(t.segments) for t in entry.tile_set.tiles) >= 6
        assert len(entry.tile_set.random_properties) >= 4
        assert entry.tile_set.id == entry.path.name.removesuffix(TILESET_EXTENSION)


def test_a_folder_lists_a_bad_file_with_its_problem_beside_the_good_ones(tmp_path, forest):
    save_tile_set(forest, tmp_path / "forest.tabletop-tiles")
    (tmp_path / "bad.tabletop-tiles").write_text("{", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a set", encoding="utf-8")
    found = tile_sets_in(tmp_path)
    assert [f.path.name for f in found] == ["bad.tabletop-tiles", "forest.tabletop-tiles"]
    assert found[0].tile_set is None and "bad.tabletop-tiles: is not valid JSON" in found[0].problem
    assert found[1].tile_set == forest
    assert tile_sets_in(tmp_path / "missing") == []


@pytest.mark.parametrize(
    ("raw", "said"),
    [
        (b"", "is empty"),
        (b"[1]", "holds JSON but not a tile set"),
        (b'{"tile_set": {}}', "has no format_version: it is not a Tabletop tile set"),
        (b'{"format_version": 3, "zones": []}', "holds a map, not a tile set"),
        (b'{"format_version": 9, "tile_set": {}}', "written by a newer Tabletop (tile set format 9"),
        (b'{"format_version": "1", "tile_set": {}}', 'unknown format_version "1"'),
        (b"\xff\xfe", "not UTF-8 text"),
    ],
)
def test_bad_files_are_refused_in_one_line(raw, said):
    assert said in _refusal(raw)


def test_a_set_that_breaks_the_model_says_what(forest):
    document = json.loads(tile_set_to_text(forest))
    document["tile_set"]["tiles"][0]["segments"][0]["areas"] = [[7, 0]]
    said = _refusal(json.dumps(document).encode())
    assert "tile_set.tiles[0].segments[0].areas[0][0]" in said and "less than 5" in said
    document["tile_set"]["tiles"] = []
    assert "tile_set.tiles: holds 0 tiles; at least 1" in _refusal(json.dumps(document).encode())


def test_an_oversized_file_is_refused_before_it_is_parsed(tmp_path):
    path = tmp_path / "huge.tabletop-tiles"
    path.write_bytes(b" " * (MAX_TILESET_BYTES + 1))
    with pytest.raises(MapFileError, match="a tile set file may be at most 4 MB"):
        load_tile_set(path)


def test_a_folder_is_not_a_tile_set(tmp_path):
    with pytest.raises(MapFileError, match="is a folder, not a tile set file"):
        load_tile_set(tmp_path)


@pytest.mark.skipif(os.name == "nt" or os.geteuid() == 0, reason="root writes read-only files")
def test_a_read_only_file_is_not_overwritten(tmp_path, forest):
    path = tmp_path / "forest.tabletop-tiles"
    save_tile_set(forest, path)
    path.chmod(0o444)
    with pytest.raises(MapFileError, match="read-only"):
        save_tile_set(forest.model_copy(update={"theme": "x"}), path)
    assert load_tile_set(path) == forest


def test_a_file_name_is_safe_on_any_disk():
    odd = TileSet(id="a/b:c", tiles=[{"name": "t"}])
    assert file_name_for(odd) == "a-b-c.tabletop-tiles"


@pytest.mark.parametrize(
    ("tile_set", "problem"),
    [
        ({"id": "x", "tiles": [{"name": "a", "segments": [{"areas": [[0, 0], [0, 0]]}]}]}, "lists an area twice"),
        (
            {"id": "x", "tiles": [{"name": "a"}], "random_properties": [{"properties": ["rough", "rough"]}]},
            "lists a property twice",
        ),
    ],
)
def test_a_set_whose_drawn_segment_could_not_load_is_refused(tile_set, problem):
    """Such a set loaded, and filling or growing a grid from it then failed with a traceback."""
    raw = json.dumps({"format_version": 1, "tile_set": tile_set}).encode()
    assert problem in _refusal(raw)
