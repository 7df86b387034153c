"""A picture handout is a file kept with the map, read the careful way: a file in the map's
folder (or a folder inside it) is shown whole; one outside it, a link leading out, a map not
saved yet or a file that is no picture is refused in one line naming the file."""

from __future__ import annotations

import os

import numpy as np
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QFileDialog

from tabletop.io import save_map
from tabletop.ui.player.handout import HandoutCard
from tests.ui.handouts import frame, handout_map, open_players

SEAL = QColor("#12ab34")
"""The picture's colour, found nowhere else on the map."""


def _seal(path) -> None:
    image = QImage(240, 160, QImage.Format.Format_RGB32)
    image.fill(SEAL)
    path.parent.mkdir(parents=True, exist_ok=True)
    assert image.save(str(path))


def _sealed(image: QImage) -> int:
    pixels = np.frombuffer(image.constBits(), dtype=np.uint32, count=image.width() * image.height())
    return int(np.count_nonzero(pixels == SEAL.rgb()))


def _saved_map(tmp_path):
    folder = tmp_path / "heist"
    folder.mkdir()
    save_map(handout_map(), folder / "heist.tabletop")
    return folder


def test_a_picture_kept_with_the_map_is_shown(qtbot, window, tmp_path):
    folder = _saved_map(tmp_path)
    _seal(folder / "assets" / "seal.png")
    player, handouts = open_players(qtbot, window, handout_map(), folder / "heist.tabletop")
    assert handouts.show_picture(folder / "assets" / "seal.png")
    assert _sealed(frame(player)) > 20_000, "the picture, scaled to the card"
    handouts.full_screen_action.trigger()
    assert _sealed(frame(player)) > 100_000, "over the whole map, larger"


def test_a_picture_from_outside_the_maps_folder_is_refused_in_one_line(qtbot, window, tmp_path, monkeypatch):
    folder = _saved_map(tmp_path)
    outside = tmp_path / "elsewhere" / "seal.png"
    _seal(outside)
    player, handouts = open_players(qtbot, window, handout_map(), folder / "heist.tabletop")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args: (str(outside), "Pictures"))
    window.registry["handout.picture"].trigger()
    said = window.statusBar().currentMessage()
    assert said == f"Handout picture '{outside}' is not in the map's folder {folder}: copy it there to show it"
    assert "\n" not in said and handouts.shown is None and _sealed(frame(player)) == 0


def test_a_link_out_of_the_folder_is_refused_too(qtbot, window, tmp_path):
    folder = _saved_map(tmp_path)
    outside = tmp_path / "elsewhere" / "seal.png"
    _seal(outside)
    os.symlink(outside, folder / "seal.png")
    player, handouts = open_players(qtbot, window, handout_map(), folder / "heist.tabletop")
    assert not handouts.show_picture(folder / "seal.png")
    assert "is not in the map's folder" in window.statusBar().currentMessage()
    assert _sealed(frame(player)) == 0


def test_an_unsaved_map_or_a_file_that_is_no_picture_is_refused(qtbot, window, tmp_path):
    player, handouts = open_players(qtbot, window)
    assert not handouts.show_picture(tmp_path / "seal.png")
    assert window.statusBar().currentMessage().startswith("Save the map first")
    folder = _saved_map(tmp_path)
    (folder / "notes.png").write_text("not a picture")
    window.document.set_path(folder / "heist.tabletop")
    assert not handouts.show_picture(folder / "notes.png")
    said = window.statusBar().currentMessage()
    assert said == f"Handout picture '{folder / 'notes.png'}' is not a picture Tabletop can read"
    assert player.findChild(HandoutCard).isHidden()
