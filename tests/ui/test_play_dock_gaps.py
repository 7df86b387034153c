"""The play dock's gaps closed: a token edited by hand shows at once; the continue action's
extra and re-roll; AF maneuver and hustle with a destination picked on the map and a facing."""

from __future__ import annotations

from tabletop.document.commands import EditObject, apply_step, play_step
from tabletop.model import Conflict, EdgerunnerTurn, Participant
from tabletop.rules import edgerunner as er
from tabletop.samples import warehouse


def _fight(window) -> None:
    window.document.replace_map(warehouse(), None)
    conflict = Conflict(
        system="edgerunner",
        participants=[
            Participant(token="gatto", side="runners", edgerunner=EdgerunnerTurn()),
            Participant(token="hargan", side="corp", edgerunner=EdgerunnerTurn()),
        ],
        turn="gatto",
    )
    play_step(window.document, conflict, "Start")


def test_a_token_renamed_by_hand_shows_in_the_dock_at_once(qtbot, window):
    _fight(window)
    dock, document = window.play.dock_widget, window.document
    renamed = document.get("token", "hargan").model_copy(update={"name": "Hargan the Red"})
    document.undo_stack.push(EditObject(document, "token", renamed))
    assert dock.turns.item(1, 1).text() == "Hargan the Red"  # no turn of the event loop in between
    document.undo_stack.undo()
    assert dock.turns.item(1, 1).text() == "Hargan"


def test_a_play_step_with_token_edits_refreshes_the_dock_once(qtbot, window, monkeypatch):
    _fight(window)
    dock = window.play.dock_widget
    calls = []
    original = dock.refresh
    monkeypatch.setattr(dock, "refresh", lambda: (calls.append(1), original()))
    window.document.conflictChanged.disconnect()
    window.document.conflictChanged.connect(dock.refresh)
    dock.form.action.setCurrentText("attack")
    dock.form.target.setCurrentIndex(dock.form.target.findData("hargan"))
    dock.form.shifts.setValue(2)
    dock.form.do.click()
    assert window.document.get("token", "hargan").stress[0].marked == [2]
    assert len(calls) == 1
    assert dock.turns.item(1, 6).text().startswith("health 1/")


def _continuing(window) -> None:
    """Hargan attacked Gatto for 2 on health last exchange; now he continues."""
    _fight(window)
    document = window.document
    conflict = document.map.conflict.model_copy(update={"turn": "hargan"})
    play_step(document, conflict, "Hargan's turn")
    apply_step(document, er.attack(document.map, conflict, "hargan", "gatto", "health", 2))
    play_step(document, er.end_exchange(document.map.conflict), "End of the exchange")
    play_step(window.document, window.document.map.conflict.model_copy(update={"turn": "hargan"}), "Hargan again")


def test_the_continue_action_takes_extra_invokes_and_a_reroll(qtbot, window):
    _continuing(window)
    dock = window.play.dock_widget
    form = dock.form
    form.action.setCurrentText("continue")
    assert form.extra.isVisibleTo(form) and form.reroll.isVisibleTo(form)
    assert form.reroll.text() == "no re-roll: last exchange's shifts"
    form.extra.setValue(2)  # one aspect newly invoked
    form.do.click()
    assert window.document.map.conflict.log[-2].numbers["rolled"] == 4
    assert window.document.map.conflict.log[-1].action == "taken out"
    window.document.undo_stack.undo()
    form.extra.setValue(0)
    form.reroll.setValue(1)  # an invocation re-rolled the dice: 1 shift now
    form.do.click()
    assert window.document.map.conflict.log[-1].numbers["box"] == 1
    assert window.document.get("token", "gatto").stress[0].marked == [1, 2]
