"""A map's pictures stay in the map's folder: a link leading out is refused where the picture
is read, also one made after the map was read; only regular files are read, never past the
cap; a picture from elsewhere is copied beside the map, never over another file."""

from __future__ import annotations

import os

import pytest

from tabletop.io import load_map, map_to_text
from tabletop.io.pictures import (
    MAX_PICTURE_BYTES,
    PictureRefused,
    copy_beside,
    picture_bytes,
    picture_file,
    written_path,
)
from tabletop.model import Background
from tabletop.samples import warehouse

PNG = b"\x89PNG\r\n\x1a\n" + b"picture"


def _map_file(folder, path: str):
    map_ = warehouse().model_copy(update={"background": Background(path=path)})
    (folder / "map.tabletop").write_text(map_to_text(map_))
    return folder / "map.tabletop"


def test_a_link_staying_in_the_folder_is_followed(tmp_path):
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "scan.png").write_bytes(PNG)
    os.symlink("assets/scan.png", tmp_path / "scan.png")
    assert picture_file("scan.png", tmp_path) == (tmp_path / "assets" / "scan.png").resolve()
    assert picture_bytes(picture_file("scan.png", tmp_path))[0] == PNG


def test_a_link_leading_out_is_refused_also_when_made_after_the_map_was_read(tmp_path):
    (tmp_path / "maps").mkdir()
    (tmp_path / "secret.png").write_bytes(PNG)
    (tmp_path / "maps" / "scan.png").write_bytes(PNG)
    map_ = load_map(_map_file(tmp_path / "maps", "scan.png"))
    assert picture_file(map_.background.path, tmp_path / "maps").parent == (tmp_path / "maps").resolve()
    (tmp_path / "maps" / "scan.png").unlink()
    os.symlink(tmp_path / "secret.png", tmp_path / "maps" / "scan.png")
    with pytest.raises(PictureRefused, match=r"^'scan.png' leads out of the map's folder through a link"):
        picture_file(map_.background.path, tmp_path / "maps")
    os.symlink(tmp_path, tmp_path / "maps" / "up")
    with pytest.raises(PictureRefused, match="leads out of the map's folder"):
        picture_file("up/secret.png", tmp_path / "maps")


def test_a_map_never_saved_has_no_folder_to_find_a_picture_in():
    with pytest.raises(PictureRefused, match="save the map first"):
        picture_file("scan.png", None)


def test_a_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    os.mkfifo(tmp_path / "scan.png")
    with pytest.raises(PictureRefused, match=r"scan.png' is not a regular file \(a device or a pipe\)"):
        picture_bytes(picture_file("scan.png", tmp_path))


def test_dev_zero_is_refused_before_anything_is_read():
    with pytest.raises(PictureRefused, match=r"^'/dev/zero' is not a regular file"):
        picture_bytes(picture_file("zero", "/dev"))


def test_a_picture_past_the_cap_is_refused_by_its_size(tmp_path):
    with open(tmp_path / "huge.png", "wb") as sparse:
        sparse.truncate(MAX_PICTURE_BYTES + 1)
    with pytest.raises(PictureRefused, match="a picture may be at most 256 MB"):
        picture_bytes(tmp_path / "huge.png")


def test_a_picture_is_written_from_the_map_folder_only_when_it_lies_there(tmp_path):
    (tmp_path / "maps" / "assets").mkdir(parents=True)
    (tmp_path / "maps" / "assets" / "scan.png").write_bytes(PNG)
    (tmp_path / "secret.png").write_bytes(PNG)
    os.symlink(tmp_path / "secret.png", tmp_path / "maps" / "secret.png")
    assert written_path(tmp_path / "maps" / "assets" / "scan.png", tmp_path / "maps") == "assets/scan.png"
    assert written_path(tmp_path / "secret.png", tmp_path / "maps") is None
    assert written_path(tmp_path / "maps" / "secret.png", tmp_path / "maps") is None, "its link leads out"
    assert written_path(tmp_path / "maps", tmp_path / "maps") is None


def test_a_copy_beside_the_map_never_replaces_a_file_there(tmp_path):
    (tmp_path / "maps").mkdir()
    (tmp_path / "pics").mkdir()
    (tmp_path / "pics" / "scan.png").write_bytes(PNG)
    assert copy_beside(tmp_path / "pics" / "scan.png", tmp_path / "maps") == ("scan.png", True)
    assert (tmp_path / "maps" / "scan.png").read_bytes() == PNG
    assert copy_beside(tmp_path / "pics" / "scan.png", tmp_path / "maps") == ("scan.png", False), "the same picture"
    (tmp_path / "pics" / "scan.png").write_bytes(PNG + b" retouched")
    assert copy_beside(tmp_path / "pics" / "scan.png", tmp_path / "maps") == ("scan-2.png", True)
    assert (tmp_path / "maps" / "scan.png").read_bytes() == PNG
    os.mkfifo(tmp_path / "maps" / "scan-3.png")
    (tmp_path / "pics" / "scan.png").write_bytes(PNG + b" again")
    assert copy_beside(tmp_path / "pics" / "scan.png", tmp_path / "maps") == ("scan-4.png", True), "past a pipe"
    assert sorted(os.listdir(tmp_path / "maps")) == ["scan-2.png", "scan-3.png", "scan-4.png", "scan.png"]


def test_a_copy_keeps_its_folder_in_the_map_folder_unless_a_link_leads_it_out(tmp_path):
    (tmp_path / "old" / "assets").mkdir(parents=True)
    (tmp_path / "new").mkdir()
    (tmp_path / "old" / "assets" / "scan.png").write_bytes(PNG)
    assert copy_beside(tmp_path / "old" / "assets" / "scan.png", tmp_path / "new", "assets/scan.png") == (
        "assets/scan.png",
        True,
    )
    assert copy_beside(tmp_path / "old" / "assets" / "scan.png", tmp_path / "new", "assets\\scan.png") == (
        "assets/scan.png",
        False,
    ), "a backslash between folders, as the map's path is read"
    (tmp_path / "elsewhere").mkdir()
    os.symlink(tmp_path / "elsewhere", tmp_path / "new" / "pics")
    assert copy_beside(tmp_path / "old" / "assets" / "scan.png", tmp_path / "new", "pics/scan.png") == (
        "scan.png",
        True,
    )
    assert os.listdir(tmp_path / "elsewhere") == []


def test_copying_a_pipe_is_refused_without_waiting(tmp_path):
    os.mkfifo(tmp_path / "pipe.png")
    (tmp_path / "maps").mkdir()
    with pytest.raises(PictureRefused, match="is not a regular file"):
        copy_beside(tmp_path / "pipe.png", tmp_path / "maps")
    assert os.listdir(tmp_path / "maps") == []
