"""Zoomed out on a big map, the canvas shows one overview picture instead of every item."""

from __future__ import annotations

from tabletop.document.commands import EditObject
from tabletop.model import Passage
from tests.benchmarks.mapgen import zone_map


def test_a_big_map_zoomed_out_shows_the_overview_and_zoomed_in_the_items(qtbot, window):
    window.document.replace_map(zone_map(1400), None)
    switch = window.scene.overview
    assert switch.big()
    window.view.fit_map()
    assert switch.on and switch.item.image is not None
    zone_item = window.scene.items_by_key[("zone", "z0-0")]
    assert not zone_item.isVisible()
    window.view.zoom(1 / window.view.scale_now())
    assert not switch.on and zone_item.isVisible()


def test_an_edit_while_zoomed_out_remakes_the_overview(qtbot, window):
    window.document.replace_map(zone_map(1400), None)
    window.view.fit_map()
    switch = window.scene.overview
    old = switch.item.image
    border = window.document.map.borders[0]
    window.document.undo_stack.push(
        EditObject(
            window.document,
            "border",
            border.model_copy(update={"passages": [Passage(cost_from_a=5, cost_from_b=5)]}),
            "passages",
        )
    )
    assert switch.item.image is None
    qtbot.waitUntil(lambda: switch.item.image is not None)
    assert switch.item.image is not old and switch.on
    added = window.document.map.zones[0].model_copy(update={"id": "extra"})
    from tabletop.document.commands import AddObject

    window.document.undo_stack.push(AddObject(window.document, "zone", added))
    assert not window.scene.items_by_key[("zone", "extra")].isVisible(), "new items hide under the overview too"
