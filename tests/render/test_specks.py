"""Specks and border lines painted from the layout's arrays: the same pixels whether a zone or
line is read from the arrays (as opened) or from its object (edited since), and a zoomed-out
painting makes no line objects at all."""

from __future__ import annotations

import numpy as np
from PySide6.QtGui import QColor, QImage, QPainter

from tabletop.geometry.single.shapes import map_bounds
from tabletop.geometry.whole import lines as lines_module
from tabletop.geometry.whole.layout import MapLayout
from tabletop.model import FillStyle, Map, PolygonShape, Zone
from tabletop.render.batch import line_cells, line_cells_of, polygon_paths, polygon_runs
from tabletop.render.paint import paint_region
from tabletop.render.style import DETAIL_SCALE, gm_style, players_style
from tests.maps import zone_map
from tests.render.test_batch import _elements


def _canvas(map_: Map, scale: float) -> tuple[QImage, QPainter]:
    """White paper the size of the whole map at `scale`, and a painter drawing on it in map units."""
    left, top, width, height = map_bounds(map_)
    image = QImage(round(width * scale) + 4, round(height * scale) + 4, QImage.Format.Format_RGB32)
    image.fill(0xFFFFFFFF)
    painter = QPainter(image)
    painter.scale(scale, scale)
    painter.translate(-left, -top)
    return image, painter


def _pixels(image: QImage, painter: QPainter) -> np.ndarray:
    painter.end()
    bits = np.frombuffer(bytes(image.constBits())[: image.sizeInBytes()], dtype=np.uint8)
    return bits.reshape(image.height(), -1).copy()


def _picture(layout: MapLayout, map_: Map, scale: float, style=None, fogged=None) -> np.ndarray:
    image, painter = _canvas(map_, scale)
    zones, borders = [z.id for z in map_.zones], [b.id for b in map_.borders]
    with layout.lines_held(borders):
        paint_region(painter, layout, zones, borders, style or gm_style(), False, fogged=fogged)
    return _pixels(image, painter)


def _edited(map_: Map) -> tuple[Map, list[Zone], str]:
    """The map with some zones changed (a pattern, a new colour, hidden, moved), one dropped
    with its borders, and one added; returns the changed and added zones and the dropped id."""
    zones = list(map_.zones)
    zones[3] = zones[3].model_copy(update={"fill": FillStyle(colour="#336699", pattern="hatch")})
    zones[8] = zones[8].model_copy(update={"fill": FillStyle(colour="#993366", opacity=0.5)})
    zones[9] = zones[9].model_copy(update={"hidden": True})
    moved = [(x + 7.0, y + 3.0) for x, y in zones[20].shape.points]
    zones[20] = zones[20].model_copy(update={"shape": PolygonShape(points=moved)})
    dropped = zones.pop(30).id
    added = Zone(id="new", shape=PolygonShape(points=[(5.0, 5.0), (60.0, 5.0), (60.0, 30.0)]))
    changed = [zones[3], zones[8], zones[9], zones[20], added]
    borders = [b for b in map_.borders if dropped not in (b.a, b.b)]
    return map_.model_copy(update={"zones": [*zones, added], "borders": borders}), changed, dropped


def test_specks_of_zones_edited_since_opening_look_as_a_fresh_layout_paints_them(qapp):
    map_ = zone_map(300)
    layout = MapLayout(map_)
    scale = DETAIL_SCALE * 0.4
    before = _picture(layout, map_, scale)
    edited, changed, dropped = _edited(map_)
    for border_id in sorted(layout.borders_at[dropped]):
        layout.drop("border", border_id)
    layout.drop("zone", dropped)
    for zone in changed:
        layout.set_zone(zone)
    after = _picture(layout, edited, scale)
    assert np.array_equal(after, _picture(MapLayout(edited), edited, scale))
    assert not np.array_equal(after[:, : before.shape[1]], before[: after.shape[0]]), "the edits show"


def test_players_get_fogged_specks_as_fog_only(qapp):
    map_ = zone_map(200)
    fogged = {map_.zones[k].id for k in (2, 3, 40)}
    layout = MapLayout(map_)
    scale = DETAIL_SCALE * 0.4
    by_flag = map_.model_copy(update={"zones": [z.model_copy(update={"fogged": z.id in fogged}) for z in map_.zones]})
    asked = _picture(layout, map_, scale, players_style(), fogged=lambda zone: zone.id in fogged)
    assert np.array_equal(asked, _picture(MapLayout(by_flag), by_flag, scale, players_style()))
    assert not np.array_equal(asked, _picture(layout, map_, scale, players_style()))


def test_lines_read_from_arrays_are_the_lines_of_their_objects(qapp):
    map_ = zone_map(300)
    layout = MapLayout(map_)
    moved = [(x + 7.0, y + 3.0) for x, y in map_.zones[20].shape.points]
    layout.set_zone(map_.zones[20].model_copy(update={"shape": PolygonShape(points=moved)}))
    ids = [b.id for b in map_.borders][::-1]
    edited = [b for b in ids if b in layout.borders_at[map_.zones[20].id]]
    assert edited, "some lines are read from their objects"
    from_arrays = line_cells_of(*layout.line_arrays(ids), 200.0)
    from_objects = line_cells([layout.lines[b] for b in ids], 200.0)
    assert [kind for kind, _ in from_arrays] == [kind for kind, _ in from_objects]
    for (_, found), (_, made) in zip(from_arrays, from_objects, strict=True):
        assert [_elements(p) for p in found] == [_elements(p) for p in made]


def test_a_zoomed_out_painting_makes_no_line_objects(qapp, monkeypatch):
    made: list[int] = []
    real = lines_module.LineTable.made
    monkeypatch.setattr(lines_module.LineTable, "made", lambda table, ids: made.append(len(ids)) or real(table, ids))
    map_ = zone_map(300)
    layout = MapLayout(map_)
    _picture(layout, map_, DETAIL_SCALE * 0.4)
    assert made == []
    ids = [b.id for b in map_.borders]
    with layout.lines_held(ids):
        assert layout.lines[ids[5]] == layout.lines.table[ids[5]] and made == [len(ids)], "made together when read"
        assert dict(layout.lines.items()) == {b: layout.lines.table[b] for b in ids}


def test_polygons_from_arrays_are_the_paths_of_their_points(qapp):
    map_ = zone_map(40)
    polygons = [z.shape.points for z in map_.zones]
    counts = np.array([len(p) for p in polygons])
    flat = np.array([point for p in polygons for point in p], dtype=np.float64)
    firsts = np.cumsum(counts) - counts
    chosen = np.array([7, 2, 2, 30, 11])
    found = polygon_runs(flat[:, 0], flat[:, 1], firsts, counts, chosen, [3, 0, 2])
    made = polygon_paths([polygons[k] for k in chosen], [3, 0, 2])
    assert [_elements(p) for p in found] == [_elements(p) for p in made] and found[0].elementCount() > 0


def test_ids_found_with_their_rows_paint_as_plain_ids_do(qapp):
    map_ = zone_map(300)
    layout = MapLayout(map_)
    left, top, width, height = map_bounds(map_)
    zones, borders = layout.find_in_order((left, top, left + width / 2, top + height / 2))
    assert list(layout.shapes().zone_rows(zones)) == [layout.shapes().zone_rows([z])[0] for z in zones]
    pictures = []
    for ids in ((zones, borders), (list(zones), list(borders))):
        image = QImage(round(width * 0.1), round(height * 0.1), QImage.Format.Format_RGB32)
        image.fill(0xFFFFFFFF)
        painter = QPainter(image)
        painter.scale(0.1, 0.1)
        painter.translate(-left, -top)
        paint_region(painter, layout, *ids, gm_style(), False)
        painter.end()
        pictures.append(image)
    blank = QImage(pictures[0].size(), QImage.Format.Format_RGB32)
    blank.fill(0xFFFFFFFF)
    assert pictures[0] == pictures[1] and pictures[0] != blank


def test_a_zoomed_out_tile_paints_from_the_rows_without_making_its_lists_of_ids(qapp):
    """The ids found with their rows are a list only once read (a fitted big map's tiles never
    read them), and read they are the ids in map order, equal to plain lists."""
    map_ = zone_map(300)
    layout = MapLayout(map_)
    left, top, width, height = map_bounds(map_)
    zones, borders = layout.find_in_order((left, top, left + width, top + height))
    image = QImage(round(width * 0.1), round(height * 0.1), QImage.Format.Format_RGB32)
    painter = QPainter(image)
    painter.scale(0.1, 0.1)
    painter.translate(-left, -top)
    with layout.lines_held(borders):
        paint_region(painter, layout, zones, borders, gm_style(), False)
    painter.end()
    assert not isinstance(zones._ids, list) and not isinstance(borders._ids, list), "painted from the rows"
    assert len(zones) == len(map_.zones) and len(borders) == len(map_.borders)
    assert zones == [z.id for z in map_.zones] and borders == [b.id for b in map_.borders]
    assert zones[3] == map_.zones[3].id and map_.borders[-1].id in borders
    assert next(reversed(zones)) == map_.zones[-1].id


def test_zones_drawn_alone_or_as_fog_are_named_from_ids_found_with_their_rows(qapp):
    """A hatched, a hidden and a fogged zone among specks: painted from ids found with their rows
    (read by place then) as from plain lists, pixel for pixel."""
    base = zone_map(300)
    zones = list(base.zones)
    zones[4] = zones[4].model_copy(update={"fill": FillStyle(colour="#336699", pattern="hatch")})
    zones[40] = zones[40].model_copy(update={"hidden": True})
    zones[77] = zones[77].model_copy(update={"fogged": True})
    map_ = base.model_copy(update={"zones": zones})
    layout = MapLayout(map_)
    left, top, width, height = map_bounds(map_)
    found = layout.find_in_order((left, top, left + width, top + height))
    pictures = []
    for ids in (found, ([z.id for z in zones], [b.id for b in map_.borders])):
        image, painter = _canvas(map_, DETAIL_SCALE * 0.5)
        paint_region(painter, layout, *ids, gm_style(), False)
        pictures.append(_pixels(image, painter))
    assert isinstance(found[0]._ids, list), "read by place"
    assert np.array_equal(pictures[0], pictures[1])


def test_zones_too_small_for_outlines_fill_in_long_runs_as_each_alone(qapp):
    """What the long runs of specks rely on: without outlines, opaque fills run together across
    squares (and left open, as a fill closes them) cover the pixels each zone's own closed
    polygon covers, in map order; a translucent zone keeps to its square's runs."""
    from PySide6.QtCore import Qt

    from tabletop.render.ink import FAINTEST, line_share
    from tabletop.render.zone_paint import zone_path

    map_ = zone_map(3000)
    zones = list(map_.zones)
    for k in range(0, len(zones), 97):
        zones[k] = zones[k].model_copy(update={"fill": FillStyle(colour="#993366")})
    zones[500] = zones[500].model_copy(update={"fill": FillStyle(colour="#336699", opacity=0.5)})
    map_ = map_.model_copy(update={"zones": zones})
    layout = MapLayout(map_)
    scale = 0.015
    painted = _picture(layout, map_, scale)
    image, painter = _canvas(map_, scale)
    assert line_share(painter, layout.zone_size) < FAINTEST, "no outlines at this scale"
    painter.setPen(Qt.PenStyle.NoPen)
    for zone in zones:
        colour = QColor(zone.fill.colour)
        colour.setAlphaF(zone.fill.opacity)
        painter.fillPath(zone_path(zone), colour)
    alone = _pixels(image, painter)
    assert np.array_equal(painted, alone)
    assert len(np.unique(painted.reshape(-1, 4), axis=0)) >= 3, "both fills and the paper show"


def test_many_zones_given_new_looks_at_once_paint_as_the_map_laid_out_afresh():
    """Fog All, a fill given to hundreds of zones: the zones keep their rows (MapLayout.set_looks)
    and the looks, with the runs of specks the map as opened is cut into, are worked out again;
    every pixel is that of the changed map laid out afresh (runs kept from the old looks would
    cut the new ones where a fresh layout does not, and stroke those outlines twice)."""
    map_ = zone_map(400)
    zones = list(map_.zones)
    for k in range(0, len(zones), 2):  # as opened, every other zone of another colour: runs cut everywhere
        zones[k] = zones[k].model_copy(update={"fill": FillStyle(colour="#993322")})
    opened = map_.model_copy(update={"zones": zones})
    layout = MapLayout(opened)
    scales = (0.05, 0.1, 0.2, 0.5)
    for scale in scales:
        _picture(layout, opened, scale)  # the looks and runs as opened, worked out and kept
    same = [
        zone.model_copy(update={"fill": FillStyle(colour="#336699"), "fogged": k % 7 == 0})
        for k, zone in enumerate(zones)
    ]
    changed = opened.model_copy(update={"zones": same})
    assert layout.set_looks(same)
    for scale in scales:
        again = _picture(layout, changed, scale)
        assert np.array_equal(again, _picture(MapLayout(changed), changed, scale)), scale
        assert not np.array_equal(again, _picture(MapLayout(opened), opened, scale)), "the new looks show"
