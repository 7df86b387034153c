"""File ▸ Export…: a map much taller than wide is shown whole in the preview, narrower, with
paper each side; a poster's pages are planned once per choice the plan reads and the plan is
kept (typing the file's name asks for nothing again, going back to a paper finds its plan);
on a big map the pages are counted after the dialog has shown, and the count then appears."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor

from tabletop.model import FillStyle, Map, Zone
from tabletop.render.export import prepare
from tabletop.render.export.poster_plan import poster_plan
from tabletop.samples import _box
from tabletop.ui.dialogs.export_dialog import PREVIEW_HEIGHT, PREVIEW_WIDTH, ExportDialog
from tabletop.ui.dialogs.poster_count import COUNT_LATER
from tests.maps import zone_map
from tests.render.test_export_options import pixels

TOP, BOTTOM = "#c0392b", "#2e86c1"
"""The top room's fill and the bottom room's: seen in the preview, the map is there whole."""


def _tower() -> Map:
    """Five rooms stacked, 200 units wide and 1000 tall: the top one red, the bottom one blue."""
    fills = [TOP, "#d7c9a7", "#d7c9a7", "#d7c9a7", BOTTOM]
    zones = [
        Zone(id=f"floor{k}", name=f"Floor {5 - k}", shape=_box(0, 200 * k, 200, 200), fill=FillStyle(colour=fill))
        for k, fill in enumerate(fills)
    ]
    return Map(title="The tower", zones=zones)


def _dialog(qtbot, window, map_: Map, tmp_path) -> ExportDialog:
    window.document.replace_map(map_, None)
    made = ExportDialog(window, window.document.map, None, QRectF(0, 0, 300, 200), [], window.settings)
    made.file.setText(str(tmp_path / "out.png"))
    qtbot.addWidget(made)
    return made


def _near(image: np.ndarray, colour: str) -> np.ndarray:
    wanted = QColor(colour)
    target = np.array([wanted.red(), wanted.green(), wanted.blue()])
    return np.abs(image[:, :, :3].astype(int) - target).max(axis=2) <= 12


def test_a_tall_map_is_shown_whole_in_the_preview_with_paper_each_side(qtbot, window, tmp_path):
    dialog = _dialog(qtbot, window, _tower(), tmp_path)
    dialog.show()
    qtbot.waitExposed(dialog)
    shown = dialog.preview.pixmap().toImage()
    assert shown.height() <= PREVIEW_HEIGHT and shown.width() < PREVIEW_WIDTH, "narrower, to fit its height"
    seen = pixels(dialog.preview.grab().toImage())
    top_rows, bottom_rows = (
        np.flatnonzero(_near(seen, TOP).any(axis=1)),
        np.flatnonzero(_near(seen, BOTTOM).any(axis=1)),
    )
    assert len(top_rows) and len(bottom_rows), "the top room and the bottom room are both in view"
    assert top_rows.max() < bottom_rows.min(), "the top room above the bottom one"
    inked = np.flatnonzero((_near(seen, TOP) | _near(seen, BOTTOM)).any(axis=0))
    middle = seen.shape[1] / 2
    assert inked.min() > 0 and inked.max() < seen.shape[1] - 1, "paper each side of the picture"
    assert abs((inked.min() + inked.max()) / 2 - middle) < seen.shape[1] * 0.1, "the picture in the middle"


def test_a_wide_map_keeps_the_previews_width(qtbot, window, tmp_path):
    tower = _tower()
    lying = tower.model_copy(
        update={
            "zones": [
                zone.model_copy(update={"shape": _box(200 * k, 0, 200, 200)}) for k, zone in enumerate(tower.zones)
            ]
        }
    )
    dialog = _dialog(qtbot, window, lying, tmp_path)
    assert dialog.preview.pixmap().toImage().width() == PREVIEW_WIDTH


def test_a_posters_plan_is_made_once_per_choice_and_found_again(qtbot, window, tmp_path):
    dialog = _dialog(qtbot, window, _tower(), tmp_path)
    dialog.poster.setChecked(True)
    dialog._refresh()
    first = dialog.plans.known(dialog.options())
    assert first is not None and "pages" in dialog.size_line.text()
    _, plan = first
    assert plan == poster_plan(prepare(dialog.map, dialog.options(), None, 2**31, 2**62))
    dialog.file.setText(str(tmp_path / "elsewhere.pdf"))
    dialog._refresh()
    assert dialog.plans.known(dialog.options()) is first, "the file's name is not a choice the plan reads"
    dialog.paper.setCurrentIndex(dialog.paper.findText("A3"))
    dialog._refresh()
    on_a3 = dialog.plans.known(dialog.options())
    assert on_a3 is not None and on_a3 is not first and on_a3[1].paper == "a3"
    dialog.paper.setCurrentIndex(dialog.paper.findText("A4"))
    dialog._refresh()
    assert dialog.plans.known(dialog.options()) is first, "back to A4: its plan found, not made again"


def test_a_big_maps_poster_pages_are_counted_after_the_dialog_has_shown(qtbot, window, tmp_path):
    map_ = zone_map(COUNT_LATER * 2)
    dialog = _dialog(qtbot, window, map_, tmp_path)
    dialog.show()
    dialog.poster.setChecked(True)
    dialog._refresh()
    assert dialog.size_line.text() == "Counting the pages the poster prints…"
    assert not dialog.export_button.isEnabled(), "Export waits for the count"
    qtbot.waitUntil(
        lambda: "pages" in dialog.size_line.text() and "Counting" not in dialog.size_line.text(), timeout=60_000
    )
    options = dialog.options()
    plan = poster_plan(prepare(map_, options, None, 2**31, 2**62))
    assert f": {len(plan.printed)} pages" in dialog.size_line.text()
    assert dialog.export_button.isEnabled()
