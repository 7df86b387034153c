"""A players' copy never shows the background picture under a hidden zone: a secret room traced
over the plan is cut out of the picture, in every export and in the export dialog's preview,
as on the players' window."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QImage

from tabletop.io import save_map
from tabletop.model import Background, Map, PolygonShape, Zone
from tests.cli.run import tabletop

SECRET = QColor("#ff0000")


def _traced(tmp_path):
    """A red plan under two rooms, the east one hidden from the players."""
    plan = QImage(400, 200, QImage.Format.Format_RGB32)
    plan.fill(SECRET)
    assert plan.save(str(tmp_path / "plan.png"))
    rooms = [
        Zone(id="hall", name="Hall", shape=PolygonShape(points=[(0, 0), (200, 0), (200, 200), (0, 200)])),
        Zone(
            id="vault",
            name="Vault",
            hidden=True,
            shape=PolygonShape(points=[(200, 0), (400, 0), (400, 200), (200, 200)]),
        ),
    ]
    for zone in rooms:
        zone.fill.opacity = 0.0  # the picture shows through where a room is seen
    map_ = Map(zones=rooms, background=Background(path="plan.png", opacity=1.0))
    save_map(map_, tmp_path / "traced.tabletop")
    return tmp_path / "traced.tabletop"


def _red_at(image: QImage, fx: float, fy: float) -> bool:
    colour = QColor(image.pixel(int(fx * image.width()), int(fy * image.height())))
    return colour.red() > 200 and colour.green() < 60 and colour.blue() < 60


@pytest.mark.parametrize("who", ["--player", "--clean-player"])
def test_a_players_picture_is_cut_out_under_the_hidden_room(capsys, tmp_path, qapp, who):
    source = _traced(tmp_path)
    for name, flags in (("gm.png", []), ("players.png", [who])):
        result = tabletop(capsys, "export", str(source), "-o", str(tmp_path / name), "--margin", "0", *flags)
        assert result.code == 0, result.err
    gm, players = QImage(str(tmp_path / "gm.png")), QImage(str(tmp_path / "players.png"))
    assert _red_at(gm, 0.75, 0.5) and _red_at(gm, 0.25, 0.5), "the GM sees the whole plan"
    assert _red_at(players, 0.25, 0.5), "the hall is seen: its part of the plan shows"
    assert not _red_at(players, 0.75, 0.5), "nothing of the plan under the vault"
