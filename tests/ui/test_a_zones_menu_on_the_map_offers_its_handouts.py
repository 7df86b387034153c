"""A right click on a zone chooses it and opens its menu with the handouts; the tools that
fog, draw or take a vertex with the right button keep it; the menu key opens it for the zone
chosen."""

from __future__ import annotations

from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication

from tabletop.model.kinds import Kind
from tabletop.ui.player.handout import HandoutCard
from tests.ui.conftest import at
from tests.ui.handouts import DESCRIPTION, open_players

MIDDLE = (220.0, 20.0)
"""In the middle zone, clear of the token standing in it (a token has a menu of its own)."""


def _right_click(window, reason=QContextMenuEvent.Reason.Mouse, point=MIDDLE) -> None:
    """The click's menu event; any menu it pops up (the zone's, or the window's own list of
    docks and toolbars off the zones) is closed after it is looked at."""
    where = at(window, *point)
    viewport = window.view.viewport()
    QApplication.sendEvent(viewport, QContextMenuEvent(reason, where, viewport.mapToGlobal(where)))


def _close_menus() -> None:
    while (popup := QApplication.activePopupWidget()) is not None:
        popup.close()


def test_a_right_click_on_a_zone_opens_its_handouts(qtbot, window):
    player, handouts = open_players(qtbot, window)
    window.view.fit_map()
    _right_click(window)
    menu = handouts.zone_menu.menu
    assert window.document.selection == [(Kind.ZONE, "z2")]
    texts = [act.text() for act in menu.actions()]
    assert texts[0] == "Middle" and "Show Zone &Description to Players" in texts
    assert "Show &Aspect to Players" in texts
    next(act for act in menu.actions() if act.text().startswith("Show Zone")).trigger()
    assert player.findChild(HandoutCard).words() == ("Middle", DESCRIPTION)
    _close_menus()


def test_the_reveal_tool_keeps_its_right_button(qtbot, window):
    _player, handouts = open_players(qtbot, window)
    window.view.fit_map()
    window.tool_actions["R"].trigger()
    _right_click(window)
    assert handouts.zone_menu.menu is None and window.document.selection == []
    _close_menus()


def test_the_menu_key_opens_the_chosen_zones_menu(qtbot, window):
    _player, handouts = open_players(qtbot, window)
    window.document.select([(Kind.ZONE, "z2")])
    _right_click(window, QContextMenuEvent.Reason.Keyboard, point=(-500.0, -500.0))
    assert handouts.zone_menu.menu is not None and handouts.zone_menu.menu.isVisible()
    _close_menus()


def test_no_menu_off_the_zones(qtbot, window):
    _player, handouts = open_players(qtbot, window)
    window.view.fit_map()
    _right_click(window, point=(300.0, -400.0))
    assert handouts.zone_menu.menu is None
    _close_menus()
