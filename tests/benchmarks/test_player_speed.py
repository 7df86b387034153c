"""Speed of the players' window on a 10k-zone map, against the player window issue's targets:
an edit in the GM's window repaints both windows within 16 ms (median), and the players'
window opens on that map within 0.5 s. Offscreen, a 1600x1000 GM view and a 1280x720
players' window.

An edit marks its map boxes on each window's kept tiles; the next frame mends just those
rectangles (ui/scene/layer.py), so an edit's cost is the few zones around it, not the 60 zones
of each tile it touches; an edit across a tile's edge is painted once for the tiles it crosses
(unless a pattern or texture is among them), and fog lifted or dropped repaints, in the GM's
window, only the zone's shape. The upright players' window repaints only around the edit.
A token is an item of its own: its step mends no tile, unless the name
of a zone it leaves or enters moves (then that name's two boxes only). Each step below includes
both windows' whole frames as the benchmark paints them (QGraphicsView.render of both viewports,
about half of a step's time).

Run with: .venv/bin/python -m pytest tests/benchmarks/test_player_speed.py -o addopts="" --benchmark-only
"""

# ruff: noqa: F811  (the editor benchmarks' fixtures are taken in by name)
from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication

from tabletop.document.commands import AddObject, EditObject, MoveToken
from tabletop.document.commands.fog import SetFog
from tabletop.model import Map, Token, ZoneLocation
from tests.benchmarks.test_editor_speed import big_map_file, discard_on_close, frame, window  # noqa: F401

PLAYER_SIZE = (1280, 720)
CENTRE = QPointF(1200, 800)


def _players(qtbot, window):
    """The players' window open on the big map, both views at 1:1 on the same place."""
    window.players.set_open(True)
    player = window.players.player
    player.resize(*PLAYER_SIZE)
    qtbot.waitUntil(lambda: player.built)
    view = window.view
    view.resetTransform()
    view.centerOn(CENTRE)
    rect = view.mapToScene(view.viewport().rect()).boundingRect()
    player.view.show_rect(rect)
    frame(window.view)
    frame(player.view)
    return player


def _zone_near_centre(window) -> str:
    return window.document.zone_at(CENTRE.x(), CENTRE.y())


def test_an_edit_repaints_both_windows_10k(benchmark, qtbot, window):
    """A zone renamed in the GM's window: both windows' next frames."""
    player = _players(qtbot, window)
    document = window.document
    zone = document.get("zone", _zone_near_centre(window))
    names = itertools.cycle(["Vault", "Stair"])

    def edit_and_paint():
        document.undo_stack.push(EditObject(document, "zone", zone.model_copy(update={"name": next(names)})))
        return frame(window.view), frame(player.view)

    benchmark(edit_and_paint)
    player.close()


def test_a_token_move_repaints_both_windows_10k(benchmark, qtbot, window):
    """A token moved between two neighbouring zones, the commonest edit at the table."""
    player = _players(qtbot, window)
    document = window.document
    here = _zone_near_centre(window)
    there = next(iter(document.layout.borders_at[here]))
    border = document.get("border", there)
    places = itertools.cycle([ZoneLocation(zone=border.a), ZoneLocation(zone=border.b)])
    document.undo_stack.push(AddObject(document, "token", Token(id="t", name="Scout", location=next(places))))

    def move_and_paint():
        document.undo_stack.push(MoveToken(document, "t", next(places)))
        return frame(window.view), frame(player.view)

    benchmark(move_and_paint)
    player.close()


def _rooms(map_: Map, scale: float = 3.0) -> Map:
    """The map with every zone `scale` times as big: rooms where a name steps up above the
    tokens' place when the first token comes (a brick has no room for that)."""
    zones = []
    for zone in map_.zones:
        shape = zone.shape.model_copy(update={"points": [(x * scale, y * scale) for x, y in zone.shape.points]})
        zones.append(zone.model_copy(update={"shape": shape}))
    return map_.model_copy(update={"zones": zones})


def test_a_token_move_that_moves_names_10k(benchmark, qtbot, window):
    """A token moved between two neighbouring rooms, each room's name stepping up or back down."""
    document = window.document
    document.replace_map(_rooms(document.map), None)
    player = _players(qtbot, window)
    here = _zone_near_centre(window)
    there = min(document.layout.borders_at[here])
    border = document.get("border", there)
    places = itertools.cycle([ZoneLocation(zone=border.a), ZoneLocation(zone=border.b)])
    empty = window.scene.arrangement.name(border.a)
    document.undo_stack.push(AddObject(document, "token", Token(id="t", name="Scout", location=next(places))))
    assert window.scene.arrangement.name(border.a) != empty, "the room's name moves for its tokens"

    def move_and_paint():
        document.undo_stack.push(MoveToken(document, "t", next(places)))
        return frame(window.view), frame(player.view)

    benchmark(move_and_paint)
    player.close()


def test_a_reveal_repaints_both_windows_10k(benchmark, qtbot, window):
    """The Reveal tool lifting and dropping the fog of one zone: both windows' next frames."""
    player = _players(qtbot, window)
    document = window.document
    zone_id = _zone_near_centre(window)
    fogged = itertools.cycle([True, False])

    def reveal_and_paint():
        document.undo_stack.push(SetFog(document, [zone_id], None, next(fogged)))
        return frame(window.view), frame(player.view)

    benchmark(reveal_and_paint)
    player.close()


def test_open_the_players_window_10k(benchmark, qtbot, window):
    """From the GM's command to the players' first frame of the map."""

    def close_previous():
        if window.players.player is not None:
            window.players.player.close()
        QApplication.processEvents()
        return (), {}

    def open_and_show():
        window.players.set_open(True)
        player = window.players.player
        qtbot.waitUntil(lambda: player.built, timeout=10_000)
        return frame(player.view)

    benchmark.pedantic(open_and_show, setup=close_previous, rounds=5)
    assert window.players.player is not None
    window.players.player.close()


@pytest.fixture(autouse=True)
def _no_player_left(window):
    yield
    if window.players.player is not None:
        window.players.player.close()
