"""The renderer's pixels at chosen points, the badges, and export to PNG, SVG and PDF."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QImage

from tabletop.geometry.single.shapes import border_line, map_bounds, shared_edges, token_spots
from tabletop.model import Border, FillStyle, Map, Passage, PolygonShape, Zone
from tabletop.render.badges import badge_for
from tabletop.render.export import export_map, render_image
from tabletop.render.style import MapStyle
from tabletop.samples import hillside, nephrite_net, room_with_door, warehouse
from tests.cli.run import tabletop


def _two_rooms() -> Map:
    box = lambda x: PolygonShape(points=[(x, 0), (x + 200, 0), (x + 200, 200), (x, 200)])  # noqa: E731
    return Map(
        zones=[
            Zone(id="red", shape=box(0), fill=FillStyle(colour="#ff0000")),
            Zone(id="blue", shape=box(200), fill=FillStyle(colour="#0000ff")),
        ],
        borders=[Border(id="b", a="red", b="blue", passages=[Passage(cost_from_a=3, cost_from_b=3)])],
    )


def _pixel(image: QImage, map_: Map, x: float, y: float) -> QColor:
    left, top, w, _ = map_bounds(map_)
    scale = image.width() / w
    return image.pixelColor(round((x - left) * scale), round((y - top) * scale))


def test_zone_fills_border_and_paper_land_where_the_map_says(qapp):
    map_ = _two_rooms()
    image = render_image(map_, 480)
    assert _pixel(image, map_, 50, 150).name() == "#ff0000"
    assert _pixel(image, map_, 350, 150).name() == "#0000ff"
    assert _pixel(image, map_, 200, 20).name() == MapStyle().border.name()
    assert _pixel(image, map_, -30, -30).name() == MapStyle().paper.name()


def test_the_badge_is_drawn_on_the_border(qapp):
    map_ = _two_rooms()
    image = render_image(map_, 480)
    assert _pixel(image, map_, 194, 100).name() != "#ff0000", "the badge covers the border's middle"


def test_badges_read_each_way_and_show_the_door():
    slope = hillside().borders[0]
    line = border_line(slope, hillside().zones[0], hillside().zones[1])
    assert badge_for(slope, line.towards_b).costs == "↓1 ↑3"
    room = room_with_door()
    badge = badge_for(room.borders[0], (1.0, 0.0))
    assert (badge.costs, badge.options, badge.door) == ("3", "1+2 · 4 · 7", "closed")


def test_shared_edges_of_offset_bricks():
    a = [(0, 0), (60, 0), (60, 40), (0, 40)]
    b = [(30, 40), (90, 40), (90, 80), (30, 80)]
    assert shared_edges(a, b) == [((60.0, 40.0), (30.0, 40.0))]
    assert shared_edges(a, [(100, 0), (120, 0), (120, 10)]) == []


def test_tokens_in_one_zone_do_not_overlap():
    spots = token_spots(room_with_door().model_copy(update={"tokens": warehouse().tokens[:1] * 1}))
    assert spots == {}
    map_ = warehouse()
    for token in map_.tokens:
        token.location.zone = "z2"
    (x1, _), (x2, _) = token_spots(map_).values()
    assert abs(x2 - x1) >= 60


MAGIC = {".png": b"\x89PNG", ".svg": b"<?xml", ".pdf": b"%PDF"}


@pytest.mark.parametrize("suffix", sorted(MAGIC))
def test_export_writes_each_format(qapp, tmp_path, suffix):
    out = tmp_path / f"map{suffix}"
    export_map(warehouse(), out, 800)
    assert out.read_bytes().startswith(MAGIC[suffix])
    assert not list(tmp_path.glob(".*tmp*"))


def test_export_on_the_command_line(capsys, tmp_path, maps_dir):
    out = tmp_path / "net.png"
    result = tabletop(capsys, "export", str(maps_dir / "nephrite-net.tabletop"), "-o", str(out), "--width", "640")
    assert result.code == 0, result.err
    assert QImage(str(out)).width() == 640


def test_export_refuses_an_unknown_format_in_one_line(capsys, tmp_path, maps_dir):
    result = tabletop(capsys, "export", str(maps_dir / "warehouse.tabletop"), "-o", str(tmp_path / "x.gif"))
    assert result.code == 1
    assert result.err == f"{tmp_path / 'x.gif'}: cannot export to '.gif': use .png, .svg or .pdf\n"


def test_export_into_a_missing_folder_fails_cleanly(capsys, tmp_path, maps_dir):
    result = tabletop(capsys, "export", str(maps_dir / "warehouse.tabletop"), "-o", str(tmp_path / "no" / "x.png"))
    assert result.code == 1 and "could not be exported" in result.err


def _one_by_one_and_batched(zones, scale: float, layout=None) -> list[QImage]:
    """The zones painted one by one with paint_zone, then in one batch (zoomed out, detail off)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QPainter

    from tabletop.render.zone_paint import paint_zone, paint_zone_shapes

    images = []
    for batched in (False, True):
        image = QImage(800, 600, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.white)
        painter = QPainter(image)
        painter.scale(scale, scale)
        if batched:
            paint_zone_shapes(painter, zones, MapStyle(), detail=False, layout=layout)
        else:
            for zone in zones:
                paint_zone(painter, zone, MapStyle(), detail=False)
        painter.end()
        images.append(image)
    return images


def test_zoomed_out_zones_are_painted_plainly_with_the_same_pixels(qapp):
    """The batched zoomed-out painting draws what paint_zone draws, pixel for pixel."""
    from tests.maps import zone_map

    zones = zone_map(300).zones + nephrite_net().zones
    zones[3] = zones[3].model_copy(update={"fill": FillStyle(colour="#336699", pattern="hatch")})
    zones[4] = zones[4].model_copy(update={"fill": FillStyle(colour="#336699", pattern="none"), "hidden": True})
    zones[5] = zones[5].model_copy(update={"fill": FillStyle(colour="#993366", opacity=0.5)})
    images = _one_by_one_and_batched(zones, 0.3)
    assert images[0] == images[1]
    assert images[0].pixelColor(5, 5).name() != "#ffffff", "zones were painted at all"


def test_zones_read_from_the_layouts_arrays_are_painted_as_from_their_points(qapp):
    """Polygons read from a layout's arrays (a map as opened) and from zones' points (edited
    since) make the same picture as zones painted one by one."""
    from tabletop.geometry.whole.layout import MapLayout
    from tabletop.model import Map, PolygonShape
    from tests.maps import zone_map

    zones = zone_map(300).zones + nephrite_net().zones
    zones[5] = zones[5].model_copy(update={"fill": FillStyle(colour="#993366", opacity=0.5)})
    layout = MapLayout(Map(zones=zones))
    moved = zones[7].model_copy(update={"shape": PolygonShape(points=[(0, 0), (300, 40), (120, 200)])})
    layout.set_zone(moved)
    zones[7] = moved
    images = _one_by_one_and_batched(zones, 0.5, layout)
    assert images[0] == images[1]
    assert images[1].pixelColor(round(120 * 0.5), round(60 * 0.5)) != images[1].pixelColor(790, 590)


def test_copied_badges_land_where_replayed_strokes_would(qapp):
    """On an image each distinct badge is drawn once and copied; the copies match the strokes
    within a pixel's shift, and every badge of the room's door is there."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QPainter, QPicture

    from tabletop.geometry.whole.layout import MapLayout
    from tabletop.render.badge_paint import paint_badge, paint_badges

    map_ = room_with_door()
    layout = MapLayout(map_)
    badges = [(b, layout.lines[b.id]) for b in map_.borders]
    left, top, width, height = map_bounds(map_)
    images = []
    for copied in (False, True):
        image = QImage(round(width * 1.5), round(height * 1.5), QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.white)
        painter = QPainter(image)
        painter.scale(1.5, 1.5)
        painter.translate(-left, -top)
        if copied:
            paint_badges(painter, badges, MapStyle())
        else:
            for border, line in badges:
                paint_badge(painter, border, line, MapStyle())
        painter.end()
        images.append(image)
    strokes, copies = images
    a, b = _inked(strokes), _inked(copies)
    assert a, "the badges were drawn"
    near = {(x + dx, y + dy) for x, y in a for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    assert len(b - near) <= len(a) // 50, "copies fall within a pixel of the strokes"
    picture_out = QPicture()
    vector = QPainter(picture_out)
    paint_badges(vector, badges, MapStyle())  # not an image: strokes are replayed
    vector.end()
    assert picture_out.size() > 0


def _inked(image: QImage) -> set[tuple[int, int]]:
    return {(x, y) for y in range(image.height()) for x in range(image.width()) if image.pixel(x, y) != 0xFFFFFFFF}
