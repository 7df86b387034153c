"""File ▸ Import… keeps the drawing's picture only once the map is made: a drawing the open map
refuses, or a new map that cannot be written where the GM said, is said in one warning and
leaves no picture in the `assets/` folder; a picture that does not decode is refused first."""

from __future__ import annotations

import base64
import struct

import pytest

from tabletop.io import save_map
from tabletop.model import Map, PolygonShape, Zone
from tabletop.ui.dialogs.import_into import ImportChoices
from tabletop.ui.dialogs.import_uvtt import import_drawing
from tests.io.uvtt_drawings import corridor, written

TAVERN = Zone(id="room-1", name="Room 1", shape=PolygonShape(points=[(0, 0), (2000, 0), (2000, 1600), (0, 1600)]))


@pytest.fixture
def tavern(window, tmp_path):
    path = tmp_path / "tavern.tabletop"
    save_map(Map(title="Tavern", zones=[TAVERN]), path)
    assert window.files.open(path)
    return path


def _import(window, drawing, choices) -> bool:
    return import_drawing(
        window, window.settings, window.files, window.map_menu.check_map, window.say, drawing, choices
    )


def test_a_drawing_the_open_map_refuses_leaves_no_picture(window, tmp_path, tavern, answers, monkeypatch):
    drawing = written(tmp_path, "crypt.dd2vtt", corridor())

    def refused(*args, **kwargs):
        raise ValueError("the map would hold too many zones")

    monkeypatch.setattr("tabletop.ui.dialogs.import_into.Batch", refused)
    assert not _import(window, drawing, ImportChoices(tmp_path / "x.tabletop", 4, 7, 0.3, into=True))
    assert answers["warned"] == [f"{drawing}: could not be added to this map: the map would hold too many zones"]
    assert window.document.undo_stack.count() == 0 and window.document.map.background is None
    assert not (tmp_path / "assets" / "tavern.png").exists()


def test_a_picture_that_does_not_decode_is_refused_before_it_is_kept(window, tmp_path, tavern, answers):
    document = corridor()
    head = b"VP8X" + struct.pack("<I", 10) + b"\0" * 4 + (159).to_bytes(3, "little") + (59).to_bytes(3, "little")
    document["image"] = base64.b64encode(b"RIFF" + struct.pack("<I", 4 + len(head)) + b"WEBP" + head).decode()
    drawing = written(tmp_path, "crypt.dd2vtt", document)
    assert not _import(window, drawing, ImportChoices(tmp_path / "x.tabletop", 4, 7, 0.3, into=True))
    assert answers["warned"] == [f"{drawing}: its WebP picture could not be read: Unable to read image data"]
    assert not (tmp_path / "assets").exists() and window.document.undo_stack.count() == 0


def test_a_folder_as_the_new_map_is_refused_before_its_picture_is_kept(window, tmp_path, answers):
    drawing = written(tmp_path, "crypt.dd2vtt", corridor())
    folder = tmp_path / "crypt.tabletop"
    folder.mkdir()
    answers["choose"] = "Replace"
    assert not _import(window, drawing, ImportChoices(folder, 4, 7, 0.3))
    assert answers["warned"] == [f"{folder}: is a folder: name the map file to write, as MAP.tabletop"]
    assert not (tmp_path / "assets").exists()
