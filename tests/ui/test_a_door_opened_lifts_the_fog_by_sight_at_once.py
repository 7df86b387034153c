"""With fog by sight on, a door opened lifts the fog from what the players' tokens see through
it at once, not at the next move, in the door's own undo step; a door opened with fog by sight
off lifts nothing."""

from __future__ import annotations

import pytest

from tabletop.document.commands import EditObject
from tabletop.model import Door, Passage
from tabletop.model.kinds import Kind
from tabletop.samples import warehouse
from tests.ui.test_fog_by_sight_lifts_what_a_players_token_sees import _fog_of, _fogged, _sight_on


def _door(document, state: str) -> None:
    door = document.get(Kind.BORDER, "b12").model_copy(update={"passages": [Passage(door=Door(state=state))]})
    document.undo_stack.push(EditObject(document, Kind.BORDER, door, "passages", text=f"Door {state}"))


def test_opening_a_door_lifts_what_is_beyond_in_the_same_undo_step(qtbot, window):
    document = window.document
    document.replace_map(_fogged(warehouse(), "z2", "z3"), None)
    _door(document, "closed")
    _sight_on(window, 5)
    assert _fog_of(document) == {"z1": False, "z2": True, "z3": True}, "the shut door keeps the fog"
    steps = document.undo_stack.count()
    _door(document, "open")
    assert _fog_of(document) == {"z1": False, "z2": False, "z3": False}, "what the open door shows, at once"
    assert document.undo_stack.count() == steps + 1 and document.undo_stack.undoText() == "Door open"
    document.undo_stack.undo()
    assert _fog_of(document) == {"z1": False, "z2": True, "z3": True}, "one undo: the door and what it let in"
    assert document.get(Kind.BORDER, "b12").passages[0].door.state == "closed"
    document.undo_stack.redo()
    assert _fog_of(document) == {"z1": False, "z2": False, "z3": False}


def test_without_fog_by_sight_a_door_opened_lifts_nothing(qtbot, window):
    document = window.document
    document.replace_map(_fogged(warehouse(), "z2", "z3"), None)
    _door(document, "closed")
    _door(document, "open")
    assert _fog_of(document) == {"z1": False, "z2": True, "z3": True}


def test_a_refused_door_edit_leaves_no_empty_step(qtbot, window):
    document = window.document
    document.replace_map(_fogged(warehouse(), "z2", "z3"), None)
    _door(document, "closed")
    _sight_on(window, 5)
    steps, text = document.undo_stack.count(), document.undo_stack.undoText()
    broken = document.get(Kind.BORDER, "b12").model_copy(update={"passages": [Passage()], "b": "nowhere"})
    with pytest.raises(ValueError):
        document.undo_stack.push(EditObject(document, Kind.BORDER, broken, "passages"))
    assert (document.undo_stack.count(), document.undo_stack.undoText()) == (steps, text)
    assert _fog_of(document) == {"z1": False, "z2": True, "z3": True}
