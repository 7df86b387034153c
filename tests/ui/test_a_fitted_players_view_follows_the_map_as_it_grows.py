"""A players' view that was fitted to the map follows the map's extent when the GM grows or
trims a grid (the new row is never cut off, the outline on the GM's map frames it all), and
keeps the whole map in sight above the initiative strip once the conflict starts. A view the
GM framed by hand (pushed, dragged) stays as the GM framed it."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QTimer

from tabletop.document.commands.growth import grow_grid
from tabletop.geometry.single.shapes import grid_rect
from tabletop.samples import af_encounter
from tests.ui.playing import REFLEXES, start
from tests.ui.view_frames import players_on


def _creek(window) -> QRectF:
    return QRectF(*grid_rect(window.document.get("grid", "creek")))


def _whole_in_sight(player, rect: QRectF, slack: float = 1.0) -> bool:
    """Every corner of `rect` falls inside the players' viewport."""
    view = player.view
    room = QRectF(view.viewport().rect()).adjusted(-slack, -slack, slack, slack)
    to_screen = view.viewportTransform()
    corners = (rect.topLeft(), rect.topRight(), rect.bottomLeft(), rect.bottomRight())
    return all(room.contains(to_screen.map(QPointF(corner))) for corner in corners)


def _grow(window, *edges: str) -> None:
    for edge in edges:
        window.document.undo_stack.push(grow_grid(window.document, "creek", edge))


def test_a_fitted_view_takes_in_the_rows_the_gm_grows_and_gives_them_back_on_undo(qtbot, window):
    player = players_on(qtbot, window, af_encounter())
    before = _creek(window)
    assert player.view.fitted
    _grow(window, "east", "south")
    grown = _creek(window)
    assert grown.height() > before.height() and grown.width() > before.width()
    qtbot.waitUntil(lambda: _whole_in_sight(player, grown))
    outline = window.players.outline.rect
    assert outline.contains(grown), "the dashed frame on the GM's map takes in the new row"
    window.document.undo_stack.undo()
    window.document.undo_stack.undo()
    # trimmed back, the map fills the players' screen again, not a corner of the old framing
    qtbot.waitUntil(lambda: player.view.shown_rect.height() < grown.height())
    assert _whole_in_sight(player, before)
    shown = player.view.viewportTransform().mapRect(before)
    screen = player.view.viewport().rect()
    assert shown.width() > screen.width() * 0.9 or shown.height() > screen.height() * 0.9


def test_the_grown_map_stays_whole_above_the_initiative_strip(qtbot, window):
    player = players_on(qtbot, window, af_encounter())
    _grow(window, "east", "south")
    grown = _creek(window)
    assert start(window, "af", list(REFLEXES), reflexes=REFLEXES)
    strip = player.strip.strips["bottom"]
    qtbot.waitUntil(strip.isVisible)
    qtbot.waitUntil(lambda: _whole_in_sight(player, grown))
    # the south row's bottom edge is drawn above the strip's top, not under the strip
    viewport = player.view.viewport()
    bottom = player.view.viewportTransform().map(QPointF(grown.center().x(), grown.bottom()))
    on_window = viewport.mapTo(player, bottom.toPoint()).y()
    assert on_window < strip.mapTo(player, strip.rect().topLeft()).y()


def test_a_view_the_gm_framed_by_hand_keeps_its_frame_when_the_map_grows(qtbot, window):
    player = players_on(qtbot, window, af_encounter())
    window.view.fit_map()
    window.players.push_view()
    framed = QRectF(player.view.shown_rect)
    assert not player.view.fitted
    _grow(window, "east", "south")
    turned = []
    QTimer.singleShot(0, lambda: turned.append(True))  # after any refit the grow asked for
    qtbot.waitUntil(lambda: bool(turned))
    assert player.view.shown_rect == framed
    assert not _whole_in_sight(player, _creek(window)), "the GM's frame, not the grown map"
