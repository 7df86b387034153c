"""On a compact dungeon the windows show what a fresh paint shows after every edit that moves a
name, a badge or a token's plate (a token stepping in and out of rooms, a door added, its pass
values changed, a door removed), a dragged token's reach numbers stay inside their rooms and
clear, and a badge slid along its wall is clicked where it is drawn."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF

from tabletop.document.commands import AddObject, EditObject, MoveToken, remove
from tabletop.geometry.single.labels import box_inside
from tabletop.geometry.single.shapes import TOKEN_RADIUS
from tabletop.model import Border, Passage, ZoneLocation
from tabletop.model.kinds import Kind
from tests.render.dungeon import SIZE, compact_dungeon
from tests.ui.view_frames import both_windows, fresh, painted


def _anew(view):
    """The view painted from new tiles of a new arrangement: nothing placed before is kept."""
    scene = view.scene()
    scene.arrangement.reset(scene.layout)
    scene._sync_tokens()
    return fresh(view)


def _both(qtbot, window, scale: float = 2.0):
    """The dungeon in the GM's window at `scale` and whole in the players' window."""
    window.document.replace_map(compact_dungeon(), None)
    return both_windows(qtbot, window, QRectF(-20, -20, 4 * SIZE + 40, 4 * SIZE + 40), scale)


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("scale", [1.5, 2.011111, 3.0])
def test_after_steps_and_door_edits_both_windows_equal_a_fresh_paint(qtbot, window, scale):
    views = _both(qtbot, window, scale)
    document = window.document
    for view in views.values():
        painted(view)
    edits = [
        MoveToken(document, "t0", ZoneLocation(zone="r0c1")),  # into the Guard room, between two doors
        MoveToken(document, "t0", ZoneLocation(zone="r1c2")),  # into the Vault, beside the archer
        AddObject(document, "border", Border(id="new", a="r1c1", b="r2c1", passages=[Passage(cost_from_b=4)])),
        EditObject(
            document,
            "border",
            document.get("border", "d7").model_copy(update={"passages": [Passage(cost_from_a=2, cost_from_b=5)]}),
        ),
        remove(document, [(Kind.BORDER, "d1")]),
        MoveToken(document, "t2", ZoneLocation(zone="r0c0")),
    ]
    for edit in edits:
        document.undo_stack.push(edit)
        window.replay.skip()  # a move's replay on the players' window ends in its own picture
        for name, view in views.items():
            assert painted(view) == _anew(view), f"{name} after {edit.text()}"
    while document.undo_stack.canUndo():
        document.undo_stack.undo()
        window.replay.skip()
        for name, view in views.items():
            assert painted(view) == _anew(view), f"{name} after an undo"
    window.players.player.close()


def test_a_dragged_tokens_reach_numbers_stay_in_their_rooms_and_clear(qtbot, window):
    views = _both(qtbot, window)
    document, scene = window.document, window.scene
    select = window.tools["S"]
    window.reach_settings.shifts = 6
    select.start_token_drag("t1")
    overlay = scene.overlay
    assert overlay.zones, "the archer reaches rooms"
    target = document.get(Kind.ZONE, "r1c3").shape.centre()
    select.drag_token_to(QPointF(*target))  # into the Armoury: its number keeps clear of the archer there
    arrangement = scene.arrangement
    spots = document.token_spots()
    for zone_id, cost in overlay.zones:
        zone = document.get(Kind.ZONE, zone_id)
        number = arrangement.reach_number(zone_id, cost)
        assert number.words == str(cost)
        assert box_inside(tuple(zone.shape.points), number.box), zone.label
        taken = [arrangement.badge(b).box for b in document.layout.borders_at.get(zone_id, ())]
        name = arrangement.name(zone_id)
        taken += [name.box] if name is not None else []
        r = TOKEN_RADIUS
        for token_id in document.tokens_on(Kind.ZONE, zone_id):
            x, y = spots[token_id]
            taken.append((x - r, y - r, x + r, y + r))
            plate = arrangement.zone_tokens(zone_id).plates.get(token_id)
            taken += [plate.box] if plate is not None and plate.words else []
        assert not any(_overlap(number.box, box) for box in taken), zone.label
    painted(views["GM"])
    select.cancel_token_drag()
    window.players.player.close()


def test_a_badge_slid_along_its_wall_is_picked_where_it_is_drawn(qtbot, window):
    _both(qtbot, window)
    scene = window.scene
    arrangement = scene.arrangement
    moved = []
    for border in window.document.map.borders:
        spot, home = arrangement.badge(border.id), arrangement.badges.home(border.id)
        if spot != home and not _overlap(spot.box, home.box):
            moved.append((border.id, spot))
    assert moved, "some badge of the dungeon makes way along its wall"
    for border_id, spot in moved:
        assert scene.hit(QPointF(spot.x, spot.y), (Kind.BORDER, Kind.ZONE)) == (Kind.BORDER, border_id)
    window.players.player.close()
