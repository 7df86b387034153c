"""A double click with the pointer centres the players' view only on a spot they see: on a
hidden or fogged zone their view stays where it was (moving it there would tell them something
is there), follow mode stays on, and the GM is told why."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tabletop.document.commands.fog import SetFog
from tabletop.ui.player.pointing import NOT_SEEN
from tests.ui.conftest import at
from tests.ui.pointing import frame, ink, marks, open_players
from tests.ui.test_player_window import _hide, _secret_map


def _double_click(qtbot, window, x: float, y: float) -> None:
    qtbot.mouseDClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at(window, x, y))


def _players_view_stays(qtbot, window, monkeypatch, x: float, y: float) -> None:
    player = window.players.player
    said: list[str] = []
    monkeypatch.setattr(window.tools["L"].pointing, "say", said.append)
    window.players.follow_action.setChecked(True)
    shown = player.view.shown_rect
    window.tool_actions["L"].trigger()
    _double_click(qtbot, window, x, y)
    assert player.view.shown_rect == shown, "their view did not move"
    assert window.players.following, "follow mode stays as the GM left it"
    assert NOT_SEEN in said
    assert not marks(window).pings and ink(frame(player)) == 0


def test_a_double_click_on_a_hidden_zone_leaves_the_players_view(qtbot, window, monkeypatch):
    map_, middle, hargan = _secret_map()
    open_players(qtbot, window, map_)
    _hide(window.document, middle, hargan)
    _players_view_stays(qtbot, window, monkeypatch, 300, 100)


def test_a_double_click_on_a_fogged_zone_leaves_the_players_view(qtbot, window, monkeypatch):
    open_players(qtbot, window, _secret_map()[0])
    window.document.undo_stack.push(SetFog(window.document, ["z3"], None, True))
    _players_view_stays(qtbot, window, monkeypatch, 500, 100)


def test_staged_fog_lifted_but_not_sent_still_keeps_the_players_view(qtbot, window, monkeypatch):
    """The players have the fog they were sent: a zone the GM revealed but did not send is still
    theirs to wonder about."""
    open_players(qtbot, window, _secret_map()[0])
    window.document.undo_stack.push(SetFog(window.document, ["z3"], None, True))
    window.fog.stage_action.trigger()
    window.document.undo_stack.undo()  # the east end revealed on the GM's map only
    _players_view_stays(qtbot, window, monkeypatch, 500, 100)
    window.registry["fog.send"].trigger()
    _double_click(qtbot, window, 500, 100)
    centre = window.players.player.view.shown_rect.center()
    assert abs(centre.x() - 500) < 1 and abs(centre.y() - 100) < 1, "sent, the spot is theirs: their view goes there"
