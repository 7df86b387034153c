"""Thin lines fade far out only in pixel pictures: a vector file (SVG, PDF) of a map whose zones
are two pixels at its nominal size keeps every border and outline whole, since its reader zooms
in."""

from __future__ import annotations

import re

from tabletop.geometry.whole.layout import MapLayout
from tabletop.render.export.files import pdf_bytes, svg_bytes
from tabletop.render.style import gm_style
from tests.maps import zone_map


def _width(map_) -> int:
    """The export width at which the map's typical zone is two pixels across."""
    layout = MapLayout(map_, index=False)
    left, _, right, _ = layout.zone_extent()
    return round(2 * (right - left) / layout.zone_size)


def test_an_svg_of_two_pixel_zones_keeps_every_border_and_outline_whole(qapp):
    map_ = zone_map(1500)
    svg = svg_bytes(map_, _width(map_)).decode()
    colours = re.findall(r'stroke="(#[0-9a-f]{6})"', svg)
    style = gm_style()
    assert colours.count(style.border.name()) >= len(map_.borders) // 2  # in cells, yet every one drawn
    assert style.outline.name() in colours
    assert set(re.findall(r'stroke-opacity="([0-9.]+)"', svg)) == {"1"}


def test_a_pdf_of_two_pixel_zones_has_no_faded_line(qapp):
    map_ = zone_map(1500)
    pdf = pdf_bytes(map_, _width(map_))
    alphas = {float(a) for a in re.findall(rb"/CA ([0-9.]+)", pdf)}
    assert alphas == {1.0}
