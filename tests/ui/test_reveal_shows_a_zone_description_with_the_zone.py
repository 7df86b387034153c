"""With Play ▸ Reveal Tool Shows Descriptions on, the Reveal tool lifting the fog from a zone
shows its description to the players at once; off, it only reveals."""

from __future__ import annotations

from tabletop.model.kinds import Kind
from tabletop.ui.player.handout import HandoutCard
from tests.ui.conftest import click
from tests.ui.handouts import FOGGED_WORDS, NOTES, open_players

WEST = (100.0, 100.0)
"""The middle of the warehouse's west end (z1), fogged on the handouts' map."""


def test_revealing_a_zone_shows_its_description(qtbot, window):
    player, handouts = open_players(qtbot, window)
    window.view.fit_map()
    handouts.on_reveal_action.trigger()
    window.tool_actions["R"].trigger()
    click(qtbot, window, *WEST)
    assert not window.document.get(Kind.ZONE, "z1").fogged
    assert player.findChild(HandoutCard).words() == ("West end", FOGGED_WORDS)
    assert NOTES not in player.findChild(HandoutCard).words()
    assert window.settings.value("handout/on_reveal", type=bool) is True


def test_revealing_shows_nothing_unless_asked(qtbot, window):
    player, handouts = open_players(qtbot, window)
    window.view.fit_map()
    window.tool_actions["R"].trigger()
    click(qtbot, window, *WEST)
    assert not window.document.get(Kind.ZONE, "z1").fogged
    assert handouts.shown is None and player.findChild(HandoutCard).words() is None
