"""Tokens removed from the map leave the conflict; when nobody who can act is left, the
conflict ends ("an exchange consists of a time period where everyone gets to act once": with
nobody, there is no exchange), in the same undo step as the removal."""

from __future__ import annotations

import pytest

from tabletop.document import MapDocument
from tabletop.document.commands import apply_step, remove
from tabletop.model.kinds import Kind
from tabletop.rules import af, edgerunner
from tabletop.samples import af_encounter, warehouse


def _removed(document: MapDocument, token_ids: list[str]) -> None:
    document.undo_stack.push(remove(document, [(Kind.TOKEN, t) for t in token_ids]))


def test_an_edgerunner_conflict_ends_when_its_last_participant_is_removed(qapp):
    document = MapDocument(warehouse())
    fighters = [t.id for t in document.map.tokens]
    apply_step(document, edgerunner.start(document.map, fighters, {t: "runners" for t in fighters}))
    _removed(document, fighters[:1])
    assert document.map.conflict.ended is None, "someone is still there to act"
    _removed(document, fighters[1:])
    conflict = document.map.conflict
    assert conflict.participants == [] and conflict.ended == "ended"
    assert "nobody" in conflict.story.lower()
    with pytest.raises(ValueError, match="has ended"):
        edgerunner.end_exchange(conflict)
    document.undo_stack.undo()
    assert document.map.conflict.ended is None and len(document.map.conflict.participants) == len(fighters) - 1


def test_an_edgerunner_conflict_ends_when_every_actor_of_one_side_has_left(qapp):
    """ "If every actor on one side of the conflict is taken out, the conflict ends": a side
    whose every actor has left the map has nobody left to take out."""
    document = MapDocument(warehouse())
    apply_step(document, edgerunner.start(document.map, ["gatto", "hargan"]))
    _removed(document, ["gatto"])
    conflict = document.map.conflict
    assert [p.token for p in conflict.participants] == ["hargan"] and conflict.ended == "ended"
    assert conflict.story == "Nobody of the side 'runners' is left on the map to act."
    document.undo_stack.undo()
    assert document.map.conflict.ended is None


def test_an_encounter_ends_when_its_last_fighter_is_removed(qapp):
    document = MapDocument(af_encounter())
    fighters = [t.id for t in document.map.tokens]
    apply_step(document, af.start(document.map, fighters, {}, {t: 3 for t in fighters}))
    _removed(document, fighters)
    conflict = document.map.conflict
    assert conflict.ended == "ended" and conflict.turn is None and conflict.order == []
    with pytest.raises(ValueError, match="has ended"):
        af.next_turn(document.map, conflict)
    with pytest.raises(ValueError, match="has ended"):
        af.end_exchange(document.map, conflict)


def test_a_conflict_whose_remaining_participants_are_all_out_ends_too(qapp):
    document = MapDocument(warehouse())
    fighters = [t.id for t in document.map.tokens]
    step = edgerunner.start(document.map, fighters)
    down = step.conflict.model_copy(
        update={
            "participants": [p.model_copy(update={"out": p.token != fighters[0]}) for p in step.conflict.participants]
        }
    )
    apply_step(document, type(step)(down, step.text))
    _removed(document, fighters[:1])
    assert document.map.conflict.ended == "ended"
