"""The play dock and the map together: a token edited by hand shows in the dock at once; an
AF maneuver or hustle takes its destination from a click or the token's drop, with the facing
of the way it went; a place past the grid's edge asks to grow the grid or exit; an aspect
placed by a maneuver is drawn at once; Lock Map keeps zones still while tokens move."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tabletop.document.commands import EditObject, play_step
from tabletop.model import Conflict, EdgerunnerTurn, Participant
from tabletop.samples import warehouse
from tests.ui.conftest import at, click, drag
from tests.ui.playing import choose, start_af


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
    choose(dock, "attack")
    dock.form.edits["target"].set_value("hargan")
    dock.form.edits["track"].set_value("health")
    dock.form.edits["shifts"].set_value(2)
    dock.form.do.click()
    assert window.document.get("token", "hargan").stress[0].marked == [2]
    assert len(calls) == 1


def _encounter(window):
    """Mira's turn (run 2, at area C10 facing 45°) on the creek grid (40-unit areas at 0,0)."""
    start_af(window)
    window.view.fit_map()
    assert window.document.map.conflict.turn == "mira"
    return window.play.dock_widget.form


def _centre(row: int, col: int) -> tuple[float, float]:
    return (col * 40 + 20, row * 40 + 20)


def test_a_maneuver_takes_its_destination_from_a_click_and_faces_the_way_it_went(qtbot, window):
    form = _encounter(window)
    choose(window.play.dock_widget, "maneuver")
    assert "to" in form.edits and "facing" in form.edits and "target" not in form.edits
    steps = window.document.undo_stack.count()
    click(qtbot, window, *_centre(9, 4))
    assert form.destination.place == (9, 4)
    assert form.edits["facing"].value() == 90.0  # east, the way she went
    assert window.document.undo_stack.count() == steps  # picking is no step
    click(qtbot, window, *_centre(5, 2))  # a second click is the map's again: the destination stands
    assert form.destination.place == (9, 4)
    form.edits["facing"].set_value(45.0)  # the GM turns her north-east instead
    form.do.click()
    mira = window.document.get("token", "mira")
    assert (mira.location.row, mira.location.col, mira.facing) == (9, 4, 45.0)
    assert window.document.map.conflict.log[-1].action == "maneuver"
    assert form.destination.place is None  # done: the next click picks again
    window.document.undo_stack.undo()
    mira = window.document.get("token", "mira")
    assert (mira.location.row, mira.location.col, mira.facing) == (9, 2, 45.0)


def test_a_destination_picked_again_faces_the_new_way(qtbot, window):
    form = _encounter(window)
    choose(window.play.dock_widget, "maneuver")
    click(qtbot, window, *_centre(6, 2))
    assert form.edits["facing"].value() == 0.0  # north
    form.destination.again.click()
    assert form.destination.place is None
    click(qtbot, window, *_centre(9, 1))
    assert (form.destination.place, form.edits["facing"].value()) == ((9, 1), 270.0)


def test_a_hustle_takes_the_drop_as_its_destination(qtbot, window):
    form = _encounter(window)
    viewport = window.view.viewport()
    start = _centre(9, 2)
    choose(window.play.dock_widget, "hustle", kind="snap")
    steps = window.document.undo_stack.count()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(window, *start))
    for x in (100, 120, 140):
        qtbot.mouseMove(viewport, pos=at(window, x, start[1]))
    assert window.document.get("token", "mira").location.col == 3  # she follows the cursor
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(window, 140, start[1]))
    mira = window.document.get("token", "mira")
    assert (mira.location.row, mira.location.col) == (9, 2)  # back where she stood: the step moves her
    assert window.document.undo_stack.count() == steps
    assert (form.destination.place, form.edits["facing"].value()) == ((9, 3), 90.0)
    form.do.click()
    mira = window.document.get("token", "mira")
    assert (mira.location.col, mira.facing) == (3, 90.0)
    assert window.document.map.conflict.log[-1].action == "hustle"
    assert window.document.undo_stack.count() == steps + 1


def test_an_edgerunner_move_takes_its_zone_from_a_click_or_the_movers_drop(qtbot, window):
    """Gatto's move: a click on Middle fills "To zone"; dropping his token on East end fills it
    again and leaves him where he stood, for the rules to move him as far as the shifts pay."""
    _fight(window)
    window.view.fit_map()
    dock = window.play.dock_widget
    choose(dock, "move")
    assert dock.form.actor() == "gatto"
    middle = window.document.get("zone", "z2").shape.centre()
    click(qtbot, window, middle[0], middle[1] + 40)
    assert dock.form.edits["to"].value() == "z2"
    steps = window.document.undo_stack.count()
    spot = window.scene.items_by_key[("token", "gatto")].pos()
    east = window.document.get("zone", "z3").shape.centre()
    drag(qtbot, window, (spot.x(), spot.y()), (east[0], east[1] + 40))
    assert window.document.get("token", "gatto").location.zone == "z1", "the drop moves nobody by itself"
    assert window.document.undo_stack.count() == steps
    assert dock.form.edits["to"].value() == "z3"
    dock.form.edits["to"].set_value("z2")
    dock.form.edits["shifts"].set_value(3)
    dock.form.do.click()
    assert window.document.get("token", "gatto").location.zone == "z2"
    assert window.document.map.conflict.log[-1].action == "move"


def test_an_aspect_placed_by_a_maneuver_is_drawn_on_the_map_at_once(qtbot, window, monkeypatch):
    from tests.render.recording import record_texts

    _fight(window)
    window.view.fit_map()
    dock = window.play.dock_widget
    choose(dock, "maneuver")
    form = dock.form
    form.edits["on"].set_value(("zone", "z2"))
    window.document.undo_stack.push(
        EditObject(window.document, "token", window.document.get("token", "hargan").model_copy(update={"name": "H"}))
    )
    assert form.edits["on"].value() == ("zone", "z2")  # a refresh keeps the choice
    form.edits["aspect"].set_value("Thick smoke")
    form.edits["shifts"].set_value(3)
    drawn = record_texts(monkeypatch)
    window.view.viewport().grab()
    assert "Thick smoke ●●" not in [d.text for d in drawn]
    form.do.click()
    assert dock.message.text() == "Gatto places Thick smoke on Middle"
    assert [a.free_invokes for a in window.document.get("zone", "z2").aspects if a.name == "Thick smoke"] == [2]
    drawn.clear()
    window.view.viewport().grab()
    assert "Thick smoke ●●" in [d.text for d in drawn]
    window.document.undo_stack.undo()
    drawn.clear()
    window.view.viewport().grab()
    assert "Thick smoke ●●" not in [d.text for d in drawn]


def test_lock_map_keeps_zones_still_and_lets_tokens_move(qtbot, window):
    _fight(window)
    window.view.fit_map()
    assert window.play.dock.isVisible()  # the Play controls, built after the first frame, lock the map
    assert window.document.map_locked and window.lock_action.isChecked()
    zone = window.document.get("zone", "z1")
    centre = zone.shape.centre()
    window.document.select([("zone", "z1")])
    drag(qtbot, window, (centre[0] - 30, centre[1] + 30), (centre[0] + 60, centre[1] + 30))
    assert window.document.get("zone", "z1") == zone  # a near miss on a token drags no zone
    window.tools["S"].nudge(20, 0)
    assert window.document.get("zone", "z1") == zone
    gatto = window.document.get("token", "gatto")
    spot = window.scene.items_by_key[("token", "gatto")].pos()
    middle = window.document.get("zone", "z2").shape.centre()
    drag(qtbot, window, (spot.x(), spot.y()), middle)
    assert window.document.get("token", "gatto").location != gatto.location  # tokens still move
    window.lock_action.trigger()
    assert not window.document.map_locked
    window.document.select([("zone", "z1")])
    window.tools["S"].nudge(20, 0)
    assert window.document.get("zone", "z1") != zone


def test_lock_map_keeps_zones_borders_and_grids_from_delete_and_drags_and_says_so(qtbot, window):
    _fight(window)
    window.view.fit_map()
    assert window.play.dock.isVisible() and window.document.map_locked
    zones, borders = window.document.map.zones, window.document.map.borders
    window.document.select([("zone", "z3"), ("border", "b23")])
    window.delete()
    assert (window.document.map.zones, window.document.map.borders) == (zones, borders)
    assert "locked" in window.statusBar().currentMessage()
    window.statusBar().clearMessage()
    middle = window.document.get("zone", "z2")
    x, y = middle.shape.centre()
    drag(qtbot, window, (x, y + 40), (x + 80, y + 40))  # no token there: the zone itself is held
    assert window.document.get("zone", "z2") == middle
    assert "locked" in window.statusBar().currentMessage()
    window.lock_action.trigger()
    window.document.select([("zone", "z3")])
    window.delete()
    assert window.document.get("zone", "z3") is None and window.document.get("border", "b23") is None


def test_lock_map_stops_a_zone_dragged_while_it_is_locked_and_tokens_still_go(qtbot, window):
    window.document.replace_map(warehouse(), None)
    window.view.fit_map()
    assert not window.document.map_locked
    middle = window.document.get("zone", "z2")
    x, y = middle.shape.centre()
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(window, x, y + 40))
    qtbot.mouseMove(viewport, pos=at(window, x + 40, y + 40))
    moved = window.document.get("zone", "z2")
    assert moved != middle, "unlocked, the zone follows the drag"
    window.lock_action.trigger()  # Ctrl+L in the middle of the drag
    qtbot.mouseMove(viewport, pos=at(window, x + 120, y + 40))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(window, x + 120, y + 40))
    assert window.document.get("zone", "z2") == moved, "locked, it goes no further"
    assert "locked" in window.statusBar().currentMessage()
    window.document.select([("token", "gatto"), ("zone", "z1")])
    window.delete()
    assert window.document.get("token", "gatto") is None, "tokens still go while the map is locked"
    assert window.document.get("zone", "z1") is not None


def test_lock_map_keeps_a_grid_from_the_grid_tools_delete(qtbot, window):
    from tabletop.samples import af_encounter

    window.document.replace_map(af_encounter(), None)
    window.lock_action.trigger()
    grid = window.document.map.grids[0]
    window.set_tool("G")
    window.document.select([("grid", grid.id)])
    window.delete()
    assert window.document.get("grid", grid.id) == grid
    assert "locked" in window.statusBar().currentMessage()


def test_the_token_an_aspect_goes_on_resists_with_its_own_stress(qtbot, window):
    """Gatto places "Pinned down" on Hargan, who resists with 1 stress on his health: the
    resist's track lists Hargan's tracks as soon as he is the aspect's holder."""
    _fight(window)
    dock = window.play.dock_widget
    choose(dock, "maneuver")
    form = dock.form
    form.edits["on"].set_value(("token", "hargan"))
    form.edits["aspect"].set_value("Pinned down")
    form.edits["shifts"].set_value(3)
    resist = form.edits["resist"]
    qtbot.waitUntil(lambda: resist.track.count() == 2)
    assert [resist.track.itemText(i) for i in range(resist.track.count())] == ["health", "cool"]
    resist.stress.setValue(1)
    form.do.click()
    assert dock.message.text().startswith("Gatto places Pinned down on Hargan"), dock.message.text()
    assert window.document.get("token", "hargan").stress[0].marked == [1]
