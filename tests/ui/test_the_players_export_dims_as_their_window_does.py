"""With fog by sight, the players' export dims what their window dims: `export --player
--by-sight SIDE` of the rectangle the window shows equals its pixels with a room seen and shut
off (shaded, its fill through, no one standing there), and the export dialog's players' copies
carry the window's fog by sight."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from tabletop.cli import main
from tabletop.io import save_map
from tabletop.render.export import Who
from tabletop.rules.sight import SightRange
from tabletop.ui.dialogs.export_dialog import ExportDialog
from tabletop.ui.player.fog import players_sight
from tests.ui.test_fog import _fogged_warehouse
from tests.ui.test_out_of_sight_is_dimmed_for_the_players_not_fogged import _shaded_magenta, _shut_the_middle
from tests.ui.test_player_export import STRAY, TOLERANCE, _count, _pixels


def test_the_players_export_by_sight_equals_their_window(qtbot, window, tmp_path):
    document = window.document
    document.replace_map(_fogged_warehouse(), None)
    window.players.open_action.trigger()
    player = window.players.player
    player.resize(900, 560)
    qtbot.waitUntil(lambda: not player.view.covered)
    window.fog.set_players_side("runners")
    window.fog.set_sight_range(5)
    window.fog.by_sight_action.setChecked(True)
    _shut_the_middle(document)
    player.view.show_rect(QRectF(-40, -40, 680, 400))
    qtbot.waitUntil(lambda: window.fog.shade is not None and "z2" in window.fog.shade.dimmed)
    QApplication.processEvents()
    path = tmp_path / "shut.tabletop"
    save_map(document.map, path)
    shown, scale = player.view.visible_rect(), player.view.transform().m11()
    screen = _pixels(player.view.viewport().grab().toImage())
    out = tmp_path / "shut.png"
    scope = f"view:{shown.x()},{shown.y()},{shown.width()},{shown.height()}"
    args = ["export", str(path), "--player", "-o", str(out), "--scope", scope, "--px-per-unit", str(scale)]
    assert main([*args, "--by-sight", "runners", "--sight-range", "5"]) == 0
    exported = _pixels(QImage(str(out)))
    assert exported.shape == screen.shape
    stray = (np.abs(screen - exported).max(axis=2) > TOLERANCE).mean()
    assert stray < STRAY, f"{stray:.2%} of the pixels differ"
    assert _count(exported, "#ff00ff") == 0 and _shaded_magenta(QImage(str(out))) > 5000, "the middle dimmed on both"
    player.close()


def test_the_export_dialogs_players_copy_follows_fog_by_sight(qtbot, window):
    settings = window.fog.settings
    window.fog.set_players_side("runners")
    window.fog.set_sight_range(0, 400)
    assert players_sight(settings, window.document.map) is None, "fog by sight off: nothing dimmed"
    window.fog.by_sight_action.setChecked(True)
    sight = players_sight(settings, window.document.map)
    assert sight.side == "runners" and sight.reach == SightRange(window.fog.sight_range.borders, 400.0)
    dialog = ExportDialog(window, window.document.map, sight=sight)
    qtbot.addWidget(dialog)
    dialog.who.setCurrentIndex(1)
    options = dialog.options()
    assert options.who is Who.PLAYERS and options.sight == sight
