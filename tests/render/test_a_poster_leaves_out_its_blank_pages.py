"""A poster prints only the pages with something of the map on them: an L-shaped map's empty
corner is left out, no zone is lost with it, the plain export is empty paper there, and the
assembly sheet, the pieces' headers and the command line's summary count the pages printed."""

from __future__ import annotations

import re
import subprocess
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtGui import QColor, QImage

from tabletop.io import save_map
from tabletop.model import Background, Border, Map, Passage, Token, Zone, ZoneLocation
from tabletop.render.export import ExportOptions, Poster, Scale, ScaleKind, Who, pdf_bytes, prepare
from tabletop.render.export.options import ExportError
from tabletop.render.export.poster import poster_file
from tabletop.render.export.poster_plan import MARGIN, PosterPage, PosterPlan, pages_met, poster_pages, poster_plan
from tabletop.render.style import gm_style
from tabletop.samples import _box
from tests.cli.run import tabletop
from tests.render.pictures import rasterised

DPI = 25.4
"""A pixel a millimetre: enough to see whether a page's part of the map holds any ink."""
OPTIONS = ExportOptions(scale=Scale(ScaleKind.MM_PER_UNIT, 0.635), poster=Poster("a4"))
"""40 map units an inch on A4, as the command line prints a zone map."""


def l_shaped() -> Map:
    """Four rooms along the top and three more down the left side: the bottom right is empty."""
    places = [(x, 0) for x in range(0, 800, 200)] + [(0, y) for y in range(200, 800, 200)]
    zones = [Zone(id=f"z{k}", name=f"Room {k}", shape=_box(x, y, 200, 200)) for k, (x, y) in enumerate(places)]
    pairs = [("z0", "z1"), ("z1", "z2"), ("z2", "z3"), ("z0", "z4"), ("z4", "z5"), ("z5", "z6")]
    door = [Passage(label="door", cost_from_a=1, cost_from_b=1)]
    return Map(
        title="The L",
        zones=zones,
        borders=[Border(id=f"b{a}{b}", a=a, b=b, passages=door) for a, b in pairs],
        tokens=[Token(id="kell", name="Kell", side="runners", location=ZoneLocation(zone="z6"))],
    )


def _page_box(plan_picture, page: PosterPage) -> tuple[float, float, float, float]:
    """A piece's part of the map in map units: left, top, right, bottom."""
    fx, fy, _, _ = plan_picture.frame
    mm = plan_picture.mm_per_unit
    return (fx + page.x / mm, fy + page.y / mm, fx + (page.x + page.width) / mm, fy + (page.y + page.height) / mm)


def _zone_extent(zone: Zone) -> tuple[float, float, float, float]:
    xs, ys = [x for x, _ in zone.shape.points], [y for _, y in zone.shape.points]
    return min(xs), min(ys), max(xs), max(ys)


def _meets(a, b) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def test_an_l_shaped_maps_empty_corner_is_left_out_and_holds_no_zone(qapp):
    map_ = l_shaped()
    picture = prepare(map_, OPTIONS)
    plan = poster_plan(picture)
    assert 0 < len(plan.printed) < len(plan.pages)
    assert plan.printed[0].name == "A1" and plan.pages[-1] not in plan.printed, "the bottom-right corner is empty"
    for page in plan.pages:
        if page not in plan.printed:
            box = _page_box(picture, page)
            assert not any(_meets(_zone_extent(zone), box) for zone in map_.zones), f"page {page.name} holds a zone"
    for zone in map_.zones:
        left, top, right, bottom = _zone_extent(zone)
        for corner in ((left, top), (right, top), (left, bottom), (right, bottom)):
            assert any(_meets((*corner, *corner), _page_box(picture, page)) for page in plan.printed), zone.id


def test_the_pdf_holds_the_assembly_sheet_and_the_pages_printed_and_the_plain_export_is_bare_where_they_were_left_out(
    qapp, tmp_path
):
    map_ = l_shaped()
    data, plan = poster_file(map_, OPTIONS)
    assert data.count(b"/Type /Page\n") == 1 + len(plan.printed)
    whole = rasterised(pdf_bytes(map_, 0, options=replace(OPTIONS, poster=None)), tmp_path, DPI)[0]
    paper = gm_style().paper
    bare = np.array([paper.red(), paper.green(), paper.blue()])
    for page in plan.pages:
        if page not in plan.printed:
            part = whole[round(page.y) : round(page.y + page.height), round(page.x) : round(page.x + page.width)]
            ink = np.abs(part.astype(int) - bare).max(axis=2) > 24
            assert part.size and not ink.any(), f"page {page.name} was left out, yet the map draws there"
    pages = rasterised(data, tmp_path, DPI)
    first_piece = pages[1][round(MARGIN) : -round(MARGIN), round(MARGIN) : -round(MARGIN)]
    assert (np.abs(first_piece.astype(int) - bare).max(axis=2) > 24).any(), "a printed page holds the map"


def _text(pdf: bytes, tmp_path, page: int) -> str:
    source = tmp_path / "poster.pdf"
    source.write_bytes(pdf)
    done = subprocess.run(
        ["pdftotext", "-f", str(page), "-l", str(page), "-layout", str(source), "-"],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def test_the_assembly_sheet_names_and_numbers_only_the_pages_printed(qapp, tmp_path):
    data, plan = poster_file(l_shaped(), OPTIONS)
    sheet = _text(data, tmp_path, 1)
    count = len(plan.printed)
    assert f"poster of {count} pages ({plan.rows} x {plan.cols}, {plan.left_out} blank left out)" in sheet
    for page in plan.pages:
        named = re.search(rf"\b{page.name}\b", sheet) is not None
        assert named == (page in plan.printed), f"{page.name}: a left-out cell is empty and unnumbered"
    assert sorted(map(int, re.findall(r"page (\d+)\b", sheet))) == list(range(2, count + 2))
    assert "A dashed cell had nothing of the map on it: it is not printed." in sheet
    for sheet_number, page in enumerate(plan.printed, start=2):
        header = _text(data, tmp_path, sheet_number)
        assert f"{page.name}   (row {page.row + 1} of {plan.rows}" in header
        assert f"page {sheet_number} of {count + 1})" in header


def test_the_command_line_says_how_many_pages_were_left_out(capsys, tmp_path, qapp):
    source = tmp_path / "l.tabletop"
    save_map(l_shaped(), source)
    out = tmp_path / "x.pdf"
    result = tabletop(capsys, "export", str(source), "-o", str(out), "--poster", "a4")
    assert result.code == 0, result.err
    plan = poster_plan(prepare(l_shaped(), OPTIONS))
    printed, left = len(plan.printed), plan.left_out
    assert result.out == (
        f"{out}: a poster of {printed} A4 pages ({plan.rows} x {plan.cols}) after its assembly sheet; "
        f"{left} blank pages left out\n"
    )
    assert out.read_bytes().count(b"/Type /Page\n") == 1 + printed


def test_a_plans_words_for_one_page_and_for_none_blank():
    page = PosterPage(0, 0, 0.0, 0.0, 100.0, 100.0)
    other = PosterPage(0, 1, 90.0, 0.0, 100.0, 100.0)
    assert PosterPlan((page,), (page,), "letter").summary() == (
        "a poster of 1 Letter page (1 x 1) after its assembly sheet; no page was blank"
    )
    plan = PosterPlan((page, other), (other,), "a3")
    assert plan.summary() == "a poster of 1 A3 page (1 x 2) after its assembly sheet; 1 blank page left out"
    assert plan.sheet_of(other) == 2


def test_a_poster_of_nothing_drawn_is_refused_in_one_line(qapp):
    with pytest.raises(ExportError, match=r"^has nothing drawn to print on a poster$"):
        poster_file(Map(title="Empty"), OPTIONS)


def test_a_page_under_the_background_picture_alone_is_printed(qapp, tmp_path):
    scan = QImage(200, 200, QImage.Format.Format_RGB32)
    scan.fill(QColor("#7a9a6a"))
    assert scan.save(str(tmp_path / "scan.png"))
    map_ = l_shaped().model_copy(update={"background": Background(path="scan.png", scale=4)})  # under the whole L
    plan = poster_plan(prepare(map_, OPTIONS, tmp_path))
    assert plan.left_out == 0
    assert poster_plan(prepare(map_, OPTIONS, tmp_path / "elsewhere")).left_out > 0, "a picture not found draws nothing"


def test_the_players_poster_leaves_out_the_pages_of_a_hidden_room(qapp):
    vault = Zone(id="vault", name="Vault", shape=_box(250, 250, 550, 550), hidden=True)
    map_ = l_shaped().model_copy(update={"zones": [*l_shaped().zones, vault]})
    gm = poster_plan(prepare(map_, OPTIONS))
    players = poster_plan(prepare(map_, replace(OPTIONS, who=Who.PLAYERS)))
    assert gm.pages == players.pages
    assert gm.left_out == 0 and players.left_out > 0, "the players' copy has nothing where the hidden room is"


@given(
    width=st.floats(10, 1500),
    height=st.floats(10, 1500),
    overlap=st.floats(0, 40),
    boxes=st.lists(st.tuples(*[st.floats(-100, 1600)] * 2, *[st.floats(0, 400)] * 2), max_size=12),
)
def test_the_pages_a_box_meets_are_those_whose_piece_it_meets(width, height, overlap, boxes):
    pages = poster_pages(width, height, "a4", False, overlap)
    table = np.array([(x, y, x + w, y + h) for x, y, w, h in boxes], dtype=np.float64).reshape(-1, 4)
    met = pages_met(pages, table)
    for page in pages:
        piece = (page.x, page.y, page.x + page.width, page.y + page.height)
        assert met[page.row, page.col] == any(_meets(box, piece) for box in table.tolist()), page.name
