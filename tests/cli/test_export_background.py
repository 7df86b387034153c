"""`tabletop export` draws the map's background picture, found beside the map file, and says
in one warning line when it is missing, exporting the rest."""

from __future__ import annotations

import json

from PySide6.QtGui import QColor, QImage

from tabletop.io import save_map
from tabletop.model import Background
from tabletop.samples import warehouse
from tests.cli.run import tabletop


def test_export_draws_the_background_beside_the_map_file(capsys, tmp_path, qapp):
    picture = QImage(50, 50, QImage.Format.Format_RGB32)
    picture.fill(QColor("#00ff00"))
    assert picture.save(str(tmp_path / "scan.png"))
    map_ = warehouse().model_copy(update={"background": Background(path="scan.png", x=-400, y=-400, scale=4)})
    save_map(map_, tmp_path / "map.tabletop")
    result = tabletop(capsys, "export", str(tmp_path / "map.tabletop"), "-o", str(tmp_path / "out.png"))
    assert result.code == 0 and result.err == ""
    image = QImage(str(tmp_path / "out.png"))
    assert image.pixelColor(3, 3).name() == "#00ff00", "the picture frames the export's top left"


def test_a_missing_background_is_one_warning_and_the_map_still_exports(capsys, tmp_path, qapp):
    map_ = warehouse().model_copy(update={"background": Background(path="gone.png")})
    save_map(map_, tmp_path / "map.tabletop")
    result = tabletop(capsys, "export", str(tmp_path / "map.tabletop"), "-o", str(tmp_path / "out.png"))
    assert result.code == 0 and (tmp_path / "out.png").exists()
    assert result.err.count("\n") == 1 and "gone.png" in result.err and "warning" in result.err
    assert json.loads((tmp_path / "map.tabletop").read_text())["background"]["path"] == "gone.png"
