"""A maneuver's destination picked by dropping the mover's token: the drop leaves the token
where it stood (its drag is taken back off the undo stack) and fills the form, so the dock's
line and the status bar say where the move is headed, never "Undone:" for a drag the GM did
not undo. "Pick again" drops the place before it is used, and says so; a drag given up with
Esc is no undo either. A real undo is still told."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.ui.conftest import at, drag
from tests.ui.playing import choose, start_af


def _centre(row: int, col: int) -> tuple[float, float]:
    """The creek grid's areas are 40 units at 0,0."""
    return (col * 40 + 20, row * 40 + 20)


def _lines(window) -> tuple[str, str]:
    QApplication.processEvents()  # the dock tells an undo once the event that made it is over
    return window.play.dock_widget.message.text(), window.statusBar().currentMessage()


def test_a_token_dropped_as_the_destination_is_told_as_the_destination(qtbot, window):
    start_af(window)
    window.view.fit_map()
    dock = window.play.dock_widget
    choose(dock, "maneuver")
    steps = window.document.undo_stack.count()
    drag(qtbot, window, _centre(9, 2), _centre(9, 4))
    assert dock.form.destination.place == (9, 4)
    assert window.document.undo_stack.count() == steps, "the drag left no step"
    told = "Mira's maneuver is headed to area E10: Do it (F9) makes it"
    assert _lines(window) == (told, told)
    dock.form.do.click()
    mira = window.document.get("token", "mira").location
    assert (mira.row, mira.col) == (9, 4)
    window.document.undo_stack.undo()
    qtbot.waitUntil(lambda: dock.message.text().startswith("Undone: Mira: maneuver to area E10"))  # a real undo is told


def test_pick_again_says_the_place_is_dropped_before_it_was_used(qtbot, window):
    start_af(window)
    window.view.fit_map()
    dock = window.play.dock_widget
    choose(dock, "maneuver")
    drag(qtbot, window, _centre(9, 2), _centre(8, 2))
    dock.form.destination.again.click()
    assert dock.form.destination.place is None
    told = "Mira's maneuver has no destination now: click a place on the map, or drop the token there"
    assert _lines(window) == (told, told)


def test_a_drag_given_up_with_esc_is_no_undo_to_tell_of(qtbot, window):
    start_af(window)
    window.view.fit_map()
    before = _lines(window)[0]
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(window, *_centre(7, 3)))  # Kell, not the mover
    for x in (160, 180, 220):
        qtbot.mouseMove(viewport, pos=at(window, x, _centre(7, 3)[1]))
    assert window.document.get("token", "kell").location.col != 3, "the drag moved him"
    qtbot.keyClick(viewport, Qt.Key.Key_Escape)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(window, 220, _centre(7, 3)[1]))
    assert window.document.get("token", "kell").location.col == 3
    assert _lines(window)[0] == before
    assert not window.statusBar().currentMessage().startswith("Undone")
