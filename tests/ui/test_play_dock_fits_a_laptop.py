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


def test_starting_widens_the_dock_and_fits_a_whole_map_again_but_keeps_a_zoom(qtbot, window):
    """A map seen whole when the conflict starts is seen whole beside the wider dock; a GM
    zoomed in on one corner keeps that zoom."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from tabletop.samples import warehouse

    window.resize(1366, 768)
    window.document.replace_map(warehouse(), None)
    dock, view = window.play.dock, window.view
    for zoomed in (False, True):
        dock.show()
        window.resizeDocks([dock], [200], Qt.Orientation.Horizontal)
        qtbot.waitUntil(lambda: dock.width() < 300)
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
