"""Format 8 gives a token a picture kept with the map and the crop its disc shows; a format 7
map opens with every token drawn in its colour, and a picture path from elsewhere is refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from tabletop.io import MapFileError, load_map, map_from_bytes, save_map
from tabletop.io.migrate import migrate
from tabletop.model import FORMAT_VERSION, Token, TokenPicture

FORMATS = Path(__file__).parent / "formats"


def test_a_format_7_map_opens_with_no_token_art():
    map_ = load_map(FORMATS / "v7.tabletop")
    assert map_.tokens and all(token.picture is None for token in map_.tokens)


def test_the_step_from_7_changes_nothing_but_the_version():
    document = json.loads((FORMATS / "v7.tabletop").read_text())
    upgraded = migrate(document, target=8)
    assert upgraded["format_version"] == 8
    assert {k: v for k, v in upgraded.items() if k != "format_version"} == {
        k: v for k, v in document.items() if k != "format_version"
    }


def test_the_frozen_format_8_file_keeps_jades_portrait_and_crop(tmp_path):
    map_ = load_map(FORMATS / "v8.tabletop")
    assert map_.token("jade").picture == TokenPicture(path="assets/jade.png", x=0.5, y=0.4, zoom=1.5)
    save_map(map_, tmp_path / "again.tabletop")
    assert json.loads((tmp_path / "again.tabletop").read_text())["format_version"] == FORMAT_VERSION
    assert load_map(tmp_path / "again.tabletop") == map_


@pytest.mark.parametrize(
    ("path", "said"),
    [
        ("/home/gm/jade.png", "outside the map's folder"),
        ("../art/jade.png", "climbs out of the map's folder"),
        ("assets/", "names a folder"),
    ],
)
def test_a_picture_from_outside_the_maps_folder_is_refused_in_the_maps_words(path, said):
    document = json.loads((FORMATS / "v8.tabletop").read_text())
    document["tokens"][0]["picture"]["path"] = path
    with pytest.raises(MapFileError, match=said) as refused:
        map_from_bytes(json.dumps(document).encode(), "sent.tabletop")
    assert "tokens[0].picture.path" in str(refused.value)


@pytest.mark.parametrize(("field", "value"), [("x", 1.5), ("y", -0.1), ("zoom", 0.5), ("zoom", 21.0)])
def test_a_crop_outside_the_picture_is_refused(field, value):
    with pytest.raises(ValidationError):
        TokenPicture(path="jade.png", **{field: value})


def test_a_token_without_art_writes_none():
    assert Token(id="t").picture is None
    assert Token(id="t", picture={"path": "assets/t.png"}).picture.zoom == 1.0
