"""Speed of the GM's pointer on the players' window, against the pointer's target: the players
see the GM's move in the next frame their window paints, so the dot keeps up with the hand that
moves it (the target and the figures measured are in docs/SPEED.md). Measured from the mouse
event on the GM's canvas to the players' window's painted frame that holds it: the event sent,
then the event loop run until the players' view has painted the pointer (its item is the
topmost of their scene, so the last thing each frame paints). On the 10k-zone map of the editor
benchmarks, offscreen, a 1600x1000 GM view and a 1280x720 players' window, the pointer sweeping
a circle around the middle so its trail is always full.

Run with: .venv/bin/python -m pytest tests/benchmarks/test_pointer_speed.py -o addopts="" --benchmark-only
"""

# ruff: noqa: F811  (the editor benchmarks' fixtures are taken in by name)
from __future__ import annotations

import itertools
import math

from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from tabletop.document.commands.fog import SetFog
from tests.benchmarks.test_editor_speed import big_map_file, discard_on_close, window  # noqa: F401
from tests.benchmarks.test_player_speed import CENTRE, _players


def _sweep(window):
    """Viewport points on a circle round the middle of the GM's view, one a mouse event apart."""
    steps = 48
    for k in itertools.cycle(range(steps)):
        turn = 2 * math.pi * k / steps
        yield window.view.mapFromScene(CENTRE + QPointF(150 * math.cos(turn), 150 * math.sin(turn))).toPointF()


def _move_to_players_frame(window, marks, points):
    viewport = window.view.viewport()

    def move_and_paint():
        painted = marks.painted
        at = next(points)
        event = QMouseEvent(
            QEvent.Type.MouseMove,
            at,
            viewport.mapToGlobal(at),
            Qt.MouseButton.NoButton,
            Qt.MouseButton.NoButton,
            Qt.KeyboardModifier.NoModifier,
        )
        QApplication.sendEvent(viewport, event)
        if marks.boundingRect().isEmpty():  # nothing the players may see: no frame to wait for
            QApplication.processEvents()
            return
        while marks.painted == painted:
            QApplication.processEvents()

    return move_and_paint


def _pointing(qtbot, window):
    player = _players(qtbot, window)
    window.tool_actions["L"].trigger()
    marks = window.tools["L"].pointing.marks
    assert marks is not None
    return player, marks


def test_the_pointer_reaches_the_players_frame_10k(benchmark, qtbot, window):
    """The Laser Pointer moved on the GM's map: to the players' next painted frame."""
    player, marks = _pointing(qtbot, window)
    benchmark.pedantic(_move_to_players_frame(window, marks, _sweep(window)), rounds=300, warmup_rounds=20)
    assert marks.trail, "the pointer was drawn"
    player.close()


def test_the_pointer_beside_fog_reaches_the_players_frame_10k(benchmark, qtbot, window):
    """The same, with every other zone round the circle fogged: each frame's pointer is cut at
    the fog's edges."""
    document = window.document
    box = (CENTRE.x() - 260, CENTRE.y() - 260, CENTRE.x() + 260, CENTRE.y() + 260)
    near = sorted(zone_id for kind, zone_id in document.layout.find(box) if kind == "zone")
    document.undo_stack.push(SetFog(document, near[::2], None, True))
    player, marks = _pointing(qtbot, window)
    benchmark.pedantic(_move_to_players_frame(window, marks, _sweep(window)), rounds=300, warmup_rounds=20)
    assert len(near) > 20 and marks.trail
    player.close()
