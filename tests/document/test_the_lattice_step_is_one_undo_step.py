"""Choosing the map's lattice step is one undo step through the document: undo puts the old
step back, the toolbar box's steps in a row are one step, and a step past the bounds is
refused without leaving an entry or an unsaved mark."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from tabletop.document import MapDocument
from tabletop.document.commands import EditMap, SetLatticeStep
from tabletop.samples import room_with_door


@pytest.fixture
def document(qapp):
    return MapDocument(room_with_door())


def test_undo_restores_the_old_step_and_redo_the_new(document, qtbot):
    stack = document.undo_stack
    with qtbot.waitSignal(document.edited):
        stack.push(SetLatticeStep(document, 5))
    assert document.map.lattice_step == 5 and document.modified
    assert stack.undoText() == "Set the lattice step to 5"
    with qtbot.waitSignal(document.edited):
        stack.undo()
    assert document.map.lattice_step == 20 and not document.modified
    stack.redo()
    assert document.map.lattice_step == 5


def test_the_toolbar_boxs_steps_in_a_row_are_one_undo_step(document):
    stack = document.undo_stack
    for step in (21, 22, 23):
        stack.push(SetLatticeStep(document, step, stepping=True))
    assert stack.count() == 1 and document.map.lattice_step == 23
    assert stack.undoText() == "Set the lattice step to 23"
    stack.undo()
    assert document.map.lattice_step == 20


def test_stepping_back_to_where_it_was_leaves_no_step(document):
    stack = document.undo_stack
    for step in (21, 20):
        stack.push(SetLatticeStep(document, step, stepping=True))
    assert stack.count() == 0 and not document.modified and document.map.lattice_step == 20


def test_two_choices_from_the_dialog_are_two_undo_steps(document):
    stack = document.undo_stack
    stack.push(SetLatticeStep(document, 5))
    stack.push(SetLatticeStep(document, 50))
    assert stack.count() == 2
    stack.undo()
    assert document.map.lattice_step == 5


def test_the_step_and_the_title_are_undone_apart(document):
    stack = document.undo_stack
    stack.push(SetLatticeStep(document, 5))
    stack.push(EditMap(document, "The plan", document.map.notes))
    stack.undo()
    assert (document.map.title, document.map.lattice_step) == ("A room with a closed door", 5)


@pytest.mark.parametrize("step", [0.5, 1001.0, float("nan")])
def test_a_step_past_the_bounds_is_refused_and_changes_nothing(document, step):
    with pytest.raises(ValidationError, match="lattice_step"):
        document.undo_stack.push(SetLatticeStep(document, step))
    assert document.map.lattice_step == 20
    assert document.undo_stack.count() == 0 and not document.modified
