"""The players' export draws the players' window's picture: `tabletop export MAP --player`
of the rectangle the window shows, at its scale, equals the window's pixels (fog, hidden
zones and tokens alike), up to antialiasing; after edits too, when the window's tiles were
mended rather than painted afresh."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication

from tabletop.cli import main
from tabletop.document.commands import EditObject, MoveToken
from tabletop.document.commands.fog import SetFog
from tabletop.io import save_map
from tabletop.model import FillStyle, Map, Token, ZoneLocation
from tabletop.render.fog_paint import FOG_BASE
from tabletop.samples import warehouse

TOLERANCE = 48
"""How far a channel may stray where an edge's antialiasing falls a little differently."""
STRAY = 0.002
"""The share of pixels allowed past the tolerance."""
SECRET = "#ff00ff"


def _secret_warehouse() -> Map:
    """The warehouse with its east end fogged, a hidden store room in a colour found nowhere
    else, and a hidden spy in the middle."""
    map_ = warehouse()
    zones = [z.model_copy(update={"fogged": z.id == "z3"}) for z in map_.zones]
    room = zones[1].shape.model_copy(update={"points": [(200, 200), (400, 200), (400, 320), (200, 320)]})
    store = zones[1].model_copy(
        update={"id": "z4", "name": "Store", "hidden": True, "fill": FillStyle(colour=SECRET), "shape": room}
    )
    spy = Token(id="spy", name="Spy", hidden=True, location=ZoneLocation(zone="z2"))
    return map_.model_copy(update={"zones": [*zones, store], "tokens": [*map_.tokens, spy]})


def _pixels(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    data = np.frombuffer(image.constBits(), dtype=np.uint8, count=image.width() * image.height() * 4)
    return data.reshape(image.height(), image.width(), 4)[:, :, :3].astype(int)  # B, G, R


def _count(pixels: np.ndarray, colour: str) -> int:
    c = QColor(colour)
    return int(np.count_nonzero(np.all(pixels == (c.blue(), c.green(), c.red()), axis=2)))


def _export_and_compare(window, player, tmp_path, name: str) -> np.ndarray:
    """The window's picture against the players' export of what it shows, at its scale."""
    QApplication.processEvents()
    path = tmp_path / f"{name}.tabletop"
    save_map(window.document.map, path)
    shown = player.view.visible_rect()
    scale = player.view.transform().m11()
    screen = _pixels(player.view.viewport().grab().toImage())
    out = tmp_path / f"{name}.png"
    scope = f"view:{shown.x()},{shown.y()},{shown.width()},{shown.height()}"
    assert main(["export", str(path), "--player", "-o", str(out), "--scope", scope, "--px-per-unit", str(scale)]) == 0
    exported = _pixels(QImage(str(out)))
    assert exported.shape == screen.shape, "the same size as the window"
    stray = (np.abs(screen - exported).max(axis=2) > TOLERANCE).mean()
    assert stray < STRAY, f"{name}: {stray:.2%} of the pixels differ"
    return screen


def test_the_players_export_equals_the_players_window(qtbot, window, tmp_path):
    path = tmp_path / "warehouse.tabletop"
    save_map(_secret_warehouse(), path)
    window.files.open(path)
    window.players.open_action.trigger()
    player = window.players.player
    player.resize(900, 560)
    qtbot.waitUntil(lambda: not player.view.covered)
    player.view.show_rect(QRectF(-40, -40, 680, 400))
    first = _export_and_compare(window, player, tmp_path, "opened")
    assert _count(first, SECRET) == 0, "the hidden store is on neither"
    fog = QColor(FOG_BASE)
    assert np.count_nonzero(np.abs(first - (fog.blue(), fog.green(), fog.red())).max(axis=2) < 30) > 1000
    document = window.document
    document.undo_stack.push(MoveToken(document, "gatto", ZoneLocation(zone="z2")))
    document.undo_stack.push(SetFog(document, ["z3"], None, False))
    middle = document.get("zone", "z2")
    document.undo_stack.push(EditObject(document, "zone", middle.model_copy(update={"name": "Loading bay"})))
    window.replay.skip()  # the export is of where the move ends, not of its replay
    edited = _export_and_compare(window, player, tmp_path, "edited")
    assert np.abs(edited - first).max(axis=2).mean() > 1, "the edits show"
    player.close()
