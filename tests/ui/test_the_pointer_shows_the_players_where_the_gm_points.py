"""Q held on the GM's map (or the Laser Pointer tool) draws a dot with a fading trail on the
players' window; a click pings the spot with a ring that fades; a double click centres the
players' view there. None of it is an edit."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt

from tabletop.samples import warehouse
from tests.ui.conftest import at
from tests.ui.pointing import frame, hold_q_and_move, ink, let_go_of_q, marks, on_players, open_players


def _map_as_it_was(window):
    document = window.document
    return document.undo_stack.count(), document.revision, document.modified, document.map.model_dump()


def test_holding_q_draws_the_pointer_where_the_mouse_goes_and_it_fades_when_let_go(qtbot, window):
    player = open_players(qtbot, window, warehouse())
    before = _map_as_it_was(window)
    assert ink(frame(player)) == 0
    hold_q_and_move(qtbot, window, [(60, 100), (80, 100), (100, 100)])
    assert marks(window).pointing
    shown = frame(player)
    assert ink(shown, on_players(player, 100, 100, 14)) > 100, "the dot where the mouse is"
    assert ink(shown, on_players(player, 300, 100)) == 0, "and nowhere else"
    let_go_of_q(qtbot, window)
    qtbot.waitUntil(lambda: not marks(window).showing)
    assert ink(frame(player)) == 0, "the dot and its trail faded away"
    assert not marks(window).timer.isActive(), "the fade's timer rests once nothing shows"
    assert _map_as_it_was(window) == before, "pointing is no edit and no undo step"


def test_q_held_keeps_the_tools_click_from_the_map(qtbot, window):
    """A click with Q held pings: the Select tool under it selects nothing."""
    player = open_players(qtbot, window, warehouse())
    before = _map_as_it_was(window)
    hold_q_and_move(qtbot, window, [(100, 100)])
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at(window, 100, 100))
    let_go_of_q(qtbot, window)
    assert marks(window).pings, "the click pinged"
    assert not window.document.selection, "the Select tool never saw the click"
    assert _map_as_it_was(window) == before
    qtbot.waitUntil(lambda: not marks(window).showing)
    assert ink(frame(player)) == 0
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at(window, 100, 100))
    assert window.document.selection, "without Q the same click selects"


def test_the_pointer_tool_pings_with_a_ring_that_fades(qtbot, window):
    player = open_players(qtbot, window, warehouse())
    before = _map_as_it_was(window)
    window.tool_actions["L"].trigger()
    running = marks(window).clock
    held = running()
    marks(window).clock = lambda: held  # the ring as it is first drawn, however long the grab takes
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at(window, 500, 100))
    shown = frame(player)
    assert ink(shown, on_players(player, 500, 100)) > 200, "a ring around the spot"
    assert ink(shown, on_players(player, 100, 100)) == 0
    marks(window).clock = running  # the clock runs again: the ring fades
    qtbot.waitUntil(lambda: not marks(window).showing, timeout=10_000)
    assert ink(frame(player)) == 0
    assert _map_as_it_was(window) == before


def test_a_double_click_centres_the_players_view_there(qtbot, window):
    player = open_players(qtbot, window, warehouse())
    window.players.follow_action.setChecked(True)
    before = _map_as_it_was(window)
    size = player.view.shown_rect.size()
    window.tool_actions["L"].trigger()
    qtbot.mouseDClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at(window, 500, 150))
    centre = player.view.shown_rect.center()
    assert abs(centre.x() - 500) < 1 and abs(centre.y() - 150) < 1
    assert player.view.shown_rect.size() == size, "their zoom stays"
    shown_centre = player.view.visible_rect().center()
    assert (shown_centre - QPointF(500, 150)).manhattanLength() < 2, "the spot is in the middle of their screen"
    assert not window.players.following, "the GM's scrolling no longer moves their view away from it"
    assert _map_as_it_was(window) == before
    hold_q_and_move(qtbot, window, [(100, 100)])
    qtbot.mouseDClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at(window, 100, 100))
    let_go_of_q(qtbot, window)
    assert abs(player.view.shown_rect.center().x() - 100) < 1, "Q and a double click centre it too"
    assert _map_as_it_was(window) == before
