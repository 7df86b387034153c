"""Right clicks on zones, one after another through a session, leave one zone menu behind, filled
for the zone clicked last: no menu, nor its entries, piles up on the map's canvas for each click,
and the menu bar's actions it lists stay whole."""

from __future__ import annotations

from PySide6.QtGui import QAction, QContextMenuEvent
from PySide6.QtWidgets import QApplication, QMenu

from tests.ui.conftest import at
from tests.ui.handouts import open_players

ZONES = {(100.0, 100.0): "West end", (220.0, 20.0): "Middle"}
"""A point in each zone, clear of the token in the middle (a token has a menu of its own)."""


def _right_click(window, x: float, y: float) -> None:
    where = at(window, x, y)
    viewport = window.view.viewport()
    QApplication.sendEvent(
        viewport, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, where, viewport.mapToGlobal(where))
    )
    while (popup := QApplication.activePopupWidget()) is not None:
        popup.close()


def _menus(window) -> list[QMenu]:
    return window.view.findChildren(QMenu)


def test_many_right_clicks_leave_one_zone_menu(qtbot, window):
    _player, handouts = open_players(qtbot, window)
    window.view.fit_map()
    before = len(_menus(window))
    _right_click(window, 220.0, 20.0)
    own = len(handouts.zone_menu.menu.findChildren(QAction))
    for _ in range(20):
        for (x, y), name in ZONES.items():
            _right_click(window, x, y)
            menu = handouts.zone_menu.menu
            texts = [act.text() for act in menu.actions()]
            assert texts[0] == name and texts.count(name) == 1, "the menu holds the clicked zone's entries once"
            assert texts.count("Show Zone &Description to Players") == 1
    assert len(_menus(window)) == before + 1, "one zone menu, however many right clicks"
    menu = handouts.zone_menu.menu
    qtbot.waitUntil(lambda: len(menu.findChildren(QAction)) == own)  # its old entries deleted, not piled up
    assert window.registry["handout.description"].text() == "Show Zone &Description to Players", "shared actions live"
