"""Save As into another folder takes each token's picture along (a picture of the same name but
other pixels there keeps its place, and the token's path follows the copy); File ▸ Pack for
Sharing writes the map as it is now and its pictures in one .zip."""

from __future__ import annotations

import zipfile

from PySide6.QtGui import QColor, QImage

from tabletop.io import load_map
from tabletop.model import Map, NodeShape, Token, TokenPicture, Zone, ZoneLocation


def _picture(path, colour: str) -> None:
    image = QImage(12, 12, QImage.Format.Format_RGB32)
    image.fill(QColor(colour))
    assert image.save(str(path))


def _party(window, folder) -> None:
    (folder / "assets").mkdir(parents=True)
    _picture(folder / "assets" / "kell.png", "#2e86c1")
    _picture(folder / "assets" / "mira.png", "#16a085")
    here = ZoneLocation(zone="camp")
    tokens = [
        Token(id="kell", location=here, picture=TokenPicture(path="assets/kell.png", zoom=2)),
        Token(id="mira", location=here, picture=TokenPicture(path="assets/mira.png")),
    ]
    map_ = Map(zones=[Zone(id="camp", shape=NodeShape(x=0, y=0, radius=90))], tokens=tokens)
    window.document.replace_map(map_, folder / "party.tabletop")


def test_save_as_copies_the_token_art_and_follows_a_renamed_copy(qtbot, window, tmp_path):
    _party(window, tmp_path / "old")
    (tmp_path / "new" / "assets").mkdir(parents=True)
    _picture(tmp_path / "new" / "assets" / "mira.png", "#ff0000")  # another Mira already there
    assert window.files.save_as(tmp_path / "new" / "party.tabletop")
    saved = load_map(tmp_path / "new" / "party.tabletop")
    assert [t.picture.path for t in saved.tokens] == ["assets/kell.png", "assets/mira-2.png"]
    assert saved.token("kell").picture.zoom == 2
    for token in saved.tokens:
        assert (tmp_path / "new" / token.picture.path).read_bytes() == (
            tmp_path / "old" / "assets" / f"{token.id}.png"
        ).read_bytes()
    assert QImage(str(tmp_path / "new" / "assets" / "mira.png")).pixelColor(1, 1).name() == "#ff0000"
    assert window.document.get("token", "mira").picture.path == "assets/mira-2.png"
    assert not window.document.modified
    assert window.statusBar().currentMessage() == "Copied 2 token pictures beside party.tabletop"


def test_pack_for_sharing_writes_the_map_and_its_art(qtbot, window, tmp_path):
    _party(window, tmp_path / "old")
    window.later.finish()
    assert window.registry["file.pack"].text() == "Pac&k for Sharing…"
    assert window.files.pack_for_sharing(tmp_path / "party")
    with zipfile.ZipFile(tmp_path / "party.zip") as archive:
        assert sorted(archive.namelist()) == ["party/assets/kell.png", "party/assets/mira.png", "party/party.tabletop"]
    said = window.statusBar().currentMessage()
    assert said.startswith("Packed party.zip: the map party.tabletop and 2 pictures in the folder party/")
    assert "the GM's copy, GM notes and hidden tokens included" in said and "players' export" in said


def test_a_map_never_saved_is_not_packed(qtbot, window, tmp_path):
    window.document.replace_map(Map(), None)
    window.later.finish()
    assert not window.files.pack_for_sharing(tmp_path / "x.zip")
    assert "Save the map first" in window.statusBar().currentMessage()
    assert not (tmp_path / "x.zip").exists()
