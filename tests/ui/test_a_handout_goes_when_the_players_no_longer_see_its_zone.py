"""A handout of a zone goes when the players stop seeing that zone: the fog they are sent
(staged), the map's own fog (live), or staging turned off over a zone fogged meanwhile. The card,
the status bar and Esc agree that it is gone, and lifting the fog later never brings it back."""

from __future__ import annotations

from tabletop.document.commands.fog import SetFog
from tabletop.model.kinds import Kind
from tabletop.ui.player.handout import HandoutCard
from tests.ui.handouts import DESCRIPTION, frame, open_players

TAKEN_AWAY = "The handout is taken away: Middle is under the players' fog"


def _fog_middle(window, fogged: bool) -> None:
    window.document.undo_stack.push(SetFog(window.document, ["z2"], None, fogged))


def _send(window) -> None:
    window.registry["fog.send"].trigger()


def _gone(window, handouts, player) -> None:
    assert handouts.shown is None and player.findChild(HandoutCard).words() is None
    assert player.findChild(HandoutCard).isHidden()
    assert not handouts.up.isVisible(), "the status bar no longer says the players see it"
    assert not window.registry["handout.dismiss"].isEnabled(), "Esc is the tools' again"


def test_sent_fog_over_the_zone_takes_its_handout_away(qtbot, window):
    player, handouts = open_players(qtbot, window)
    window.fog.stage_action.trigger()
    blank = frame(player)
    assert handouts.show_description("z2")
    _fog_middle(window, True)
    card = player.findChild(HandoutCard)
    assert card.words() == ("Middle", DESCRIPTION), "staged fog is not the players' yet"
    assert handouts.up.text() == "Players see Middle's description (Esc to dismiss)"
    _send(window)
    _gone(window, handouts, player)
    assert window.statusBar().currentMessage() == TAKEN_AWAY
    _fog_middle(window, False)
    _send(window)
    assert card.words() is None and card.isHidden(), "the old description does not come back unasked"
    assert frame(player) == blank, "the players see the map as before the handout, nothing over it"
    assert handouts.shown is None and not handouts.up.isVisible()


def test_live_fog_over_the_zone_takes_its_handout_away(qtbot, window):
    player, handouts = open_players(qtbot, window)
    assert handouts.show_description("z2")
    _fog_middle(window, True)
    _gone(window, handouts, player)
    assert window.statusBar().currentMessage() == TAKEN_AWAY
    window.document.undo_stack.undo()  # the fog lifted again
    assert handouts.shown is None and player.findChild(HandoutCard).words() is None


def test_staging_turned_off_over_a_zone_fogged_meanwhile_takes_its_handout_away(qtbot, window):
    player, handouts = open_players(qtbot, window)
    window.fog.stage_action.trigger()
    _fog_middle(window, True)
    window.document.select([(Kind.ZONE, "z2")])
    zone_id, stacked = handouts.aspects()[0]
    assert handouts.show_aspect(zone_id, stacked), "the players still see the middle: the fog is staged"
    window.fog.stage_action.trigger()  # staging off: the players see the map's fog, the middle's too
    _gone(window, handouts, player)
    assert window.statusBar().currentMessage() == TAKEN_AWAY


def test_fog_sent_over_another_zone_leaves_the_handout_up(qtbot, window):
    player, handouts = open_players(qtbot, window)
    window.fog.stage_action.trigger()
    assert handouts.show_description("z2")
    window.document.undo_stack.push(SetFog(window.document, ["z1"], None, False))  # the west end revealed
    _send(window)
    assert handouts.shown is not None and handouts.up.isVisible()
    assert player.findChild(HandoutCard).words() == ("Middle", DESCRIPTION)
    assert window.registry["handout.dismiss"].isEnabled()
