"""The projector does not flicker while the GM moves between scenes: the players' window, its
document and its picture stay exactly as they are when the GM stages another scene and comes
back to the live one, with no black between; the GM's edits of the live scene still reach it;
only Send makes it afresh, black first."""

from __future__ import annotations

from tabletop.document.commands import EditObject
from tabletop.model.kinds import Kind
from tests.ui.scenes import ROAD_SEEN, TAVERN_SEEN, colours_seen, open_session, players_frame


def _watch(window, player) -> tuple[list, list]:
    """Every players' window made from now on, and every time this one is blacked out."""
    made, blacked = [], []
    window.players.opening.connect(made.append)
    cover = player.view.set_covered
    player.view.set_covered = lambda covered: (blacked.append(covered), cover(covered))
    return made, blacked


def test_staging_scenes_back_and_forth_keeps_the_players_window_and_its_picture(qtbot, window, tmp_path):
    _, scenes, player = open_session(qtbot, window, tmp_path)
    document, picture = player.document, players_frame(window)
    assert colours_seen(window)[TAVERN_SEEN[0]] > 50
    made, blacked = _watch(window, player)
    for scene_id in ("scene-2", "scene-1", "scene-2", "scene-1"):
        assert scenes.stage(scene_id)
        assert window.players.player is player and player.document is document and player.isVisible()
        assert not player.view.covered
        assert players_frame(window) == picture, f"the players' picture changed as the GM staged {scene_id}"
    assert made == [] and blacked == []


def test_the_gms_edits_of_the_live_scene_still_reach_the_steady_window(qtbot, window, tmp_path):
    _, scenes, player = open_session(qtbot, window, tmp_path)
    scenes.stage("scene-2")
    scenes.stage("scene-1")  # back on the live scene: the players' document is still their own
    assert player.document is not window.document and player.document.map is window.document.map
    middle = window.document.get(Kind.ZONE, "z2")
    window.document.undo_stack.push(EditObject(window.document, Kind.ZONE, middle.model_copy(update={"hidden": True})))
    assert colours_seen(window)[TAVERN_SEEN[0]] == 0, "the middle hidden on the projector at once"
    assert player.document.get(Kind.ZONE, "z2").hidden
    window.document.undo_stack.undo()
    assert colours_seen(window)[TAVERN_SEEN[0]] > 50
    scenes.stage("scene-2")  # the road's own edits never reach the tavern's window
    west = window.document.get(Kind.ZONE, "z1")
    window.document.undo_stack.push(EditObject(window.document, Kind.ZONE, west.model_copy(update={"hidden": True})))
    assert not player.document.get(Kind.ZONE, "z1").hidden
    assert colours_seen(window)[TAVERN_SEEN[0]] > 50 and colours_seen(window)[ROAD_SEEN] == 0


def test_only_send_makes_the_players_window_afresh_with_its_black(qtbot, window, tmp_path):
    _, scenes, player = open_session(qtbot, window, tmp_path)
    scenes.stage("scene-2")
    made, _ = _watch(window, player)
    window.registry["scenes.send"].trigger()
    sent = window.players.player
    assert sent is not player and made == [sent] and sent.view.covered
    qtbot.waitUntil(lambda: not sent.view.covered, timeout=3000)
    assert colours_seen(window)[ROAD_SEEN] > 50
    picture = players_frame(window)
    scenes.stage("scene-1")  # the GM goes back to prepare the tavern: the road stays as it is
    assert window.players.player is sent and players_frame(window) == picture
