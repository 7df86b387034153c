"""The first token drag on a big map, right after opening it: the window prepares its index and
zone graph in the event loop, and a GM may drag before it has."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt

from tabletop.io.write import save_map
from tabletop.model import ZoneLocation
from tabletop.rules import ZoneGraph
from tabletop.rules.movement import reach
from tabletop.samples import warehouse
from tests.maps import zone_map


def test_the_first_token_drag_right_after_opening_a_big_map_shows_its_reach_and_moves_it(qtbot, window, tmp_path):
    """Opened from a file (the quick reader, the deferred index and zone graph), then dragged
    at once, before the event loop has prepared anything: the reach shown is the rules' own,
    the drop is one undo step, and undo puts the token back."""
    big = zone_map(3000)
    gatto = warehouse().tokens[0]
    start, below = "z20-20", "z21-20"
    tokens = [gatto.model_copy(update={"location": ZoneLocation(zone=start)})]
    path = tmp_path / "big.tabletop"
    save_map(big.model_copy(update={"tokens": tokens}), path)
    assert window.files.open(path)
    item = window.scene.items_by_key[("token", gatto.id)]
    window.view.resetTransform()
    window.view.centerOn(item.pos())
    viewport = window.view.viewport()
    origin = item.pos()
    target = QPointF(*window.document.get("zone", below).shape.points[0]) + QPointF(30, 20)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=window.view.mapFromScene(origin))
    for k in range(1, 7):
        qtbot.mouseMove(viewport, pos=window.view.mapFromScene(origin + (target - origin) * (k / 6)))
    expected = reach(ZoneGraph(window.document.map), start, window.reach_settings.shifts).zones()
    assert sorted(window.scene.overlay.zones) == sorted(expected)
    assert len(expected) > 1
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=window.view.mapFromScene(target))
    assert window.document.get("token", gatto.id).location == ZoneLocation(zone=below)
    assert window.document.undo_stack.count() == 1
    window.document.undo_stack.undo()
    assert window.document.get("token", gatto.id).location == ZoneLocation(zone=start)
    assert item.pos() == origin
