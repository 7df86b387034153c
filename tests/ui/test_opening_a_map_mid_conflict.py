"""A map saved mid-conflict, opened: fitted to the canvas the GM sees once the Play dock (built
after the first frame) took its room; the last token of one side removed ends the conflict;
File ▸ New leaves nothing of the last map's conflict in the dock."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, QSettings, QTimer

from tabletop.geometry.single.shapes import map_bounds
from tabletop.io import load_map_stamped
from tabletop.ui.main_window import MainWindow

MAPS = Path(__file__).resolve().parents[2] / "maps"


def _whole_map_on_canvas(window: MainWindow) -> bool:
    document = window.document
    x, y, w, h = map_bounds(document.map, margin=0, zone_extent=document.layout.zone_extent())
    shown = window.view.mapFromScene(QRectF(x, y, w, h)).boundingRect()
    return window.view.viewport().rect().contains(shown)


def test_a_conflict_map_opened_at_start_is_whole_beside_the_play_dock(qtbot, tmp_path, monkeypatch):
    """As ui.app.run opens a small file: loaded, shown, fitted on the next turn of the loop."""
    monkeypatch.setenv("TABLETOP_RECOVERY_DIR", str(tmp_path / "recovery"))
    window = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    path = MAPS / "warehouse-conflict.tabletop"
    window.files.show_loaded(path, *load_map_stamped(path))
    window.show()
    QTimer.singleShot(0, window.view.fit_map)
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.later.done)
    assert window.play.dock.isVisible(), "the conflict's dock is shown"
    qtbot.waitUntil(lambda: _whole_map_on_canvas(window))  # else the East end is cut off behind the dock


def test_a_conflict_map_opened_in_a_running_window_is_whole_beside_the_play_dock(window, qtbot):
    """File > Open (or Open Recent) of a map mid-conflict: the Play dock comes up, the map still whole."""
    qtbot.waitUntil(lambda: window.later.done)
    path = MAPS / "warehouse-conflict.tabletop"
    window.files.show_loaded(path, *load_map_stamped(path))
    assert window.play.dock.isVisible(), "the conflict's dock is shown"
    qtbot.waitUntil(lambda: _whole_map_on_canvas(window))  # else the East end is cut off behind the dock


def test_removing_the_last_token_of_one_side_ends_the_conflict(window, qtbot):
    path = MAPS / "warehouse-conflict.tabletop"
    window.files.show_loaded(path, *load_map_stamped(path))
    window.document.select([("token", "gatto")])  # the runners' only actor
    window.tools["S"].delete_selection()
    conflict = window.document.map.conflict
    assert [p.token for p in conflict.participants] == ["hargan"], "only the corp's side is left"
    assert conflict.ended, "Hargan plays exchange after exchange against nobody"
    assert "left on the map" in conflict.story
    window.document.undo_stack.undo()
    assert window.document.map.conflict.ended is None and len(window.document.map.conflict.participants) == 2


def test_after_file_new_the_play_dock_lists_nothing_of_the_last_maps_conflict(window, qtbot):
    path = MAPS / "warehouse-conflict.tabletop"
    window.files.show_loaded(path, *load_map_stamped(path))
    form = window.play.dock_widget.form
    assert form.choice.count() and form.who.combo.count()
    assert window.files.new()
    names = [form.who.combo.itemText(i) for i in range(form.who.combo.count())]
    assert names in ([], ["—"]) and form.choice.count() == 0 and form.edits.keys() <= {"story"}
