"""While the GM drags a token, its reach shows on the players' window too: only where the
players may see, and never for a token hidden from them."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tabletop.samples import warehouse
from tests.ui.conftest import at
from tests.ui.test_fog import _frame, _open_players, _pixels


def _reach_pixels(image) -> int:
    """Pixels of the reach's green wash over the pale paper or zone fill."""
    bgr = _pixels(image)
    b, g, r = bgr[:, :, 0], bgr[:, :, 1], bgr[:, :, 2]
    return int(((g - r > 25) & (g - b > 25)).sum())


def _press_on(qtbot, window, token_id: str):
    window.view.fit_map()
    spot = window.scene.items_by_key[("token", token_id)].pos()
    qtbot.mousePress(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at(window, spot.x(), spot.y()))
    return spot


def test_the_reach_of_a_dragged_token_shows_on_the_players_window(qtbot, window):
    map_ = warehouse()
    fogged = [z.model_copy(update={"fogged": z.id == "z3"}) for z in map_.zones]
    player = _open_players(qtbot, window, map_.model_copy(update={"zones": fogged}))
    window.shifts.setValue(9)
    before = _reach_pixels(_frame(player.view))
    spot = _press_on(qtbot, window, "gatto")
    gm_zones = {z for z, _ in window.scene.overlay.zones}
    assert {"z1", "z2", "z3"} <= gm_zones
    shown = {z for z, _ in window.players.reach.overlay.zones}
    assert shown == gm_zones - {"z3"}, "the fogged zone's reach is not told"
    assert _reach_pixels(_frame(player.view)) > before + 5000
    qtbot.mouseRelease(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at(window, spot.x(), spot.y()))
    assert window.players.reach.overlay.zones == []
    assert _reach_pixels(_frame(player.view)) <= before + 50
    player.close()


def test_a_hidden_tokens_reach_is_never_shown_to_the_players(qtbot, window):
    map_ = warehouse()
    tokens = [t.model_copy(update={"hidden": t.id == "hargan"}) for t in map_.tokens]
    player = _open_players(qtbot, window, map_.model_copy(update={"tokens": tokens}))
    _press_on(qtbot, window, "hargan")
    assert window.scene.overlay.zones, "the GM sees it"
    assert window.players.reach.overlay.zones == [] and window.players.reach.overlay.areas == []
    player.close()


def test_closing_the_players_window_stops_following_the_reach(qtbot, window):
    player = _open_players(qtbot, window, warehouse())
    reach = window.players.reach
    player.close()
    qtbot.waitUntil(lambda: window.players.player is None)
    assert reach.follow not in window.scene.overlay.listeners
