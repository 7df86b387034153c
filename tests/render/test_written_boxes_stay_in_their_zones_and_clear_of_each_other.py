"""Everything a picture writes stays readable on compact maps: zone names and a dragged token's
reach numbers inside their own zone, and no two written boxes (names, badges, token discs and
name plates, reach numbers) over each other nor a token's flank line over a name or a number, in
the GM's style and the players', on every sample map, on a compact dungeon of 80-unit
rooms and on a room of 80 units with a door in every wall, a token standing in it or none, and
empty ones under 64 units across. On a compact dungeon of 50-unit rooms, too small for all of it,
every disc stays in its own room and no name is under a token's disc, plate or flank line; a plate
keeps off its token's flank line where its room has space. The boxes are those the painting
draws, recorded as it draws them."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetricsF, QImage, QPainter

from tabletop.geometry.single.labels import box_inside
from tabletop.geometry.single.shapes import TOKEN_RADIUS, map_bounds, token_spots
from tabletop.geometry.whole.layout import MapLayout
from tabletop.io import load_map
from tabletop.model import Map, NodeShape, ZoneLocation
from tabletop.render import paint as paint_module
from tabletop.render import text
from tabletop.render.badge_paint import badge_box
from tabletop.render.paint import map_arrangement, paint_map
from tabletop.render.reach_paint import paint_reach_zone
from tabletop.render.style import Audience, gm_style, players_style
from tabletop.render.token_paint import token_flank
from tabletop.rules import ZoneGraph, reach
from tabletop.rules.visibility import players_view
from tests.render.dungeon import compact_dungeon, doors_all_round
from tests.render.recording import record_texts

MAPS = sorted((Path(__file__).resolve().parents[2] / "maps").glob("*.tabletop"))
WIDTH = 1920
REACH_BUDGET = 6


def _maps() -> list[tuple[str, Map]]:
    return [(path.stem, load_map(path)) for path in MAPS] + [
        ("compact dungeon", compact_dungeon()),
        ("doors all round", doors_all_round()),
        ("doors all round, a short name", doors_all_round(token="Kell")),
        ("doors all round, empty", doors_all_round(token=None)),
        ("doors all round, rooms of 56", doors_all_round(56.0, token=None)),
        ("doors all round, rooms of 48", doors_all_round(48.0, token=None)),
    ]


def _dragged(map_: Map) -> tuple[str, list[tuple[str, int]]] | None:
    """The zones the first token standing in a zone reaches, with their costs."""
    token = next((t for t in map_.tokens if isinstance(t.location, ZoneLocation)), None)
    if token is None:
        return None
    return token.id, reach(ZoneGraph(map_), token.location.zone, REACH_BUDGET).zones()


def _written(map_: Map, style, monkeypatch) -> tuple[Map, list[tuple[str, str, str, tuple]]]:
    """Paint the map as an export does, with a token's reach over it, and answer every box
    written, in map units: (kind, whose, words, box)."""
    seen = players_view(map_) if style.audience is Audience.PLAYERS else map_
    layout = MapLayout(seen, index=False)
    spots = token_spots(seen, layout.zone, name_scale=style.text_scale)
    arrangement = map_arrangement(seen, layout, style, spots)
    left, top, w, h = map_bounds(seen)
    scale = WIDTH / w
    texts = record_texts(monkeypatch)
    plates: list[tuple[str, QRectF]] = []
    real_plated = text.plated_label

    def plated(p, words, centre, ink, plate, size, bold=False):
        box = real_plated(p, words, centre, ink, plate, size, bold)
        plates.append((words, p.worldTransform().mapRect(box)))
        return box

    monkeypatch.setattr(text, "plated_label", plated)
    badges: list[tuple[str, tuple]] = []
    real_badges = paint_module.paint_badges

    def badge_spy(p, drawn, style, spots=None):
        for (border, line), spot in zip(drawn, spots or [None] * len(drawn), strict=True):
            badges.append((border.id, badge_box(border, line, style) if spot is None else spot.box))
        real_badges(p, drawn, style, spots)

    monkeypatch.setattr(paint_module, "paint_badges", badge_spy)
    image = QImage(round(w * scale), round(h * scale), QImage.Format.Format_RGB32)
    painter = QPainter(image)
    painter.scale(scale, scale)
    painter.translate(-left, -top)
    paint_map(painter, seen, style, arrangement=arrangement)
    painted_plates = len(plates)
    numbers = []
    dragged = _dragged(seen)
    if dragged is not None:
        for zone_id, cost in dragged[1]:
            paint_reach_zone(painter, layout.zone(zone_id), arrangement.reach_number(zone_id, cost), style)
            numbers.append(zone_id)
    painter.end()

    def on_map(rect: QRectF) -> tuple:
        return (
            left + rect.left() / scale,
            top + rect.top() / scale,
            left + rect.right() / scale,
            top + rect.bottom() / scale,
        )

    boxes = []
    plate_rects = [rect for _, rect in plates]
    for drawn in texts:
        whose = next((zone.id for zone in seen.zones if _cut_from(drawn.text, zone.label)), None)
        if whose is None or any(drawn.box == rect for rect in plate_rects):
            continue  # a plate's words (the plate is their box), or no zone's name
        metrics = QFontMetricsF(drawn.font)
        half_w, half_h = metrics.horizontalAdvance(drawn.text) * drawn.scale / 2, metrics.height() * drawn.scale / 2
        centre = drawn.box.center()
        boxes.append(
            (
                "name",
                whose,
                drawn.text,
                on_map(QRectF(centre.x() - half_w, centre.y() - half_h, 2 * half_w, 2 * half_h)),
            )
        )
    tokens = [token for token in seen.tokens if token.id in spots and isinstance(token.location, ZoneLocation)]
    for words, rect in plates[:painted_plates]:
        whose = next((token.id for token in tokens if _cut_from(words, token.label)), None)
        if whose is not None:
            boxes.append(("plate", whose, words, on_map(rect)))
    for zone_id, (words, rect) in zip(numbers, plates[painted_plates:], strict=True):
        boxes.append(("reach", zone_id, words, on_map(rect)))
    boxes += [("badge", border_id, "", box) for border_id, box in badges]
    r = TOKEN_RADIUS
    for token in tokens:
        x, y = spots[token.id]
        boxes.append(("disc", token.id, token.label, (x - r, y - r, x + r, y + r)))
        if not token.problem:
            (x1, y1), (x2, y2) = token_flank(token, (x, y))
            boxes.append(("flank", token.id, token.label, (min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))))
    return seen, boxes


def _cut_from(written: str, label: str) -> bool:
    """Whether words written are the label, whole or cut with an ellipsis."""
    return written == text.shown(label) or (written.endswith(text.ELLIPSIS) and label.startswith(written[:-1]))


def _overlap(a: tuple, b: tuple) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("style", [gm_style, players_style], ids=["gm", "players"])
def test_every_written_box_stays_in_its_zone_and_clear_of_the_others(qapp, monkeypatch, style):
    problems = []
    for name, map_ in _maps():
        seen, boxes = _written(map_, style(), monkeypatch)
        zones = {zone.id: zone for zone in seen.zones}
        kinds = {kind for kind, *_ in boxes}
        assert ("name" in kinds) == bool(seen.zones) and ("badge" in kinds) == bool(seen.borders), name
        if _dragged(seen) is not None:
            assert {"disc", "plate", "reach"} <= kinds, f"{name}: tokens, their names and a reach"
        for kind, whose, words, box in boxes:
            zone = zones.get(whose)
            polygon = zone is not None and not isinstance(zone.shape, NodeShape)
            if kind in ("name", "reach") and polygon and not box_inside(tuple(zone.shape.points), box):
                problems.append(f"{name}: {kind} {words!r} leaves {zone.label}")
        for k, (kind, whose, words, box) in enumerate(boxes):
            for other_kind, other, other_words, other_box in boxes[k + 1 :]:
                if "flank" in (kind, other_kind) and not {kind, other_kind} & {"name", "reach"}:
                    continue  # plates and discs are drawn over flank lines; a badge keeps off them if it can
                if _overlap(box, other_box):
                    problems.append(f"{name}: {kind} {words or whose!r} over {other_kind} {other_words or other!r}")
    assert problems == [], "\n".join(problems)


def _archer_in_the_armoury(size: float) -> Map:
    """The compact dungeon of `size` rooms with the Raider archer stepped into the Armoury and
    first of the tokens, so its reach is the one written (_dragged)."""
    map_ = compact_dungeon(size)
    archer = next(t for t in map_.tokens if t.id == "t1").model_copy(update={"location": ZoneLocation(zone="r1c3")})
    return map_.model_copy(update={"tokens": [archer, *(t for t in map_.tokens if t.id != "t1")]})


@pytest.mark.parametrize("size", [50.0, 56.0])
@pytest.mark.parametrize("style", [gm_style, players_style], ids=["gm", "players"])
def test_in_rooms_too_small_for_everything_tokens_stay_home_and_names_stay_uncovered(qapp, monkeypatch, style, size):
    """In rooms of 50 units, where a disc, its plate, a name, badges and a reach number cannot all
    stand apart: every disc is inside its own room (room-mates over each other rather than one in
    the next room), no name is under a disc, a plate or a flank line of any room's token (a plate
    written past its room's edge is kept off), and every name and reach number is inside its room.
    (A reach number is painted over the tokens: the windows' test looks at it.)"""
    seen, boxes = _written(_archer_in_the_armoury(size), style(), monkeypatch)
    zones = {zone.id: zone for zone in seen.zones}
    tokens = {token.id: token for token in seen.tokens}
    assert {"disc", "plate", "reach", "name"} <= {kind for kind, *_ in boxes}
    problems = []
    for kind, whose, words, box in boxes:
        zone = zones[tokens[whose].location.zone] if kind == "disc" else zones.get(whose)
        if kind in ("disc", "name", "reach") and not box_inside(tuple(zone.shape.points), box):
            problems.append(f"{kind} {words!r} leaves {zone.label}")
    over = [(kind, words, box) for kind, _, words, box in boxes if kind in ("disc", "plate", "flank")]
    for kind, _, words, box in boxes:
        if kind == "name":
            problems += [f"{other} {name!r} over {words!r}" for other, name, edges in over if _overlap(box, edges)]
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("style", [gm_style, players_style], ids=["gm", "players"])
def test_a_plate_keeps_off_its_tokens_flank_line_where_its_room_has_space(qapp, monkeypatch, style):
    """Jade, facing across the room with a door, has room below her flank line's end: her plate
    is written there, not over the line (a dark line through a name crosses its letters)."""
    seen, boxes = _written(load_map(MAPS[0].with_name("room-with-door.tabletop")), style(), monkeypatch)
    jade = next(token.id for token in seen.tokens if token.label == "Jade")
    plate = next(box for kind, whose, _, box in boxes if (kind, whose) == ("plate", jade))
    flank = next(box for kind, whose, _, box in boxes if (kind, whose) == ("flank", jade))
    zone = next(zone for zone in seen.zones if zone.id == next(t for t in seen.tokens if t.id == jade).location.zone)
    assert box_inside(tuple(zone.shape.points), plate)
    assert not _overlap(plate, flank)


@pytest.mark.parametrize("facing", [0.0, 45.0, 90.0, 135.0, 180.0, 225.0, 270.0, 315.0])
@pytest.mark.parametrize("style", [gm_style, players_style], ids=["gm", "players"])
def test_a_rooms_name_keeps_off_its_tokens_front_where_the_room_has_space(qapp, style, facing):
    """In a room of 120 units with a door in every wall, whichever way its token faces, the
    room's name is written whole and off the token's facing wedge."""
    map_ = doors_all_round(120.0, "Sir Reginald the Bold")
    map_ = map_.model_copy(update={"tokens": [t.model_copy(update={"facing": facing}) for t in map_.tokens]})
    layout = MapLayout(map_, index=False)
    arrangement = map_arrangement(map_, layout, style(), token_spots(map_, layout.zone, name_scale=style().text_scale))
    name, fronts = arrangement.name("r1c1"), arrangement.zone_tokens("r1c1").fronts
    assert name is not None and name.words == "Guard room"
    assert fronts and not any(_overlap(name.box, front) for front in fronts)
