"""A token's step repaints only what it changed: the token, and the names of the zones it left
or entered where those names move. Both windows then show what a fresh paint of the map shows."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF

from tabletop.document.commands import AddObject, EditObject, MoveToken
from tabletop.document.commands.fog import SetFog
from tabletop.model import Border, Map, Passage, PolygonShape, Token, Zone, ZoneLocation
from tests.maps import zone_map
from tests.ui.view_frames import fresh, painted

ROOM_W, ROOM_H = 260.0, 200.0


def _rooms() -> Map:
    """Six big rooms, two rows of three, each joined to the next: their names have room to step
    up above their tokens' place."""
    zones, borders = [], []
    for row in range(2):
        for col in range(3):
            x, y = col * ROOM_W, row * ROOM_H
            points = [(x, y), (x + ROOM_W, y), (x + ROOM_W, y + ROOM_H), (x, y + ROOM_H)]
            zones.append(Zone(id=f"r{row}{col}", name=f"Hall {row}{col}", shape=PolygonShape(points=points)))
            if col:
                borders.append(Border(id=f"b{row}{col}", a=f"r{row}{col - 1}", b=f"r{row}{col}", passages=[Passage()]))
        borders.append(Border(id=f"v{row}", a=f"r0{row}", b=f"r1{row}", passages=[Passage(cost_from_a=3)]))
    return Map(title="Rooms", zones=zones, borders=borders)


def _dirtied(layer, monkeypatch) -> list:
    """The map boxes the layer is told to paint again, from now on."""
    boxes = []
    original = layer.dirty

    def dirty(marked):
        boxes.extend(marked)
        return original(marked)

    monkeypatch.setattr(layer, "dirty", dirty)
    return boxes


def _players(qtbot, window, rect: QRectF):
    window.players.open_action.trigger()
    player = window.players.player
    qtbot.waitUntil(lambda: not player.view.covered)
    player.view.show_rect(rect)
    window.view.fitInView(rect)
    return player


def test_a_name_steps_up_for_tokens_in_a_big_room(qtbot, window):
    """What the layer's repaint relies on: a big room's name moves above its tokens when they come."""
    document = window.document
    document.replace_map(_rooms(), None)
    arrangement = window.scene.arrangement
    empty = arrangement.name("r00")
    document.undo_stack.push(
        AddObject(document, "token", Token(id="t", name="Scout", location=ZoneLocation(zone="r00")))
    )
    occupied = arrangement.name("r00")
    assert empty.words == occupied.words == "Hall 00"
    assert occupied.centre[1] < empty.centre[1], "above the tokens' place with tokens there, in the middle without"
    _, y = document.token_spots()["t"]
    assert occupied.box[3] < y - 16, "clear of the token's disc"


def test_after_token_moves_both_windows_show_a_fresh_paint(qtbot, window, monkeypatch):
    """Moves into empty and occupied rooms, a hidden token, a token hidden and shown, fog over a
    room: each repaints the names' boxes only, and both windows equal their fresh paint."""
    document = window.document
    document.replace_map(_rooms(), None)
    for token in (
        Token(id="t", name="Scout", location=ZoneLocation(zone="r00")),
        Token(id="g", name="Ghost", hidden=True, location=ZoneLocation(zone="r02")),
    ):
        document.undo_stack.push(AddObject(document, "token", token))
    player = _players(qtbot, window, QRectF(-20, -20, 3 * ROOM_W + 40, 2 * ROOM_H + 40))
    views = {"GM": window.view, "players": player.view}
    for view in views.values():
        painted(view)
    dirtied = {name: _dirtied(view.scene().layer, monkeypatch) for name, view in views.items()}
    edits = [
        MoveToken(document, "t", ZoneLocation(zone="r01")),
        MoveToken(document, "t", ZoneLocation(zone="r02")),  # the GM's name stays: the ghost was there
        MoveToken(document, "g", ZoneLocation(zone="r12")),
        EditObject(document, "token", document.get("token", "t").model_copy(update={"hidden": True})),
        EditObject(document, "token", document.get("token", "t").model_copy(update={"hidden": False})),
        SetFog(document, ["r02"], None, True),
        MoveToken(document, "t", ZoneLocation(zone="r11")),
    ]
    room_area = ROOM_W * ROOM_H
    names_moved = set()
    for edit in edits:
        document.undo_stack.push(edit)
        window.replay.skip()  # a move's replay on the players' window ends in its own picture
        for name, view in views.items():
            kept = painted(view)
            assert kept == fresh(view), f"{name} after {edit.text()}"
            if not isinstance(edit, SetFog):  # fog repaints its rooms whole
                assert all((r - left) * (b - t) < room_area / 10 for left, t, r, b in dirtied[name]), (
                    f"{name}: names only"
                )
            names_moved |= {name} if dirtied[name] else set()
            dirtied[name].clear()
    assert names_moved == {"GM", "players"}
    player.close()


def test_a_brick_map_token_move_repaints_only_around_the_zones_it_left_and_entered(qtbot, window, monkeypatch):
    """On a big map's small zones a step moves the names and badges of the zones it left and
    entered, and nothing farther: both windows then equal their fresh paint."""
    document = window.document
    document.replace_map(zone_map(300), None)
    document.undo_stack.push(AddObject(document, "token", Token(id="t", location=ZoneLocation(zone="z2-2"))))
    player = _players(qtbot, window, QRectF(60, 20, 300, 200))
    views = {"GM": window.view, "players": player.view}
    for view in views.values():
        painted(view)
    dirtied = {name: _dirtied(view.scene().layer, monkeypatch) for name, view in views.items()}
    left = "z2-2"
    for zone_id in ("z2-3", "z3-3", "z2-2"):
        document.undo_stack.push(MoveToken(document, "t", ZoneLocation(zone=zone_id)))
        window.replay.skip()
        near = [document.layout.boxes[("zone", z)] for z in (left, zone_id)]
        reach = (min(b[0] for b in near) - 90, min(b[1] for b in near) - 60)
        reach += (max(b[2] for b in near) + 90, max(b[3] for b in near) + 60)
        for name, view in views.items():
            assert painted(view) == fresh(view), f"{name}: into {zone_id}"
            assert all(
                reach[0] <= box[0] and reach[1] <= box[1] and box[2] <= reach[2] and box[3] <= reach[3]
                for box in dirtied[name]
            ), f"{name}: only around {left} and {zone_id}"
            dirtied[name].clear()
        left = zone_id
    token = window.scene.items_by_key[("token", "t")]
    x, y = document.get("zone", "z2-2").shape.centre()
    assert token.sceneBoundingRect().contains(x, y + 5), "the token stands in its zone again"
    player.close()


def test_a_step_keeps_the_tokens_cached_picture(qtbot, window, monkeypatch):
    """The window paints a token stepping between roomy zones from its cached picture; a renamed
    one is painted again, and so is one whose name is cut otherwise in a narrow zone."""
    document = window.document
    document.replace_map(_rooms(), None)
    scout = Token(id="t", name="Scout of the northern marches", location=ZoneLocation(zone="r00"))
    document.undo_stack.push(AddObject(document, "token", scout))
    window.view.resetTransform()
    window.view.centerOn(QPointF(ROOM_W, ROOM_H / 2))
    item = window.scene.items_by_key[("token", "t")]
    painted = []
    monkeypatch.setattr(item, "paint", lambda *args: painted.append(document.get("token", "t").name))
    window.view.viewport().grab()
    assert painted == [scout.name]
    document.undo_stack.push(MoveToken(document, "t", ZoneLocation(zone="r01")))
    window.view.viewport().grab()
    assert painted == [scout.name], "moved, not painted again"
    assert item.pos() == QPointF(*document.token_spots()["t"])
    renamed = document.get("token", "t").model_copy(update={"name": "Spy"})
    document.undo_stack.push(EditObject(document, "token", renamed))
    window.view.viewport().grab()
    assert painted == [scout.name, "Spy"]
    narrow = Zone(id="cell", name="Cell", shape=PolygonShape(points=[(0, -70), (60, -70), (60, -10), (0, -10)]))
    document.undo_stack.push(AddObject(document, "zone", narrow))
    document.undo_stack.push(EditObject(document, "token", renamed.model_copy(update={"name": scout.name})))
    painted.clear()
    document.undo_stack.push(MoveToken(document, "t", ZoneLocation(zone="cell")))
    window.view.centerOn(QPointF(30, -40))
    window.view.viewport().grab()
    assert painted == [scout.name], "its name cut to the cell's width: painted again"
