"""A start mark kept secret in the setup editor (one undo step, per side) is drawn in the GM's
window and never in the players' window; the arrivals, which are the grid's and not a side's,
stand in a group of their own that says so."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QGroupBox

from tabletop.model import EncounterGrid, Map, SetupMark, Tile
from tabletop.render.setup_paint import side_colour
from tests.render.test_export_options import pixels

SHOWN, SECRET = "band", "snipers"


def _pass() -> Map:
    """A bare 3x3 grid, no tokens: only the setup marks wear the sides' colours."""
    tiles = [Tile(row=r, col=c) for r in range(3) for c in range(3)]
    return Map(grids=[EncounterGrid(id="pass", name="Pass", tiles=tiles)])


def _mark(qtbot, setup, side: str, tiles: str, secret: bool) -> None:
    setup.side.setCurrentText(side)
    setup.tiles.setText(tiles)
    setup.secret.setChecked(secret)
    qtbot.mouseClick(setup.apply_button, Qt.MouseButton.LeftButton)


def _wears(image: QImage, side: str) -> int:
    colour = QColor(side_colour(side))
    wanted = np.array([colour.red(), colour.green(), colour.blue()])
    return int(np.count_nonzero(np.abs(pixels(image).astype(int) - wanted).max(axis=2) <= 8))


def test_secret_is_chosen_per_side_as_one_undo_step(qtbot, window):
    window.document.replace_map(_pass(), None)
    window.document.select([("grid", "pass")])
    setup = window.inspector.setup_editor
    steps = window.document.undo_stack.count()
    _mark(qtbot, setup, SHOWN, "A3", False)
    _mark(qtbot, setup, SECRET, "C1", True)
    assert window.document.map.grid("pass").starts == [
        SetupMark(side=SHOWN, tiles=[(2, 0)]),
        SetupMark(side=SECRET, tiles=[(0, 2)], secret=True),
    ]
    assert window.document.undo_stack.count() == steps + 2, "each Apply one step"
    setup.side.setCurrentText(SHOWN)
    assert not setup.secret.isChecked(), "the band's start is shown"
    setup.side.setCurrentText(SECRET)
    assert setup.secret.isChecked(), "the snipers' is secret"
    setup.secret.setChecked(False)
    qtbot.mouseClick(setup.apply_button, Qt.MouseButton.LeftButton)
    assert not window.document.map.grid("pass").starts[1].secret, "shown again, the tiles kept"
    assert window.document.map.grid("pass").starts[1].tiles == [(0, 2)]
    assert window.document.undo_stack.count() == steps + 3
    window.document.undo_stack.undo()
    assert window.document.map.grid("pass").starts[1].secret and setup.secret.isChecked()


def test_the_arrivals_stand_apart_from_the_side_as_the_grids_own(qtbot, window):
    window.document.replace_map(_pass(), None)
    window.document.select([("grid", "pass")])
    setup = window.inspector.setup_editor

    def group(widget) -> QGroupBox:
        while not isinstance(widget, QGroupBox):
            widget = widget.parentWidget()
        return widget

    arrivals, starts = group(setup.arrival_edges["north"]), group(setup.side)
    assert arrivals is not starts, "not under the side selector"
    assert "this grid" in arrivals.title() and "every side" in arrivals.title()
    assert "grid's own" in arrivals.toolTip()
    assert group(setup.secret) is starts and group(setup.start_edges["east"]) is starts
    setup.arrival_edges["north"].setChecked(True)
    _mark(qtbot, setup, SHOWN, "A3", False)
    setup.side.setCurrentText(SECRET)
    assert setup.arrival_edges["north"].isChecked(), "another side, the same arrivals"
    assert window.document.map.grid("pass").arrivals == ["north"]


def test_the_players_window_never_shows_a_secret_start_and_the_gms_shows_both(qtbot, window):
    window.document.replace_map(_pass(), None)
    window.document.select([("grid", "pass")])
    setup = window.inspector.setup_editor
    _mark(qtbot, setup, SHOWN, "A3", False)
    _mark(qtbot, setup, SECRET, "C1", True)
    window.document.select([])
    window.players.open_action.trigger()
    player = window.players.player
    qtbot.waitExposed(player)
    qtbot.waitUntil(lambda: not player.view.covered)
    frame = lambda: player.view.viewport().grab().toImage()  # noqa: E731
    qtbot.waitUntil(lambda: _wears(frame(), SHOWN) > 100)
    assert _wears(frame(), SECRET) == 0, "neither the snipers' frame nor their label"
    gm = window.view.viewport().grab().toImage()
    assert _wears(gm, SHOWN) > 100 and _wears(gm, SECRET) > 100
    before = window.document.map.grid("pass").starts[1]
    window.document.select([("grid", "pass")])
    setup.side.setCurrentText(SECRET)
    setup.secret.setChecked(False)
    qtbot.mouseClick(setup.apply_button, Qt.MouseButton.LeftButton)
    assert before.secret and not window.document.map.grid("pass").starts[1].secret
    qtbot.waitUntil(lambda: _wears(frame(), SECRET) > 100)  # shown now: the players' window follows
    player.close()
