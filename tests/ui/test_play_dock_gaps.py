"""The play dock's gaps closed: a token edited by hand shows at once; the continue action's
extra and re-roll; AF maneuver and hustle with a destination picked on the map and a facing."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tabletop.document.commands import EditObject, apply_step, play_step
from tabletop.model import Conflict, EdgerunnerTurn, Participant
from tabletop.rules import edgerunner as er
from tabletop.samples import af_encounter, warehouse
from tabletop.ui.dialogs.start_conflict import Setup
from tests.ui.conftest import at, click


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


# -- AF maneuver and hustle: the destination from the map, the facing with it --------------------

REFLEXES = {"kell": 3, "mira": 5, "raider": 2, "archer": 4}


def _encounter(window):
    """Mira's turn (run 2, at area 9,2 facing 45°) on the creek grid (40-unit areas at 0,0)."""
    window.document.replace_map(af_encounter(), None)
    window.play.start_with(Setup("af", list(REFLEXES), {}, REFLEXES))
    window.view.fit_map()
    assert window.document.map.conflict.turn == "mira"
    return window.play.dock_widget.form


def _centre(row: int, col: int) -> tuple[float, float]:
    return (col * 40 + 20, row * 40 + 20)


def test_a_maneuver_takes_its_destination_from_a_click_and_faces_the_way_it_went(qtbot, window):
    form = _encounter(window)
    form.action.setCurrentText("maneuver")
    assert form.destination.isVisibleTo(form) and form.facing.isVisibleTo(form)
    assert not form.target.isVisibleTo(form)
    steps = window.document.undo_stack.count()
    click(qtbot, window, *_centre(9, 4))
    assert form.destination.place == (9, 4)
    assert "within 2" in form.destination.label.text()
    assert form.facing.value() == 90.0  # east, the way she went
    assert window.document.undo_stack.count() == steps  # picking is no step
    click(qtbot, window, *_centre(5, 2))  # a second click is the map's again: the destination stands
    assert form.destination.place == (9, 4)
    form.facing.buttons[45.0].click()  # the GM turns her north-east instead
    form.do.click()
    mira = window.document.get("token", "mira")
    assert (mira.location.row, mira.location.col, mira.facing) == (9, 4, 45.0)
    assert window.document.map.conflict.log[-1].action == "maneuver"
    assert form.destination.place is None  # done: the next click picks again
    window.document.undo_stack.undo()
    mira = window.document.get("token", "mira")
    assert (mira.location.row, mira.location.col, mira.facing) == (9, 2, 45.0)


def test_a_destination_beyond_the_speed_is_on_the_gms_word(qtbot, window):
    form = _encounter(window)
    form.action.setCurrentText("maneuver")
    click(qtbot, window, *_centre(6, 2))
    assert "beyond 2 areas: on the GM's word" in form.destination.label.text()
    assert form.facing.value() == 0.0  # north
    form.destination.again.click()
    assert form.destination.place is None
    click(qtbot, window, *_centre(9, 1))
    assert (form.destination.place, form.facing.value()) == ((9, 1), 270.0)


def test_a_hustle_feeds_the_reach_overlay_and_takes_the_drop_as_its_destination(qtbot, window):
    form = _encounter(window)
    viewport = window.view.viewport()
    start = _centre(9, 2)
    form.action.setCurrentText("attack")
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(window, *start))
    assert max(cost for _, cost in window.scene.overlay.areas) == 2  # run 2 when not hustling
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(window, *start))
    form.action.setCurrentText("snap: hustle")
    steps = window.document.undo_stack.count()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(window, *start))
    assert max(cost for _, cost in window.scene.overlay.areas) == 1  # half of 2
    for x in (100, 120, 140):
        qtbot.mouseMove(viewport, pos=at(window, x, start[1]))
    assert window.document.get("token", "mira").location.col == 3  # she follows the cursor
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(window, 140, start[1]))
    mira = window.document.get("token", "mira")
    assert (mira.location.row, mira.location.col) == (9, 2)  # back where she stood: the step moves her
    assert window.document.undo_stack.count() == steps
    assert (form.destination.place, form.facing.value()) == ((9, 3), 90.0)
    assert "within 1" in form.destination.label.text()
    form.do.click()
    mira = window.document.get("token", "mira")
    assert (mira.location.col, mira.facing) == (3, 90.0)
    assert window.document.map.conflict.log[-1].action == "hustle"
    assert window.document.undo_stack.count() == steps + 1


def test_an_aspect_placed_by_a_maneuver_is_drawn_on_the_map_at_once(qtbot, window, monkeypatch):
    from tests.render.recording import record_texts

    _fight(window)
    window.view.fit_map()
    form = window.play.dock_widget.form
    form.action.setCurrentText("maneuver")
    form.on.setCurrentIndex(form.on.findText("zone Middle"))
    window.document.undo_stack.push(
        EditObject(window.document, "token", window.document.get("token", "hargan").model_copy(update={"name": "H"}))
    )
    assert form.on.currentData() == ("zone", "z2")  # a refresh keeps the choice
    form.aspect.setText("Thick smoke")
    form.shifts.setValue(3)
    drawn = record_texts(monkeypatch)
    window.view.viewport().grab()
    assert "Thick smoke ●●" not in [d.text for d in drawn]
    form.do.click()
    assert window.play.dock_widget.message.text() == "Gatto places Thick smoke"
    assert [a.free_invokes for a in window.document.get("zone", "z2").aspects if a.name == "Thick smoke"] == [2]
    drawn.clear()
    window.view.viewport().grab()
    assert "Thick smoke ●●" in [d.text for d in drawn]
    window.document.undo_stack.undo()
    drawn.clear()
    window.view.viewport().grab()
    assert "Thick smoke ●●" not in [d.text for d in drawn]
