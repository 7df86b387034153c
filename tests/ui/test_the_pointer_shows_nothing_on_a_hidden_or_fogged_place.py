"""The pointer and its pings are drawn only where the players may see: a ping or the dot on a
hidden zone, a fogged zone or a fogged grid area shows nowhere on the players' window (the
secrets map of the players' window tests), and a ring beside one is cut at its edge."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRect, Qt

from tabletop.document.commands import EditObject
from tabletop.model.kinds import Kind
from tabletop.samples import af_encounter
from tabletop.ui.player.pointer import PING_HOLD_MS
from tabletop.ui.player.pointing import NOT_SEEN
from tests.ui.conftest import at
from tests.ui.pointing import frame, hold_q_and_move, ink, let_go_of_q, marks, on_players, open_players
from tests.ui.test_player_window import _count, _hide, _secret_map

SECRETS = ("#ff00ff", "#00ff00", "#0000fe")
"""The hidden middle zone's fill and its token's colour, the hidden token's colour."""


def _frozen(window) -> None:
    """Every mark as it is first drawn, however long a frame takes to grab."""
    held = marks(window).clock()
    marks(window).clock = lambda: held


def _ping(qtbot, window, x: float, y: float) -> None:
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at(window, x, y))


def _secrets_open(qtbot, window):
    map_, middle, hargan = _secret_map()
    player = open_players(qtbot, window, map_)
    _hide(window.document, middle, hargan)
    window.view.setFocus()
    frame_ = frame(player)
    assert [_count(frame_, colour) for colour in SECRETS] == [0, 0, 0], "the secrets map's secrets are kept"
    return player


def test_a_ping_or_the_pointer_on_a_hidden_zone_shows_nowhere(qtbot, window, monkeypatch):
    player = _secrets_open(qtbot, window)
    said = []
    monkeypatch.setattr(window.tools["L"].pointing, "say", said.append)
    _frozen(window)
    before = frame(player)
    window.tool_actions["L"].trigger()
    _ping(qtbot, window, 300, 100)  # the middle of the hidden zone
    hold_q_and_move(qtbot, window, [(280, 100), (300, 120), (320, 100)])
    after = frame(player)
    assert ink(after) == 0 and after == before, "not one pixel of the players' window changed"
    assert not marks(window).pings and marks(window).boundingRect().isEmpty()
    assert said == [NOT_SEEN], "the GM is told the players saw nothing"
    assert [_count(after, colour) for colour in SECRETS] == [0, 0, 0]
    hold_q_and_move(qtbot, window, [(100, 100)])
    let_go_of_q(qtbot, window)
    assert ink(frame(player), on_players(player, 100, 100, 14)) > 100, "the same pointer shows in the west end"


def test_a_ring_beside_a_hidden_zone_is_cut_at_its_edge(qtbot, window):
    player = _secrets_open(qtbot, window)
    view = player.view
    edge, right = view.mapFromScene(QPointF(200, 0)).x(), view.mapFromScene(QPointF(400, 0)).x()
    top, bottom = view.mapFromScene(QPointF(0, 0)).y(), view.mapFromScene(QPointF(0, 200)).y()
    middle = QRect(edge + 2, top, right - edge - 4, bottom - top)  # the hidden zone, less its edge's pixels
    untouched = frame(player).copy(middle)
    _frozen(window)
    window.tool_actions["L"].trigger()
    _ping(qtbot, window, 190, 100)  # in the west end, a ring's width from the hidden middle
    widest = marks(window).pings[0].at + PING_HOLD_MS
    marks(window).clock = lambda: widest  # the ring grown its widest, far over the edge
    marks(window).update()
    image = frame(player)
    assert ink(image, QRect(0, top, edge - 1, bottom - top)) > 100, "the ring shows in the west end"
    assert image.copy(middle) == untouched, "not one pixel of it over the hidden middle"


def test_a_ping_on_a_fogged_zone_or_fogged_grid_area_shows_nowhere(qtbot, window):
    encounter = af_encounter()
    grid = encounter.grids[0]
    fogged = grid.model_copy(update={"fogged_areas": [(row, col) for row in range(15) for col in range(8, 15)]})
    player = open_players(qtbot, window, encounter.model_copy(update={"grids": [fogged]}))
    _frozen(window)
    window.tool_actions["L"].trigger()
    before = frame(player)
    _ping(qtbot, window, 11 * 40 + 20, 5 * 40 + 20)  # area F12, under fog
    assert frame(player) == before and not marks(window).pings
    _ping(qtbot, window, 3 * 40 + 20, 5 * 40 + 20)  # area F4, clear
    assert ink(frame(player), on_players(player, 3 * 40 + 20, 5 * 40 + 20)) > 100
    marks(window).clear()
    zoned = _secret_map()[0]
    window.document.replace_map(zoned, None)
    east = window.document.get(Kind.ZONE, "z3")
    window.document.undo_stack.push(EditObject(window.document, Kind.ZONE, east.model_copy(update={"fogged": True})))
    qtbot.waitUntil(lambda: not marks(window).showing)
    before = frame(player)
    count = window.document.undo_stack.count()
    _ping(qtbot, window, 500, 100)
    assert frame(player) == before and not marks(window).pings, "nothing on the fogged east end"
    assert window.document.undo_stack.count() == count
    window.document.undo_stack.undo()  # the fog lifted: the same ping shows
    _ping(qtbot, window, 500, 100)
    assert ink(frame(player), on_players(player, 500, 100)) > 100
