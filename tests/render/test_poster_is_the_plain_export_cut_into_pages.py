"""A poster is the plain export at the same millimetres per map unit, cut into pages: each page's
piece printed, rasterised, is the same part of the plain PDF rasterised at the same dpi, for a
zone map and a grid map; the assembly sheet holds the same picture small. And a PNG, an SVG and a PDF of
one scale are one picture at one size."""

from __future__ import annotations

import re
from dataclasses import replace

import numpy as np
import pytest

from tabletop.io import load_map
from tabletop.render.export import ExportOptions, Poster, Scale, ScaleKind, Who, pdf_bytes, prepare, render_image
from tabletop.render.export.files import svg_picture
from tabletop.render.export.poster import poster_bytes, poster_file
from tabletop.render.export.poster_plan import MARGIN, poster_pages
from tests.conftest import MAPS
from tests.render.pictures import assert_same_picture, rasterised, svg_pixels
from tests.render.test_export_options import pixels

DPI = 50.8
"""Two pixels a millimetre: the pages' margins and pieces start on whole pixels."""


def _px(mm: float) -> int:
    return round(mm * DPI / 25.4)


CASES = {
    "zone map, A4": ("room-with-door", ScaleKind.PX_PER_UNIT, 4.0, Poster("a4"), Who.GM, False),
    "grid map, Letter turned, the legend": (
        "af-encounter",
        ScaleKind.MM_PER_AREA,
        25.4,
        Poster("letter", True),
        Who.GM,
        True,
    ),
    "players' zone map, A3": ("warehouse", ScaleKind.PX_PER_UNIT, 3.0, Poster("a3"), Who.PLAYERS, False),
}


@pytest.mark.parametrize("case", list(CASES))
def test_every_poster_page_is_the_plain_export_cut_into_pages(qapp, tmp_path, case):
    name, kind, value, poster, who, legend = CASES[case]
    map_ = load_map(MAPS / f"{name}.tabletop")
    plain = ExportOptions(scale=Scale(kind, value), who=who, legend=legend)
    picture = prepare(map_, plain, MAPS)
    _, _, width, height = picture.frame
    mm = picture.mm_per_unit
    pieces = poster_pages(width * mm, height * mm, poster.paper, poster.landscape, poster.overlap)
    whole = rasterised(pdf_bytes(map_, 0, MAPS, options=plain), tmp_path, DPI)[0]
    data, plan = poster_file(map_, replace(plain, poster=poster), MAPS)
    pages = rasterised(data, tmp_path, DPI)
    assert plan.pages == tuple(pieces)
    assert len(pages) == 1 + len(plan.printed) > 2
    for piece, page in zip(plan.printed, pages[1:], strict=True):
        w, h = int(piece.width * DPI / 25.4), int(piece.height * DPI / 25.4)
        on_page = page[_px(MARGIN) : _px(MARGIN) + h, _px(MARGIN) : _px(MARGIN) + w]
        in_plain = whole[_px(piece.y) : _px(piece.y) + h, _px(piece.x) : _px(piece.x) + w]
        assert_same_picture(on_page, in_plain, f"{case}: page {piece.name}")


def test_the_assembly_sheet_holds_the_same_picture_small(qapp, tmp_path):
    map_ = load_map(MAPS / "room-with-door.tabletop")
    plain = ExportOptions(scale=Scale(ScaleKind.PX_PER_UNIT, 4.0))
    picture = prepare(map_, plain, MAPS)
    _, _, width, height = picture.frame
    width, height = width * picture.mm_per_unit, height * picture.mm_per_unit
    sheet = rasterised(poster_bytes(map_, replace(plain, poster=Poster("a4")), MAPS), tmp_path, DPI)[0]
    fit = min((210 - 2 * MARGIN) / width, (297 - 2 * MARGIN - 4) / height)
    w, h = int(width * fit * DPI / 25.4), int(height * fit * DPI / 25.4)
    small = rasterised(pdf_bytes(map_, 0, MAPS, options=plain), tmp_path, size=(w, h))[0]
    on_sheet = sheet[_px(MARGIN + 2) : _px(MARGIN + 2) + h, _px(MARGIN) : _px(MARGIN) + w].copy()
    drawn_over = np.zeros((h, w), bool)  # the page grid and the pages' names, drawn over the map
    for piece in poster_pages(width, height, "a4"):
        left, top = _px(piece.x * fit), _px(piece.y * fit)
        right, bottom = _px((piece.x + piece.width) * fit), _px((piece.y + piece.height) * fit)
        for x in (left, right):
            drawn_over[:, max(0, x - 3) : x + 4] = True
        for y in (top, bottom):
            drawn_over[max(0, y - 3) : y + 4, :] = True
        drawn_over[top : top + _px(7), left : left + _px(12)] = True
    on_sheet[drawn_over] = small[drawn_over]
    assert_same_picture(on_sheet, small, "the assembly sheet")


def _media_mm(pdf: bytes) -> tuple[float, float]:
    (w, h), *_ = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", pdf)
    return float(w) * 25.4 / 72, float(h) * 25.4 / 72


@pytest.mark.parametrize("name", ["room-with-door", "warehouse"])
def test_a_png_an_svg_and_a_pdf_of_one_scale_are_one_picture_at_one_size(qapp, tmp_path, name):
    map_ = load_map(MAPS / f"{name}.tabletop")
    options = ExportOptions(scale=Scale(ScaleKind.PX_PER_UNIT, 1.5, dpi=150.0))
    picture = prepare(map_, options, MAPS)
    png = pixels(render_image(map_, options=options, base_dir=MAPS))
    svg = svg_picture(picture)
    pdf = pdf_bytes(map_, 0, MAPS, options=options)
    assert_same_picture(svg_pixels(svg, picture.width, picture.height), png, f"{name}: the SVG against the PNG")
    assert_same_picture(rasterised(pdf, tmp_path, 150.0)[0], png, f"{name}: the PDF at 150 dpi against the PNG")
    stated = re.search(rb'<svg width="([\d.]+)mm" height="([\d.]+)mm"', svg)
    on_paper = picture.width / 150 * 25.4, picture.height / 150 * 25.4
    assert (float(stated[1]), float(stated[2])) == pytest.approx(on_paper, abs=0.5), "the SVG's size on paper"
    assert _media_mm(pdf) == pytest.approx(on_paper, abs=0.5), "the PDF's page"
