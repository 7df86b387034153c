"""Export options: the part of the map drawn, who it is for, and true scale on paper."""

from __future__ import annotations

import re

import numpy as np
import pytest
from PySide6.QtGui import QImage

from tabletop.geometry.whole.layout import MapLayout, zone_box
from tabletop.io import load_map
from tabletop.model import FillStyle, Token, ZoneLocation
from tabletop.render.export import (
    ExportError,
    ExportOptions,
    Scale,
    ScaleKind,
    Scope,
    Who,
    export_map,
    pdf_bytes,
    prepare,
    render_image,
    svg_bytes,
)
from tabletop.samples import af_encounter, warehouse

SECRET = "#ff00ff"


def pixels(image: QImage) -> np.ndarray:
    """(height, width, 3) RGB of an RGB32 image."""
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    raw = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), image.bytesPerLine())
    return raw[:, : image.width() * 4].reshape(image.height(), image.width(), 4)[:, :, 2::-1].copy()


def has_colour(image: QImage, colour: str) -> bool:
    rgb = tuple(int(colour[k : k + 2], 16) for k in (1, 3, 5))
    return bool(np.all(pixels(image) == rgb, axis=2).any())


def warehouse_with_a_secret():
    """The warehouse with its middle zone hidden and painted a colour nothing else has."""
    map_ = warehouse()
    middle = map_.zones[1].model_copy(
        update={"hidden": True, "name": "Secret Vault", "fill": FillStyle(colour=SECRET, opacity=1.0)}
    )
    spy = Token(id="spy", name="Hidden Spy", colour="#00ffff", hidden=True, location=ZoneLocation(zone="z1"))
    return map_.model_copy(update={"zones": [map_.zones[0], middle, map_.zones[2]], "tokens": [*map_.tokens, spy]})


def test_the_gm_copy_shows_the_secret_and_the_players_copy_has_no_pixel_of_it(qapp):
    map_ = warehouse_with_a_secret()
    assert has_colour(render_image(map_, 600), SECRET)
    players = render_image(map_, 600, options=ExportOptions(who=Who.PLAYERS, scale=Scale(ScaleKind.WIDTH, 600)))
    assert not has_colour(players, SECRET)
    assert not has_colour(players, "#00ffff")


@pytest.mark.parametrize("who", [Who.PLAYERS, Who.CLEAN])
def test_no_hidden_name_reaches_the_players_svg(qapp, who):
    map_ = warehouse_with_a_secret()
    gm = svg_bytes(map_, 600).decode()
    assert "Secret Vault" in gm and "Hidden Spy" in gm
    players = svg_bytes(map_, 600, options=ExportOptions(who=who)).decode()
    assert "Secret Vault" not in players and "Hidden Spy" not in players
    assert "West end" in players
    assert ("Gatto" in players) is (who is Who.PLAYERS), "the clean copy leaves the tokens off"


def test_a_clean_copy_of_a_map_in_a_conflict_leaves_off_its_tokens_and_the_conflict(qapp, maps_dir):
    map_ = load_map(maps_dir / "warehouse-conflict.tabletop")
    assert map_.conflict is not None and map_.tokens
    clean = svg_bytes(map_, 600, options=ExportOptions(who=Who.CLEAN)).decode()
    players = svg_bytes(map_, 600, options=ExportOptions(who=Who.PLAYERS)).decode()
    names = [token.name for token in map_.tokens if not token.hidden]
    assert all(name in players for name in names) and not any(name in clean for name in names)
    assert "West end" in clean


def test_a_png_export_holds_the_pictures_pixels_and_its_dpi(qapp, tmp_path):
    map_ = af_encounter()
    options = ExportOptions(scale=Scale(ScaleKind.WIDTH, 700, dpi=300))
    out = tmp_path / "map.png"
    export_map(map_, out, options=options)
    written = QImage(str(out))
    assert np.array_equal(pixels(written), pixels(render_image(map_, options=options)))
    assert round(written.dotsPerMeterX() * 0.0254) == 300


def test_scope_one_zone_crops_to_it(qapp):
    map_ = warehouse()
    east = map_.zones[2]
    options = ExportOptions(scope=Scope.parse("zone:z3", margin=0), scale=Scale(ScaleKind.PX_PER_UNIT, 2.0))
    picture = prepare(map_, options)
    left, top, right, bottom = zone_box(east)
    assert picture.frame == (left, top, right - left, bottom - top)
    image = render_image(map_, options=options)
    assert (image.width(), image.height()) == (round((right - left) * 2), round((bottom - top) * 2))
    assert prepare(map_, ExportOptions(scope=Scope.parse("zone:east", margin=0))).frame == picture.frame, "by name"
    whole = render_image(map_, 1200)
    assert whole.width() > image.width() * 2, "the whole map is three zones wide"


def test_a_scope_naming_nothing_is_one_clear_error(qapp):
    with pytest.raises(ExportError, match="has no single zone 'cellar'"):
        prepare(warehouse(), ExportOptions(scope=Scope.parse("zone:cellar")))
    with pytest.raises(ExportError, match="unknown scope 'room:1'"):
        Scope.parse("room:1")
    with pytest.raises(ExportError, match="no encounter grid to measure an area by"):
        prepare(warehouse(), ExportOptions(scale=Scale(ScaleKind.PX_PER_AREA, 50)))


def _media_box(pdf: bytes) -> tuple[float, float]:
    found = re.search(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", pdf)
    assert found, "the PDF names its page size"
    return float(found.group(1)), float(found.group(2))


@pytest.mark.parametrize("dpi", [72, 150, 300])
def test_one_inch_per_area_measures_25_4_mm_per_area_in_the_pdf(qapp, dpi):
    map_ = af_encounter()
    grid = map_.grids[0]
    r0, c0, r1, c1 = grid.area_bounds()
    options = ExportOptions(scope=Scope.parse("grid:creek", margin=0), scale=Scale(ScaleKind.MM_PER_AREA, 25.4, dpi))
    width, height = _media_box(pdf_bytes(map_, 0, options=options))
    points_per_mm = 72 / 25.4
    assert width / (c1 - c0 + 1) / points_per_mm == pytest.approx(25.4, abs=0.01)
    assert height / (r1 - r0 + 1) / points_per_mm == pytest.approx(25.4, abs=0.01)


def test_pixels_per_area_sets_the_areas_size_in_the_picture(qapp):
    map_ = af_encounter()
    options = ExportOptions(scope=Scope.parse("grid:creek", margin=0), scale=Scale(ScaleKind.PX_PER_AREA, 30))
    image = render_image(map_, options=options)
    assert (image.width(), image.height()) == (15 * 30, 15 * 30)


def test_leaving_off_badges_token_names_and_grid_lines(qapp):
    map_ = warehouse()
    full = svg_bytes(map_, 600).decode()
    bare = svg_bytes(map_, 600, options=ExportOptions(badges=False, token_names=False)).decode()
    assert "Gatto" in full and "Gatto" not in bare
    assert ">3<" in full.replace(" ", "") and ">3<" not in bare.replace(" ", ""), "the pass value's badge"
    grid_map = af_encounter()
    lined = prepare(grid_map, ExportOptions()).style
    plain = prepare(grid_map, ExportOptions(grid_lines=False)).style
    assert lined.grid_line.alpha() > 0 and plain.grid_line.alpha() == 0 and plain.tile_line.alpha() == 0


def test_title_and_area_coordinates_are_written_when_asked(qapp):
    map_ = af_encounter()
    plain = svg_bytes(map_, 800).decode()
    asked = svg_bytes(map_, 800, options=ExportOptions(title=True, area_coordinates=True)).decode()
    assert ">Ambush at the creek</text>" not in plain and ">Ambush at the creek</text>" in asked
    assert ">A1<" not in plain.replace(" ", "") and ">O15<" in asked.replace(" ", "")


def test_the_title_has_room_of_its_own_above_the_map(qapp):
    """It was drawn over the map's top zones: now the map is drawn whole below it."""
    map_ = warehouse_with_a_secret()
    plain = render_image(map_, 800)
    titled = render_image(map_, options=ExportOptions(title=True, scale=Scale(ScaleKind.WIDTH, 800)))
    room = titled.height() - plain.height()
    paper = pixels(plain)[0, 0]

    def first_inked_row(rgb):
        return int(np.nonzero(np.any(rgb != paper, axis=(1, 2)))[0][0])

    assert room > 0 and first_inked_row(pixels(titled)[:room]) < room, "the title is in the room above"
    assert first_inked_row(pixels(titled)[room:]) == first_inked_row(pixels(plain)), "the map starts below it"
    assert not has_colour(titled.copy(0, 0, titled.width(), room), SECRET)


@pytest.mark.parametrize("who", [Who.GM, Who.PLAYERS])
def test_a_picture_painted_whole_from_the_layout_built_for_its_frame_is_the_same_picture(qapp, who, monkeypatch):
    """The whole map's layout, built first for the frame (and painted from), gives the frame
    and the pixels the map's own points give; the players' map is laid out as it is painted."""
    from tabletop.render import paint
    from tabletop.render.export.files import picture_image

    map_ = warehouse()
    options = ExportOptions(scale=Scale(ScaleKind.WIDTH, 900), who=who)
    alone, whole = prepare(map_, options), prepare(map_, options, whole=True)
    assert (whole.layout is not None) == (who is Who.GM)
    assert (whole.frame, whole.width, whole.height) == (alone.frame, alone.width, alone.height)
    built = []
    monkeypatch.setattr(paint, "MapLayout", lambda *args, **kwargs: built.append(1) or MapLayout(*args, **kwargs))
    assert np.array_equal(pixels(picture_image(whole)), pixels(picture_image(alone)))
    assert len(built) == (1 if who is Who.GM else 2), "the GM's whole picture is painted from its layout"
    scoped = prepare(map_, ExportOptions(scope=Scope.parse("zone:z2", 40.0)), whole=True)
    assert scoped.layout is None, "a part of the map is painted from its parts"
