"""`tabletop import` builds and checks the whole map before it keeps the drawing's picture, so a
refused import leaves nothing in `assets/`: a room too detailed for a zone, a picture that does
not decode, a folder or a name with a control character as the map, a map that cannot be
written. What is wrong is said in one line naming the file."""

from __future__ import annotations

import base64
import struct

import pytest

from tabletop.io import MapFileError, load_map
from tests.cli.run import tabletop
from tests.io.uvtt_drawings import drawing, two_rooms, wall, written


def _square(x: float, y: float, side: float) -> list[dict]:
    return wall((x, y), (x + side, y), (x + side, y + side), (x, y + side), (x, y))


def _fake_webp(width: int, height: int) -> bytes:
    """A WebP whose extended header gives a size and whose picture is not there."""
    head = b"VP8X" + struct.pack("<I", 10) + b"\0" * 4 + (width - 1).to_bytes(3, "little")
    head += (height - 1).to_bytes(3, "little")
    return b"RIFF" + struct.pack("<I", 4 + len(head)) + b"WEBP" + head


def _refused(capsys, *args) -> str:
    done = tabletop(capsys, "import", *args)
    assert done.code == 1 and done.err.count("\n") == 1 and "Traceback" not in done.err, done.err
    return done.err.rstrip("\n")


def test_a_room_with_more_pillars_than_a_zone_holds_is_refused_and_nothing_kept(capsys, tmp_path):
    pillars = [_square(x + 0.35, y + 0.35, 0.3) for x in range(1, 47) for y in range(1, 47)]  # 2,116 holes
    source = written(tmp_path, "crypt.dd2vtt", drawing((48, 48), [_square(0.5, 0.5, 47), *pillars], pixels_per_grid=2))
    target = tmp_path / "crypt.tabletop"
    said = _refused(capsys, str(source), "-o", str(target))
    assert said.startswith(f"{source}: a room has 2,116 pillars or rooms within it") and "at most 10,000" in said
    assert not target.exists() and not (tmp_path / "assets").exists()


def test_a_picture_that_does_not_decode_is_refused_and_nothing_kept(capsys, tmp_path):
    document = two_rooms()
    document["image"] = base64.b64encode(_fake_webp(80, 40)).decode()
    source = written(tmp_path, "cellar.dd2vtt", document)
    said = _refused(capsys, str(source), "-o", str(tmp_path / "cellar.tabletop"))
    assert said.startswith(f"{source}: its WebP picture could not be read")
    assert not (tmp_path / "assets").exists() and not (tmp_path / "cellar.tabletop").exists()


def test_a_folder_as_the_map_is_refused_before_anything_is_written(capsys, tmp_path):
    source = written(tmp_path, "cellar.dd2vtt", two_rooms())
    target = tmp_path / "cellar.tabletop"
    target.mkdir()
    said = _refused(capsys, str(source), "-o", str(target), "--overwrite")
    assert said == f"{target}: is a folder: name the map file to write, as MAP.tabletop"
    assert not (tmp_path / "assets").exists()


def test_a_map_name_with_a_control_character_is_refused_up_front(capsys, tmp_path):
    source = written(tmp_path, "cellar.dd2vtt", two_rooms())
    said = _refused(capsys, str(source), "-o", str(tmp_path / "cel\tlar.tabletop"))
    assert said.endswith(
        "lar.tabletop: has a control character (a tab, a new line) in its name: name the map without one"
    )
    assert not (tmp_path / "assets").exists()


def test_a_drawing_named_with_a_control_character_gives_its_map_a_clean_title(capsys, tmp_path):
    source = written(tmp_path, "old\tcellar\n.dd2vtt", two_rooms())
    target = tmp_path / "cellar.tabletop"
    assert tabletop(capsys, "import", str(source), "-o", str(target)).code == 0
    assert load_map(target).title == "old cellar"


def test_a_file_named_assets_is_said_in_the_gms_words(capsys, tmp_path):
    source = written(tmp_path, "cellar.dd2vtt", two_rooms())
    (tmp_path / "assets").write_text("not a folder", encoding="utf-8")
    target = tmp_path / "cellar.tabletop"
    said = _refused(capsys, str(source), "-o", str(target))
    assert said == (
        f"{target}: its picture is kept in a folder 'assets' beside it, but 'assets' there is a file: "
        "rename that file, or save the map in another folder"
    )
    assert not target.exists()


@pytest.mark.parametrize("there_already", [False, True])
def test_a_map_that_cannot_be_written_takes_its_new_picture_away(capsys, tmp_path, monkeypatch, there_already):
    source = written(tmp_path, "cellar.dd2vtt", two_rooms())
    target = tmp_path / "cellar.tabletop"
    if there_already:  # the same picture kept by an earlier import stays: this import did not write it
        assert tabletop(capsys, "import", str(source), "-o", str(tmp_path / "cellar.tabletop")).code == 0
        target.unlink()

    def refused(map_, path):
        raise MapFileError(path, "could not be saved: the disk is full")

    monkeypatch.setattr("tabletop.io.save_map", refused)
    said = _refused(capsys, str(source), "-o", str(target))
    assert said == f"{target}: could not be saved: the disk is full"
    assert (tmp_path / "assets" / "cellar.png").exists() == there_already
    assert (tmp_path / "assets").exists() == there_already, "the folder this import made goes with its picture"


def test_a_folder_holding_other_pictures_stays_when_the_import_is_refused(capsys, tmp_path, monkeypatch):
    source = written(tmp_path, "cellar.dd2vtt", two_rooms())
    target = tmp_path / "cellar.tabletop"
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "token.png").write_bytes(b"kept")

    def refused(map_, path):
        raise MapFileError(path, "could not be saved: the disk is full")

    monkeypatch.setattr("tabletop.io.save_map", refused)
    _refused(capsys, str(source), "-o", str(target))
    assert sorted(p.name for p in (tmp_path / "assets").iterdir()) == ["token.png"]


def test_a_picture_that_cannot_be_copied_leaves_no_folder(capsys, tmp_path, monkeypatch):
    source = written(tmp_path, "cellar.dd2vtt", two_rooms())
    target = tmp_path / "cellar.tabletop"

    def full(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("tabletop.io.uvtt.copy_beside", full)
    said = _refused(capsys, str(source), "-o", str(target))
    assert said == f"{target}: its picture could not be kept beside it: No space left on device"
    assert not (tmp_path / "assets").exists() and not target.exists()
