"""Play steps are document commands: one undo step each, the map and the conflict in step."""

from __future__ import annotations

import pytest

from tabletop.document import MapDocument
from tabletop.document.changes import Part
from tabletop.document.commands import EditObject, apply_step, play_step
from tabletop.document.integrity import IntegrityError
from tabletop.model import Conflict, LogEntry, Map, Participant, StressTrack, Token


@pytest.fixture
def document(qapp) -> MapDocument:
    tokens = [Token(id="gatto", stress=[StressTrack(name="health", threshold=3)]), Token(id="hargan")]
    return MapDocument(Map(tokens=tokens))


def test_a_play_step_with_stress_marked_is_one_undo_step(document: MapDocument) -> None:
    heard = []
    document.edited.connect(lambda change: change.kind is Part.CONFLICT and heard.append(change.before[0]))
    start = Conflict(system="edgerunner", participants=[Participant(token="gatto"), Participant(token="hargan")])
    play_step(document, start, "Start conflict")
    hit = document.map.token("gatto").model_copy(deep=True)
    hit.stress[0].marked = [2]
    after = start.model_copy(update={"log": [LogEntry(exchange=1, actor="hargan", action="attack", target="gatto")]})
    play_step(document, after, "Hargan attacks Gatto", [EditObject(document, "token", hit)])
    assert document.map.token("gatto").stress[0].marked == [2]
    assert document.map.conflict == after
    document.undo_stack.undo()
    assert document.map.token("gatto").stress[0].marked == []
    assert document.map.conflict == start
    document.undo_stack.undo()
    assert document.map.conflict is None
    assert heard == [None, start, after, start], "each change says the conflict it replaced"


def test_a_token_in_the_conflict_cannot_be_removed_alone(document: MapDocument) -> None:
    document.set_conflict(Conflict(system="af", participants=[Participant(token="gatto")]))
    with pytest.raises(IntegrityError, match="takes part"):
        document.drop("token", "gatto")
    assert document.map.token("gatto")
    with pytest.raises(IntegrityError, match="not on the map"):
        document.set_conflict(Conflict(system="af", participants=[Participant(token="nobody")]))


def test_a_rules_step_applies_its_tokens_and_conflict_as_one_undo_step(document: MapDocument) -> None:
    from tabletop.rules.play import Step, logged

    start = Conflict(system="af", participants=[Participant(token="gatto")])
    document.set_conflict(start)
    down = document.map.token("gatto").model_copy(update={"states": ["down"]})
    after = logged(start, actor="gatto", action="down")
    apply_step(document, Step(after, "Gatto goes down", tokens=(down,)))
    assert document.map.token("gatto").states == ["down"]
    assert document.map.conflict.log[-1].round == 1
    assert document.undo_stack.undoText() == "Gatto goes down"
    document.undo_stack.undo()
    assert document.map.token("gatto").states == []
    assert document.map.conflict == start
