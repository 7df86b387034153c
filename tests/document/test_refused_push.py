"""A refused step reaches the caller of push without passing through Qt: an error raised
through QUndoStack.push, which then asks the steps for their merge ids, crashed the window
after a few refused edits."""

from __future__ import annotations

import gc

import pytest

from tabletop.document import MapDocument
from tabletop.document.commands import Batch, EditObject
from tabletop.document.commands.edits import LeaveConflict
from tabletop.document.integrity import IntegrityError
from tabletop.model import Conflict
from tabletop.model.kinds import Kind
from tabletop.samples import af_encounter, warehouse


def test_many_refused_edits_between_kept_ones_neither_crash_nor_leave_a_step(qapp):
    document = MapDocument(warehouse())
    border = document.get(Kind.BORDER, "b12")
    for n in range(40):
        named = border.model_copy(update={"label": f"aisle {n}"})
        document.undo_stack.push(EditObject(document, Kind.BORDER, named, "label", merge=f"typing-{n}"))
        with pytest.raises(IntegrityError, match="zone 'nowhere', which is not on the map"):
            astray = border.model_copy(update={"a": "nowhere"})
            document.undo_stack.push(EditObject(document, Kind.BORDER, astray, "zone", merge=f"typing-{n}"))
        gc.collect()
    assert document.undo_stack.count() == 40
    assert document.get(Kind.BORDER, "b12").label == "aisle 39"
    document.undo_stack.undo()
    assert document.get(Kind.BORDER, "b12").label == "aisle 38"


def test_a_batch_part_refused_raises_its_own_refusal(qapp):
    """A part that is not a Qt step (leaving the conflict) is refused as itself, not as an
    AttributeError from making a plain object obsolete."""
    document = MapDocument(af_encounter())
    document.set_conflict(Conflict(system="af"))
    leave = LeaveConflict(document, set())
    leave.after = Conflict.model_construct(system="af", turn="ghost")  # a rule's slip, unchecked
    with pytest.raises(IntegrityError, match="ghost"):
        document.undo_stack.push(Batch("Leave", [leave]))
    assert document.undo_stack.count() == 0
    assert document.map.conflict == Conflict(system="af")
