"""End Exchange (F7) in the play dock on AF grids: a grid the GM prepared at 4x4 tiles keeps
its 16 tiles and its tokens through two exchanges; one grown past its prepared tiles is cut
back to them and the dock says "trimmed to its prepared 4x4 tiles"; a 3x3 grid grown east is
cut back to 3x3 as before; Undo brings the grown tiles and the token that left back."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tabletop.document.changes import Kind
from tabletop.model import AreaLocation, Map
from tabletop.rules.growth import grow
from tabletop.samples import af_encounter
from tests.ui.playing import REFLEXES, press, start

RAIDER_EAST = [
    {"do": "next"},
    {"do": "next"},
    {"do": "next"},  # the raider's turn: east off the edge of the 3x3 creek
    {"do": "act", "actor": "raider", "action": "maneuver", "to": [7, 11], "facing": 90},
    {"do": "snap", "actor": "raider", "snap": "hustle", "to": [7, 12], "facing": 90},
    {"do": "next"},
    {"do": "next"},
    {"do": "next"},
    {"do": "next"},
    {"do": "act", "actor": "raider", "action": "maneuver", "to": [7, 14], "facing": 90},
    {"do": "snap", "actor": "raider", "snap": "hustle", "to": [7, 15], "facing": 90, "past_edge": "grow"},
]


def prepared_4x4() -> Map:
    """The creek prepared at 4x4 tiles before play, the archer on its south-east tile, Kell on
    its south row and the raider on its east column."""
    map_ = af_encounter()
    grid = grow(grow(map_.grids[0], map_.tile_sets[0], "east"), map_.tile_sets[0], "south")
    moved = {"archer": (17, 17), "kell": (16, 3), "raider": (7, 17)}
    tokens = [
        t.model_copy(update={"location": AreaLocation(grid=grid.id, row=moved[t.id][0], col=moved[t.id][1])})
        if t.id in moved
        else t
        for t in map_.tokens
    ]
    return map_.model_copy(update={"grids": [grid], "tokens": tokens})


def begin(window, map_: Map) -> None:
    window.document.replace_map(map_, None)
    assert start(window, "af", list(REFLEXES), reflexes=REFLEXES)


def places(window) -> dict[str, object]:
    return {t.id: t.location for t in window.document.map.tokens}


def shown(window, token: str) -> bool:
    """Whether the map shows the token (one taken off the map keeps a hidden item)."""
    return window.scene.items_by_key[(Kind.TOKEN, token)].isVisible()


def grid_width(window) -> float:
    return window.scene.items_by_key[(Kind.GRID, "creek")].boundingRect().width()


def test_a_prepared_4x4_grid_keeps_its_16_tiles_and_tokens_through_two_exchanges(qtbot, window):
    begin(window, prepared_4x4())
    dock, before, width = window.play.dock_widget, places(window), grid_width(window)
    press(qtbot, window, Qt.Key.Key_F7)
    assert dock.message.text().startswith("Mira's snap and action lost; End exchange 1")
    for _ in range(5):  # exchange 2: four turns, then round 2 begins
        press(qtbot, window, Qt.Key.Key_F5)
    assert (window.document.map.conflict.exchange, window.document.map.conflict.round) == (2, 2)
    press(qtbot, window, Qt.Key.Key_F7)
    assert window.document.map.conflict.exchange == 3
    assert "End exchange 2" in dock.message.text() and "trimmed to" not in dock.message.text()
    grid = window.document.map.grids[0]
    assert len(grid.tiles) == 16 and grid.tile_bounds() == (0, 0, 3, 3)
    assert places(window) == before and grid_width(window) == width
    assert all(shown(window, t) for t in before)


def test_a_prepared_grid_grown_past_its_tiles_is_cut_back_to_them_and_undo_brings_them_back(qtbot, window):
    begin(window, prepared_4x4())
    dock, stack = window.play.dock_widget, window.document.undo_stack
    maneuver = {**RAIDER_EAST[3], "to": [7, 19]}
    hustle = {**RAIDER_EAST[-1], "to": [7, 20]}  # past the prepared east edge at column 19
    for step in [*RAIDER_EAST[:3], maneuver, hustle]:
        assert dock.take(step), dock.message.text()
    assert window.document.map.grids[0].tile_bounds() == (0, 0, 3, 4)
    grown_width = grid_width(window)
    press(qtbot, window, Qt.Key.Key_F7)
    said = dock.message.text()
    assert "The creek trimmed to its prepared 4x4 tiles; Raider exits the encounter" in said
    assert window.document.map.grids[0].tile_bounds() == (0, 0, 3, 3)
    assert grid_width(window) < grown_width
    assert not shown(window, "raider")
    stack.undo()
    assert window.document.map.grids[0].tile_bounds() == (0, 0, 3, 4)
    assert window.document.map.token("raider").location == AreaLocation(grid="creek", row=7, col=20)
    assert grid_width(window) == grown_width and shown(window, "raider")
    assert "raider" in window.document.map.conflict.order


def test_a_3x3_grid_grown_east_is_cut_back_to_3x3_as_before(qtbot, window):
    begin(window, af_encounter())
    dock, stack = window.play.dock_widget, window.document.undo_stack
    for step in RAIDER_EAST:
        assert dock.take(step), dock.message.text()
    assert window.document.map.grids[0].tile_bounds() == (0, 0, 2, 3)
    press(qtbot, window, Qt.Key.Key_F7)
    said = dock.message.text()
    assert "The creek trimmed to 3x3 tiles; Raider exits the encounter" in said and "prepared" not in said
    assert window.document.map.grids[0].tile_bounds() == (0, 0, 2, 2)
    stack.undo()
    assert window.document.map.grids[0].tile_bounds() == (0, 0, 2, 3)
    assert window.document.map.token("raider").location.col == 15
