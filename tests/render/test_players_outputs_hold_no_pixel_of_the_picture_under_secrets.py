"""A players' picture holds nothing of the background picture under what the GM keeps from
them: hidden zones, fogged zones, fogged grid areas. Not drawn over, not clipped away (an SVG
drops a clip and keeps the whole picture; a PDF embeds the whole picture under the fog): the
pixels are not in the file at all, in a PNG, an SVG, a PDF or a poster."""

from __future__ import annotations

import base64
import re
import shutil
import subprocess

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

from tabletop.io import save_map
from tabletop.model import Background, EncounterGrid, Map, NodeShape, PolygonShape, Tile, Zone
from tabletop.render.background import masked_image, players_cover
from tests.cli.run import tabletop

SEEN, SECRET = QColor(0, 0, 255), QColor(0, 200, 0)


def _room(zone_id: str, left: float, **flags) -> Zone:
    zone = Zone(
        id=zone_id,
        name=zone_id.title(),
        shape=PolygonShape(points=[(left, 0), (left + 200, 0), (left + 200, 200), (left, 200)]),
        **flags,
    )
    zone.fill.opacity = 0.0  # the picture shows through where a room is seen
    return zone


def _plan(tmp_path) -> Map:
    """A plan 1000 units wide: blue where the players may look (the hall, 0-200, and the yard,
    800-1000), green under the hidden vault (200-400), the fogged cellar (400-600) and a grid
    fogged all over (600-800)."""
    plan = QImage(1000, 200, QImage.Format.Format_RGB32)
    plan.fill(SEEN)
    painter = QPainter(plan)
    painter.fillRect(200, 0, 600, 200, SECRET)
    painter.end()
    assert plan.save(str(tmp_path / "plan.png"))
    grid = EncounterGrid(
        id="pit",
        tiles=[Tile(row=0, col=0)],
        origin=(600.0, 0.0),
        fogged_areas=[(row, col) for row in range(5) for col in range(5)],
    )
    zones = [_room("hall", 0), _room("vault", 200, hidden=True), _room("cellar", 400, fogged=True)]
    return Map(zones=zones, grids=[grid], background=Background(path="plan.png", opacity=1.0))


@pytest.fixture
def planned(tmp_path):
    save_map(_plan(tmp_path), tmp_path / "plan.tabletop")
    return tmp_path / "plan.tabletop"


def _near(colour: QColor, wanted: QColor) -> bool:
    return all(abs(a - b) < 40 for a, b in zip(colour.getRgb()[:3], wanted.getRgb()[:3], strict=True))


def _count(image: QImage, wanted: QColor) -> int:
    """Pixels of `wanted` that show (not fully transparent), every other pixel of every other row."""
    image = image.convertToFormat(QImage.Format.Format_ARGB32)
    found = 0
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            colour = image.pixelColor(x, y)
            found += colour.alpha() > 0 and _near(colour, wanted)
    return found


def _export(capsys, source, out, who="--player", *more) -> None:
    result = tabletop(capsys, "export", str(source), "-o", str(out), "--margin", "0", who, *more)
    assert result.code == 0, result.err


@pytest.mark.parametrize("who", ["--player", "--clean-player"])
def test_a_players_png_shows_the_plan_where_seen_and_none_under_secrets(capsys, tmp_path, qapp, planned, who):
    _export(capsys, planned, tmp_path / "players.png", who)
    image = QImage(str(tmp_path / "players.png"))
    assert _count(image, SEEN) > 0, "the hall and the yard show their part of the plan"
    assert _count(image, SECRET) == 0, "nothing of the plan under the vault, the cellar or the fogged grid"


def _embedded(svg: bytes) -> list[QImage]:
    """Every picture an SVG carries inside itself (data: addresses, as QSvgGenerator writes them)."""
    images = []
    for found in re.finditer(rb"data:image/[a-z]+;base64,([A-Za-z0-9+/=\s]+)", svg):
        image = QImage()
        assert image.loadFromData(base64.b64decode(re.sub(rb"\s+", b"", found.group(1))))
        images.append(image)
    return images


@pytest.mark.parametrize("who", ["--player", "--clean-player"])
def test_a_players_svg_carries_no_pixel_of_the_plan_under_secrets(capsys, tmp_path, qapp, planned, who):
    _export(capsys, planned, tmp_path / "players.svg", who)
    svg = (tmp_path / "players.svg").read_bytes()
    pictures = _embedded(svg)
    assert pictures, "the plan is in the SVG"
    assert any(_count(picture, SEEN) for picture in pictures), "with the part the players see"
    assert not any(_count(picture, SECRET) for picture in pictures), "and none of what they do not"
    renderer = QSvgRenderer(svg)
    drawn = QImage(renderer.defaultSize(), QImage.Format.Format_ARGB32)
    drawn.fill(Qt.GlobalColor.white)
    painter = QPainter(drawn)
    renderer.render(painter)
    painter.end()
    vault = drawn.copy(int(drawn.width() * 0.22), 0, int(drawn.width() * 0.16), drawn.height())
    assert _count(drawn, SEEN) > 0
    assert _count(vault, SECRET) == 0, "drawn, the SVG shows nothing under the hidden vault"
    assert _count(drawn, SECRET) == 0


def _pdf_pictures(pdf, tmp_path) -> list[QImage]:
    if shutil.which("pdfimages") is None:
        pytest.skip("pdfimages (poppler-utils) is not installed: the PDF's pictures cannot be taken out")
    folder = tmp_path / "taken"
    folder.mkdir()
    subprocess.run(["pdfimages", "-png", str(pdf), str(folder / "p")], check=True, timeout=120)
    return [QImage(str(path)) for path in sorted(folder.glob("*.png"))]


@pytest.mark.parametrize("poster", [(), ("--poster", "a4")], ids=["pdf", "poster"])
def test_a_players_pdf_embeds_no_pixel_of_the_plan_under_secrets(capsys, tmp_path, qapp, planned, poster):
    _export(capsys, planned, tmp_path / "players.pdf", "--player", *poster)
    pictures = [picture for picture in _pdf_pictures(tmp_path / "players.pdf", tmp_path) if not picture.isGrayscale()]
    assert pictures, "the plan is in the PDF"
    assert any(_count(picture, SEEN) for picture in pictures)
    assert not any(_count(picture, SECRET) for picture in pictures), "no picture in the PDF holds the secret"


def test_the_gm_keeps_the_whole_plan(capsys, tmp_path, qapp, planned):
    result = tabletop(capsys, "export", str(planned), "-o", str(tmp_path / "gm.svg"), "--margin", "0")
    assert result.code == 0, result.err
    assert any(_count(picture, SECRET) for picture in _embedded((tmp_path / "gm.svg").read_bytes()))


def test_the_players_cover_holds_hidden_and_fogged_zones_and_fogged_areas(tmp_path, qapp):
    map_ = _plan(tmp_path)
    map_.zones.append(Zone(id="well", shape=NodeShape(x=100, y=100, radius=20), fogged=True))
    cover = players_cover(map_)
    kinds = sorted(place[0] for place in cover)
    assert kinds == ["node", "polygon", "polygon", "rect", "rect", "rect", "rect", "rect"], cover
    assert ("rect", 600.0, 0.0, 200.0, 40.0) in cover, "a row of fogged areas is one rectangle"


def test_a_masked_copy_is_made_once_per_picture_and_cover(tmp_path, qapp):
    map_ = _plan(tmp_path)
    image = QImage(str(tmp_path / "plan.png"))
    cover = players_cover(map_)
    first = masked_image(image, map_.background, cover)
    assert masked_image(image, map_.background, cover).cacheKey() == first.cacheKey(), "a repaint masks nothing"
    assert image.pixelColor(300, 100) == SECRET, "the picture itself is untouched"
    assert first.pixelColor(300, 100).alpha() == 0 and first.pixelColor(100, 100) == SEEN
    fewer = masked_image(image, map_.background, cover[:1])
    assert fewer.cacheKey() != first.cacheKey() and fewer.pixelColor(500, 100) == SECRET
