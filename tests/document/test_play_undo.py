"""Play and undo: removing a fighter takes it out of the conflict in the same undo step, and
undoing any sequence of play steps returns an equal map, conflict and log included."""

from __future__ import annotations

import pytest

from tabletop.document import MapDocument
from tabletop.document.commands import play_step, remove
from tabletop.model import Conflict, Map, Participant, Token, Zone


@pytest.fixture
def document(qapp) -> MapDocument:
    zones = [Zone(id="bay", name="Loading bay", shape={"kind": "node", "x": 0, "y": 0})]
    tokens = [Token(id="gatto", location={"kind": "zone", "zone": "bay"}), Token(id="hargan"), Token(id="jade")]
    return MapDocument(Map(zones=zones, tokens=tokens))


def test_removing_a_fighter_drops_it_from_the_conflict_in_one_undo_step(document: MapDocument) -> None:
    start = Conflict(
        system="af",
        participants=[Participant(token="gatto"), Participant(token="hargan")],
        order=["gatto", "hargan"],
        turn="gatto",
    )
    play_step(document, start, "Start")
    document.undo_stack.push(remove(document, [("token", "gatto")]))
    conflict = document.map.conflict
    assert document.get("token", "gatto") is None
    assert ([p.token for p in conflict.participants], conflict.order, conflict.turn) == (["hargan"], ["hargan"], None)
    document.undo_stack.undo()
    assert document.map.conflict == start
    assert document.get("token", "gatto") is not None


def test_removing_a_zone_takes_its_fighters_out_of_the_conflict(document: MapDocument) -> None:
    play_step(document, Conflict(system="edgerunner", participants=[Participant(token="gatto")]), "Start")
    command = remove(document, [("zone", "bay")])
    assert command.text() == "Remove zone Loading bay with 1 token"
    document.undo_stack.push(command)
    assert document.map.conflict.participants == []
    document.undo_stack.undo()
    assert [p.token for p in document.map.conflict.participants] == ["gatto"]
