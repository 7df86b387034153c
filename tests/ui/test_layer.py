"""The map layer: zones and borders painted in cached tiles, repainted only where edited."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QWheelEvent
from PySide6.QtWidgets import QApplication

from tabletop.document.commands import AddObject, EditObject, MoveToken
from tabletop.document.commands.fog import SetFog
from tabletop.model import FillStyle, Passage, Token, ZoneLocation
from tabletop.render.style import MapStyle
from tests.maps import zone_map
from tests.ui.conftest import at, drag


def _frame(window) -> QImage:
    image = QImage(window.view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    window.view.render(painter)
    painter.end()
    return image


def _colour_at(window, image: QImage, x: float, y: float) -> str:
    point = at(window, x, y)
    return image.pixelColor(point.x(), point.y()).name()


def _count_renders(window, monkeypatch) -> list:
    """The tiles the map layer paints afresh from now on."""
    made = []
    original = window.scene.layer._render

    def counted(*key):
        made.append(key[:3])
        return original(*key)

    monkeypatch.setattr(window.scene.layer, "_render", counted)
    return made


def _count_mends(window, monkeypatch) -> tuple[list, list]:
    """The kept tiles the map layer mends from now on, and the patches it paints for them."""
    mended, patches = [], []
    layer = window.scene.layer
    original = layer._mend_group

    def counted(level, group):
        mended.extend((level, ix, iy) for ix, iy, *_ in group)
        patches.append(len(group))
        return original(level, group)

    monkeypatch.setattr(layer, "_mend_group", counted)
    return mended, patches


def test_a_big_map_is_one_layer_of_tiles_made_once(qtbot, window, monkeypatch):
    window.document.replace_map(zone_map(1400), None)
    assert window.scene.items_by_key == {}, "no item per zone or border"
    window.view.fit_map()
    made = _count_renders(window, monkeypatch)
    first = _frame(window)
    assert made, "the first frame paints tiles"
    assert _colour_at(window, first, 30, 20) == QColor("#d8cfb8").name(), "a brick's fill shows"
    made.clear()
    second = _frame(window)
    assert made == [], "the next frame copies the cached tiles"
    assert second == first


def test_an_edit_repaints_only_the_tiles_under_it(qtbot, window, monkeypatch):
    window.document.replace_map(zone_map(1400), None)
    window.view.resetTransform()
    window.view.scale(0.3, 0.3)  # zoomed out, where badges give way to the zones' fills
    window.view.centerOn(QPointF(300, 200))
    _frame(window)
    made = _count_renders(window, monkeypatch)
    mended, patches = _count_mends(window, monkeypatch)
    zone = window.document.get("zone", "z2-3")
    red = zone.model_copy(update={"fill": FillStyle(colour="#ff0000")})
    window.document.undo_stack.push(EditObject(window.document, "zone", red, "fill"))
    after = _frame(window)
    x, y = zone.shape.centre()
    assert _colour_at(window, after, x, y) == "#ff0000"
    assert made == [], "no tile is painted afresh for an edit"
    assert 0 < len(mended) <= 4, f"only the tiles under the zone are painted again, not {len(mended)}"
    assert len(set(mended)) == len(mended), "each tile is mended once"
    assert patches == [len(mended)], "the tiles under one zone are mended from one patch"


def test_turning_the_wheel_borrows_tiles_until_the_zoom_rests(qtbot, window, monkeypatch):
    window.document.replace_map(zone_map(1400), None)
    window.view.fit_map()
    _frame(window)
    made = _count_renders(window, monkeypatch)
    viewport = window.view.viewport()
    centre = QPointF(viewport.width() / 2, viewport.height() / 2)
    wheel = QWheelEvent(
        centre,
        viewport.mapToGlobal(centre),
        QPoint(),
        QPoint(0, 120),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    window.view.wheelEvent(wheel)
    borrowed = _frame(window)
    assert made == [], "while zooming, the last zoom's tiles stand in"
    assert _colour_at(window, borrowed, 30, 20) != MapStyle().paper.name()
    qtbot.waitUntil(lambda: not window.scene.layer.quick, timeout=2000)
    _frame(window)
    assert made, "once the zoom rests, crisp tiles are painted"


def test_once_the_zoom_rests_its_crisp_tiles_come_a_few_each_frame(qtbot, window, monkeypatch):
    """A big map at a new zoom takes most of a second of tiles: once the wheel rests, each
    frame paints what CATCH_UP_MS allows (here, one tile), the rest stand in and another frame
    is asked for, until a frame needs no stand-in: then it is what a fresh paint shows."""
    from tabletop.ui.scene import layer as layer_module

    monkeypatch.setattr(layer_module, "CATCH_UP_MS", 0)  # one tile a frame
    window.document.replace_map(zone_map(1400), None)
    window.view.fit_map()
    _frame(window)
    layer = window.scene.layer
    layer.zooming()
    window.view.zoom(1.15)
    _frame(window)
    made = _count_renders(window, monkeypatch)
    layer._settled()
    frames = 0
    while layer._catching_up:
        before = len(made)
        _frame(window)
        frames += 1
        assert len(made) - before == 1, "one tile a frame"
        assert not layer._catching_up or layer._next_frame.isActive(), "another frame is asked for"
        assert frames < 500
    assert frames == len(made) > 4, "every tile of the new zoom painted, one each frame"
    crisp = _frame(window)
    assert len(made) == frames, "caught up: nothing painted again"
    layer.budget.clear(layer._owner)
    assert crisp == _frame(window), "the same picture as a fresh paint"


def test_the_selection_is_marked_over_the_layer_and_found_by_the_rubber_band(qtbot, window):
    window.document.replace_map(zone_map(60), None)
    window.document.undo_stack.push(
        AddObject(window.document, "token", Token(id="t", location=ZoneLocation(zone="z1-1")))
    )
    window.view.resetTransform()
    window.view.scale(2, 2)
    window.view.centerOn(QPointF(100, 60))
    window.set_tool("S")
    zone = window.document.get("zone", "z0-0")
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at(window, 10, 12))
    assert window.document.selection == [("zone", "z0-0")]
    image = _frame(window)
    left, top = zone.shape.points[0]
    assert _colour_at(window, image, left + 0.5, top + 12) == MapStyle().selection.name()
    token_spot = window.scene.items_by_key[("token", "t")].pos()
    drag(qtbot, window, (-30, -30), (token_spot.x() + 20, token_spot.y() + 20))
    chosen = set(window.document.selection)
    assert {("zone", "z0-0"), ("zone", "z1-1"), ("token", "t")} <= chosen
    assert ("zone", "z3-3") not in chosen
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at(window, -300, -300))
    assert window.document.selection == []


def _tiles_differing_from_fresh(layer) -> list:
    """The kept tiles whose pixels differ from a tile painted afresh for the same place."""
    differing = []
    for key in layer.budget.keys(layer._owner):
        if key in layer._mends:
            continue  # not shown since the edit: it paints its edit when next shown
        kept = layer.budget.get(layer._owner, key).toImage()
        if kept != type(layer)._render(layer, *key).toImage():  # not counted as painted
            differing.append(key)
    return differing


def test_after_edits_every_kept_tile_equals_a_fresh_one(qtbot, window, monkeypatch):
    """Edits paint only their rectangles again, over the kept tiles: names, fills, tokens
    and border values, at a zoom with labels and badges and at one without."""
    document = window.document
    document.replace_map(zone_map(300), None)
    document.undo_stack.push(
        AddObject(document, "token", Token(id="t", name="Scout", location=ZoneLocation(zone="z2-2")))
    )
    for scale in (1.0, 0.45):
        window.view.resetTransform()
        window.view.scale(scale, scale)
        window.view.centerOn(QPointF(260, 160))
        _frame(window)
        made = _count_renders(window, monkeypatch)
        for step, zone_id in enumerate(["z2-2", "z2-3", "z3-2", "z2-2"]):
            zone = document.get("zone", zone_id)
            long_name = "A very long name for a small room " * (step % 2 + 1)
            document.undo_stack.push(EditObject(document, "zone", zone.model_copy(update={"name": long_name})))
            red = zone.model_copy(update={"name": long_name, "fill": FillStyle(colour=f"#{40 * step:02x}0000")})
            document.undo_stack.push(EditObject(document, "zone", red, "fill"))
            document.undo_stack.push(MoveToken(document, "t", ZoneLocation(zone=zone_id)))
            border_id = next(iter(document.layout.borders_at[zone_id]))
            border = document.get("border", border_id)
            document.undo_stack.push(
                EditObject(
                    document,
                    "border",
                    border.model_copy(update={"passages": [Passage(cost_from_a=step + 2, label="gate" * step)]}),
                )
            )
            after = _frame(window)
            assert made == [], "an edit mends the kept tiles, it paints no tile afresh"
            assert _tiles_differing_from_fresh(window.scene.layer) == [], f"step {step} at {scale}"
            document.undo_stack.undo()
            _frame(window)
            assert _tiles_differing_from_fresh(window.scene.layer) == []
        x, y = document.get("zone", "z2-2").shape.centre()
        assert _colour_at(window, after, x, y + 30) != MapStyle().paper.name()


def test_the_players_tiles_equal_fresh_ones_after_fog_and_hidden_edits(qtbot, window):
    """The players' layer mends its tiles the same way, through fog lifted and dropped and a
    zone and a token hidden from them."""
    document = window.document
    document.replace_map(zone_map(300), None)
    document.undo_stack.push(
        AddObject(document, "token", Token(id="t", name="Scout", location=ZoneLocation(zone="z2-2")))
    )
    window.players.open_action.trigger()
    player = window.players.player
    qtbot.waitUntil(lambda: not player.view.covered)
    player.view.show_rect(QRectF(120, 60, 300, 200))
    layer = player.scene.layer
    QApplication.processEvents()
    player.view.viewport().grab()
    assert layer.budget.keys(layer._owner), "the players' window keeps tiles"
    edits = [
        SetFog(document, ["z2-2", "z2-3"], None, True),
        MoveToken(document, "t", ZoneLocation(zone="z3-2")),
        SetFog(document, ["z2-3"], None, False),
        EditObject(document, "zone", document.get("zone", "z3-3").model_copy(update={"hidden": True})),
        EditObject(document, "token", document.get("token", "t").model_copy(update={"hidden": True})),
        EditObject(document, "zone", document.get("zone", "z3-4").model_copy(update={"name": "Long hall of echoes"})),
        EditObject(document, "zone", _stretched(document.get("zone", "z2-4"))),
    ]
    for edit in edits:
        document.undo_stack.push(edit)
        QApplication.processEvents()
        player.view.viewport().grab()
        assert _tiles_differing_from_fresh(layer) == [], edit.text()
        _frame(window)
        assert _tiles_differing_from_fresh(window.scene.layer) == [], f"GM: {edit.text()}"
    player.close()


def _stretched(zone):
    """The zone with its first corner pulled outward: its borders' lines and badges move."""
    (x, y), *rest = zone.shape.points
    return zone.model_copy(update={"shape": zone.shape.model_copy(update={"points": [(x - 9, y - 7), *rest]})})


def test_a_stand_in_tile_shows_the_edit_made_at_another_zoom(qtbot, window):
    """While the wheel turns, tiles of another zoom stand in: those an edit touched are mended
    first, so a stand-in never shows what the edit took away (a zone hidden from the players)."""
    document = window.document
    document.replace_map(zone_map(300), None)
    layer = window.scene.layer
    for scale in (0.5, 1.0):
        window.view.resetTransform()
        window.view.scale(scale, scale)
        window.view.centerOn(QPointF(260, 160))
        _frame(window)
    zone = document.get("zone", "z2-3")
    document.undo_stack.push(
        EditObject(document, "zone", zone.model_copy(update={"fill": FillStyle(colour="#00ff00")}))
    )
    waiting = {key for key in layer._mends if key[0] == 0.5}
    assert waiting, "the other zoom's tiles wait for the edit"
    layer.zooming()
    window.view.resetTransform()
    window.view.scale(0.52, 0.52)
    window.view.centerOn(QPointF(260, 160))
    image = _frame(window)
    assert not waiting & set(layer._mends), "the stand-ins were mended before they were shown"
    assert _tiles_differing_from_fresh(layer) == []
    xs, ys = [x for x, _ in zone.shape.points], [y for _, y in zone.shape.points]
    inside = [
        (x, y)
        for x in range(int(min(xs)) + 3, int(max(xs)) - 3, 3)
        for y in range(int(min(ys)) + 3, int(max(ys)) - 3, 3)
    ]
    green = [spot for spot in inside if _colour_at(window, image, *spot) == "#00ff00"]
    assert len(green) > 10, "the edit shows on the stand-in"


def test_a_whole_map_selected_marks_only_what_a_frame_shows(qtbot, window, monkeypatch):
    """Select All on a big map: a repaint of part of the canvas strokes the marks of what that
    part shows (with room for a badge), not of every object selected; the whole frame, all."""
    from PySide6.QtWidgets import QStyleOptionGraphicsItem

    from tabletop.ui.scene import marks as marks_module

    document = window.document
    document.replace_map(zone_map(1400), None)
    window.select_all()
    marks = window.scene.marks
    assert len(marks.marked) > marks_module.CULL_FROM
    handed = []
    monkeypatch.setattr(marks_module, "paint_selection", lambda p, layout, marked, *rest: handed.append(marked))
    image = QImage(200, 200, QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    option = QStyleOptionGraphicsItem()
    option.exposedRect = QRectF(100, 100, 50, 50)
    marks.paint(painter, option)
    option.exposedRect = marks.boundingRect()
    marks.paint(painter, option)
    painter.end()
    part, whole = handed
    boxes = document.layout.boxes
    assert 0 < len(part) < len(whole) / 10 and whole == marks.marked
    assert ("zone", document.zone_at(120, 120)) in part
    assert all(boxes[key][0] <= 150 + 90 and boxes[key][2] >= 100 - 90 for key in part)
