"""A token's step repaints only what it changed: the token, and the names of the zones it left
or entered where those names move. Both windows then show what a fresh paint of the map shows."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainter, QPixmap

from tabletop.document.commands import AddObject, EditObject, MoveToken
from tabletop.document.commands.fog import SetFog
from tabletop.model import Border, Map, Passage, PolygonShape, Token, Zone, ZoneLocation
from tabletop.render.label_paint import written_labels
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
    """What the layer's repaint relies on: a big room's name moves when tokens come, a brick's stays."""
    window.document.replace_map(_rooms(), None)
    layout, style = window.document.layout, window.scene.style
    pixmap = QPixmap(1, 1)
    painter = QPainter(pixmap)
    room = written_labels(painter, layout.zone("r00"), layout, style)
    window.document.replace_map(zone_map(300), None)
    layout = window.document.layout
    brick = written_labels(painter, layout.zone("z2-2"), layout, style)
    painter.end()
    assert room[0][0] == room[1][0] == "Hall 00"
    assert room[0][1][1] < room[1][1][1], "above the tokens' place with tokens there, in the middle without"
    assert brick[0] == brick[1], "no room above the tokens: the name stays"


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


def test_a_brick_map_token_move_repaints_no_tile(qtbot, window, monkeypatch):
    """Where the names stay put, a step mends no tile: only the token's own item is painted."""
    document = window.document
    document.replace_map(zone_map(300), None)
    document.undo_stack.push(AddObject(document, "token", Token(id="t", location=ZoneLocation(zone="z2-2"))))
    player = _players(qtbot, window, QRectF(60, 20, 300, 200))
    views = (window.view, player.view)
    for view in views:
        painted(view)
    mended = []
    for view in views:
        layer = view.scene().layer
        monkeypatch.setattr(layer, "_mend_group", lambda level, group: mended.append((level, group)))
    for zone_id in ("z2-3", "z3-3", "z2-2"):
        document.undo_stack.push(MoveToken(document, "t", ZoneLocation(zone=zone_id)))
        images = [painted(view) for view in views]
        assert mended == []
        assert images == [fresh(view) for view in views], zone_id
    token = window.scene.items_by_key[("token", "t")]
    x, y = document.get("zone", "z2-2").shape.centre()
    assert token.sceneBoundingRect().contains(x, y + 5), "the token stands in its zone again"
    player.close()


def test_a_step_keeps_the_tokens_cached_picture(qtbot, window, monkeypatch):
    """The window paints a moved token from its cached picture; a renamed one is painted again."""
    document = window.document
    document.replace_map(zone_map(300), None)
    scout = Token(id="t", name="Scout", location=ZoneLocation(zone="z2-2"))
    document.undo_stack.push(AddObject(document, "token", scout))
    window.view.resetTransform()
    window.view.centerOn(QPointF(200, 120))
    item = window.scene.items_by_key[("token", "t")]
    painted = []
    monkeypatch.setattr(item, "paint", lambda *args: painted.append(document.get("token", "t").name))
    window.view.viewport().grab()
    assert painted == ["Scout"]
    document.undo_stack.push(MoveToken(document, "t", ZoneLocation(zone="z2-3")))
    window.view.viewport().grab()
    assert painted == ["Scout"], "moved, not painted again"
    assert item.pos() == QPointF(*document.token_spots()["t"])
    renamed = document.get("token", "t").model_copy(update={"name": "Spy"})
    document.undo_stack.push(EditObject(document, "token", renamed))
    window.view.viewport().grab()
    assert painted == ["Scout", "Spy"]
