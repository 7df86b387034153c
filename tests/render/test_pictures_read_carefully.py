"""A map's picture is read the careful way before Qt decodes it from memory: a pipe or a
device is refused in one line instead of hanging, a link leading out of the map's folder is
refused at every draw, a picture of too many pixels is refused by its header, and an SVG that
reaches outside itself is refused without Qt saying a word on the terminal."""

from __future__ import annotations

import gzip
import os
import struct
import zlib

from PySide6.QtGui import QColor, QImage

from tabletop.model import Background, FillStyle, Map, PolygonShape, Zone
from tabletop.render.background import background_problem
from tabletop.render.style import MapStyle
from tests.render.recording import paint

SCAN = "#00c000"
SVG_HEAD = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="50">'


def _scan(path, colour: str = SCAN) -> None:
    image = QImage(100, 50, QImage.Format.Format_RGB32)
    image.fill(QColor(colour))
    assert image.save(str(path))


def _map(path: str) -> Map:
    square = PolygonShape(points=[(0, 0), (200, 0), (200, 200), (0, 200)])
    zone = Zone(id="a", shape=square, fill=FillStyle(pattern="none"))
    return Map(background=Background(path=path, scale=8.0), zones=[zone])


def _colour_at_40_160(map_: Map, folder) -> str:
    image, scale, left, top = paint(map_, MapStyle(), 400, base_dir=folder)
    return image.pixelColor(round((40 - left) * scale), round((160 - top) * scale)).name()


def test_a_pipe_is_said_in_one_line_and_the_map_drawn_without_it(qapp, tmp_path):
    os.mkfifo(tmp_path / "scan.png")
    map_ = _map("scan.png")
    problem = background_problem(map_, tmp_path)
    assert problem == (
        f"background picture '{tmp_path.resolve() / 'scan.png'}' is not a regular file (a device or a pipe): "
        "only pictures can be read"
    )
    assert _colour_at_40_160(map_, tmp_path) == MapStyle().paper.name()


def test_dev_zero_is_refused_before_anything_is_read(qapp):
    assert "'/dev/zero' is not a regular file" in background_problem(_map("zero"), "/dev")


def test_a_link_in_the_folder_is_drawn_and_one_leading_out_never(qapp, tmp_path):
    (tmp_path / "maps" / "assets").mkdir(parents=True)
    _scan(tmp_path / "maps" / "assets" / "scan.png")
    os.symlink("assets/scan.png", tmp_path / "maps" / "scan.png")
    map_ = _map("scan.png")
    assert _colour_at_40_160(map_, tmp_path / "maps") == SCAN
    _scan(tmp_path / "secret.png", "#c00000")
    (tmp_path / "maps" / "scan.png").unlink()
    os.symlink(tmp_path / "secret.png", tmp_path / "maps" / "scan.png")
    assert _colour_at_40_160(map_, tmp_path / "maps") == MapStyle().paper.name(), "a link made after a draw"
    assert "'scan.png' leads out of the map's folder through a link" in background_problem(map_, tmp_path / "maps")


def test_a_path_leading_out_that_escaped_the_checks_is_never_drawn(qapp, tmp_path):
    (tmp_path / "maps").mkdir()
    _scan(tmp_path / "secret.png")
    map_ = _map("scan.png")
    map_.__dict__["background"] = Background.model_construct(path="../secret.png", x=0.0, y=0.0, scale=8.0, opacity=1)
    assert _colour_at_40_160(map_, tmp_path / "maps") == MapStyle().paper.name()
    assert "climbs out of the map's folder" in background_problem(map_, tmp_path / "maps")


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _png_header(width: int, height: int) -> bytes:
    """A PNG claiming a size, with a few pixels' worth of data: its header says the size."""
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"\0" * 64)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", pixels) + _chunk(b"IEND", b"")


def test_a_picture_of_too_many_pixels_is_refused_by_its_header(qapp, tmp_path):
    (tmp_path / "huge.png").write_bytes(_png_header(10_000, 10_000))
    assert background_problem(_map("huge.png"), tmp_path).endswith(
        "is too large (10000x10000 pixels; at most 64 megapixels)"
    )
    (tmp_path / "huge.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="90000" height="90000"/>')
    assert "is too large (90000x90000 pixels" in background_problem(_map("huge.svg"), tmp_path)


def test_an_svg_reaching_outside_is_not_drawn_and_qt_says_nothing(qapp, qtlog, tmp_path):
    (tmp_path / "maps").mkdir()
    _scan(tmp_path / "secret.png", "#c00000")
    secret = f'<image width="100" height="50" xlink:href="{tmp_path / "secret.png"}"/>'
    svg = f'{SVG_HEAD}<rect width="100" height="50" fill="{SCAN}"/>{secret}</svg>'
    (tmp_path / "maps" / "scan.svg").write_text(svg)
    map_ = _map("scan.svg")
    assert _colour_at_40_160(map_, tmp_path / "maps") == MapStyle().paper.name()
    problem = background_problem(map_, tmp_path / "maps")
    assert problem.startswith(f"background picture '{tmp_path.resolve() / 'maps' / 'scan.svg'}' links to '/")
    assert problem.endswith("' outside itself: a map's SVG picture must stand alone (embed its pictures in it)")
    (tmp_path / "maps" / "scan.svgz").write_bytes(gzip.compress(svg.encode()))
    assert "outside itself" in background_problem(_map("scan.svgz"), tmp_path / "maps"), "compressed too"
    assert [record.message for record in qtlog.records if "svg" in record.message.lower()] == []


def test_an_svg_standing_alone_is_drawn_and_qt_keeps_its_complaints(qapp, qtlog, tmp_path):
    svg = f'{SVG_HEAD}<rect width="100" height="50" fill="{SCAN}"/><rect width="9" height="9" fill="url(#none)"/></svg>'
    (tmp_path / "scan.svg").write_text(svg)
    map_ = _map("scan.svg")
    assert background_problem(map_, tmp_path) is None
    assert _colour_at_40_160(map_, tmp_path) == SCAN
    (tmp_path / "packed.svgz").write_bytes(gzip.compress(svg.encode()))
    assert _colour_at_40_160(_map("packed.svgz"), tmp_path) == SCAN
    assert [record.message for record in qtlog.records if "resolve" in record.message] == []


def test_a_refusal_said_once_is_said_again_in_the_words_of_whoever_asks(qapp, tmp_path):
    """The dialog asks about a file before the map draws it: each says it as its own."""
    from tabletop.render.pictures import picture_at

    os.mkfifo(tmp_path / "scan.png")
    _, said = picture_at(tmp_path / "scan.png", "The picture")
    assert said.startswith("The picture '") and "is not a regular file" in said
    assert background_problem(_map("scan.png"), tmp_path) == "background picture" + said.removeprefix("The picture")
