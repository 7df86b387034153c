"""The window names grid areas as the command line and the exports do: the status bar under the
mouse ("area C5"), the play dock's destination, the undo text of a move, all counted from the
grid's top-left A1, which moves when the grid grows north."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint

from tabletop.document.commands import MoveToken
from tabletop.document.commands.growth import grow_grid
from tabletop.model import AreaLocation
from tabletop.samples import af_encounter
from tests.ui.conftest import at, click
from tests.ui.playing import choose, start_af

SIZE = 40
"""The creek's areas are 40 units, its origin at 0,0."""


def _centre(row: int, col: int) -> tuple[float, float]:
    return (col * SIZE + SIZE / 2, row * SIZE + SIZE / 2)


@pytest.fixture
def mouse_away(qtbot, window):
    """The mouse is taken off the window after the test: a later window opening at the same place
    would find it resting over its map (a paste lands under it)."""
    yield
    qtbot.mouseMove(window, QPoint(-200, -200))
    qtbot.waitUntil(lambda: not window.view.underMouse())


def test_the_status_bar_names_the_area_under_the_mouse(qtbot, window, mouse_away):
    window.document.replace_map(af_encounter(), None)
    window.view.fit_map()
    viewport = window.view.viewport()
    qtbot.mouseMove(viewport, pos=at(window, *_centre(4, 2)))
    qtbot.waitUntil(lambda: window.hover_label.text().startswith("area "))
    assert window.hover_label.text().startswith("area C5   "), "row 4, column 2: C5"
    qtbot.mouseMove(viewport, pos=at(window, *_centre(0, 0)))
    qtbot.waitUntil(lambda: window.hover_label.text().startswith("area A1   "))
    window.document.undo_stack.push(grow_grid(window.document, "creek", "north"))
    window.view.fit_map()  # the new tiles above in sight
    qtbot.mouseMove(viewport, pos=at(window, *_centre(4, 2)))
    qtbot.waitUntil(lambda: window.hover_label.text().startswith("area C10   "))
    qtbot.mouseMove(viewport, pos=at(window, *_centre(-5, 0)))
    qtbot.waitUntil(lambda: window.hover_label.text().startswith("area A1   "))


def test_a_move_on_the_grid_is_undone_by_the_areas_name(window):
    window.document.replace_map(af_encounter(), None)
    where = AreaLocation(grid="creek", row=0, col=14)
    window.document.undo_stack.push(MoveToken(window.document, "kell", where))
    assert window.document.undo_stack.undoText().endswith("area O1 of The creek")


def test_the_play_dock_names_the_destination_clicked(qtbot, window):
    start_af(window)
    window.view.fit_map()
    form = window.play.dock_widget.form
    choose(window.play.dock_widget, "maneuver")
    click(qtbot, window, *_centre(9, 4))
    assert form.destination.place == (9, 4)
    assert form.destination.label.text() == "area E10"
