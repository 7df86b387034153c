"""The GM pointing at the players' window, as a GM does it: Q held on the map, or the Laser
Pointer tool; and what the players' window shows for it. Shared by the pointer's tests."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPoint, QPointF, QRect, Qt
from PySide6.QtGui import QImage

from tabletop.ui.player.pointer import INK
from tests.ui.conftest import at
from tests.ui.view_frames import players_on


def open_players(qtbot, window, map_):
    player = players_on(qtbot, window, map_)
    window.view.setFocus()
    return player


def marks(window):
    found = window.tools["L"].pointing.marks
    assert found is not None
    return found


def frame(player) -> QImage:
    return player.view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def ink(image: QImage, around: QRect | None = None) -> int:
    """Pixels of the pointer's own colour in the frame (or in a part of it)."""
    if around is not None:
        image = image.copy(around)
    pixels = np.frombuffer(image.constBits(), dtype=np.uint32, count=image.width() * image.height())
    return int(np.count_nonzero(pixels == INK.rgb()))


def on_players(player, x: float, y: float, reach: int = 40) -> QRect:
    """The players' window's pixels around map point (x, y)."""
    centre = player.view.mapFromScene(QPointF(x, y))
    return QRect(centre - QPoint(reach, reach), centre + QPoint(reach, reach))


def hold_q_and_move(qtbot, window, points) -> None:
    """Q pressed with the mouse already at the first point, as a GM's hand is: the dot starts
    where the mouse is, wherever an earlier test left it."""
    qtbot.mouseMove(window.view.viewport(), pos=at(window, *points[0]))
    qtbot.keyPress(window.view, Qt.Key.Key_Q)
    for x, y in points:
        qtbot.mouseMove(window.view.viewport(), pos=at(window, x, y))


def let_go_of_q(qtbot, window) -> None:
    qtbot.keyRelease(window.view, Qt.Key.Key_Q)
