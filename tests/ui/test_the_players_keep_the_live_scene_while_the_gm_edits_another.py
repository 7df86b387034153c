"""Staged and live: the GM edits one scene while the players' window keeps showing the live one;
Send to Players switches it, black between; nothing hidden of either scene reaches the players."""

from __future__ import annotations

from tabletop.document.commands import EditObject
from tabletop.model.kinds import Kind
from tests.ui.scenes import ROAD_HIDDEN, ROAD_SEEN, TAVERN_HIDDEN, TAVERN_SEEN, colours_seen, open_session


def test_the_players_see_the_live_scene_while_the_gm_edits_another(qtbot, window, tmp_path):
    _, scenes, _player = open_session(qtbot, window, tmp_path)
    seen = colours_seen(window)
    assert all(seen[c] > 50 for c in TAVERN_SEEN) and seen[TAVERN_HIDDEN] == 0
    assert scenes.stage("scene-2")
    assert window.document.map.title == "Road"
    assert window.players.player is not None and window.players.player.document is not window.document
    qtbot.waitUntil(lambda: not window.players.player.view.covered)
    # the GM reveals the road's hidden zone while staged: the players still see the tavern only
    east = window.document.get(Kind.ZONE, "z3")
    window.document.undo_stack.push(EditObject(window.document, Kind.ZONE, east.model_copy(update={"hidden": False})))
    seen = colours_seen(window)
    assert all(seen[c] > 50 for c in TAVERN_SEEN)
    assert seen[ROAD_SEEN] == seen[ROAD_HIDDEN] == seen[TAVERN_HIDDEN] == 0
    window.document.undo_stack.undo()  # hidden again before the road goes to the players


def test_send_to_players_shows_the_staged_scene_after_black_and_no_secret(qtbot, window, tmp_path):
    _, scenes, _ = open_session(qtbot, window, tmp_path)
    scenes.stage("scene-2")
    window.registry["scenes.send"].trigger()
    player = window.players.player
    assert player.document.map is window.document.map and player.view.covered  # the moment of black
    qtbot.waitUntil(lambda: not player.view.covered, timeout=3000)
    seen = colours_seen(window)
    assert seen[ROAD_SEEN] > 50
    assert seen[ROAD_HIDDEN] == seen[TAVERN_HIDDEN] == 0 and all(seen[c] == 0 for c in TAVERN_SEEN)
    assert scenes.session.live == "scene-2" and not window.registry["scenes.send"].isEnabled()
    # back to the tavern to edit it: the players keep the road
    scenes.stage("scene-1")
    qtbot.waitUntil(lambda: not window.players.player.view.covered)
    seen = colours_seen(window)
    assert seen[ROAD_SEEN] > 50 and all(seen[c] == 0 for c in TAVERN_SEEN) and seen[ROAD_HIDDEN] == 0


def test_a_scene_gone_back_to_is_found_as_it_was_left(qtbot, window, tmp_path):
    _, scenes, _ = open_session(qtbot, window, tmp_path, players=False)
    document = window.document
    middle = document.get(Kind.ZONE, "z2")
    document.undo_stack.push(EditObject(document, Kind.ZONE, middle.model_copy(update={"name": "Taproom"})))
    window.view.zoom(2.0)
    kept_zoom = window.view.transform().m11()
    scenes.stage("scene-2")
    assert document.map.title == "Road" and document.undo_stack.count() == 0
    assert not window.undo_action.isEnabled()
    scenes.stage("scene-1")
    assert document.get(Kind.ZONE, "z2").name == "Taproom"
    assert document.undo_stack.count() == 1 and window.undo_action.isEnabled()
    assert abs(window.view.transform().m11() - kept_zoom) < 1e-6
    window.undo_action.trigger()
    assert document.get(Kind.ZONE, "z2").name == "Middle"


def test_a_scene_map_opened_alone_leaves_the_session_and_its_recovery_files(qtbot, window, tmp_path):
    _, scenes, _ = open_session(qtbot, window, tmp_path)
    document = window.document
    middle = document.get(Kind.ZONE, "z2")
    document.undo_stack.push(EditObject(document, Kind.ZONE, middle.model_copy(update={"name": "Taproom"})))
    scenes.stage("scene-2")  # the players keep the tavern; the tavern is kept for recovery
    assert list((tmp_path / "recovery").glob("*.tabletop"))
    assert window.files.open(tmp_path / "Night scenes" / "road.tabletop")  # the GM discards the session's changes
    assert scenes.session is None and scenes.pane.list.count() == 0
    assert window.document.map.title == "Road" and not window.document.modified
    qtbot.waitUntil(lambda: window.players.player is not None and not window.players.player.view.covered)
    assert window.players.player.document is window.document
    assert not list((tmp_path / "recovery").glob("*.tabletop"))
    seen = colours_seen(window)
    assert seen[ROAD_SEEN] > 50 and seen[ROAD_HIDDEN] == 0 and all(seen[c] == 0 for c in TAVERN_SEEN)


def test_the_players_window_leaves_the_gms_document_before_it_shows_another_scene(qtbot, window, tmp_path):
    """When the GM leaves the live scene, the players' window is already on a document of its own
    as the GM's document takes the other scene: it never holds that scene, not for a frame."""
    _, scenes, _ = open_session(qtbot, window, tmp_path)
    shown_to_players = []
    window.document.reset.connect(
        lambda: shown_to_players.append(window.players.player.document.map.title if window.players.player else None)
    )
    scenes.stage("scene-2")
    assert shown_to_players == ["Tavern"]


def test_a_players_window_opened_while_another_scene_is_edited_shows_the_live_one(qtbot, window, tmp_path):
    _, scenes, _ = open_session(qtbot, window, tmp_path, players=False)
    scenes.stage("scene-2")
    window.players.open_action.trigger()
    player = window.players.player
    qtbot.waitUntil(lambda: not player.view.covered)
    assert player.document.map.title == "Tavern" and player.document is not window.document
    seen = colours_seen(window)
    assert all(seen[c] > 50 for c in TAVERN_SEEN) and seen[TAVERN_HIDDEN] == seen[ROAD_SEEN] == seen[ROAD_HIDDEN] == 0


def test_fog_staged_on_the_live_scene_stays_unsent_while_the_gm_edits_another(qtbot, window, tmp_path):
    """With fog changes staged, the players keep the fog they were sent for the live scene while
    the GM works on another scene and comes back; only Send Fog shows them what was lifted."""
    _, scenes, _ = open_session(qtbot, window, tmp_path)
    document = window.document
    middle = document.get(Kind.ZONE, "z2")
    document.undo_stack.push(EditObject(document, Kind.ZONE, middle.model_copy(update={"fogged": True})))
    fog = window.later.part("fog")
    fog.stage_action.setChecked(True)  # the players hold the fog as it is: the middle under cloud
    document.undo_stack.push(EditObject(document, Kind.ZONE, middle.model_copy(update={"fogged": False})))
    magenta = TAVERN_SEEN[0]
    assert colours_seen(window)[magenta] == 0
    scenes.stage("scene-2")
    qtbot.waitUntil(lambda: not window.players.player.view.covered)
    assert colours_seen(window)[magenta] == 0
    scenes.stage("scene-1")
    qtbot.waitUntil(lambda: not window.players.player.view.covered)
    assert colours_seen(window)[magenta] == 0
    fog.send()
    assert colours_seen(window)[magenta] > 50
    fog.stage_action.setChecked(False)
