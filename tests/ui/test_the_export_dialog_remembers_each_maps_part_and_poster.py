"""File ▸ Export… comes back as the GM left it: the part of the map and the poster tick for each
map, the scale and the rest for every export; a broken remembered value is set aside and the
dialog opens with its defaults."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

from tabletop.io import load_map
from tabletop.render.export import ScaleKind, ScopeKind, Who
from tabletop.ui.dialogs.export_dialog import MAPS_KEY, OPTIONS_KEY, SCALES, SCOPES, ExportDialog
from tabletop.ui.dialogs.export_run import run_export
from tests.conftest import MAPS


def _dialog(qtbot, window, name: str, path: str) -> ExportDialog:
    window.document.replace_map(load_map(MAPS / f"{name}.tabletop"), None)
    made = ExportDialog(window, window.document.map, MAPS, QRectF(0, 0, 300, 200), [], window.settings, path)
    qtbot.addWidget(made)
    return made


def _scope(dialog: ExportDialog) -> ScopeKind:
    return SCOPES[dialog.scope.currentIndex()][1]


def test_each_map_comes_back_with_its_part_and_its_poster(qtbot, window, tmp_path):
    creek, room = str(tmp_path / "creek.png"), str(tmp_path / "room.png")
    first = _dialog(qtbot, window, "af-encounter", creek)
    first.scope.setCurrentIndex(next(k for k, (_, kind) in enumerate(SCOPES) if kind is ScopeKind.GRID))
    first.margin.setValue(0)
    first.poster.setChecked(True)
    first._refresh()
    assert run_export(window, first)
    other = _dialog(qtbot, window, "room-with-door", room)
    assert _scope(other) is ScopeKind.ALL and not other.poster.isChecked(), "another map keeps its own"
    assert SCALES[other.scale_kind.currentIndex()][1] is ScaleKind.WIDTH, "the picture's width, not the poster's"
    assert other.scale_value.value() == 1920
    again = _dialog(qtbot, window, "af-encounter", creek)
    options = again.options()
    assert (options.scope.kind, options.scope.object_id, options.scope.margin) == (ScopeKind.GRID, "creek", 0)
    assert again.poster.isChecked() and (options.scale.kind, options.scale.value) == (ScaleKind.MM_PER_AREA, 25.4)


def test_a_poster_at_other_millimetres_is_remembered_for_the_next_poster(qtbot, window, tmp_path):
    first = _dialog(qtbot, window, "af-encounter", str(tmp_path / "creek.png"))
    first.poster.setChecked(True)
    first.scale_value.setValue(20)
    first._refresh()
    assert run_export(window, first)
    other = _dialog(qtbot, window, "af-encounter-round3", str(tmp_path / "round3.png"))
    other.poster.setChecked(True)
    assert other.options().scale.value == 20


def test_a_map_never_saved_is_remembered_for_the_session(qtbot, window, tmp_path):
    first = _dialog(qtbot, window, "af-encounter", "")
    first.file.setText(str(tmp_path / "new.png"))
    first.scope.setCurrentIndex(next(k for k, (_, kind) in enumerate(SCOPES) if kind is ScopeKind.GRID))
    first._refresh()
    assert run_export(window, first)
    assert MAPS_KEY not in window.settings.allKeys(), "kept for the session, not under a name another map shares"
    assert _scope(_dialog(qtbot, window, "af-encounter", "")) is ScopeKind.GRID


@pytest.mark.parametrize(
    "value",
    [
        "{not json",
        '{"who": 1, "who": 2}',
        "[1, 2]",
        '{"who": true, "scale_kind": 99, "scale": "1"}',
        '{"scale": NaN}',
        '{"who": 1e999, "dpi": "300", "poster_scale": [25.4]}',
        "\ud800",
        7,
        ["a", "b"],
    ],
)
def test_a_broken_remembered_value_is_set_aside(qtbot, window, tmp_path, value):
    window.settings.setValue(OPTIONS_KEY, value)
    window.settings.setValue(MAPS_KEY, value)
    dialog = _dialog(qtbot, window, "af-encounter", str(tmp_path / "creek.png"))
    options = dialog.options()
    assert options.who is Who.GM and (options.scale.kind, options.scale.value, options.scale.dpi) == (
        ScaleKind.WIDTH,
        1920,
        150,
    )
    assert _scope(dialog) is ScopeKind.ALL and not dialog.poster.isChecked()
