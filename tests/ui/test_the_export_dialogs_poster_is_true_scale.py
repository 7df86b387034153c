"""File ▸ Export…'s Poster prints at true scale: ticking it turns the scale to millimetres on
paper and says so under it, unticking it brings the picture's width back, and the poster it
writes is the command line's poster of the same map."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

from tabletop.io import load_map
from tabletop.render.export import ScaleKind, prepare
from tabletop.render.export.poster_plan import poster_plan
from tabletop.ui.dialogs.export_dialog import SCALES, ExportDialog
from tabletop.ui.dialogs.export_run import run_export
from tests.cli.run import tabletop
from tests.conftest import MAPS
from tests.render.pictures import assert_same_picture, rasterised


def _dialog(qtbot, window, name: str, path: str) -> ExportDialog:
    map_ = load_map(MAPS / f"{name}.tabletop")
    window.document.replace_map(map_, None)
    made = ExportDialog(window, window.document.map, MAPS, QRectF(0, 0, 300, 200), [], window.settings, path)
    qtbot.addWidget(made)
    return made


def _kind(dialog: ExportDialog) -> ScaleKind:
    return SCALES[dialog.scale_kind.currentIndex()][1]


def _offered(dialog: ExportDialog) -> list[ScaleKind]:
    model = dialog.scale_kind.model()
    return [kind for k, (_, kind, _) in enumerate(SCALES) if model.item(k).isEnabled()]


def test_ticking_poster_on_a_grid_map_prints_an_inch_an_area_and_says_so(qtbot, window, tmp_path):
    dialog = _dialog(qtbot, window, "af-encounter", str(tmp_path / "creek.png"))
    assert (_kind(dialog), dialog.scale_value.value()) == (ScaleKind.WIDTH, 1920)
    dialog.poster.setChecked(True)
    dialog._refresh()
    assert (_kind(dialog), dialog.scale_value.value()) == (ScaleKind.MM_PER_AREA, 25.4)
    assert _offered(dialog) == [ScaleKind.MM_PER_AREA, ScaleKind.MM_PER_UNIT], "no pixel scale for a poster"
    assert dialog.scale_note.isVisibleTo(dialog)
    assert dialog.scale_note.text() == "True scale on paper: 25.4 mm a grid area"
    assert not dialog.dpi.isEnabled(), "a poster's millimetres are the same at any resolution"
    dialog.poster.setChecked(False)
    dialog._refresh()
    assert (_kind(dialog), dialog.scale_value.value()) == (ScaleKind.WIDTH, 1920)
    assert len(_offered(dialog)) == len(SCALES) and not dialog.scale_note.isVisibleTo(dialog)
    assert dialog.dpi.isEnabled()


def test_ticking_poster_on_a_zone_map_prints_the_calibrated_inch(qtbot, window, tmp_path):
    window.settings.setValue("player/units_per_inch", "50.000")
    dialog = _dialog(qtbot, window, "room-with-door", str(tmp_path / "room.png"))
    dialog.poster.setChecked(True)
    dialog._refresh()
    assert _kind(dialog) is ScaleKind.MM_PER_UNIT and dialog.scale_value.value() == pytest.approx(25.4 / 50, abs=1e-3)
    assert dialog.scale_note.text() == "True scale on paper: 0.508 mm a map unit, 50 units an inch"
    assert dialog.export_button.isEnabled(), dialog.size_line.text()


def test_the_dialogs_poster_is_the_command_lines(qtbot, window, tmp_path, capsys):
    dialog = _dialog(qtbot, window, "af-encounter", str(tmp_path / "creek.png"))
    dialog.poster.setChecked(True)
    dialog._refresh()
    assert run_export(window, dialog)
    made = (tmp_path / "creek.pdf").read_bytes()
    cli = tabletop(
        capsys, "export", str(MAPS / "af-encounter.tabletop"), "-o", str(tmp_path / "cli.pdf"), "--poster", "a4"
    )
    assert cli.code == 0, cli.err
    (tmp_path / "ours").mkdir()
    (tmp_path / "theirs").mkdir()
    ours = rasterised(made, tmp_path / "ours", 30)
    theirs = rasterised((tmp_path / "cli.pdf").read_bytes(), tmp_path / "theirs", 30)
    assert len(ours) == len(theirs) > 2
    for k, (page, same) in enumerate(zip(ours, theirs, strict=True)):
        assert_same_picture(page, same, f"page {k + 1}")


def test_the_dialog_counts_the_pages_a_poster_prints_and_those_left_blank(qtbot, window, tmp_path):
    """An L-shaped map's empty corner: the dialog says what the poster will print, as its
    assembly sheet and the command line do."""
    from tests.render.test_a_poster_leaves_out_its_blank_pages import l_shaped

    window.document.replace_map(l_shaped(), None)
    dialog = ExportDialog(window, window.document.map, MAPS, QRectF(0, 0, 300, 200), [], window.settings, "")
    qtbot.addWidget(dialog)
    dialog.poster.setChecked(True)
    dialog.scale_value.setValue(0.635)
    dialog._refresh()
    plan = poster_plan(prepare(window.document.map, dialog.options(), MAPS, 2**31, 2**62))
    assert plan.left_out > 0
    words = dialog.size_line.text()
    assert f": {len(plan.printed)} pages, {plan.left_out} blank left out and the assembly sheet" in words, words
