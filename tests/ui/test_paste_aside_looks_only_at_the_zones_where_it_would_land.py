"""A paste off the cursor, on a big map, compares the piece only with the zones the layout's
index finds where it would land, not with every zone of the map; and it still lands one step
past its copies."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint

from tabletop.ui import clipboard
from tests.maps import zone_map

ZONES = 2_000


@pytest.fixture(autouse=True)
def mouse_off_the_map(qtbot, window):
    qtbot.mouseMove(window, QPoint(-200, -200))


def test_paste_aside_compares_the_few_zones_in_its_box(qtbot, window, monkeypatch):
    big = zone_map(ZONES)
    window.document.replace_map(big, None)
    first = big.zones[0]
    window.document.select([("zone", first.id)])
    window.clipboard_actions[1].trigger()
    shapes: list[object] = []
    real = clipboard._footprint

    def counted(shape, moved):
        shapes.append(shape)
        return real(shape, moved)

    monkeypatch.setattr(clipboard, "_footprint", counted)
    step = window.view.snapping.step
    for k in (1, 2):
        before = {z.id for z in window.document.map.zones}
        window.clipboard_actions[2].trigger()
        [new] = [z for z in window.document.map.zones if z.id not in before]
        x, y = first.shape.points[0]
        assert new.shape.points[0] == (x + k * step, y + k * step), "one step past the copy before"
    assert 0 < len(shapes) < ZONES // 20, f"{len(shapes)} shapes compared for two pastes on {ZONES} zones"
