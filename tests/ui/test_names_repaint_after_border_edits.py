"""Names keep clear of the borders' badges, so a border added, changed or removed may move the
names around it: both windows then show what a fresh paint shows, with no piece of a name left
where it was ("Shine" for "Shrine")."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

from tabletop.document.commands import AddObject, EditObject
from tabletop.model import Border, Map, NodeShape, PolygonShape, Zone
from tabletop.ui.tools.connect import join_touching_zones
from tests.ui.view_frames import both_windows, fresh, painted

NAMES = ["Gate", "Guard room", "Shrine", "Cells", "Hall", "Well", "Vault"]


def _dungeon(size: float) -> Map:
    """Seven square rooms of a compact dungeon, four to a row, no borders yet."""
    zones = []
    for k, name in enumerate(NAMES):
        left, top = size * (k % 4), size * (k // 4)
        corners = [(left, top), (left + size, top), (left + size, top + size), (left, top + size)]
        zones.append(Zone(id=f"z{k}", name=name, shape=PolygonShape(points=corners)))
    return Map(zones=zones)


def _same_as_fresh(views, what):
    for name, view in views.items():
        assert painted(view) == fresh(view), f"{name}'s window after {what}"


@pytest.mark.parametrize(("size", "scale"), [(60.0, 1.0), (120.0, 1.5), (120.0, 3.0)])
def test_after_join_touching_zones_both_windows_equal_a_fresh_paint(qtbot, window, size, scale):
    window.document.replace_map(_dungeon(size), None)
    views = both_windows(qtbot, window, QRectF(-10, -10, 4 * size + 20, 2 * size + 20), scale)
    for view in views.values():
        painted(view)
    assert join_touching_zones(window.document) > 0
    _same_as_fresh(views, "Join Touching Zones")
    border = window.document.map.borders[0]
    passages = [p.model_copy(update={"cost_from_a": 4, "cost_from_b": 5}) for p in border.passages]
    window.document.undo_stack.push(
        EditObject(window.document, "border", border.model_copy(update={"passages": passages}))
    )
    _same_as_fresh(views, "a border's costs changed")
    window.document.undo_stack.undo()
    window.document.undo_stack.undo()
    _same_as_fresh(views, "undo")
    window.players.player.close()


@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_a_border_between_nodes_leaves_no_piece_of_a_name(qtbot, window, scale):
    nodes = [
        Zone(id="guild", name="Guild", shape=NodeShape(x=100, y=100, radius=30)),
        Zone(id="market", name="Market", shape=NodeShape(x=260, y=100, radius=30)),
        Zone(id="docks", name="Docks", shape=NodeShape(x=180, y=220, radius=30)),
    ]
    window.document.replace_map(Map(zones=nodes), None)
    views = both_windows(qtbot, window, QRectF(0, 0, 400, 320), scale)
    for view in views.values():
        painted(view)
    for k, (a, b) in enumerate([("guild", "market"), ("market", "docks"), ("docks", "guild")]):
        window.document.undo_stack.push(AddObject(window.document, "border", Border(id=f"b{k}", a=a, b=b)))
        _same_as_fresh(views, f"the border {a}-{b}")
    window.document.undo_stack.undo()
    _same_as_fresh(views, "undo")
    window.players.player.close()
