"""A secret start mark (an ambush) is the GM's alone: the players' copy of the map leaves it
out, so `tabletop export --player` to PNG, SVG or PDF holds nothing of it, not its side's
colour, its outline nor its side's name, and draws the grid as if it were never marked; a
start shown to players is in every picture, and the GM's pictures hold both."""

from __future__ import annotations

import json
import shutil
import subprocess

import numpy as np
import pytest
from PySide6.QtGui import QColor, QImage

from tabletop.io import MapFileError, load_map, save_map
from tabletop.model import EncounterGrid, Map, SetupMark, Tile
from tabletop.render.setup_paint import side_colour
from tabletop.rules.visibility import HeldFog, players_grid, players_view
from tests.cli.run import tabletop
from tests.render.pictures import rasterised
from tests.render.test_export_options import pixels

SHOWN, SECRET = "band", "snipers"


def _ambush(**secret) -> Map:
    """A bare 3x3 grid: the band starts on its bottom-left tile, shown; the snipers on its
    top-right tile and its east edge, secret (or as `secret` says)."""
    marks = [
        SetupMark(side=SHOWN, tiles=[(2, 0)]),
        SetupMark(side=SECRET, tiles=[(0, 2)], edges=["east"], **({"secret": True} | secret)),
    ]
    tiles = [Tile(row=r, col=c) for r in range(3) for c in range(3)]
    return Map(grids=[EncounterGrid(id="pass", name="Pass", tiles=tiles, starts=marks)])


def _unmarked() -> Map:
    """The same grid with only the band's start: what the players must see."""
    map_ = _ambush()
    grid = map_.grids[0]
    return map_.model_copy(update={"grids": [grid.model_copy(update={"starts": grid.starts[:1]})]})


def test_the_colours_tell_the_two_sides_apart():
    assert side_colour(SHOWN) != side_colour(SECRET), "the checks below look for each side's colour"


def test_the_players_copy_leaves_out_the_secret_start_and_keeps_the_shown_one():
    map_ = _ambush()
    assert [m.side for m in players_view(map_).grids[0].starts] == [SHOWN]
    assert [m.side for m in map_.grids[0].starts] == [SHOWN, SECRET], "the GM's map keeps both"
    fogged = map_.grids[0].model_copy(update={"fogged_areas": [(0, 0), (0, 1)]})
    for fog in (None, HeldFog.of(map_)):
        seen = players_grid(fogged) if fog is None else players_grid(fogged, fog)
        assert [m.side for m in seen.starts] == [SHOWN], "fogged or not, held fog or live"
    shown = _ambush(secret=False)
    assert [m.side for m in players_view(shown).grids[0].starts] == [SHOWN, SECRET]


def test_a_mark_from_an_older_file_is_shown_and_a_word_is_no_answer(tmp_path):
    save_map(_ambush(), tmp_path / "new.tabletop")
    data = json.loads((tmp_path / "new.tabletop").read_text())
    for mark in data["grids"][0]["starts"]:
        del mark["secret"]
    (tmp_path / "old.tabletop").write_text(json.dumps(data))
    old = load_map(tmp_path / "old.tabletop")
    assert [m.secret for m in old.grids[0].starts] == [False, False]
    assert [m.side for m in players_view(old).grids[0].starts] == [SHOWN, SECRET]
    assert load_map(tmp_path / "new.tabletop").grids[0].starts[1].secret, "saved and read back secret"
    data["grids"][0]["starts"][1]["secret"] = "maybe"
    (tmp_path / "bad.tabletop").write_text(json.dumps(data))
    with pytest.raises(MapFileError) as refused:
        load_map(tmp_path / "bad.tabletop")
    said = str(refused.value)
    assert "bad.tabletop" in said and "starts[1].secret" in said and "\n" not in said, said


def _export(capsys, map_: Map, tmp_path, name: str, *who: str) -> bytes:
    source = tmp_path / f"{name}.tabletop"
    save_map(map_, source)
    out = tmp_path / name
    scale = () if "--poster" in who else ("--width", "900")  # a poster prints at true scale
    result = tabletop(capsys, "export", str(source), "-o", str(out), *scale, *who)
    assert result.code == 0, result.err
    return out.read_bytes()


def _has(image: np.ndarray, colour: QColor, near: int = 0) -> int:
    """Pixels of `colour` (each channel within `near`), from pixels() of test_export_options."""
    wanted = np.array([colour.red(), colour.green(), colour.blue()])
    return int(np.count_nonzero(np.abs(image[:, :, :3].astype(int) - wanted).max(axis=2) <= near))


def test_the_players_png_draws_the_grid_as_if_the_secret_start_were_never_marked(qapp, capsys, tmp_path):
    players = pixels(QImage.fromData(_export(capsys, _ambush(), tmp_path, "players.png", "--player")))
    unmarked = pixels(QImage.fromData(_export(capsys, _unmarked(), tmp_path, "unmarked.png", "--player")))
    assert _has(players, side_colour(SHOWN)) > 100, "the band's start is shown"
    assert _has(players, side_colour(SECRET)) == 0, "nothing in the snipers' colour"
    assert np.array_equal(players, unmarked), "no outline, band, hatch or label of the secret start"
    gm = pixels(QImage.fromData(_export(capsys, _ambush(), tmp_path, "gm.png")))
    assert _has(gm, side_colour(SHOWN)) > 100 and _has(gm, side_colour(SECRET)) > 100, "the GM sees both"


def test_the_players_svg_holds_neither_the_secret_sides_name_nor_its_colour(qapp, capsys, tmp_path):
    players = _export(capsys, _ambush(), tmp_path, "players.svg", "--player").decode()
    assert f"{SHOWN} start" in players and side_colour(SHOWN).name() in players
    assert SECRET not in players and side_colour(SECRET).name() not in players
    gm = _export(capsys, _ambush(), tmp_path, "gm.svg").decode()
    assert f"{SECRET} start (secret)" in gm and side_colour(SECRET).name() in gm


def _pdf_text(pdf: bytes, tmp_path) -> str:
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed: a PDF's words cannot be read")
    (tmp_path / "words.pdf").write_bytes(pdf)
    done = subprocess.run(["pdftotext", str(tmp_path / "words.pdf"), "-"], capture_output=True, check=True, timeout=120)
    return done.stdout.decode()


@pytest.mark.parametrize("poster", [(), ("--poster", "a4")], ids=["pdf", "poster"])
def test_the_players_pdf_shows_the_shown_start_and_nothing_of_the_secret(qapp, capsys, tmp_path, poster):
    pdf = _export(capsys, _ambush(), tmp_path, "players.pdf", "--player", *poster)
    words = _pdf_text(pdf, tmp_path)
    assert SHOWN in words and SECRET not in words, words
    pages = rasterised(pdf, tmp_path)
    assert sum(_has(page, side_colour(SHOWN), 24) for page in pages) > 100
    assert sum(_has(page, side_colour(SECRET), 24) for page in pages) == 0
    gm = _export(capsys, _ambush(), tmp_path, "gm.pdf", *poster)
    assert SECRET in _pdf_text(gm, tmp_path)
    assert sum(_has(page, side_colour(SECRET), 24) for page in rasterised(gm, tmp_path)) > 100
