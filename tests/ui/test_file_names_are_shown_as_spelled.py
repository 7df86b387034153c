"""A map's file name and title are text a GM typed: the progress dialog of its opening shows
the name as spelled (never as markup), and the window's title shows a "[*]" in the map's title
as typed rather than taking it for the mark of unsaved changes."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication, QLabel

from tabletop.model import Map
from tabletop.ui.opening import Opening
from tests.ui.markup_walk import markup_problems


def test_the_opening_dialog_shows_the_file_name_as_spelled(window):
    name = '<img src="x.png" width=30000> Salt & Co.tabletop'  # a file name holds no slash
    opening = Opening(window, Path(name))
    try:
        (label,) = opening.dialog.findChildren(QLabel)
        assert label.text() == f"Reading {name}…"
        assert not markup_problems(opening.dialog)
        opening.tell(0, 0)  # a read with no count to give says so, naming the file again
        assert not markup_problems(opening.dialog)
        assert name in label.text()
    finally:
        opening.close()


def test_a_title_holding_the_unsaved_mark_is_shown_as_typed(qtbot, window):
    window.document.replace_map(Map(title="Vault [*] of <b>Ages</b>"), None)
    QApplication.processEvents()
    assert window.windowHandle().title() == "Vault [*] of <b>Ages</b> — Tabletop"
    window.document.undo_stack.push(_rename(window, "Vault [*] 2"))
    qtbot.waitUntil(lambda: window.windowHandle().title() == "Vault [*] 2* — Tabletop")
    window.document.undo_stack.setClean()


def _rename(window, title: str):
    from tabletop.document.commands import EditMap

    return EditMap(window.document, title, window.document.map.notes)


def test_a_title_typed_a_letter_at_a_time_is_the_windows_title_whole(qtbot, window):
    """The letters typed are one undo step: the window's title follows every letter, not only
    the first, which made the map unsaved."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    title = window.inspector.map_title
    title.setFocus()
    title.selectAll()
    QTest.keyClicks(title, "Crypt")
    QTest.keyClick(title, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.document.map.title == "Crypt")
    assert window.windowHandle().title() == "Crypt* — Tabletop"
    window.document.undo_stack.setClean()
