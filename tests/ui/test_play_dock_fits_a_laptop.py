"""The play dock fits the window whatever move the form shows: on a 1366x768 laptop and a
1920x1080 screen, choosing any action, snap or reaction of either system never makes the
window grow past its screen nor the dock ask for more height than the window has."""

from __future__ import annotations

import pytest

from tests.ui.playing import start, start_af, start_edgerunner


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)], ids=["1366x768", "1920x1080"])
@pytest.mark.parametrize("begin", [start_af, start_edgerunner], ids=["af", "edgerunner"])
def test_every_move_of_the_form_fits_the_window(qtbot, window, size, begin):
    begin(window)
    window.resize(*size)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == size)
    form = window.play.dock_widget.form
    dock = window.play.dock
    for at in range(form.choice.count()):
        form.choice.setCurrentIndex(at)
        qtbot.waitUntil(lambda: form.chosen() is not None)
        assert (window.width(), window.height()) == size, f"the window grew for {form.choice.itemText(at)}"
        assert dock.minimumSizeHint().height() <= size[1], f"{form.choice.itemText(at)} asks for more height"
        assert dock.widget().minimumSizeHint().width() <= size[0] // 2, f"{form.choice.itemText(at)} is too wide"


def narrowed(window, dock) -> int:
    """The dock dragged as narrow as it goes: as narrow as its tab, the Inspector, too (Qt leaves
    a dock be when asked narrower than either allows); its width now."""
    from PySide6.QtCore import Qt

    least = max(dock.minimumSizeHint().width(), window.docks["Inspector"].minimumSizeHint().width())
    window.resizeDocks([dock], [least], Qt.Orientation.Horizontal)
    return dock.width()


def test_starting_widens_the_dock_and_fits_a_whole_map_again_but_keeps_a_zoom(qtbot, window, answers):
    """A map seen whole when the conflict starts is seen whole beside the wider dock; a GM
    zoomed in on one corner keeps that zoom."""
    from PySide6.QtWidgets import QApplication

    from tabletop.samples import warehouse

    window.resize(1366, 768)
    window.document.replace_map(warehouse(), None)
    answers["choose"] = "Close Without the Log"  # each round closes the conflict it started
    dock, view = window.play.dock, window.view
    for zoomed in (False, True):
        dock.show()
        qtbot.waitUntil(lambda: narrowed(window, dock) < 300)
        dock.hide()
        view.fit_map()
        if zoomed:
            view.scale(4, 4)
        scale = view.transform().m11()
        assert view.shows_whole_map() is not zoomed
        assert start(window, "edgerunner", ["gatto", "hargan"])
        qtbot.waitUntil(lambda: dock.width() >= 400)
        if zoomed:
            QApplication.processEvents()  # a fit the widening had queued would run now
            assert view.transform().m11() == scale and not view.shows_whole_map()
        else:
            qtbot.waitUntil(view.shows_whole_map)
        window.play.close_action.trigger()


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)], ids=["1366x768", "1920x1080"])
def test_the_turn_list_shows_every_row_while_the_form_is_used(qtbot, window, size):
    """The turn list is the table's order at a glance: all four rows of the ambush stay in sight
    with the form filled and after a reaction is taken, on a laptop and a full HD screen."""
    from tests.ui.playing import choose

    window.resize(*size)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == size)
    start_af(window)
    dock = window.play.dock_widget
    turns = dock.turns

    def all_rows_seen() -> bool:
        last = turns.visualItemRect(turns.item(turns.rowCount() - 1, 0))
        return turns.rowCount() == 4 and turns.viewport().rect().contains(last)

    qtbot.waitUntil(all_rows_seen)
    top = dock.top  # the header, the keys, the message and the turn list, none of them squeezed
    dock.say("Not done: " + "a refusal long enough to wrap over three lines of the dock, " * 3)
    qtbot.waitUntil(lambda: all_rows_seen() and top.height() >= top.heightForWidth(top.width()))
    dock.turn_key("next")
    choose(dock, "guard", kind="reaction", actor="kell")
    qtbot.waitUntil(all_rows_seen)
    assert dock.middle.tabText(0) == "Action of Kell"
    dock.form.edits["type"].set_value("dodge")
    dock.form.do.click()
    qtbot.waitUntil(all_rows_seen)
    assert dock.middle.tabText(0) == f"Action of {window.document.label('token', dock.form.actor())}"
