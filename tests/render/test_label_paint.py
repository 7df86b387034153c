"""Zones' names painted together for a region look as placed one by one by the arrangement: the
small zones' cut names found in bulk, the rest (nodes, roomy zones, zones edited since opening)
placed alone."""

from __future__ import annotations

import numpy as np
from PySide6.QtGui import QImage, QPainter

from tabletop.geometry.single.shapes import map_bounds
from tabletop.geometry.whole.layout import MapLayout
from tabletop.model import FillStyle, Map, NodeShape, PolygonShape, Zone
from tabletop.render.arrangement import Arrangement
from tabletop.render.label_paint import paint_zone_labels, write_name
from tabletop.render.style import gm_style, players_style
from tests.maps import zone_map
from tests.render.recording import record_texts


def _map() -> Map:
    """Bricks with long names, a dark one, a roomy hall, an L-shaped room and a node."""
    bricks = zone_map(120)
    zones = [z.model_copy(update={"name": f"The long hall of {z.name}"}) for z in bricks.zones]
    zones[5] = zones[5].model_copy(update={"fill": FillStyle(colour="#202060")})
    zones += [
        Zone(id="hall", name="Hall", shape=PolygonShape(points=[(0, 500), (600, 500), (600, 800), (0, 800)])),
        Zone(
            id="ell",
            name="Crooked gallery",
            shape=PolygonShape(points=[(700, 500), (1000, 500), (1000, 560), (760, 560), (760, 800), (700, 800)]),
        ),
        Zone(id="node", name="Signal fire", shape=NodeShape(x=1200, y=650, radius=30)),
    ]
    return bricks.model_copy(update={"zones": zones})


def _painted(map_: Map, layout: MapLayout, style, together: bool) -> tuple[np.ndarray, list]:
    left, top, width, height = map_bounds(map_)
    scale = 1.2
    image = QImage(round(width * scale) + 4, round(height * scale) + 4, QImage.Format.Format_RGB32)
    image.fill(0xFFFFFFFF)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.scale(scale, scale)
    painter.translate(-left, -top)
    zones = list(map(layout.zone, layout.zone_ids()))
    arrangement = Arrangement(layout, style, lambda _: [], frozenset)
    if together:
        paint_zone_labels(painter, layout, zones, style, arrangement)
    else:
        for zone in zones:
            written = arrangement.name(zone.id)
            if written is not None:
                write_name(painter, zone, written, style)
    painter.end()
    bits = np.frombuffer(bytes(image.constBits())[: image.sizeInBytes()], dtype=np.uint8)
    return bits.reshape(image.height(), -1).copy()


def test_names_painted_together_look_as_painted_one_by_one(qapp, monkeypatch):
    map_ = _map()
    for style in (gm_style(), players_style()):
        layout = MapLayout(map_)
        drawn = record_texts(monkeypatch)
        alone = _painted(map_, layout, style, together=False)
        names_alone = [d.text for d in drawn]
        drawn.clear()
        together = _painted(map_, layout, style, together=True)
        assert [d.text for d in drawn] == names_alone
        assert np.array_equal(together, alone)
        assert any(name.endswith("…") for name in names_alone), "the bricks' names are cut"
        assert {"Hall", "Crooked gallery", "Signal fire"} <= set(names_alone)


def test_a_zone_edited_since_opening_is_named_where_its_new_shape_puts_it(qapp, monkeypatch):
    map_ = _map()
    layout = MapLayout(map_)
    moved = layout.zone("z2-3")
    shifted = [(x + 400.0, y + 300.0) for x, y in moved.shape.points]
    layout.set_zone(moved.model_copy(update={"name": "Moved", "shape": PolygonShape(points=shifted)}))
    fresh = MapLayout(map_.model_copy(update={"zones": list(map(layout.zone, layout.zone_ids()))}))
    drawn = record_texts(monkeypatch)
    edited = _painted(map_, layout, gm_style(), together=True)
    assert np.array_equal(edited, _painted(map_, fresh, gm_style(), together=True))
    left = map_bounds(map_)[0]
    centres = [d.box.center().x() / 1.2 + left for d in drawn if d.text.startswith("Mo")]
    assert len(centres) == 2 and all(580 < x < 640 for x in centres), "drawn at the zone's new place, twice"
