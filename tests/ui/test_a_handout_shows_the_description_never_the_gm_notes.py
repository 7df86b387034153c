"""A zone's description on the players' window, as a card or over the whole map: its words
and never its GM notes (the words painted and the pixels), typed text shown as typed, and
nothing of a zone hidden or under the players' fog, refused in the status line."""

from __future__ import annotations

import numpy as np
from PySide6.QtGui import QColor, QImage

from tabletop.document.commands import EditObject
from tabletop.model import Aspect, Conflict, Participant
from tabletop.model.kinds import Kind
from tabletop.ui.player.handout import CARD_COLOUR, HandoutCard
from tests.ui.handouts import (
    DESCRIPTION,
    FOGGED_WORDS,
    HIDDEN_WORDS,
    NOTES,
    frame,
    handout_map,
    open_players,
    words_painted,
)


def _colour(image: QImage, colour: QColor) -> int:
    pixels = np.frombuffer(image.constBits(), dtype=np.uint32, count=image.width() * image.height())
    return int(np.count_nonzero(pixels == colour.rgb()))


def _edit(window, zone_id: str, **change) -> None:
    zone = window.document.get(Kind.ZONE, zone_id)
    window.document.undo_stack.push(EditObject(window.document, Kind.ZONE, zone.model_copy(update=change)))


def test_the_card_shows_the_description_and_never_the_notes(qtbot, window, monkeypatch):
    player, _handouts = open_players(qtbot, window)
    before = frame(player)
    assert _colour(before, CARD_COLOUR) < before.width() * before.height() // 1000, "no card before the GM shows one"
    window.document.select([(Kind.ZONE, "z2")])
    window.registry["handout.description"].trigger()
    card = player.findChild(HandoutCard)
    assert card.words() == ("Middle", DESCRIPTION)
    said = words_painted(player, monkeypatch)
    assert DESCRIPTION in said and not any(NOTES in words for words in said)
    shown = frame(player)
    assert _colour(shown, CARD_COLOUR) > shown.width() * shown.height() // 20, "a card, on a part of the map"
    assert _colour(shown, QColor("#ff00ff")) > 50, "the map still shows beside the card"
    _edit(window, "z2", gm_notes=NOTES + " and the guard is paid off; " * 20)
    assert frame(player) == shown, "the notes change no pixel the players see"
    _edit(window, "z2", description="An empty hall.")
    assert frame(player) != shown, "the description is what the card paints"
    assert card.words() == ("Middle", "An empty hall.")


def test_full_screen_covers_the_map_and_comes_back_to_a_card(qtbot, window):
    player, handouts = open_players(qtbot, window)
    handouts.show_description("z2")
    as_card = frame(player)
    handouts.full_screen_action.trigger()
    full = frame(player)
    assert _colour(full, QColor("#ff00ff")) == 0 and _colour(full, CARD_COLOUR) > full.width() * full.height() // 2
    assert window.settings.value("handout/full_screen", type=bool) is True
    handouts.full_screen_action.trigger()
    assert frame(player) == as_card


def test_typed_markup_is_shown_as_typed(qtbot, window, monkeypatch):
    player, handouts = open_players(qtbot, window)
    typed = "<b>Bold</b> & <img src='/etc/passwd' width=30000>"
    _edit(window, "z2", description=typed)
    handouts.show_description("z2")
    assert typed in words_painted(player, monkeypatch)


def test_a_hidden_or_fogged_zone_is_refused_in_the_status_line(qtbot, window, monkeypatch):
    player, handouts = open_players(qtbot, window)
    blank = frame(player)
    assert not handouts.show_description("z3")
    assert window.statusBar().currentMessage() == "East end is hidden from the players: nothing of it is shown to them"
    assert not handouts.show_description("z1")
    assert window.statusBar().currentMessage() == "West end is under the players' fog: reveal it first"
    said = words_painted(player, monkeypatch)
    assert not any(HIDDEN_WORDS in words or FOGGED_WORDS in words for words in said)
    assert frame(player) == blank and handouts.shown is None


def test_the_card_goes_when_its_zone_is_hidden_or_fogged(qtbot, window, monkeypatch):
    player, handouts = open_players(qtbot, window)
    blank = frame(player)
    handouts.show_description("z2")
    _edit(window, "z2", fogged=True)
    assert handouts.shown is None and "taken away" in window.statusBar().currentMessage()
    assert not any(DESCRIPTION in words for words in words_painted(player, monkeypatch))
    window.document.undo_stack.undo()
    assert frame(player) == blank, "the undo brings the zone back, not the handout"


def test_staged_fog_keeps_the_description_until_sent(qtbot, window):
    """While the GM stages fog, the players keep the fog they were sent: a zone revealed on
    the GM's map is still fog to them, and its description waits."""
    player, handouts = open_players(qtbot, window)
    window.fog.stage_action.trigger()
    _edit(window, "z1", fogged=False)
    assert not handouts.show_description("z1")
    assert window.statusBar().currentMessage().endswith("send the fog (Ctrl+Return)")
    window.fog.send()
    assert handouts.show_description("z1")
    assert player.findChild(HandoutCard).words() == ("West end", FOGGED_WORDS)


def test_the_blackout_hides_the_card_too(qtbot, window):
    player, handouts = open_players(qtbot, window)
    handouts.show_description("z2")
    window.players.blackout_action.trigger()
    black = QImage(frame(player).size(), QImage.Format.Format_RGB32)
    black.fill(QColor("black"))
    assert frame(player) == black
    window.players.blackout_action.trigger()
    assert _colour(frame(player), CARD_COLOUR) > 0


def test_an_aspect_card_names_the_aspect_and_its_free_invokes(qtbot, window, monkeypatch):
    player, handouts = open_players(qtbot, window)
    window.document.select([(Kind.ZONE, "z2")])
    aspects = handouts.aspects()
    assert [(zone, aspect.name) for zone, aspect in aspects] == [("z2", "Stacked crates")]
    handouts.show_aspect(*aspects[0])
    assert player.findChild(HandoutCard).words() == ("Stacked crates", "2 free invokes")
    window.document.select([(Kind.ZONE, "z3")])
    assert handouts.aspects() == [], "a hidden zone's aspects are never offered"


def test_the_scenes_aspects_are_offered_with_no_zone_chosen(qtbot, window):
    rain = Aspect(name="Pouring rain", free_invokes=1)
    conflict = Conflict(system="edgerunner", participants=[Participant(token="gatto")], scene_aspects=[rain])
    player, handouts = open_players(qtbot, window, handout_map().model_copy(update={"conflict": conflict}))
    assert handouts.aspects() == [("", rain)]
    window.registry.menu("handout.aspect").aboutToShow.emit()
    entries = [act.text() for act in window.registry.menu("handout.aspect").actions()]
    assert entries == ["Pouring rain (the scene)"]
    window.registry.menu("handout.aspect").actions()[0].trigger()
    assert player.findChild(HandoutCard).words() == ("Pouring rain", "1 free invoke")
