"""While the GM edits a scene the players do not see yet, the pointer and the handouts do not
reach their window: the tavern (the players' window's secrets map) is live, the road is staged,
and the two share their zones' ids and places, so a handout or a ping meant for the road would
land on the tavern. Nothing of the road shows, in pixels or in words, until Send; then the same
gestures show the road."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tabletop.ui.player.controls import NOT_SHOWN
from tabletop.ui.player.handout import HandoutCard
from tests.sessions import session_on_disk
from tests.ui.conftest import at
from tests.ui.pointing import hold_q_and_move, ink, let_go_of_q
from tests.ui.scenes import ROAD_SEEN, TAVERN_SEEN, colours_seen, players_frame, road, tavern

ROAD_WORDS = "A toll-keeper's hut, its shutters nailed down"
ROAD_MIDDLE_WORDS = "Fresh cart tracks lead into the trees"
TAVERN_WORDS = "Smoke, song and a fire too big for the hearth"
WEST_END = (100.0, 100.0)
"""Inside the west end of both scenes: seen by the players in the tavern and on the road."""


def _described(map_, words: dict[str, str]):
    return map_.model_copy(
        update={"zones": [z.model_copy(update={"description": words.get(z.id, "")}) for z in map_.zones]}
    )


def _session(qtbot, window, tmp_path):
    """The tavern (its middle described) live, the road (its west end and middle described,
    in other words) staged, the players' window open."""
    scenes = [
        ("Tavern", _described(tavern(), {"z2": TAVERN_WORDS})),
        ("Road", _described(road(), {"z1": ROAD_WORDS, "z2": ROAD_MIDDLE_WORDS})),
    ]
    path = session_on_disk(tmp_path, scenes)
    window.later.finish()
    assert window.files.open(path)
    window.players.open_action.trigger()
    qtbot.waitUntil(lambda: window.players.player is not None and not window.players.player.view.covered)
    assert window.scenes.stage("scene-2")
    window.view.setFocus()
    return window.scenes, window.later.part("handouts"), window.tools["L"].pointing


def _ping(qtbot, window) -> None:
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at(window, *WEST_END))


def test_a_staged_scenes_description_is_not_handed_out_before_send(qtbot, window, tmp_path, monkeypatch):
    _, handouts, _ = _session(qtbot, window, tmp_path)
    said = []
    monkeypatch.setattr(handouts, "say", said.append)
    player = window.players.player
    before = players_frame(window)
    window.document.select([("zone", "z1")])
    description = window.registry["handout.description"]
    assert not description.isEnabled() and description.statusTip() == NOT_SHOWN
    assert not window.registry["handout.picture"].isEnabled()
    assert not handouts.show_description("z1")
    assert said == [NOT_SHOWN]
    card = player.findChild(HandoutCard)
    assert handouts.shown is None and card.words() is None and card.isHidden()
    assert players_frame(window) == before, "not one pixel of the players' window changed"
    # sent: the road's words are the players' now, by the same gesture
    window.registry["scenes.send"].trigger()
    player = window.players.player
    qtbot.waitUntil(lambda: not player.view.covered, timeout=3000)
    assert description.isEnabled() and description.statusTip() == ""
    assert handouts.show_description("z1")
    assert player.findChild(HandoutCard).words() == ("West end", ROAD_WORDS)


def test_a_handout_up_on_the_live_scene_stays_while_the_gm_stages_another(qtbot, window, tmp_path):
    """The card keeps reading the scene the players see: the road's middle, same id, never shows."""
    scenes, handouts, _ = _session(qtbot, window, tmp_path)
    scenes.stage("scene-1")
    assert handouts.show_description("z2")
    card = window.players.player.findChild(HandoutCard)
    assert card.words() == ("Middle", TAVERN_WORDS)
    before = players_frame(window)
    scenes.stage("scene-2")
    assert window.players.player.findChild(HandoutCard) is card
    assert handouts.shown is not None and card.words() == ("Middle", TAVERN_WORDS), "the players keep their card"
    assert players_frame(window) == before
    assert window.registry["handout.dismiss"].isEnabled(), "Esc still takes it away"
    window.registry["handout.dismiss"].trigger()
    assert card.words() is None and card.isHidden()


def test_the_pointer_on_a_staged_scene_shows_nothing_until_send(qtbot, window, tmp_path, monkeypatch):
    _, _, pointing = _session(qtbot, window, tmp_path)
    said = []
    monkeypatch.setattr(pointing, "say", said.append)
    before = players_frame(window)
    assert colours_seen(window)[TAVERN_SEEN[0]] > 50
    window.tool_actions["L"].trigger()
    _ping(qtbot, window)
    hold_q_and_move(qtbot, window, [WEST_END, (110.0, 110.0), (120.0, 100.0)])
    let_go_of_q(qtbot, window)
    marks = pointing.marks
    assert not marks.pings and marks.boundingRect().isEmpty()
    after = players_frame(window)
    assert after == before and ink(after) == 0, "not one pixel of the players' window changed"
    assert said and set(said) == {NOT_SHOWN}
    assert len(said) <= 3, "said once a gesture, not once a mouse move"
    window.registry["scenes.send"].trigger()
    player = window.players.player
    qtbot.waitUntil(lambda: not player.view.covered, timeout=3000)
    assert colours_seen(window)[ROAD_SEEN] > 50
    _ping(qtbot, window)
    assert pointing.marks.pings, "the road is the players' now: the ping reaches them"
    qtbot.waitUntil(lambda: ink(players_frame(window)) > 0)


def test_the_phones_picture_is_the_live_scene_while_another_is_staged(qtbot, window, tmp_path):
    _session(qtbot, window, tmp_path)
    phones = window.later.part("phones")
    shown, _, fog = phones._source()
    assert shown.title == "Tavern" and fog is window.players.player.scene.fog
    window.players.open_action.trigger()  # the players' window closed: still the live scene
    assert window.players.player is None and phones._source()[0].title == "Tavern"
    window.registry["scenes.send"].trigger()
    assert phones._source()[0].title == "Road"
