"""Pack for Sharing: one .zip with the map and every picture it names (background, token art,
the assets/ folder's pictures) at the same paths, all in one folder named after the map, which
opens as it was once unzipped; nothing from outside the map's folder goes in, and the pack says
it is the GM's copy. Save As takes token art along to the new folder."""

from __future__ import annotations

import os
import zipfile

import pytest

from tabletop.io import load_map, save_map
from tabletop.io.pack import carry_pictures, pack_map
from tabletop.model import Background, Map, NodeShape, Token, TokenPicture, Zone, ZoneLocation
from tests.cli.run import tabletop

PNG = b"\x89PNG\r\n\x1a\n"  # the pack reads pictures as bytes: it never decodes one


def _camp(folder) -> Map:
    """A map with a background, two tokens sharing a portrait, one with its own, and a handout
    kept in assets/handouts/."""
    (folder / "assets" / "handouts").mkdir(parents=True)
    (folder / "scan.png").write_bytes(PNG + b"scan")
    (folder / "assets" / "orc.png").write_bytes(PNG + b"orc")
    (folder / "assets" / "kell.webp").write_bytes(b"RIFF....WEBPkell")
    (folder / "assets" / "handouts" / "letter.jpg").write_bytes(b"\xff\xd8\xffletter")
    (folder / "assets" / "notes.txt").write_text("not a picture")
    zone = Zone(id="camp", shape=NodeShape(x=0, y=0, radius=100))
    here = ZoneLocation(zone="camp")
    tokens = [
        Token(id="o1", location=here, picture=TokenPicture(path="assets/orc.png")),
        Token(id="o2", location=here, picture=TokenPicture(path="assets/orc.png", zoom=2)),
        Token(id="kell", location=here, picture=TokenPicture(path="assets/kell.webp", x=0.3)),
    ]
    map_ = Map(zones=[zone], tokens=tokens, background=Background(path="scan.png"))
    save_map(map_, folder / "camp.tabletop")
    return map_


def test_the_pack_holds_the_map_and_its_pictures_at_their_paths(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    map_ = _camp(home)
    packed = pack_map(map_, "camp.tabletop", home, tmp_path / "camp.zip")
    with zipfile.ZipFile(tmp_path / "camp.zip") as archive:
        names = archive.namelist()
        assert sorted(names) == [
            "camp/assets/handouts/letter.jpg",
            "camp/assets/kell.webp",
            "camp/assets/orc.png",
            "camp/camp.tabletop",
            "camp/scan.png",
        ]
        assert archive.read("camp/assets/orc.png") == PNG + b"orc"
        archive.extractall(tmp_path / "friend")
    assert packed.left_out == [] and len(packed.pictures) == 4 and packed.folder == "camp"
    assert [p.name for p in (tmp_path / "friend").iterdir()] == ["camp"], "one folder, nothing scattered"
    opened = load_map(tmp_path / "friend" / "camp" / "camp.tabletop")
    assert opened == map_
    for token in opened.tokens:
        unzipped = tmp_path / "friend" / "camp" / token.picture.path
        assert unzipped.read_bytes() == (home / token.picture.path).read_bytes()


@pytest.mark.parametrize(
    ("map_name", "folder"),
    [("camp.tabletop", "camp"), ("The Keep, level 2.tabletop", "The Keep, level 2"), (".tabletop", "map")],
)
def test_the_packs_folder_is_named_after_the_map(tmp_path, map_name, folder):
    packed = pack_map(Map(), map_name, tmp_path, tmp_path / "out.zip")
    assert zipfile.ZipFile(tmp_path / "out.zip").namelist() == [f"{folder}/{map_name}"]
    assert f"in the folder {folder}/" in packed.summary()


def test_a_missing_picture_is_left_out_and_said(tmp_path):
    map_ = _camp(tmp_path)
    (tmp_path / "assets" / "kell.webp").unlink()
    packed = pack_map(map_, "camp.tabletop", tmp_path, tmp_path / "out.zip")
    assert len(packed.left_out) == 1 and "kell.webp" in packed.left_out[0]
    assert "camp/assets/kell.webp" not in zipfile.ZipFile(tmp_path / "out.zip").namelist()


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no links on this system")
def test_a_link_out_of_the_maps_folder_is_never_packed(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    map_ = _camp(home)
    (tmp_path / "secret.png").write_bytes(PNG + b"the GM's own photo")
    (home / "assets" / "orc.png").unlink()
    (home / "assets" / "orc.png").symlink_to(tmp_path / "secret.png")
    packed = pack_map(map_, "camp.tabletop", home, tmp_path / "out.zip")
    with zipfile.ZipFile(tmp_path / "out.zip") as archive:
        assert "camp/assets/orc.png" not in archive.namelist()
        assert not any(b"own photo" in archive.read(name) for name in archive.namelist())
    assert any("leads out of the map's folder" in line for line in packed.left_out)


def test_tabletop_pack_writes_the_zip_and_says_what_it_holds(capsys, tmp_path):
    _camp(tmp_path)
    out = tmp_path / "send" / "camp.zip"
    out.parent.mkdir()
    result = tabletop(capsys, "pack", str(tmp_path / "camp.tabletop"), "-o", str(out))
    assert result.code == 0, result.err
    said = f"{out}: the map camp.tabletop and 4 pictures in the folder camp/ — the GM's copy, GM notes and hidden"
    assert result.out.strip().startswith(said), result.out
    assert "players get a players' export (tabletop export --player)" in result.out
    assert len(result.out.strip().splitlines()) == 1
    again = tabletop(capsys, "pack", str(tmp_path / "camp.tabletop"), "-o", str(out))
    assert again.code == 1 and "not replaced without --overwrite" in again.err
    assert tabletop(capsys, "pack", str(tmp_path / "camp.tabletop"), "-o", str(out), "--overwrite").code == 0
    wrong = tabletop(capsys, "pack", str(tmp_path / "camp.tabletop"), "-o", str(tmp_path / "camp.tar"))
    assert wrong.code == 1 and "is not a .zip" in wrong.err and "Traceback" not in wrong.err


def test_save_as_in_another_folder_takes_the_token_art_along(tmp_path):
    old, new = tmp_path / "old", tmp_path / "new"
    old.mkdir()
    (new / "assets").mkdir(parents=True)
    (new / "assets" / "orc.png").write_bytes(PNG + b"another orc")  # a picture of the same name there
    map_ = _camp(old)
    carried, copied = carry_pictures(map_, old, new)
    assert sorted(p.relative_to(new).as_posix() for p in copied) == ["assets/kell.webp", "assets/orc-2.png"]
    assert [t.picture.path for t in carried.tokens] == ["assets/orc-2.png", "assets/orc-2.png", "assets/kell.webp"]
    assert (new / "assets" / "orc.png").read_bytes() == PNG + b"another orc", "nothing there is replaced"
    assert carry_pictures(map_, old, old) == (map_, [])


def test_save_as_where_no_assets_folder_can_be_made_puts_the_art_beside_the_map(tmp_path):
    old, new = tmp_path / "old", tmp_path / "new"
    old.mkdir()
    new.mkdir()
    map_ = _camp(old)
    (new / "assets").write_text("a file where the folder would go")
    carried, copied = carry_pictures(map_, old, new)
    assert [t.picture.path for t in carried.tokens] == ["orc.png", "orc.png", "kell.webp"]
    assert (new / "orc.png").read_bytes() == PNG + b"orc" and len(copied) == 2
