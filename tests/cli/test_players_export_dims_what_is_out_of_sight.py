"""`export --player --by-sight SIDE` dims what the players' tokens have seen and do not see now,
as their window does: the place is there, darker, with no one standing in it shown; nothing
under the fog or hidden shows either. Without --by-sight the copy is as before."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from PySide6.QtGui import QImage

from tabletop.io import save_map
from tabletop.model import Door, Passage
from tabletop.render.export import ExportOptions, Scale, ScaleKind, Who, prepare, render_image
from tabletop.render.export.options import PlayersSight
from tabletop.rules.sight import SightRange
from tests.cli.run import tabletop
from tests.ui.test_fog import _fogged_warehouse
from tests.ui.test_fog_by_sight_on_a_grid_stops_at_raised_walls import _walled_field


def _shut_warehouse():
    """The warehouse, nothing fogged, its middle magenta behind a shut door, Hargan in the middle."""
    map_ = _fogged_warehouse()
    borders = [
        b.model_copy(update={"passages": [Passage(door=Door(state="closed"))]}) if b.id == "b12" else b
        for b in map_.borders
    ]
    tokens = [
        t.model_copy(update={"colour": "#0000fe", "location": t.location.model_copy(update={"zone": "z2"})})
        if t.id == "hargan"
        else t
        for t in map_.tokens
    ]
    return map_.model_copy(update={"borders": borders, "tokens": tokens})


def _bgr(path) -> np.ndarray:
    image = QImage(str(path)).convertToFormat(QImage.Format.Format_RGB32)
    data = np.frombuffer(image.constBits(), dtype=np.uint8).reshape(image.height(), image.bytesPerLine() // 4, 4)
    return data[:, : image.width(), :3].astype(int)


def _count(bgr, colour: str) -> int:
    r, g, b = int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)
    return int(((bgr[:, :, 2] == r) & (bgr[:, :, 1] == g) & (bgr[:, :, 0] == b)).sum())


def _shaded_magenta(bgr) -> int:
    b, g, r = bgr[:, :, 0], bgr[:, :, 1], bgr[:, :, 2]
    return int(((r > 80) & (r < 160) & (abs(r - b) < 12) & (g < 50)).sum())


def test_the_players_copy_dims_the_room_behind_a_shut_door(capsys, tmp_path, qapp):
    source = tmp_path / "shut.tabletop"
    save_map(_shut_warehouse(), source)
    plain, dim = tmp_path / "plain.png", tmp_path / "dim.png"
    assert tabletop(capsys, "export", str(source), "-o", str(plain), "--player", "--width", "900").code == 0
    result = tabletop(
        capsys, "export", str(source), "-o", str(dim), "--player", "--width", "900", "--by-sight", "runners"
    )
    assert (result.code, result.err) == (0, ""), result.err
    before, after = _bgr(plain), _bgr(dim)
    assert _count(before, "#ff00ff") > 2000 and _count(before, "#0000fe") > 50, "as before: all in plain view"
    assert _count(after, "#ff00ff") == 0 and _shaded_magenta(after) > 2000, "the middle dimmed, its fill still there"
    assert _count(after, "#0000fe") == 0, "who stands out of sight now is not shown"


def test_the_players_svg_names_no_one_out_of_sight(capsys, tmp_path, qapp):
    source = tmp_path / "shut.tabletop"
    save_map(_shut_warehouse(), source)
    out = tmp_path / "dim.svg"
    assert tabletop(capsys, "export", str(source), "-o", str(out), "--player", "--by-sight", "runners").code == 0
    text = out.read_text("utf-8")
    assert "Hargan" not in text and "Gatto" in text and "Middle" in text


def test_the_players_copy_of_a_grid_dims_behind_the_wall(qapp):
    map_ = _walled_field()  # nothing fogged: the far side was seen before, the runner is behind the wall now
    options = ExportOptions(who=Who.PLAYERS, scale=Scale(ScaleKind.PX_PER_UNIT, 1.0))
    by_sight = replace(options, sight=PlayersSight("runners", SightRange(20)))
    lit, dim = (render_image(map_, options=o) for o in (options, by_sight))
    frame = prepare(map_, options).frame
    assert lit.size() == dim.size()

    def at(image, x, y):
        return image.pixelColor(round(x - frame[0]), round(y - frame[1]))

    near, far = (10, 2 * 40 + 6), (11 * 40 + 6, 4 * 40 + 6)  # the runner's area; an empty one behind the wall
    assert at(lit, *near) == at(dim, *near), "in sight: as bright as ever"
    assert at(dim, *far).lightness() < at(lit, *far).lightness() - 40, "out of sight: darker"
    assert not _count(_image_bgr(dim), "#0000fe"), "the raider behind the wall is not shown"
    assert _count(_image_bgr(lit), "#0000fe") > 20


def _image_bgr(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    data = np.frombuffer(image.constBits(), dtype=np.uint8).reshape(image.height(), image.bytesPerLine() // 4, 4)
    return data[:, : image.width(), :3].astype(int)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--by-sight", "runners"], "--player"),
        (["--player", "--sight-range", "4"], "--by-sight"),
        (["--player", "--by-sight", "runners", "--sight-units", "0"], "--sight-units"),
    ],
)
def test_sight_options_that_cannot_be_met_say_so_in_a_line(capsys, tmp_path, qapp, args, says):
    source = tmp_path / "shut.tabletop"
    save_map(_shut_warehouse(), source)
    result = tabletop(capsys, "export", str(source), "-o", str(tmp_path / "x.png"), *args)
    assert result.code != 0 and says in result.err and len(result.err.strip().splitlines()) == 1
