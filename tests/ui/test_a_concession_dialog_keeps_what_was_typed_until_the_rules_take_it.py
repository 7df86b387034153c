"""Play ▸ Steps ▸ Concede…: "A concession is a story that ends the conflict", so OK with the
story empty keeps the dialog open, with the side typed, and a red line saying what is missing;
a side that takes no part is refused in the rules' words, in the dialog; a story typed then
offers the concession as one undo step."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from tabletop.ui.docks.play.ask import StepDialog
from tests.ui.playing import start_edgerunner


def _concede_action(window):
    found = [a for a in window.play.steps_menu.actions() if a.text() == "Concede…"]
    assert found, [a.text() for a in window.play.steps_menu.actions()]
    return found[0]


def _in_the_dialog(qtbot, play) -> None:
    """Run `play(dialog)` once the step dialog shows (it is modal: this runs inside its loop)."""

    def when_shown() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, StepDialog):
            QTimer.singleShot(10, when_shown)
            return
        play(dialog)

    QTimer.singleShot(0, when_shown)


def _ok(dialog: StepDialog) -> None:
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()


def test_ok_with_the_story_empty_keeps_the_dialog_and_what_was_typed(qtbot, window):
    start_edgerunner(window)
    steps = window.document.undo_stack.count()
    seen: dict[str, object] = {}

    def play(dialog: StepDialog) -> None:
        dialog.edits["side"].set_value("runners")
        _ok(dialog)
        seen["open"], seen["line"] = dialog.isVisible(), dialog.problem.text()
        seen["side"] = dialog.edits["side"].value()
        dialog.edits["side"].set_value("pirates")
        dialog.edits["story"].set_value("Jade breaks her data uplink and scuttles Gatto out of there.")
        _ok(dialog)
        seen["still"], seen["refused"] = dialog.isVisible(), dialog.problem.text()
        dialog.edits["side"].set_value("runners")
        _ok(dialog)

    _in_the_dialog(qtbot, play)
    _concede_action(window).trigger()
    assert seen["open"] is True, "OK with the story empty left the dialog"
    assert seen["line"] == "Fill in the story: a concession is a story that ends the conflict."
    assert seen["side"] == "runners", "what was typed is kept"
    assert seen["still"] is True
    assert seen["refused"] == (
        "The rules refuse it: no side 'pirates' takes part in the conflict (its sides: runners, corp)"
    )
    entry = window.document.map.conflict.log[-1]
    assert (entry.actor, entry.action) == ("runners", "offers a concession")
    assert entry.story.startswith("Jade breaks her data uplink")
    assert window.document.undo_stack.count() == steps + 1
    assert window.play.dock_widget.message.text() == "runners offers a concession: corp may accept or refuse it"


def test_cancel_takes_no_step(qtbot, window):
    start_edgerunner(window)
    log = list(window.document.map.conflict.log)
    _in_the_dialog(qtbot, lambda dialog: dialog.reject())
    _concede_action(window).trigger()
    assert window.document.map.conflict.log == log
