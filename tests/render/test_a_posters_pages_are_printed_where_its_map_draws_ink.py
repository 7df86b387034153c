"""A poster prints a page exactly where the map draws ink: on a node map (discs far apart, their
names small above them), on a map whose long border runs diagonally between two far rooms and
on an encounter grid, every page printed holds ink of the map (rasterised by pdftoppm), and the
plain export at the same scale is bare paper over every page left out. Pages that the drawn
things' boxes cover but that nothing is drawn on (the paper beside the diagonal, the room
around a node's name) are left out."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

from tabletop.io import load_map
from tabletop.model import Border, Map, NodeShape, Passage, Zone
from tabletop.render.export import ExportOptions, Poster, Scale, ScaleKind, pdf_bytes, prepare
from tabletop.render.export.poster import poster_file
from tabletop.render.export.poster_plan import MARGIN
from tabletop.render.style import gm_style
from tabletop.samples import _box
from tests.conftest import MAPS
from tests.render.pictures import rasterised

DPI = 30.0
"""As a GM would glance at the pages: enough to see any mark of the map on them."""
SEEN = 24
"""A pixel is ink when it differs from the paper (and from the white margin) by more than this."""


def _diagonal() -> Map:
    """Two small rooms far apart, joined by one border: its line crosses the map on a slant."""
    zones = [
        Zone(id="gate", name="Gate", shape=_box(0, 0, 120, 90)),
        Zone(id="tower", name="Tower", shape=_box(1500, 1150, 120, 90)),
    ]
    road = Border(id="road", a="gate", b="tower", passages=[Passage(label="road", cost_from_a=3, cost_from_b=3)])
    return Map(title="The long road", zones=zones, borders=[road])


def _ring() -> Map:
    """Eight moods on a wide ring, each joined to the next: a node map with paper between them."""
    zones = []
    for k in range(8):
        angle = 2 * math.pi * k / 8
        centre = (900 + 800 * math.cos(angle), 700 + 600 * math.sin(angle))
        zones.append(Zone(id=f"m{k}", name=f"Mood {k}", shape=NodeShape(x=centre[0], y=centre[1], radius=50)))
    borders = [
        Border(id=f"b{k}", a=f"m{k}", b=f"m{(k + 1) % 8}", passages=[Passage(cost_from_a=1, cost_from_b=1)])
        for k in range(8)
    ]
    return Map(title="Moods", zones=zones, borders=borders)


CASES = {
    "the net's nodes, 2 mm a unit": (lambda: load_map(MAPS / "nephrite-net.tabletop"), ScaleKind.MM_PER_UNIT, 2.0),
    "a ring of moods, 0.635 mm a unit": (_ring, ScaleKind.MM_PER_UNIT, 0.635),
    "a long diagonal border, 0.635 mm a unit": (_diagonal, ScaleKind.MM_PER_UNIT, 0.635),
    "an encounter grid, 31 mm an area": (lambda: load_map(MAPS / "af-encounter.tabletop"), ScaleKind.MM_PER_AREA, 31.0),
}


def _ink(pixels: np.ndarray) -> np.ndarray:
    paper = gm_style().paper
    bare = np.array([paper.red(), paper.green(), paper.blue()])
    part = pixels.astype(int)
    return (np.abs(part - bare).max(axis=2) > SEEN) & (np.abs(part - 255).max(axis=2) > SEEN)


@pytest.mark.parametrize("case", list(CASES))
def test_every_page_printed_holds_ink_and_the_plain_export_is_bare_where_a_page_was_left_out(qapp, tmp_path, case):
    make, kind, mm = CASES[case]
    map_ = make()
    options = ExportOptions(scale=Scale(kind, mm, dpi=DPI), poster=Poster("a4"))
    data, plan = poster_file(map_, options, MAPS)
    assert plan.left_out > 0, "the paper between the drawn things is not printed"
    pages = rasterised(data, tmp_path, DPI)
    assert len(pages) == 1 + len(plan.printed)
    for page, pixels in zip(plan.printed, pages[1:], strict=True):
        # the piece's whole area, its edge pixels included: the map is clipped to it
        top, left = math.floor(MARGIN * DPI / 25.4), math.floor(MARGIN * DPI / 25.4)
        bottom, right = math.ceil((MARGIN + page.height) * DPI / 25.4), math.ceil((MARGIN + page.width) * DPI / 25.4)
        assert _ink(pixels[top:bottom, left:right]).any(), f"{case}: page {page.name} was printed with nothing on it"
    whole = rasterised(pdf_bytes(map_, 0, MAPS, options=replace(options, poster=None)), tmp_path, DPI)[0]
    for page in plan.pages:
        if page not in plan.printed:
            top, left = math.ceil(page.y * DPI / 25.4), math.ceil(page.x * DPI / 25.4)
            bottom, right = (
                math.floor((page.y + page.height) * DPI / 25.4),
                math.floor((page.x + page.width) * DPI / 25.4),
            )
            part = whole[top:bottom, left:right]
            assert part.size and not _ink(part).any(), f"{case}: page {page.name} was left out, yet the map draws there"


def test_the_pages_beside_a_diagonal_border_inside_its_box_are_left_out(qapp):
    map_ = _diagonal()
    options = ExportOptions(scale=Scale(ScaleKind.MM_PER_UNIT, 0.635), poster=Poster("a4"))
    picture = prepare(map_, options, max_side=2**31, max_pixels=2**62)
    _, plan = poster_file(map_, options)
    fx, fy, _, _ = picture.frame
    mm = picture.mm_per_unit
    gate, tower = (60 - fx) * mm, (1560 - fx) * mm  # the rooms' middles, across
    inside = [page for page in plan.pages if page.x > gate and page.x + page.width < tower]
    inside = [page for page in inside if page.y > (45 - fy) * mm and page.y + page.height < (1195 - fy) * mm]
    assert inside, "the line's box spans whole pages"
    assert any(page not in plan.printed for page in inside), "pages in the line's box that it never crosses"
    assert any(page in plan.printed for page in inside), "the pages it crosses"
