"""A status message about the map on screen ("Cut 1 zone") goes when another map takes its
place: File ▸ Open and File ▸ New start with a clear status line."""

from __future__ import annotations

from tabletop.io import map_to_text
from tabletop.samples import af_encounter, warehouse


def _cut_a_room(window) -> None:
    window.document.replace_map(warehouse(), None)
    window.document.select([("zone", "z1")])
    window.registry["edit.cut"].trigger()
    assert window.statusBar().currentMessage() == "Cut 1 zone"


def test_open_clears_the_old_maps_message(qtbot, window, tmp_path):
    path = tmp_path / "creek.tabletop"
    path.write_text(map_to_text(af_encounter()))
    _cut_a_room(window)
    window.document.undo_stack.setClean()  # nothing to ask about before the other map opens
    assert window.files.open(path)
    assert window.document.map.title == af_encounter().title
    assert window.statusBar().currentMessage() == ""


def test_new_clears_the_old_maps_message(qtbot, window):
    _cut_a_room(window)
    window.document.undo_stack.setClean()
    assert window.files.new()
    assert window.statusBar().currentMessage() == ""
