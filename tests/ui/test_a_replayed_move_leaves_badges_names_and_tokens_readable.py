"""A move replayed on the players' window leaves what they read readable: the travelling token
passes under the borders' badges (the "3" stays on top of it), behind the tokens standing in
its way, and its dashed trail breaks around the zones' names; its own name plate travels with
it, a step from its place at most, on the players' screen."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage

from tabletop.document.commands import MoveToken
from tabletop.geometry.single.clearing import GAP
from tabletop.geometry.single.shapes import TOKEN_RADIUS
from tabletop.model import ZoneLocation
from tabletop.samples import warehouse
from tabletop.ui.player.replay import MoveReplay

GATTO, HARGAN = "#00ff00", "#0000fe"
"""Colours found nowhere else on the map: a pixel of one is that token's disc or trail."""
STEPS = 60
"""Points along the way the replay is posed at."""


def _opened(qtbot, window):
    """The warehouse with Gatto standing in the middle and Hargan in the east end, the players'
    window open, and Hargan's move to the west end replaying, held still."""
    map_ = warehouse()
    where = {"gatto": "z2", "hargan": "z3"}
    colours = {"gatto": GATTO, "hargan": HARGAN}
    tokens = [
        t.model_copy(update={"location": ZoneLocation(zone=where[t.id]), "colour": colours[t.id]}) for t in map_.tokens
    ]
    window.document.replace_map(map_.model_copy(update={"tokens": tokens}), None)
    window.players.open_action.trigger()
    player = window.players.player
    qtbot.waitUntil(lambda: not player.view.covered)
    replay = player.findChild(MoveReplay)
    window.document.undo_stack.push(MoveToken(window.document, "hargan", ZoneLocation(zone="z1")))
    assert replay.running
    replay.animation.pause()
    return player, replay


def _posed(player, replay, progress: float) -> QImage:
    """The players' frame with the traveller `progress` of its way along."""
    replay.item.progress = progress
    replay.item.update()
    return player.view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def _on_screen(player, box) -> QRectF:
    left, top, right, bottom = box
    return player.view.viewportTransform().mapRect(QRectF(left, top, right - left, bottom - top))


def _count(image: QImage, colour: str, rect: QRectF) -> int:
    pixels = np.frombuffer(image.constBits(), dtype=np.uint32, count=image.width() * image.height())
    pixels = pixels.reshape(image.height(), image.width())
    top, left = max(0, int(rect.top())), max(0, int(rect.left()))
    part = pixels[top : int(rect.bottom()) + 1, left : int(rect.right()) + 1]
    return int(np.count_nonzero(part == QColor(colour).rgb()))


def _inner(rect: QRectF, share: float) -> QRectF:
    """The middle of a rectangle, `share` of its width and height."""
    inner = QRectF(0, 0, rect.width() * share, rect.height() * share)
    inner.moveCenter(rect.center())
    return inner


def _nearest(replay, point: tuple[float, float]) -> float:
    """The progress at which the traveller comes nearest a point of the map."""

    def distance(progress: float) -> float:
        replay.item.progress = progress
        spot = replay.item.where()[0]
        return (spot.x() - point[0]) ** 2 + (spot.y() - point[1]) ** 2

    return min((k / STEPS for k in range(1, STEPS)), key=distance)


def test_the_badge_a_traveller_crosses_stays_on_top_of_it(qtbot, window):
    player, replay = _opened(qtbot, window)
    arrangement = player.scene.arrangement
    crossed = next(b for b in window.document.map.borders if {b.a, b.b} == {"z2", "z3"})
    badge = arrangement.badge(crossed.id).box
    centre = ((badge[0] + badge[2]) / 2, (badge[1] + badge[3]) / 2)
    progress = _nearest(replay, centre)
    frame = _posed(player, replay, progress)
    spot = replay.item.where()[0]
    assert abs(spot.x() - centre[0]) < TOKEN_RADIUS / 2, "the traveller stands on the badge"
    reach = 1.5 * TOKEN_RADIUS
    around = _on_screen(player, (spot.x() - reach, spot.y() - reach, spot.x() + reach, spot.y() + reach))
    assert _count(frame, HARGAN, around) > 20, "the traveller and its trail are drawn there"
    assert _count(frame, HARGAN, _inner(_on_screen(player, badge), 0.6)) == 0, "the badge's figure is not covered"


def test_the_trail_breaks_around_the_zones_names(qtbot, window):
    player, replay = _opened(qtbot, window)
    frame = _posed(player, replay, 0.95)
    arrangement = player.scene.arrangement
    trail_seen = _on_screen(player, (0, replay.item.where()[0].y() - 2, 10_000, replay.item.where()[0].y() + 2))
    assert _count(frame, HARGAN, trail_seen) > 50, "the dashed way is drawn"
    crossed = [arrangement.name(zone_id) for zone_id in ("z1", "z2", "z3")]
    under_the_way = [
        name for name in crossed if name is not None and _on_screen(player, name.box).intersects(trail_seen)
    ]
    assert under_the_way, "the way runs across a zone's name"
    for name in under_the_way:
        assert _count(frame, HARGAN, _on_screen(player, name.box)) == 0, f"the trail runs through {name.words}"


def test_a_traveller_passes_behind_a_standing_token(qtbot, window):
    player, replay = _opened(qtbot, window)
    gatto = player.scene.items_by_key[("token", "gatto")].pos()
    progress = _nearest(replay, (gatto.x(), gatto.y()))
    frame = _posed(player, replay, progress)
    spot = replay.item.where()[0]
    assert abs(spot.x() - gatto.x()) < TOKEN_RADIUS, "the traveller overlaps Gatto"
    disc = _on_screen(player, (gatto.x() - 6, gatto.y() - 6, gatto.x() + 6, gatto.y() + 6))
    assert _count(frame, GATTO, disc) > 10
    assert _count(frame, HARGAN, disc) == 0, "the traveller is drawn over the standing token"


def test_the_travellers_name_goes_with_it_all_the_way(qtbot, window):
    player, replay = _opened(qtbot, window)
    screen = QRectF(player.view.viewport().rect())
    named = 0
    for k in range(1, STEPS):
        _posed(player, replay, k / STEPS)
        box = replay.item.name_box
        if not replay.item.stop_now().seen:
            continue
        assert box is not None, f"no name plate at {k}/{STEPS} of the way"
        named += 1
        spot = replay.item.where()[0]
        width, height = box[2] - box[0], box[3] - box[1]
        below = spot.y() + TOKEN_RADIUS + height / 2  # about where the name stands, under the disc
        centre = QPointF((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        assert abs(centre.x() - spot.x()) <= width / 2 + height / 2 + 1, "a step sideways at most"
        assert abs(centre.y() - below) <= 2 * (height + GAP), "a step up or down at most"
        assert screen.contains(_on_screen(player, box)), "on the players' screen"
    assert named > STEPS / 2
