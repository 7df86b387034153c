"""View ▸ a dock brings it to the front of its tabs: the Reserve and Cards panes share the
Inspector's place, and choosing one in the menu shows it rather than hiding a tab behind."""

from __future__ import annotations


def _view_action(window, title: str):
    view = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    return next(a for a in view.actions() if a.text() == title)


def test_view_reserve_and_cards_raise_their_pane(qtbot, window):
    inspector, in_front = window.docks["Inspector"], _view_action(window, "Inspector")
    for title in ("Reserve", "Cards"):
        dock, chosen = window.docks[title], _view_action(window, title)
        chosen.trigger()
        qtbot.waitUntil(lambda c=chosen: c.isChecked() and not in_front.isChecked())  # in front of the Inspector
        assert window.tabifiedDockWidgets(inspector) and dock in window.tabifiedDockWidgets(inspector)
        in_front.trigger()  # the Inspector's tab brought back to the front
        qtbot.waitUntil(lambda c=chosen: in_front.isChecked() and not c.isChecked())
        assert not dock.isHidden()  # behind its tab, not closed
        chosen.trigger()  # chosen again: in front, not hidden
        qtbot.waitUntil(lambda c=chosen: c.isChecked() and not in_front.isChecked())
        chosen.trigger()  # chosen while in front: put away
        qtbot.waitUntil(lambda d=dock: d.isHidden())
