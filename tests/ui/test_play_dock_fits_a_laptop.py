"""The play dock fits the window whatever move the form shows: on a 1366x768 laptop and a
1920x1080 screen, choosing any action, snap or reaction of either system never makes the
window grow past its screen nor the dock ask for more height than the window has."""

from __future__ import annotations

import pytest

from tests.ui.playing import start_af, start_edgerunner


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
