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


def _saved_with(tmp_path, path: str):
    map_ = warehouse().model_copy(update={"background": Background(path=path, x=-400, y=-400, scale=4)})
    save_map(map_, tmp_path / "map.tabletop")
    return tmp_path / "map.tabletop"


def test_export_of_a_map_whose_background_is_a_pipe_says_so_in_one_line(tmp_path):
    """A fresh process: a read that waited on the pipe would hang it past the runner's limit."""
    import os

    from tests.cli.run import tabletop_process

    os.mkfifo(tmp_path / "scan.png")
    result = tabletop_process("export", str(_saved_with(tmp_path, "scan.png")), "-o", str(tmp_path / "out.png"))
    assert result.code == 0 and (tmp_path / "out.png").exists()
    assert result.err.count("\n") == 1 and "is not a regular file (a device or a pipe)" in result.err


def test_export_of_an_svg_background_reaching_outside_draws_nothing_of_it_and_prints_no_qt_line(tmp_path, qapp):
    from tests.cli.run import tabletop_process

    secret = QImage(50, 50, QImage.Format.Format_RGB32)
    secret.fill(QColor("#ff0000"))
    assert secret.save(str(tmp_path / "secret.png"))
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "scan.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="50" height="50">'
        f'<image width="50" height="50" href="{tmp_path / "secret.png"}"/></svg>'
    )
    result = tabletop_process(
        "export", str(_saved_with(tmp_path / "maps", "scan.svg")), "-o", str(tmp_path / "out.svg")
    )
    assert result.code == 0 and "qt.svg" not in result.err
    assert result.err.count("\n") == 1 and "outside itself" in result.err
    assert "image/png" not in (tmp_path / "out.svg").read_text(), "no picture embedded in the export"


def test_export_of_a_map_whose_background_leads_out_is_refused_in_one_line(capsys, tmp_path, qapp):
    document = json.loads((_saved_with(tmp_path, "scan.png")).read_text())
    document["background"]["path"] = "../../home/gm/secret.png"
    (tmp_path / "sent.tabletop").write_text(json.dumps(document))
    result = tabletop(capsys, "export", str(tmp_path / "sent.tabletop"), "-o", str(tmp_path / "out.png"))
    assert result.code == 1 and not (tmp_path / "out.png").exists()
    assert result.err == (
        f"{tmp_path / 'sent.tabletop'}: background.path: '../../home/gm/secret.png' climbs out of the map's folder: "
        "a picture must be a file in the map's folder (copy it there and write 'secret.png')\n"
    )
