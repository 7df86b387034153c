"""Tokens leave the scene being edited for another scene of the session as one undo step: both
scenes change together, and undo puts both back; the players' window follows when the other
scene is the one they see."""

from __future__ import annotations

from tabletop.model import ZoneLocation
from tabletop.model.kinds import Kind
from tests.ui.scenes import TAVERN_SEEN, colours_seen, open_session

GATTO_GREEN = TAVERN_SEEN[1]


def test_a_token_moved_to_another_scene_and_back_by_undo(qtbot, window, tmp_path):
    _, scenes, _ = open_session(qtbot, window, tmp_path, players=False)
    document, session = window.document, scenes.session
    document.select([(Kind.TOKEN, "gatto")])
    steps = document.undo_stack.count()
    assert scenes.move_tokens("scene-2")
    road = session.map_of("scene-2")
    assert document.get(Kind.TOKEN, "gatto") is None
    [arrived] = [t for t in road.tokens if t.name == "Gatto"]
    assert arrived.location == ZoneLocation(zone="z2")  # the road has a zone of that id: it stands there
    assert document.undo_stack.count() == steps + 1
    assert window.undo_action.text() == "&Undo Move 1 token to Road"
    window.undo_action.trigger()
    assert document.get(Kind.TOKEN, "gatto") is not None and not any(t.name == "Gatto" for t in road.tokens)
    window.redo_action.trigger()
    assert document.get(Kind.TOKEN, "gatto") is None and [t.id for t in road.tokens] == ["gatto"]
    window.files.save()
    scenes.stage("scene-2")
    assert document.get(Kind.TOKEN, "gatto").location == ZoneLocation(zone="z2")


def test_a_token_moved_to_the_live_scene_reaches_the_players_and_undo_takes_it_back(qtbot, window, tmp_path):
    _, scenes, _ = open_session(qtbot, window, tmp_path)
    scenes.stage("scene-2")
    scenes.send()
    qtbot.waitUntil(lambda: not window.players.player.view.covered, timeout=3000)
    scenes.stage("scene-1")
    qtbot.waitUntil(lambda: not window.players.player.view.covered)
    assert colours_seen(window)[GATTO_GREEN] == 0
    window.document.select([(Kind.TOKEN, "gatto")])
    assert scenes.move_tokens("scene-2")
    assert colours_seen(window)[GATTO_GREEN] > 50
    window.document.undo_stack.undo()
    assert colours_seen(window)[GATTO_GREEN] == 0
    assert window.document.get(Kind.TOKEN, "gatto") is not None
