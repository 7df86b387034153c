"""A view's frame as the screen paints it, and the same view painted from new tiles: what the
tests of partial repaints compare, pixel for pixel, in the GM's window and the players'."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication


def painted(view) -> QImage:
    """The view's next frame, after what the event loop does between two real frames."""
    QApplication.processEvents()
    image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    view.render(painter)
    painter.end()
    return image


def fresh(view) -> QImage:
    """The view painted from new tiles, none kept from before."""
    layer = view.scene().layer
    layer.budget.clear(layer._owner)
    layer._mends.clear()
    return painted(view)


def both_windows(qtbot, window, rect: QRectF, scale: float) -> dict:
    """The players' window opened on `rect` whole, and the GM's view at `scale` centred on it:
    the two views by whose they are."""
    window.players.open_action.trigger()
    player = window.players.player
    qtbot.waitUntil(lambda: not player.view.covered)
    player.view.show_rect(rect)
    window.view.resetTransform()
    window.view.scale(scale, scale)
    window.view.centerOn(rect.center())
    return {"GM": window.view, "players": player.view}


def players_on(qtbot, window, map_):
    """The players' window opened on `map_`, its first frame drawn: the window, to look at."""
    window.document.replace_map(map_, None)
    window.players.open_action.trigger()
    player = window.players.player
    assert player is not None
    qtbot.waitExposed(player)
    qtbot.waitUntil(lambda: not player.view.covered)
    return player
