"""New things a GM places land where they make sense: a new grid never on zones or another
grid (the nearest free place, said in the status bar); a new token of the side of the token
selected, or of the last one placed, in that side's colour."""

from __future__ import annotations

from PySide6.QtCore import QPointF

from tabletop.samples import warehouse
from tabletop.ui.tools.grid import grid_box
from tests.ui.conftest import click


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _at(window, x, y):
    window.view.resetTransform()
    window.view.scale(0.25, 0.25)
    window.view.centerOn(QPointF(x, y))


def test_a_grid_placed_on_the_zones_goes_to_the_nearest_free_place(qtbot, window):
    window.document.replace_map(warehouse(), None)
    zones = window.document.layout.whole_box()
    _at(window, (zones[0] + zones[2]) / 2, (zones[1] + zones[3]) / 2)
    window.set_tool("G")
    click(qtbot, window, (zones[0] + zones[2]) / 2, (zones[1] + zones[3]) / 2)
    [first] = window.document.map.grids
    assert not _overlap(grid_box(first), zones)
    assert "placed beside" in window.statusBar().currentMessage()
    click(qtbot, window, (zones[0] + zones[2]) / 2, (zones[1] + zones[3]) / 2)
    second = window.document.map.grids[1]
    assert not _overlap(grid_box(second), zones) and not _overlap(grid_box(second), grid_box(first))


def test_a_grid_placed_on_empty_ground_stays_where_it_was_put(qtbot, window):
    window.document.replace_map(warehouse(), None)
    zones = window.document.layout.whole_box()
    far = (zones[2] + 2000, zones[3] + 2000)
    _at(window, *far)
    window.set_tool("G")
    click(qtbot, window, *far)
    box = grid_box(window.document.map.grids[0])
    assert box[0] < far[0] < box[2] and box[1] < far[1] < box[3]


def test_new_tokens_take_the_side_selected_or_last_placed_and_its_colour(qtbot, window):
    map_ = warehouse()
    window.document.replace_map(warehouse(), None)
    window.view.resetTransform()
    zone = map_.zones[0].shape.points
    spot = ((zone[0][0] + zone[2][0]) / 2, (zone[0][1] + zone[2][1]) / 2)
    window.view.centerOn(QPointF(*spot))
    foe = next(t for t in map_.tokens if t.side != "players")
    window.set_tool("T")
    window.document.select([("token", foe.id)])
    click(qtbot, window, *spot)
    placed = window.document.map.tokens[-1]
    assert (placed.side, placed.colour) == (foe.side, foe.colour)
    window.document.select([])
    click(qtbot, window, *spot)
    assert window.document.map.tokens[-1].side == foe.side, "the last side placed, with nothing selected"


def test_a_side_that_shares_another_sides_colour_gets_one_of_its_own(qtbot, window):
    """The GM turned a players' token into a raider in the Inspector (it kept its blue): the
    raiders placed next wear a colour no other side wears."""
    map_ = warehouse()
    hargan = next(t for t in map_.tokens if t.side != "runners")
    gatto = next(t for t in map_.tokens if t.side == "runners")
    blue_foe = hargan.model_copy(update={"colour": gatto.colour})
    window.document.replace_map(map_.model_copy(update={"tokens": [gatto, blue_foe]}), None)
    window.view.resetTransform()
    zone = map_.zones[0].shape.points
    spot = ((zone[0][0] + zone[2][0]) / 2, (zone[0][1] + zone[2][1]) / 2)
    window.view.centerOn(QPointF(*spot))
    window.set_tool("T")
    window.document.select([("token", hargan.id)])
    click(qtbot, window, *spot)
    placed = window.document.map.tokens[-1]
    assert placed.side == hargan.side and placed.colour.lower() != gatto.colour.lower()
