"""View ▸ Fit Players' View to Map (Ctrl+Alt+0) undoes the GM's hand framing: the players see
their whole map again, and their view follows it again as the GM grows a grid. It ends follow
mode (which would frame it again at once), the next opening fits too, and it is no edit."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer

from tabletop.document.commands.growth import grow_grid
from tabletop.geometry.single.shapes import grid_rect
from tabletop.samples import af_encounter
from tabletop.ui.player.controls import VIEW_KEY
from tests.ui.view_frames import players_on


def _creek(window) -> QRectF:
    return QRectF(*grid_rect(window.document.get("grid", "creek")))


def _whole_in_sight(player, rect: QRectF) -> bool:
    view = player.view
    room = QRectF(view.viewport().rect()).adjusted(-1, -1, 1, 1)
    corners = (rect.topLeft(), rect.topRight(), rect.bottomLeft(), rect.bottomRight())
    return all(room.contains(view.viewportTransform().map(QPointF(corner))) for corner in corners)


def _framed_by_hand(qtbot, window):
    """The players' view pushed from the GM's, zoomed in on one corner of the grid."""
    player = players_on(qtbot, window, af_encounter())
    window.view.resetTransform()
    window.view.scale(3, 3)
    window.view.centerOn(_creek(window).topLeft())
    window.players.push_view()
    assert not player.view.fitted and not _whole_in_sight(player, _creek(window))
    return player


def _press_fit(qtbot, window) -> None:
    window.activateWindow()
    qtbot.keyClick(window.view, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier)


def test_the_key_fits_a_framed_view_and_it_follows_a_grown_grid_again(qtbot, window):
    player = _framed_by_hand(qtbot, window)
    steps = window.document.undo_stack.count()
    _press_fit(qtbot, window)
    assert player.view.fitted
    assert _whole_in_sight(player, _creek(window))
    assert window.document.undo_stack.count() == steps, "a view setting, not an edit"
    for edge in ("east", "south"):
        window.document.undo_stack.push(grow_grid(window.document, "creek", edge))
    grown = _creek(window)
    qtbot.waitUntil(lambda: _whole_in_sight(player, grown))
    assert window.players.outline.rect.contains(grown), "the frame on the GM's map takes in the new row"


def test_it_sits_with_the_players_view_actions_and_ends_follow_mode(qtbot, window):
    player = _framed_by_hand(qtbot, window)
    fit = window.registry["players.fit"]
    view_menu = window.registry.menu("view").actions()
    assert view_menu.index(fit) == view_menu.index(window.registry["players.push"]) + 1
    window.players.follow_action.trigger()
    assert window.players.following and not player.view.fitted
    fit.trigger()
    assert not window.players.following and not window.players.follow_action.isChecked()
    window.view.scale(2, 2)  # the GM zooms on: the players' view stays fitted
    turned = []
    QTimer.singleShot(0, lambda: turned.append(True))
    qtbot.waitUntil(lambda: bool(turned))
    assert player.view.fitted and _whole_in_sight(player, _creek(window))


def test_the_next_opening_fits_too(qtbot, window):
    player = _framed_by_hand(qtbot, window)
    _press_fit(qtbot, window)
    assert window.settings.value(VIEW_KEY, "") == ""
    window.players.open_action.trigger()  # closed
    qtbot.waitUntil(lambda: window.players.player is None)
    window.players.open_action.trigger()
    again = window.players.player
    assert again is not player and again.view.fitted
