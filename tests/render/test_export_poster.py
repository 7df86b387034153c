"""Posters: pieces that tile the map exactly with the overlap asked, on pages of the paper
asked, after an assembly sheet."""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.io import MapFileError, load_map
from tabletop.render.export import ExportOptions, Poster, Scale, ScaleKind, export_map, prepare
from tabletop.render.export.options import ExportError
from tabletop.render.export.poster import poster_bytes, scale_words
from tabletop.render.export.poster_plan import MARGIN, paper_size, poster_pages
from tabletop.samples import af_encounter
from tests.conftest import MAPS


def _pieces_along(pages, axis):
    """(start, length) of the pieces of the first row (x) or first column (y)."""
    if axis == "x":
        return [(p.x, p.width) for p in pages if p.row == 0]
    return [(p.y, p.height) for p in pages if p.col == 0]


@given(
    width=st.floats(10, 3000),
    height=st.floats(10, 3000),
    paper=st.sampled_from(["a4", "letter", "a3"]),
    landscape=st.booleans(),
    overlap=st.floats(0, 60),
)
def test_pieces_tile_the_map_exactly_with_the_overlap_asked(width, height, paper, landscape, overlap):
    pages = poster_pages(width, height, paper, landscape, overlap)
    page_w, page_h = paper_size(paper, landscape)
    rows, cols = pages[-1].row + 1, pages[-1].col + 1
    assert len(pages) == rows * cols
    for axis, length, room in (("x", width, page_w - 2 * MARGIN), ("y", height, page_h - 2 * MARGIN)):
        pieces = _pieces_along(pages, axis)
        assert pieces[0][0] == 0 and pieces[-1][0] + pieces[-1][1] == pytest.approx(length)
        assert all(0 < size <= room + 1e-9 for _, size in pieces)
        for (start, size), (following, _) in itertools.pairwise(pieces):
            assert start + size - following == pytest.approx(overlap), "neighbours share the overlap"
    assert all(p.x == _pieces_along(pages, "x")[p.col][0] and p.y == _pieces_along(pages, "y")[p.row][0] for p in pages)


def test_a_map_smaller_than_a_page_is_one_piece():
    (page,) = poster_pages(100, 150, "a4")
    assert (page.x, page.y, page.width, page.height, page.name) == (0, 0, 100, 150, "A1")


def test_pieces_are_named_by_row_letter_and_column_number():
    pages = poster_pages(500, 700, "a4", overlap=10)
    assert [p.name for p in pages][:4] == ["A1", "A2", "A3", "B1"]


def test_an_overlap_as_wide_as_a_page_is_refused():
    with pytest.raises(ExportError, match="cannot overlap pages by 100 mm"):
        poster_pages(1000, 1000, "a4", overlap=100)


def _pages(pdf: bytes) -> list[tuple[float, float]]:
    boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", pdf)
    return [(float(w), float(h)) for w, h in boxes]


@pytest.mark.parametrize(
    ("paper", "landscape", "size"),
    [("a4", False, (595, 842)), ("letter", True, (792, 612)), ("a3", False, (842, 1191))],
)
def test_the_poster_pdf_has_the_assembly_sheet_and_a_page_per_piece(qapp, paper, landscape, size):
    map_ = af_encounter()
    options = ExportOptions(scale=Scale(ScaleKind.MM_PER_AREA, 25.4), poster=Poster(paper, landscape, 15))
    pdf = poster_bytes(map_, options)
    # 15 areas and a margin of one area a side, the legend two areas below: 17 x 19 inches
    pieces = poster_pages(17 * 25.4, 19 * 25.4, paper, landscape, 15)
    pages = _pages(pdf)
    assert len(pages) == 1 + len(pieces)
    assert all(page == pytest.approx(size, abs=1) for page in pages)


def test_the_poster_tells_its_progress_and_is_only_a_pdf(qapp, tmp_path):
    told = []
    options = ExportOptions(scale=Scale(ScaleKind.MM_PER_AREA, 10.0), poster=Poster("a4"))
    export_map(af_encounter(), tmp_path / "poster.pdf", options=options, progress=lambda d, t: told.append((d, t)))
    assert (tmp_path / "poster.pdf").read_bytes().startswith(b"%PDF")
    assert told[0][0] == 0 and told[-1][0] == told[-1][1]
    with pytest.raises(MapFileError, match="posters are PDF files"):
        export_map(af_encounter(), tmp_path / "poster.png", options=options)


def test_a_poster_of_millions_of_pages_is_refused_before_any_page_is_made():
    with pytest.raises(ExportError, match=r"would be a poster of 97189477 pages \(at most 400\)"):
        poster_pages(1_600_000, 2_500_000, "a4", overlap=10, max_pages=400)
    assert len(poster_pages(1000, 1000, "a4", overlap=10, max_pages=400)) == 28


@pytest.mark.parametrize("dpi", [72, 150, 600])
def test_a_zone_maps_poster_measures_the_millimetres_a_map_unit_asked_at_any_dpi(qapp, dpi):
    map_ = load_map(MAPS / "room-with-door.tabletop")
    options = ExportOptions(scale=Scale(ScaleKind.MM_PER_UNIT, 0.5, dpi), poster=Poster("a4"))
    picture = prepare(map_, options)
    _, _, width, height = picture.frame
    assert picture.mm_per_unit == pytest.approx(0.5)
    assert scale_words(picture) == "0.5 mm a map unit, 50.8 units an inch"
    pages = _pages(poster_bytes(map_, options))
    assert len(pages) == 1 + len(poster_pages(width * 0.5, height * 0.5, "a4"))


def test_a_grid_maps_poster_names_its_millimetres_a_grid_area(qapp):
    picture = prepare(af_encounter(), ExportOptions(scale=Scale(ScaleKind.MM_PER_AREA, 25.4), poster=Poster("a3")))
    assert scale_words(picture) == "25.4 mm a grid area"
