"""Token art on the players' side: a seen token's picture shows on the players' window and in
their exports; a hidden token's picture is nowhere in them, neither its pixels nor its path."""

from __future__ import annotations

import base64
import re

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage

from tabletop.io import save_map
from tabletop.model import Map, NodeShape, Token, TokenPicture, Zone, ZoneLocation
from tests.cli.run import tabletop
from tests.ui.view_frames import painted

SEEN, SECRET = QColor(0, 0, 230), QColor(0, 210, 0)


def _picture(path, colour: QColor) -> None:
    image = QImage(64, 64, QImage.Format.Format_RGB32)
    image.fill(colour)
    assert image.save(str(path))


def _ambush(tmp_path) -> Map:
    """A road with Kell (a blue portrait) and the hidden Sniper (a green one) on it."""
    (tmp_path / "assets").mkdir()
    _picture(tmp_path / "assets" / "kell.png", SEEN)
    _picture(tmp_path / "assets" / "sniper-secret.png", SECRET)
    road = [Zone(id=f"road{i}", name=f"Road {i}", shape=NodeShape(x=200.0 * i, y=0, radius=90)) for i in range(2)]
    tokens = [
        Token(
            id="kell",
            name="Kell",
            colour="#c0392b",
            location=ZoneLocation(zone="road0"),
            picture=TokenPicture(path="assets/kell.png"),
        ),
        Token(
            id="sniper",
            name="Sniper",
            colour="#c0392b",
            hidden=True,
            location=ZoneLocation(zone="road1"),
            picture=TokenPicture(path="assets/sniper-secret.png"),
        ),
    ]
    map_ = Map(zones=road, tokens=tokens)
    save_map(map_, tmp_path / "ambush.tabletop")
    return map_


def _embedded(svg: bytes) -> list[QImage]:
    """Every picture an SVG carries inside itself (data: addresses, as QSvgGenerator writes them)."""
    images = []
    for found in re.finditer(rb"data:image/[a-z]+;base64,([A-Za-z0-9+/=\s]+)", svg):
        image = QImage()
        assert image.loadFromData(base64.b64decode(re.sub(rb"\s+", b"", found.group(1))))
        images.append(image)
    return images


def _count(image: QImage, wanted: QColor) -> int:
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    found = 0
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            colour = image.pixelColor(x, y)
            found += all(abs(a - b) < 40 for a, b in zip(colour.getRgb()[:3], wanted.getRgb()[:3], strict=True))
    return found


def test_the_players_window_shows_kells_picture_and_nothing_of_the_snipers(qtbot, window, tmp_path):
    map_ = _ambush(tmp_path)
    window.document.replace_map(map_, tmp_path / "ambush.tabletop")
    window.players.open_action.trigger()
    player = window.players.player
    qtbot.waitExposed(player)
    qtbot.waitUntil(lambda: not player.view.covered)
    player.view.show_rect(QRectF(-120, -120, 440, 240))
    frame = painted(player.view)
    assert _count(frame, SEEN) > 20, "Kell's portrait on the projector"
    assert _count(frame, SECRET) == 0, "nothing of the hidden sniper's"
    window.view.fitInView(QRectF(-120, -120, 440, 240))
    gm = painted(window.view)
    assert _count(gm, SECRET) > 20, "the GM sees the sniper's portrait"


@pytest.mark.parametrize("suffix", ["png", "svg", "pdf"])
def test_a_players_export_holds_no_pixel_nor_path_of_a_hidden_tokens_picture(capsys, qapp, tmp_path, suffix):
    _ambush(tmp_path)
    out = tmp_path / f"players.{suffix}"
    result = tabletop(capsys, "export", str(tmp_path / "ambush.tabletop"), "-o", str(out), "--player")
    assert result.code == 0, result.err
    raw = out.read_bytes()
    assert b"sniper" not in raw.lower() and b"Sniper" not in raw
    pictures = [QImage(str(out))] if suffix == "png" else _embedded(raw)
    if suffix != "pdf":  # a PDF's pictures are compressed streams: its words are checked above
        assert sum(_count(picture, SEEN) for picture in pictures) > 20, "Kell's portrait is in it"
        assert not any(_count(picture, SECRET) for picture in pictures)
    gm = tmp_path / f"gm.{suffix}"
    assert tabletop(capsys, "export", str(tmp_path / "ambush.tabletop"), "-o", str(gm)).code == 0
    if suffix == "png":
        assert _count(QImage(str(gm)), SECRET) > 20, "the GM's export shows it: the check above can fail"
