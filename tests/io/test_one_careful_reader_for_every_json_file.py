"""Maps, tile sets, confrontation specs and play steps go through one careful reader
(io/json_file.py): the same refusals, each one line naming the file, for every kind."""

from __future__ import annotations

import json
import os

import pytest

from tabletop.cli.conflicts import load_confrontation
from tabletop.io import MapFileError, load_map, load_tile_set, tile_set_to_text
from tabletop.io.errors import printable_line
from tabletop.io.json_file import MAX_DIGITS, json_document, parse_json
from tabletop.io.play_steps import read_steps
from tabletop.samples import af_encounter

SPEC = {"action": {"name": "Erica", "skill": 1, "attribute": 2, "cards": [5]}, "confronting": [{"name": "John"}]}


def _good_texts(maps_dir) -> dict[str, tuple[str, str]]:
    """A good file of each kind, and the kind's own name in a refusal."""
    return {
        "map": ((maps_dir / "warehouse.tabletop").read_text(encoding="utf-8"), "map"),
        "tile set": (tile_set_to_text(af_encounter().tile_sets[0]), "tile set file"),
        "spec": (json.dumps(SPEC), "confrontation spec"),
        "steps": (json.dumps([{"do": "next"}]), "steps file"),
    }


READERS = {"map": load_map, "tile set": load_tile_set, "spec": load_confrontation, "steps": read_steps}


def _refused(kind: str, path) -> str:
    with pytest.raises(MapFileError) as caught:
        READERS[kind](str(path))
    said = str(caught.value)
    assert printable_line(said) and len(said) < 400, said
    return said


@pytest.mark.parametrize("kind", READERS)
def test_each_kind_reads_its_good_file(kind, tmp_path, maps_dir):
    text, _ = _good_texts(maps_dir)[kind]
    path = tmp_path / "good.json"
    path.write_text(text, encoding="utf-8")
    assert READERS[kind](str(path))


@pytest.mark.parametrize("kind", READERS)
def test_a_number_too_long_for_python_is_said_by_its_length_and_place(kind, tmp_path, maps_dir):
    text, what = _good_texts(maps_dir)[kind]
    first = text.index("{") + 1
    path = tmp_path / "long.json"
    path.write_text(text[:first] + '"n": ' + "7" * 4301 + ", " + text[first:], encoding="utf-8")
    said = _refused(kind, path)
    line = text.count("\n", 0, first) + 1
    noun = "on a map" if kind == "map" else f"in a {what}"
    assert said.startswith(f"{path}: holds a number 4301 digits long at line {line}, column ")
    assert f"no number {noun} has more than" in said and "7777" not in said


@pytest.mark.parametrize("kind", ["tile set", "spec", "steps"])
def test_a_small_files_whole_numbers_are_bounded_where_they_stand(kind, tmp_path, maps_dir):
    """A game's numbers are a few units: past MAX_DIGITS digits the reader refuses the number
    wherever it stands, and says where, before any field could repeat its digits."""
    text, what = _good_texts(maps_dir)[kind]
    first = text.index("{") + 1
    path = tmp_path / "long.json"
    path.write_text(text[:first] + '"n": -' + "1" * (MAX_DIGITS + 1) + ", " + text[first:], encoding="utf-8")
    said = _refused(kind, path)
    assert f"holds a number {MAX_DIGITS + 1} digits long at line" in said
    assert said.endswith(f"no number in a {what} has more than {MAX_DIGITS} digits")


def test_a_number_at_the_digit_bound_is_read():
    assert parse_json(b"[-" + b"9" * MAX_DIGITS + b"]", "f", "steps file", max_digits=MAX_DIGITS) == [
        -(10**MAX_DIGITS - 1)
    ]


@pytest.mark.parametrize("kind", READERS)
def test_a_file_of_nul_bytes_is_said_to_be_no_text(kind, tmp_path):
    path = tmp_path / "zeros.json"
    path.write_bytes(b"\0" * 512)
    assert _refused(kind, path).startswith(f"{path}: is not text: it holds a NUL byte at line 1, column 1")


def test_a_map_cut_short_and_padded_with_nul_bytes_names_where_the_text_ends(tmp_path, maps_dir):
    text = (maps_dir / "warehouse.tabletop").read_bytes()
    path = tmp_path / "crashed.tabletop"
    path.write_bytes(text[:300] + b"\0" * 4096)
    line = text[:300].count(b"\n") + 1
    assert f"is not text: it holds a NUL byte at line {line}, column " in _refused("map", path)


@pytest.mark.parametrize("kind", READERS)
def test_a_link_to_nothing_is_said_to_be_one(kind, tmp_path):
    link = tmp_path / "gone.json"
    link.symlink_to(tmp_path / "deleted.json")
    assert _refused(kind, link) == f"{link}: is a link to a file that is not there"


@pytest.mark.parametrize("kind", READERS)
def test_a_file_name_with_a_new_line_and_an_escape_is_shown_escaped(kind, tmp_path):
    path = tmp_path / "bad\n\x1b[31mname.json"
    path.write_text("[1, 2", encoding="utf-8")
    said = _refused(kind, path)
    assert "\\n\\x1b[31mname.json: is not valid JSON at line 1" in said and "\x1b" not in said


@pytest.mark.parametrize("kind", READERS)
def test_a_key_written_twice_is_refused_with_its_place(kind, tmp_path, maps_dir):
    text, _ = _good_texts(maps_dir)[kind]
    first = text.index("{") + 1
    path = tmp_path / "twice.json"
    path.write_text(text[:first] + '"twice": 1, "twice": 2, ' + text[first:], encoding="utf-8")
    said = _refused(kind, path)
    assert 'the key "twice" appears twice in one object' in said and "at line" in said


def test_the_top_level_must_be_the_kinds_own():
    with pytest.raises(MapFileError) as caught:
        json_document(b"[1]", "sets.json", "tile set file")
    assert str(caught.value) == "sets.json: holds JSON but not a tile set file (the top level is not an object)"
    with pytest.raises(MapFileError) as caught:
        json_document(b"{}", "steps.json", "steps file", list, "play steps")
    assert str(caught.value) == "steps.json: holds JSON but not play steps"


def test_nan_is_refused_as_no_number_json_allows():
    with pytest.raises(MapFileError) as caught:
        parse_json(b'{"n": NaN}', "spec.json", "confrontation spec")
    assert str(caught.value) == "spec.json: is not valid JSON: NaN is not a number JSON allows"


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a file whatever its permissions")
@pytest.mark.parametrize("kind", READERS)
def test_an_unreadable_file_is_one_line(kind, tmp_path):
    path = tmp_path / "locked.json"
    path.write_text("[]")
    path.chmod(0)
    assert _refused(kind, path) == f"{path}: cannot be read: Permission denied"
