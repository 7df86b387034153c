"""The background picture: under the zones, at its place, scale and opacity, found beside the
map file, and said in one line when it is missing."""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage

from tabletop.model import Background, FillStyle, Map, PolygonShape, Zone
from tabletop.render.background import background_problem, background_rect
from tabletop.render.style import MapStyle
from tests.render.recording import paint

SCAN = "#00c000"


def _scan(path, colour: str = SCAN) -> None:
    image = QImage(100, 50, QImage.Format.Format_RGB32)
    image.fill(QColor(colour))
    assert image.save(str(path))


def _map(background: Background | None, fill: FillStyle) -> Map:
    square = PolygonShape(points=[(0, 0), (200, 0), (200, 200), (0, 200)])
    far = PolygonShape(points=[(600, 0), (700, 0), (700, 100)])
    return Map(background=background, zones=[Zone(id="a", shape=square, fill=fill), Zone(id="b", shape=far)])


def _at(image_info, x: float, y: float) -> QColor:
    image, scale, left, top = image_info
    return image.pixelColor(round((x - left) * scale), round((y - top) * scale))


def test_the_background_shows_under_a_zone(qapp, tmp_path):
    _scan(tmp_path / "scan.png")
    map_ = _map(Background(path="scan.png", x=-20, y=-20, scale=4.0), FillStyle(pattern="none"))
    drawn = paint(map_, MapStyle(), 800, base_dir=tmp_path)
    assert _at(drawn, 40, 160).name() == SCAN, "through a zone without fill"
    assert _at(drawn, 370, 170).name() == SCAN, "beside the zones: 400 x 200 units from (-20, -20)"
    assert _at(drawn, 100, 190).name() != SCAN, "ends where its scale says"
    without = paint(map_, MapStyle(), 800)
    assert _at(without, 40, 160).name() == MapStyle().paper.name()


def test_the_background_is_under_the_zones_and_its_opacity_holds(qapp, tmp_path):
    _scan(tmp_path / "scan.png")
    half = _map(Background(path="scan.png", scale=8.0, opacity=0.5), FillStyle(colour="#ff0000", opacity=0.5))
    colour = _at(paint(half, MapStyle(), 800, base_dir=tmp_path), 40, 160)
    paper = MapStyle().paper
    scan_on_paper = (paper.green() + 0xC0) / 2
    assert colour.red() > 100 and abs(colour.green() - scan_on_paper / 2) < 12, colour.name()
    solid = _map(Background(path="scan.png", scale=8.0), FillStyle(colour="#ff0000"))
    assert _at(paint(solid, MapStyle(), 800, base_dir=tmp_path), 40, 160).name() == "#ff0000"


def test_a_missing_background_is_said_in_one_line(qapp, tmp_path):
    map_ = _map(Background(path="pics/gone.png"), FillStyle())
    problem = background_problem(map_, tmp_path)
    assert problem == f"background picture '{tmp_path / 'pics' / 'gone.png'}' is missing"
    assert paint(map_, MapStyle(), 400, base_dir=tmp_path), "the map is drawn without it"
    (tmp_path / "pics").mkdir()
    (tmp_path / "pics" / "gone.png").write_bytes(b"not a picture")
    assert "is not a picture Tabletop can read" in background_problem(map_, tmp_path)
    assert "\n" not in background_problem(map_, tmp_path)
    assert background_problem(_map(None, FillStyle()), tmp_path) is None


def test_the_path_is_found_from_the_map_folder_and_its_assets_folder(qapp, tmp_path):
    (tmp_path / "maps" / "assets").mkdir(parents=True)
    _scan(tmp_path / "maps" / "assets" / "scan.png")
    map_ = _map(Background(path="assets/scan.png"), FillStyle(pattern="none"))
    assert background_problem(map_, tmp_path / "maps") is None
    assert background_problem(map_, tmp_path) is not None, "resolved against the map's folder"
    windows = _map(Background(path="assets\\scan.png"), FillStyle(pattern="none"))
    assert background_problem(windows, tmp_path / "maps") is None, "a backslash between folders, as Windows writes"


def test_a_changed_picture_is_read_again(qapp, tmp_path):
    import os

    _scan(tmp_path / "scan.png")
    map_ = _map(Background(path="scan.png", scale=8.0), FillStyle(pattern="none"))
    assert _at(paint(map_, MapStyle(), 400, base_dir=tmp_path), 40, 160).name() == SCAN
    _scan(tmp_path / "scan.png", "#0000c0")
    stat = (tmp_path / "scan.png").stat()
    os.utime(tmp_path / "scan.png", ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    assert _at(paint(map_, MapStyle(), 400, base_dir=tmp_path), 40, 160).name() == "#0000c0"


def test_background_rect_follows_position_and_scale(qapp):
    image = QImage(100, 50, QImage.Format.Format_RGB32)
    rect = background_rect(Background(path="x.png", x=10, y=-5, scale=2.5), image)
    assert (rect.x(), rect.y(), rect.width(), rect.height()) == (10, -5, 250, 125)


def test_an_export_can_frame_the_whole_picture(qapp, tmp_path):
    from tabletop.geometry.single.shapes import map_bounds
    from tabletop.render.background import bounds_with_background

    _scan(tmp_path / "scan.png")
    map_ = _map(Background(path="scan.png", x=-500, y=-100, scale=10.0), FillStyle())
    assert bounds_with_background(map_, tmp_path) == (-500, -100, 740 + 500, 500), "to the far zone and its margin"
    assert bounds_with_background(map_, tmp_path / "elsewhere") == map_bounds(map_)
