"""Fog by sight: a players' token lifts the fog from every zone it sees (through open ground,
not through a closed door), in the same undo step as the move that let it see; turning it on
lifts what is in sight already, and a hidden zone is never shown nor seen past."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QImage

from tabletop.document.commands import EditObject
from tabletop.document.commands.fog import SetFog
from tabletop.model import Door, Passage, ZoneLocation
from tabletop.model.kinds import Kind
from tabletop.samples import warehouse
from tests.render.recording import record_texts
from tests.ui.test_player_window import _count, _hide, _secret_map


def _fogged(map_, *zone_ids):
    return map_.model_copy(update={"zones": [z.model_copy(update={"fogged": z.id in zone_ids}) for z in map_.zones]})


def _sight_on(window, reach: int) -> None:
    window.fog.set_players_side("runners")
    window.fog.set_sight_range(reach)
    window.fog.by_sight_action.setChecked(True)


def _move(window, token_id: str, zone_id: str) -> None:
    document = window.document
    document.undo_stack.push(window.tools["S"].moves(document, token_id, ZoneLocation(zone=zone_id)))


def _fog_of(document) -> dict[str, bool]:
    return {zone.id: zone.fogged for zone in document.map.zones}


def test_turning_fog_by_sight_on_lifts_what_is_in_sight_as_one_step(qtbot, window):
    document = window.document
    document.replace_map(_fogged(warehouse(), "z2", "z3"), None)
    _sight_on(window, 1)
    assert _fog_of(document) == {"z1": False, "z2": False, "z3": True}  # Gatto in z1 sees one border across
    assert document.undo_stack.undoText() == "Reveal What the Players See"
    document.undo_stack.undo()
    assert _fog_of(document) == {"z1": False, "z2": True, "z3": True}


def test_a_move_lifts_the_fog_it_brings_into_sight_and_its_undo_brings_it_back(qtbot, window):
    document = window.document
    document.replace_map(_fogged(warehouse(), "z2", "z3"), None)
    _sight_on(window, 1)
    _move(window, "gatto", "z2")
    assert _fog_of(document) == {"z1": False, "z2": False, "z3": False}
    assert document.undo_stack.undoText().startswith("Move Gatto")
    document.undo_stack.undo()
    assert document.get(Kind.TOKEN, "gatto").location == ZoneLocation(zone="z1")
    assert _fog_of(document) == {"z1": False, "z2": False, "z3": True}, "one undo: the move and what it saw"


def test_a_closed_door_keeps_the_fog_beyond_it(qtbot, window):
    document = window.document
    document.replace_map(_fogged(warehouse(), "z2", "z3"), None)
    _sight_on(window, 5)
    assert _fog_of(document) == {"z1": False, "z2": False, "z3": False}
    document.replace_map(_fogged(warehouse(), "z2", "z3"), None)
    door = document.get(Kind.BORDER, "b23").model_copy(update={"passages": [Passage(door=Door(state="closed"))]})
    document.undo_stack.push(EditObject(document, Kind.BORDER, door, "passages"))
    _move(window, "gatto", "z2")
    assert _fog_of(document) == {"z1": False, "z2": False, "z3": True}


def test_a_token_not_of_the_players_lifts_nothing(qtbot, window):
    document = window.document
    _sight_on(window, 5)
    document.replace_map(_fogged(warehouse(), "z1", "z2"), None)
    _move(window, "hargan", "z2")  # the corp's
    assert _fog_of(document) == {"z1": True, "z2": True, "z3": False}


def test_a_hidden_zone_in_sight_stays_unseen_on_the_players_window(qtbot, window, monkeypatch):
    drawn = record_texts(monkeypatch)
    map_, middle, hargan = _secret_map()
    document = window.document
    document.replace_map(map_, None)
    window.players.open_action.trigger()
    player = window.players.player
    qtbot.waitUntil(lambda: not player.view.covered)
    _hide(document, middle, hargan)
    document.undo_stack.push(SetFog(document, ["z1", "z2", "z3"], None, True))
    _sight_on(window, 9)
    _move(window, "gatto", "z1")
    fog = _fog_of(document)
    assert not fog["z1"] and fog["z2"] and fog["z3"], "sight stops at the hidden middle: no fog lifted past it"
    drawn.clear()
    player.view.show_rect(player.view.shown_rect.adjusted(-30, -30, 30, 30))
    frame = player.view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    assert _count(frame, "#ff00ff") == 0 and _count(frame, "#0000fe") == 0, "no pixel of the hidden zone or token"
    assert _count(frame, "#00ff00") > 50, "Gatto, in sight in the west end, shows"
    words = {d.text for d in drawn}
    assert "Middle" not in words and "Hargan" not in words and "East end" not in words
    shade = window.fog.shade
    assert "z2" not in shade.dimmed and not shade.path().contains(QPointF(300, 100)), "no shade shapes it either"
    player.close()
