"""The play dock by hand: stress boxes, free invokes, states, facing and the log's story are
each one undo step; the header and the map show whose turn it is; the log exports as Markdown;
the play keys clash with no other key of the window; the Start dialog asks what the system's
start takes."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication

from tabletop.document.commands import play_step, remove
from tabletop.model import Aspect, Conflict, EdgerunnerTurn, LogEntry, Participant
from tabletop.samples import af_encounter, warehouse
from tabletop.ui.docks.play.start_dialog import StartConflictDialog


def _fight(window) -> Conflict:
    map_ = warehouse()
    map_.tokens[1].aspects = [Aspect(name="Dug in", free_invokes=2)]
    window.document.replace_map(map_, None)
    conflict = Conflict(
        system="edgerunner",
        participants=[
            Participant(token="gatto", side="runners", edgerunner=EdgerunnerTurn(acted=True)),
            Participant(token="hargan", side="corp", edgerunner=EdgerunnerTurn()),
        ],
        order=["gatto"],
        turn="hargan",
        log=[LogEntry(exchange=1, actor="gatto", action="move", numbers={"shifts": 2})],
    )
    play_step(window.document, conflict, "Start")
    return conflict


def test_the_header_the_turn_list_and_the_map_show_whose_turn(qtbot, window):
    _fight(window)
    dock = window.play.dock_widget
    assert dock.header.text().startswith("Edgerunner conflict · Exchange 1")
    assert dock.header.text().endswith("Hargan's turn")
    turns = dock.turns
    assert [turns.item(r, 1).text() for r in range(turns.rowCount())] == ["Gatto", "Hargan"]
    assert (turns.item(0, 0).text(), turns.item(1, 0).text(), turns.item(0, 3).text()) == ("", "▶", "yes")
    mark, hargan = window.scene.turn_mark, window.scene.items_by_key[("token", "hargan")]
    assert mark.isVisible() and mark.pos() == hargan.pos()
    window.document.undo_stack.undo()
    assert not mark.isVisible()
    assert dock.header.text().startswith("No conflict")


def test_a_stress_box_clicked_is_marked_in_one_undo_step(qtbot, window):
    _fight(window)
    dock = window.play.dock_widget
    dock.turns.select_tokens(["gatto"])
    dock._chosen(["gatto"])
    dock.sheet.boxes[("health", 2)].click()
    assert window.document.get("token", "gatto").stress[0].marked == [2]
    assert dock.sheet.boxes[("health", 2)].isChecked()
    health_column = [dock.turns.horizontalHeaderItem(c).text() for c in range(dock.turns.columnCount())].index("health")
    assert dock.turns.item(0, health_column).text() == "□■□□□"
    assert window.document.map.conflict.log[-1].numbers == {"box": 2}
    assert window.document.undo_stack.undoText() == "Mark box 2 of Gatto's health"
    window.document.undo_stack.undo()
    assert window.document.get("token", "gatto").stress[0].marked == []
    assert not dock.sheet.boxes[("health", 2)].isChecked()  # at once, when the undo step is done
    qtbot.waitUntil(lambda: dock.message.text() == "Undone: Mark box 2 of Gatto's health")
    assert window.statusBar().currentMessage() == "Undone: Mark box 2 of Gatto's health", "the status bar too"
    window.document.undo_stack.redo()
    qtbot.waitUntil(lambda: dock.message.text() == "Redone: Mark box 2 of Gatto's health")
    window.document.undo_stack.undo()
    dock.sheet.boxes[("health", 3)].click()  # a new step where the undone one was: no redo to tell of
    QApplication.processEvents()
    assert not dock.message.text().startswith("Redone")
    assert not window.statusBar().currentMessage().startswith("Redone")


def test_a_free_invoke_is_spent_and_the_button_goes_grey_at_none(qtbot, window):
    _fight(window)
    sheet = window.play.dock_widget.sheet
    assert sheet.token_id == "hargan"  # nobody selected: whose turn it is
    sheet.invokes["Dug in"].click()
    sheet.invokes["Dug in"].click()
    assert window.document.get("token", "hargan").aspects[0].free_invokes == 0
    assert not sheet.invokes["Dug in"].isEnabled()
    assert window.document.map.conflict.log[-1].story == "Dug in"
    window.document.undo_stack.undo()
    assert window.document.get("token", "hargan").aspects[0].free_invokes == 1


def test_states_and_facing_from_the_sheet(qtbot, window):
    _fight(window)
    sheet = window.play.dock_widget.sheet
    sheet.states["bleeding"].setChecked(True)
    assert window.document.get("token", "hargan").states == ["bleeding"]
    sheet.facing.setValue(45)
    assert window.document.get("token", "hargan").facing == 45.0
    assert window.document.undo_stack.undoText() == "Face Hargan 45°"
    window.document.undo_stack.undo()
    window.document.undo_stack.undo()
    assert (window.document.get("token", "hargan").states, sheet.facing.value()) == ([], 270)


def test_the_story_typed_in_the_log_is_one_undo_step(qtbot, window):
    _fight(window)
    log = window.play.dock_widget.log
    assert [log.item(0, c).text() for c in range(5)] == ["1", "Gatto", "move", "", "shifts 2"]
    assert not log.item(0, 2).flags() & Qt.ItemFlag.ItemIsEditable
    log.item(0, 5).setText("Lost among the racks")
    assert window.document.map.conflict.log[0].story == "Lost among the racks"
    window.document.undo_stack.undo()
    assert window.document.map.conflict.log[0].story == ""
    assert log.item(0, 5).text() == ""


def test_export_log_writes_markdown_with_names_as_plain_text(qtbot, window, tmp_path):
    _fight(window)
    hostile = window.document.get("token", "hargan").model_copy(update={"name": "<img src=x.png> **boss**"})
    from tabletop.document.commands import EditObject

    window.document.undo_stack.push(EditObject(window.document, "token", hostile))
    path = tmp_path / "log.md"
    assert window.play.export_action.isEnabled()
    assert window.play.export_log(str(path))
    text = path.read_text(encoding="utf-8")
    assert "| 1 | Gatto | move |  | shifts 2 |  |" in text
    named = text.split("**corp**: ")[1].splitlines()[0]
    assert re.search(r"(?<!\\)[<*]", named) is None  # no markup left in the name
    assert "\\<img src=x.png\\> \\*\\*boss\\*\\*" in text


def test_close_conflict_is_one_undo_step_and_disables_the_steps(qtbot, window, answers):
    _fight(window)
    answers["choose"] = "Close Without the Log"
    keys = window.play.key_actions
    assert keys["next"].isEnabled()
    assert not keys["round"].isEnabled()  # Edgerunner has no rounds
    window.play.close_action.trigger()
    assert window.document.map.conflict is None
    assert not keys["next"].isEnabled()
    window.document.undo_stack.undo()
    assert window.document.map.conflict is not None


def test_removing_every_fighter_ends_the_conflict_and_says_why(qtbot, window):
    _fight(window)
    window.document.select([("token", "gatto"), ("token", "hargan")])
    window.document.undo_stack.push(remove(window.document, window.document.selection))
    assert window.document.undo_stack.undoText() == "Delete 2 objects; the conflict ends"
    header = window.play.dock_widget.header.text()
    assert header == "Edgerunner conflict · ended: Nobody who can still act is left on the map."
    assert not window.play.key_actions["next"].isEnabled()
    window.document.undo_stack.undo()
    assert window.play.key_actions["next"].isEnabled()


def test_no_two_actions_of_the_window_share_a_key(qtbot, window):
    qtbot.waitUntil(lambda: window.later.done)
    seen: dict[str, str] = {}
    for act in window.findChildren(type(window.play.start_action)):
        for key in act.shortcuts():
            text = key.toString(QKeySequence.SequenceFormat.PortableText)
            assert seen.setdefault(text, act.text()) == act.text(), f"{text}: {seen[text]} and {act.text()}"
    named = {seen[k] for k in ("F5", "F6", "F7", "F8", "F9", "Shift+F9")}
    assert named == {"Next Turn", "Next Round", "End Exchange", "Who's Next?", "&Do the Action", "&React…"}


def test_aspects_on_zones_and_the_scene_have_free_invokes_to_spend(qtbot, window, maps_dir):
    from tabletop.io import load_map

    window.document.replace_map(load_map(maps_dir / "warehouse-conflict.tabletop"), None)
    assert window.play.dock.isVisible()  # a map saved mid-conflict opens with the dock
    assert window.document.map_locked  # and the map's shapes locked for play
    sheet = window.play.dock_widget.sheet
    spend = sheet.in_play_invokes[("zone", "z2", "Crates everywhere")]
    spend.click()
    assert window.document.get("zone", "z2").aspects[-1].free_invokes == 1
    assert window.document.map.conflict.log[-1].target == "z2"
    window.document.undo_stack.undo()
    assert window.document.get("zone", "z2").aspects[-1].free_invokes == 2


def _dialog(qtbot, map_) -> StartConflictDialog:
    from tabletop.document import MapDocument

    document = MapDocument(map_)
    dialog = StartConflictDialog(document)
    qtbot.addWidget(dialog)
    dialog.document_kept = document  # the dialog reads it while shown
    return dialog


def test_the_start_dialog_offers_the_tokens_their_sides_and_what_the_system_takes(qtbot):
    dialog = _dialog(qtbot, af_encounter())
    assert dialog.system.currentData() == "af"  # a grid and no zones: an AF encounter
    table = dialog.table
    headers = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    assert headers == ["Takes part", "Side", "Reflex"]
    table.spins[("reflexes", "mira")].setValue(5)
    table.item(3, 0).setCheckState(Qt.CheckState.Unchecked)  # the archer stays out
    chosen = dialog.step()
    assert chosen["tokens"] == ["kell", "mira", "raider"]
    assert (chosen["sides"]["raider"], chosen["reflexes"]) == ("raiders", {"mira": 5})
    for row in range(4):
        table.item(row, 1).setText("everyone")
    dialog._accept()
    assert dialog.problem.text() == "A conflict needs two sides: give someone another side."
    dialog.system.setCurrentIndex(dialog.system.findData("edgerunner"))
    headers = [dialog.table.horizontalHeaderItem(c).text() for c in range(dialog.table.columnCount())]
    assert "Reflex" not in headers and "caller" in dialog.edits


def test_the_start_dialog_asks_for_each_reflex_and_fills_the_last_encounters(qtbot):
    """The AF text runs turns "on your reflex" and the map keeps no reflex of a token: the GM
    types it (an untyped one is said, never started as 0), or the last encounter's is kept."""
    from tabletop.rules import systems
    from tabletop.rules.play import applied

    creek = af_encounter()
    dialog = _dialog(qtbot, creek)
    spins = dialog.table.spins
    assert spins[("reflexes", "kell")].text() == "type it"
    spins[("reflexes", "kell")].setValue(4)
    spins[("reflexes", "mira")].setValue(0)  # a typed 0 is a reflex like any other
    dialog._accept()
    assert dialog.problem.text().startswith("Type the reflex of Raider and Raider archer.")
    assert dialog.result() != dialog.DialogCode.Accepted
    assert dialog.step()["reflexes"] == {"kell": 4, "mira": 0}
    spins[("reflexes", "raider")].setValue(2)
    spins[("reflexes", "archer")].setValue(-1)
    dialog._accept()
    assert dialog.result() == dialog.DialogCode.Accepted
    played = applied(creek, systems.perform(creek, None, dialog.step()))
    again = _dialog(qtbot, played)
    shown = {t: again.table.spins[("reflexes", t)].value() for t in ("kell", "mira", "raider", "archer")}
    assert shown == {"kell": 4, "mira": 0, "raider": 2, "archer": -1}


def test_another_map_opened_clears_what_the_dock_said_about_the_last(qtbot, window):
    _fight(window)
    dock = window.play.dock_widget
    window.play.key_actions["who"].trigger()
    assert dock.message.text() == "Who's next? Hargan"
    window.document.replace_map(warehouse(), None)
    assert dock.message.text() == ""


def test_a_participant_without_a_track_gets_one_from_the_sheet(qtbot, window):
    """An AF token placed in the window has no stress track; the sheet's editor adds one (one
    undo step) and its boxes are there to click at once."""
    from tests.ui.playing import start_af

    start_af(window)
    sheet = window.play.dock_widget.sheet
    assert sheet.token_id == "mira" and window.document.get("token", "mira").stress == []
    assert not sheet.boxes
    sheet.editing.setChecked(True)
    assert sheet.editor.isVisibleTo(sheet)
    steps = window.document.undo_stack.count()
    sheet.editor.add_track.click()
    assert [t.name for t in window.document.get("token", "mira").stress] == ["health"]
    assert window.document.undo_stack.count() == steps + 1
    assert ("health", 1) in sheet.boxes
    sheet.boxes[("health", 1)].click()
    assert window.document.get("token", "mira").stress[0].marked == [1]
