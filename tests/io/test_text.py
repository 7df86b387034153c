"""Texts a map cannot keep are refused at load in one line, and every message stays one line
whatever the names and file names hold."""

from __future__ import annotations

import json

import pytest

from tabletop.io import MapFileError, load_map, map_from_bytes, map_to_text, save_map
from tabletop.io.errors import one_line
from tabletop.samples import SAMPLES


def _raw(field: str, value: str, where: str = "zones") -> bytes:
    """The warehouse's file with the first zone's, border's or token's `field` (or the map's)
    given `value`: the zones and borders keep a column for each field."""
    document = json.loads(map_to_text(SAMPLES["warehouse"]()))
    if where in ("zones", "borders"):
        columns = document[where]
        columns.setdefault(field, [""] * len(columns["id"]))[0] = value
    else:
        target = document if where == "map" else document[where][0]
        target[field] = value
    return json.dumps(document).encode()


@pytest.mark.parametrize(
    ("where", "field", "value", "said"),
    [
        ("zones", "name", "Dock\ud800", "zones[0].name: holds a character that cannot be saved (a lone surrogate"),
        ("zones", "name", "Dock\x1b[31m", "zones[0].name: holds a control character (U+001B)"),
        ("zones", "name", "Dock\nBay", "zones[0].name: holds a line break"),
        ("map", "title", "Ware\u0007house", "title: holds a control character (U+0007)"),
        ("tokens", "name", "Gatto\u009b31m", "tokens[0].name: holds a control character (U+009B)"),
        ("borders", "label", "door\rway", "borders[0].label: holds a line break"),
        ("zones", "gm_notes", "bell\u0007", "zones[0].gm_notes: holds a control character (U+0007)"),
        ("zones", "id", "z\x1b", "zones[0].id: an id is one word of printable characters"),
    ],
)
def test_a_text_that_cannot_be_kept_is_refused_in_one_line(where, field, value, said):
    with pytest.raises(MapFileError) as caught:
        map_from_bytes(_raw(field, value, where), "w.tabletop")
    message = str(caught.value)
    assert message.startswith(f"w.tabletop: {said}"), message
    assert message.isprintable(), "no line break, escape or surrogate reaches the terminal"
    message.encode("utf-8")


def test_notes_keep_new_lines_and_tabs(tmp_path):
    map_ = map_from_bytes(_raw("gm_notes", "Two guards.\n\tOne sleeps."))
    assert map_.zones[0].gm_notes == "Two guards.\n\tOne sleeps."
    save_map(map_, tmp_path / "n.tabletop")
    assert load_map(tmp_path / "n.tabletop") == map_


def test_a_file_name_with_a_line_break_and_an_escape_stays_one_line(tmp_path):
    path = tmp_path / "evil\n\x1b[2Jname.tabletop"
    path.write_text("{ not json")
    with pytest.raises(MapFileError) as caught:
        load_map(path)
    message = str(caught.value)
    assert message.isprintable()
    assert "evil\\n\\x1b[2Jname.tabletop: is not valid JSON" in message


def test_one_line_escapes_what_cannot_be_printed():
    assert one_line("a\n b\x1b[0m \ud800") == "a b\\x1b[0m \\ud800"
    assert one_line("two  spaces\n", collapse=False) == "two  spaces\\n"


def test_a_map_holding_an_unwritable_name_is_refused_at_save_in_one_line(tmp_path):
    map_ = SAMPLES["warehouse"]()
    broken = map_.model_copy(update={"title": "Ware\ud800house"})  # a copy skips validation, as edits may
    path = tmp_path / "w.tabletop"
    save_map(map_, path)
    with pytest.raises(MapFileError) as caught:
        save_map(broken, path)
    assert str(caught.value).startswith(f"{path}: could not be saved: the map holds text that cannot be written")
    assert str(caught.value).isprintable()
    assert load_map(path) == map_
