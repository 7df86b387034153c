"""The players' badges are drawn a third larger than the GM's, past the boxes the layout keeps
for them: the players' window must still paint them whole, and paint away all of one that goes."""

from __future__ import annotations

import math

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication

from tabletop.document.commands import EditObject
from tabletop.render.badge_paint import badge_box
from tests.maps import zone_map


def _grab(view):
    QApplication.processEvents()
    return view.viewport().grab().toImage()


def _fresh(view):
    layer = view.scene().layer
    layer.budget.clear(layer._owner)
    layer._mends.clear()
    return _grab(view)


def _widest_badge(document, style, sides=range(4)):
    """The border whose badge, in this style, reaches furthest past its box in the layout (on
    these sides: left, top, right, bottom)."""
    layout = document.layout

    def overflow(border):
        left, top, right, bottom = badge_box(border, layout.lines[border.id], style)
        box = layout.boxes[("border", border.id)]
        return max((box[0] - left, box[1] - top, right - box[2], bottom - box[3])[side] for side in sides)

    border = max(document.map.borders, key=overflow)
    assert overflow(border) > 2, "the players' badge reaches past its box"
    return border


def test_hiding_a_zone_paints_away_the_whole_of_its_borders_badges_for_the_players(qtbot, window):
    document = window.document
    document.replace_map(zone_map(300), None)
    window.players.open_action.trigger()
    player = window.players.player
    qtbot.waitUntil(lambda: not player.view.covered)
    border = _widest_badge(document, player.view.scene().layer.style)
    x, y = document.layout.lines[border.id].anchor
    player.view.show_rect(QRectF(x - 90, y - 50, 180, 100))
    assert _grab(player.view) == _fresh(player.view)
    zone = document.get("zone", border.a)
    document.undo_stack.push(EditObject(document, "zone", zone.model_copy(update={"hidden": True})))
    assert _grab(player.view) == _fresh(player.view), "no edge of the hidden border's badge is left behind"
    document.undo_stack.undo()
    assert _grab(player.view) == _fresh(player.view), "the badge comes back whole"
    player.close()


def test_a_players_tile_paints_the_part_of_a_badge_that_reaches_in_from_its_neighbour(qtbot, window):
    """A tile paints what the layout finds in its box; a players' badge reaching past its
    border's box into the next tile is painted there too, as one painting of both tiles shows it."""
    from tabletop.ui.scene.layer import TILE

    document = window.document
    document.replace_map(zone_map(300), None)
    window.players.open_action.trigger()
    player = window.players.player
    qtbot.waitUntil(lambda: not player.view.covered)
    layer = player.view.scene().layer
    border = _widest_badge(document, layer.style, sides=[3])
    left, _, right, bottom = badge_box(border, document.layout.lines[border.id], layer.style)
    box = document.layout.boxes[("border", border.id)]
    edge = (box[3] + bottom) / 2  # a tile's top falls between the box's bottom and the badge's
    row = math.ceil(2 * edge / TILE)
    level = row * TILE / edge
    column = math.floor((left + right) / 2 * level / TILE)
    tile = layer._render(level, column, row).toImage()
    both = layer._patch(level, column, row - 1, TILE, 2 * TILE, layer._found([(-1e4, -1e4, 1e4, 1e4)])).toImage()
    assert tile == both.copy(0, TILE, TILE, TILE), "the badge's edge is on the tile"
    player.close()
