"""Play ▸ Close Conflict… asks first: closing takes the conflict's log (and what the conflict
keeps: exchange, order, each participant's turn) off the map. The GM may export the log and
then close, close without it, or cancel; a log export given up leaves the conflict where it
was. Closed, one undo brings it all back."""

from __future__ import annotations

from PySide6.QtWidgets import QFileDialog

from tests.ui.playing import declare, start_af, start_edgerunner


def test_cancel_keeps_the_conflict_and_its_log(qtbot, window, answers):
    start_edgerunner(window)
    declare(window.play.dock_widget, "move", actor="gatto", to="z2", shifts=3)
    log = list(window.document.map.conflict.log)
    assert log[-1].action == "move"
    steps = window.document.undo_stack.count()
    answers["choose"] = None  # Cancel
    assert window.play.close_action.text() == "&Close Conflict…", "it asks: the menu says so"
    window.play.close_action.trigger()
    asked = answers["asked"][-1]
    assert asked == "Close the Edgerunner conflict?"
    assert window.document.map.conflict is not None and window.document.map.conflict.log == log
    assert window.document.undo_stack.count() == steps


def test_what_leaves_the_map_is_said_before_closing(qtbot, window, monkeypatch):
    from tabletop.ui.docks.play import controls

    start_af(window)
    seen = []
    real = controls.leaving_words
    monkeypatch.setattr(controls, "leaving_words", lambda conflict: seen.append(real(conflict)) or seen[-1])
    window.play.close_action.trigger()
    entries = len(window.document.map.conflict.log)
    assert seen[0].startswith(f"Closing takes the conflict off the map: its log ({entries} entries)")
    assert "guards, snap, action and defenses" in seen[0]
    assert "Stress, aspects and places on the tokens stay." in seen[0]


def test_close_without_the_log_is_one_undo_step(qtbot, window, answers):
    start_edgerunner(window)
    dock = window.play.dock_widget
    declare(dock, "move", actor="gatto", to="z2", shifts=3)
    log = list(window.document.map.conflict.log)
    assert log[-1].action == "move"
    answers["choose"] = "Close Without the Log"
    window.play.close_action.trigger()
    assert window.document.map.conflict is None
    assert dock.message.text() == "Closed the conflict: Edit ▸ Undo brings it back, its log and all."
    assert window.document.undo_stack.undoText() == "Close the conflict"
    window.document.undo_stack.undo()
    assert window.document.map.conflict is not None and window.document.map.conflict.log == log
    qtbot.waitUntil(lambda: dock.message.text() == "Undone: Close the conflict")


def test_export_then_close_writes_the_log_first(qtbot, window, answers, monkeypatch, tmp_path):
    start_edgerunner(window)
    declare(window.play.dock_widget, "move", actor="gatto", to="z2", shifts=3, story="through the racks")
    path = tmp_path / "fight-log.md"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), "Markdown (*.md)"))
    answers["choose"] = "Export Log, then Close…"
    window.play.close_action.trigger()
    assert "through the racks" in path.read_text(encoding="utf-8")
    assert window.document.map.conflict is None


def test_an_export_given_up_leaves_the_conflict_open(qtbot, window, answers, monkeypatch):
    start_edgerunner(window)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: ("", ""))
    answers["choose"] = "Export Log, then Close…"
    window.play.close_action.trigger()
    assert window.document.map.conflict is not None
    assert window.play.dock_widget.message.text() == (
        "Not closed: the log was not exported, so the conflict stays on the map."
    )


def test_stress_marked_in_the_conflict_stays_on_the_token_as_the_question_says(qtbot, window, answers):
    start_edgerunner(window)
    dock = window.play.dock_widget
    dock.turns.select_tokens(["gatto"])
    dock._chosen(["gatto"])  # as a click on his row does
    dock.sheet.boxes[("health", 2)].click()
    assert window.document.get("token", "gatto").stress[0].marked == [2]
    answers["choose"] = "Close Without the Log"
    window.play.close_action.trigger()
    assert window.document.map.conflict is None
    assert window.document.get("token", "gatto").stress[0].marked == [2]
