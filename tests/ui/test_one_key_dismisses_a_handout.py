"""Esc takes the handout away from the GM's window, whatever has the keyboard there; a
handout is never an edit (no undo step, nothing saved) and goes with the map it came from."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tabletop.io import load_map, save_map
from tabletop.model.kinds import Kind
from tabletop.samples import warehouse
from tabletop.ui.player.handout import HandoutCard
from tests.ui.handouts import frame, handout_map, open_players


def test_esc_on_the_gms_window_dismisses_the_handout(qtbot, window):
    player, handouts = open_players(qtbot, window)
    blank = frame(player)
    handouts.show_description("z2")
    assert frame(player) != blank
    assert "Esc takes it away" in window.statusBar().currentMessage()
    assert window.registry["handout.dismiss"].shortcut().toString() == "Esc"
    window.activateWindow()
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert handouts.shown is None and player.findChild(HandoutCard).isHidden()
    assert frame(player) == blank and not handouts.up.isVisible()
    assert not window.registry["handout.dismiss"].isEnabled(), "Esc is the tools' again"


def test_a_handout_is_no_edit_and_is_never_saved(qtbot, window, tmp_path):
    path = tmp_path / "heist.tabletop"
    save_map(handout_map(), path)
    _player, handouts = open_players(qtbot, window, load_map(path), path)
    steps = window.document.undo_stack.count()
    window.document.select([(Kind.ZONE, "z2")])
    handouts.show_description()
    handouts.show_aspect(*handouts.aspects()[0])
    assert window.document.undo_stack.count() == steps and not window.document.modified
    written = path.read_bytes()
    window.files.save()
    assert path.read_bytes() == written, "the map file holds no handout"


def test_the_handout_goes_with_the_map(qtbot, window):
    player, handouts = open_players(qtbot, window)
    handouts.show_description("z2")
    window.document.replace_map(warehouse(), None)
    assert handouts.shown is None and player.findChild(HandoutCard).isHidden()


def test_closing_the_players_window_takes_the_handout_away(qtbot, window):
    player, handouts = open_players(qtbot, window)
    handouts.show_description("z2")
    assert handouts.up.isVisible() and handouts.up.text() == "Players see Middle's description (Esc to dismiss)"
    window.players.open_action.trigger()  # closed
    assert handouts.shown is None and not handouts.up.isVisible()
    assert not window.registry["handout.dismiss"].isEnabled()
    window.players.open_action.trigger()  # and opened again
    player = window.players.player
    qtbot.waitUntil(lambda: not player.view.covered)
    assert player.findChild(HandoutCard).words() is None
