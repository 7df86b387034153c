"""A room with a door in every wall, of 80 units with a token in it or of less than 64 units
across, is written clear in both windows (names inside their rooms, no name, badge, token plate
or disc over another, no flank line through a name), and both windows show what a fresh paint
places after a token steps in and out and a door changes. A map of a GM's own rooms settles
every badge, a short wall's too; one grown past that many zones keeps short walls' badges in
their middles, and both windows repaint whole when it crosses."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor

from tabletop.document.commands import AddObject, EditObject, MoveToken
from tabletop.geometry.single import clearing
from tabletop.geometry.single.labels import box_inside
from tabletop.geometry.single.shapes import TOKEN_RADIUS
from tabletop.model import Passage, PolygonShape, Zone, ZoneLocation
from tabletop.model.kinds import Kind
from tabletop.render.token_paint import token_flank
from tests.render.dungeon import compact_dungeon, doors_all_round
from tests.ui.view_frames import both_windows, fresh, painted


def _both(qtbot, window, map_, size: float, scale: float = 2.0):
    """The map in the GM's window at `scale` and whole in the players' window, with room around
    it as the compact dungeon's test leaves (letters under the size drawn from outlines)."""
    window.document.replace_map(map_, None)
    return both_windows(qtbot, window, QRectF(-20, -20, 4 * size + 40, 4 * size + 40), scale)


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _problems(view, document) -> list[str]:
    """What a window's arrangement writes over something else, or out of its room."""
    arrangement = view.scene().arrangement
    boxes = []
    for zone in document.map.zones:
        name = arrangement.name(zone.id)
        if name is not None:
            boxes.append(("name", zone.label, name.box))
            if not box_inside(tuple(zone.shape.points), name.box):
                boxes.append(("outside", zone.label, name.box))
        boxes += [("plate", t, p.box) for t, p in arrangement.zone_tokens(zone.id).plates.items() if p.words]
    boxes += [("badge", b.id, arrangement.badge(b.id).box) for b in document.map.borders]
    r, spots = TOKEN_RADIUS, document.token_spots()
    for token in document.map.tokens:
        x, y = spots[token.id]
        boxes.append(("disc", token.id, (x - r, y - r, x + r, y + r)))
        (x1, y1), (x2, y2) = token_flank(token, (x, y))
        boxes.append(("flank", token.id, (min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))))
    problems = [f"{who} leaves its room" for kind, who, _ in boxes if kind == "outside"]
    written = [entry for entry in boxes if entry[0] != "outside"]
    for k, (kind, who, box) in enumerate(written):
        for other_kind, other, other_box in written[k + 1 :]:
            if "flank" in (kind, other_kind) and "name" not in (kind, other_kind):
                continue  # plates and discs are drawn over flank lines; a badge keeps off them if it can
            if _overlap(box, other_box):
                problems.append(f"{kind} {who} over {other_kind} {other}")
    return problems


@pytest.mark.parametrize(
    ("size", "token"), [(80.0, "Sir Reginald the Bold"), (80.0, "Kell"), (56.0, None), (48.0, None)]
)
def test_a_room_with_a_door_in_every_wall_is_written_clear_in_both_windows(qtbot, window, size, token):
    views = _both(qtbot, window, doors_all_round(size, token), size)
    document = window.document
    for name, view in views.items():
        painted(view)
        assert _problems(view, document) == [], name
        arrangement = view.scene().arrangement
        assert arrangement.hand_drawn
        if token is not None:
            assert arrangement.zone_tokens("r1c1").plates["t0"].words, f"{name}: the token's name is written"
    window.players.player.close()


def test_small_rooms_badges_shrink_clear_of_each_other_where_a_big_map_keeps_them_whole(qtbot, window, monkeypatch):
    views = _both(qtbot, window, doors_all_round(48.0, None), 48.0)
    arrangement = views["GM"].scene().arrangement
    shrunk = [b.id for b in window.document.map.borders if arrangement.badge(b.id).scale < 1.0]
    assert shrunk, "a badge of the small room drawn smaller"
    monkeypatch.setattr(clearing, "HAND_DRAWN", 8)  # the nine rooms are now a big map
    arrangement.reset(arrangement.layout)
    assert not arrangement.hand_drawn
    assert all(arrangement.drawn_at(b.id) is None for b in window.document.map.borders), "in their middles"
    window.players.player.close()


def _words(arrangement, document) -> dict:
    """Every name, badge and token plate an arrangement writes, by what it belongs to."""
    found: dict = {("badge", b.id): arrangement.badge(b.id) for b in document.map.borders}
    for zone in document.map.zones:
        found["name", zone.id] = arrangement.name(zone.id)
        for token_id, plate in arrangement.zone_tokens(zone.id).plates.items():
            found["plate", token_id] = plate
    return found


@pytest.mark.parametrize("size", [80.0, 48.0])
def test_after_steps_and_door_edits_in_a_small_room_both_windows_place_every_word_anew(qtbot, window, size):
    """Both windows keep their words where a new arrangement puts them after each edit, and the
    GM's window shows what a fresh paint shows (the players' too, but for a shade in letters a
    tile mended under them may differ by, which the layer's own tests follow)."""
    map_ = doors_all_round(size, "Sir Reginald the Bold")
    views = _both(qtbot, window, map_, size)
    document = window.document
    for view in views.values():
        painted(view)
    door = document.get(Kind.BORDER, "d1")
    edits = [
        MoveToken(document, "t0", ZoneLocation(zone="r0c1")),
        MoveToken(document, "t0", ZoneLocation(zone="r1c1")),
        EditObject(document, "border", door.model_copy(update={"passages": [Passage(cost_from_a=3, cost_from_b=5)]})),
    ]

    def check(what):
        for name, view in views.items():
            assert _words(view.scene().arrangement, document) == _words(view.scene().new_arrangement(), document), (
                f"{name} {what}"
            )
        assert painted(views["GM"]) == fresh(views["GM"]), f"GM {what}"

    for edit in edits:
        document.undo_stack.push(edit)
        check(f"after {edit.text()}")
    while document.undo_stack.canUndo():
        document.undo_stack.undo()
        check("after an undo")
    window.players.player.close()


def test_a_map_grown_past_a_gms_own_rooms_is_painted_again_whole(qtbot, window, monkeypatch):
    monkeypatch.setattr(clearing, "HAND_DRAWN", 9)
    views = _both(qtbot, window, doors_all_round(48.0, None), 48.0)
    document = window.document
    for view in views.values():
        painted(view)
        assert view.scene().arrangement.hand_drawn
    corners = [(160.0, 0.0), (208.0, 0.0), (208.0, 48.0), (160.0, 48.0)]
    document.undo_stack.push(
        AddObject(document, "zone", Zone(id="new", name="Attic", shape=PolygonShape(points=corners)))
    )
    for name, view in views.items():
        assert not view.scene().arrangement.hand_drawn, name
        assert painted(view) == fresh(view), f"{name}: a tenth room"
    document.undo_stack.undo()
    for name, view in views.items():
        assert view.scene().arrangement.hand_drawn, name
        assert painted(view) == fresh(view), f"{name} after the undo"
    window.players.player.close()


def _drawn_at(view, image, x: float, y: float) -> QColor:
    """The colour a view's frame shows at a map point."""
    point = view.viewportTransform().map(QPointF(x, y))
    return QColor(image.pixel(round(point.x()), round(point.y())))


def test_in_rooms_of_50_a_dragged_tokens_reach_is_read_over_every_token_standing_in_its_own_room(qtbot, window):
    """The compact dungeon of 50-unit rooms, the Raider archer dragged into the Armoury: each
    token item stands inside its own room in both windows (Kell beside Mira in the Crypt, not in
    the Chapel), and the Stair's reach number, with no room beside the Ghoul, is painted over
    its disc, the plate's colour where the disc would be."""
    views = _both(qtbot, window, compact_dungeon(50.0), 50.0)
    document, scene = window.document, window.scene
    select = window.tools["S"]
    document.select([(Kind.TOKEN, "t1")])  # as pressing on it does: the players see its reach too
    select.start_token_drag("t1")
    select.drag_token_to(QPointF(*document.get(Kind.ZONE, "r1c3").shape.centre()))
    costs = dict(scene.overlay.zones)
    assert "r3c3" in costs, "the archer reaches the Stair"
    r = TOKEN_RADIUS
    for name, view in views.items():
        image = painted(view)
        shown = view.scene()
        for token in document.map.tokens:
            item = shown.items_by_key[(Kind.TOKEN, token.id)]
            x, y = item.pos().x(), item.pos().y()
            room = document.get(Kind.ZONE, token.location.zone)
            assert box_inside(tuple(room.shape.points), (x - r, y - r, x + r, y + r)), f"{name}: {token.label}"
        overlay = scene.overlay if shown is scene else window.players.reach.overlay
        assert dict(overlay.zones) == costs, f"{name}: the reach shown"
        number = shown.arrangement.reach_number("r3c3", costs["r3c3"])
        gx, gy = shown.items_by_key[(Kind.TOKEN, "t4")].pos().x(), shown.items_by_key[(Kind.TOKEN, "t4")].pos().y()
        left, top, right, bottom = number.box
        under = [(x, (top + bottom) / 2) for x in (left + 1.5, right - 1.5)]
        under = [(x, y) for x, y in under if (x - gx) ** 2 + (y - gy) ** 2 < (r - 2) ** 2]
        assert under, f"{name}: the Stair's number stands partly on the Ghoul (no room beside it)"
        for x, y in under:
            colour = _drawn_at(view, image, x, y)
            assert colour.green() > 200 and colour.blue() > 180, f"{name}: {colour.name()} at the number's plate"
    select.cancel_token_drag()
    window.players.player.close()
