"""Edits of a whole map at once (Fog All, Reveal All, Select All, Delete) take the bulk paths
of the scenes: one union repainted, the players' unseen set rebuilt, the selection's boxes
read as an array. Every frame after them is still the fresh paint's, and what they work out
in bulk is what the object-by-object paths work out."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication

from tabletop.document.commands import AddObject
from tabletop.document.commands.fog import SetFog
from tabletop.document.commands.put import EditMany
from tabletop.model import Token, ZoneLocation
from tabletop.model.kinds import Kind
from tabletop.rules.visibility import border_shown, zone_shown
from tabletop.ui.scene.tile_marks import BULK_RECTS
from tests.maps import zone_map
from tests.ui.view_frames import fresh, painted


def _players(qtbot, window):
    window.players.open_action.trigger()
    player = window.players.player
    qtbot.waitUntil(lambda: not player.view.covered)
    player.view.show_rect(QRectF(40, 30, 560, 300))
    return player


def _map_with_a_scout(window) -> None:
    document = window.document
    document.replace_map(zone_map(300), None)
    scout = Token(id="t", name="Scout", location=ZoneLocation(zone="z2-3"))
    document.undo_stack.push(AddObject(document, "token", scout))
    document.undo_stack.push(SetFog(document, ["z2-4", "z3-3"], None, True))


def test_fog_all_reveal_all_and_their_undo_equal_a_fresh_paint_in_both_windows(qtbot, window):
    """Close up (antialiased: the GM's veil merged) and far out (specks: the veil unmerged), with
    tiles kept from before: each bulk edit's frame in each window is the fresh paint's."""
    _map_with_a_scout(window)
    document = window.document
    player = _players(qtbot, window)
    views = {"GM": window.view, "players": player.view}
    for scale in (1.37, 0.12):
        window.view.resetTransform()
        window.view.scale(scale, scale)
        window.view.centerOn(QPointF(300, 180))
        before = {name: painted(view) for name, view in views.items()}
        steps = [
            ("Fog All", window.fog.fog_all_action.trigger),
            ("Reveal All", window.fog.reveal_all_action.trigger),
            ("undo", document.undo_stack.undo),
            ("undo", document.undo_stack.undo),
        ]
        for step, act in steps:
            act()
            assert len(document.undo_stack.command(document.undo_stack.count() - 1).text()) > 0
            for name, view in views.items():
                kept = painted(view)
                assert kept == fresh(view), f"{name} after {step} at {scale}"
                if step == "Fog All":
                    assert kept != before[name], f"{name}: the fog shows at {scale}"
        for name, view in views.items():
            assert painted(view) == before[name], f"{name}: undone, the map is as it was at {scale}"
    player.close()


def _unseen_asked_one_by_one(document, scene) -> set:
    """What the players' layer leaves out, asked of the rules object by object."""
    find_zone = scene._find_zone
    keys = {(Kind.ZONE, z.id) for z in document.map.zones if not zone_shown(z)}
    keys |= {(Kind.BORDER, b.id) for b in document.map.borders if not border_shown(b, find_zone, scene.fog)}
    return keys


def test_the_players_unseen_set_after_bulk_edits_is_the_rules_answer(qtbot, window):
    """Fog All, many zones hidden at once, one zone revealed, and the undo of each: the set
    rebuilt in bulk or updated per object is what the rules say, object by object."""
    _map_with_a_scout(window)
    document = window.document
    player = _players(qtbot, window)
    unseen = player.scene.unseen
    hidden = [z.model_copy(update={"hidden": True}) for z in document.map.zones[:120]]
    edits = [
        lambda: window.fog.fog_all(True),
        lambda: document.undo_stack.push(EditMany(document, "zone", hidden, "Hide 120 zones")),
        lambda: document.undo_stack.push(SetFog(document, ["z2-2"], None, False)),
    ]
    for edit in edits:
        edit()
        assert unseen.keys == _unseen_asked_one_by_one(document, player.scene)
    assert any(kind == Kind.ZONE for kind, _ in unseen.keys), "hidden zones are left out"
    assert (Kind.BORDER, next(iter(document.layout.borders_at["z5-5"]))) in unseen.keys, "fogged zones' borders too"
    for _ in edits:
        document.undo_stack.undo()
        assert unseen.keys == _unseen_asked_one_by_one(document, player.scene)
    player.close()


def test_a_bulk_zone_edit_repaints_one_union_and_grows_the_canvas_to_it(qtbot, window, monkeypatch):
    """Fog All of a whole map: the document says to repaint one box around the map (not a box
    for each zone and border), the layer is handed it as a bulk edit's to drop tiles under, and
    it holds every zone's and border's box."""
    _map_with_a_scout(window)
    document, layer = window.document, window.scene.layer
    given, changes = [], []
    original = layer.dirty
    monkeypatch.setattr(
        layer, "dirty", lambda boxes, bulk=False: (given.append((list(boxes), bulk)), original(boxes, bulk))
    )
    document.edited.connect(changes.append)
    window.fog.fog_all(True)
    change = next(c for c in changes if c.kind is Kind.ZONE)
    assert len(change.object_ids) > BULK_RECTS and len(change.repaint) == 1
    (box,), bulk = given[0]
    assert bulk and box == change.repaint[0]
    every = [document.layout.boxes[key] for key in document.layout.boxes]
    assert len(every) > len(change.object_ids)
    for left, top, right, bottom in every:
        assert box[0] <= left and box[1] <= top and box[2] >= right and box[3] >= bottom
    assert box[0] == min(b[0] for b in every) and box[3] == max(b[3] for b in every)
    assert window.scene.sceneRect().contains(QRectF(box[0], box[1], box[2] - box[0], box[3] - box[1]))


def test_select_all_marks_everything_with_bounds_around_it_and_its_borders(qtbot, window):
    """The marks of a whole map selected: every zone and border marked, their bounds the union of
    theirs and of the selected zones' borders (as asked object by object), a frame of it the
    same picture whether the marks were culled to a part of it or not."""
    _map_with_a_scout(window)
    document = window.document
    zone = document.get("zone", "z2-2")
    document.undo_stack.push(SetFog(document, [zone.id], None, False))  # a box set since opening
    window.select_all()
    marks = window.scene.marks
    boxes = document.layout.boxes
    selected = [key for key in document.selection if key in boxes]
    assert marks.marked == selected and len(selected) > 200
    touched = selected + [
        ("border", b) for kind, z in selected if kind == "zone" for b in document.layout.borders_at.get(z, ())
    ]
    left = min(boxes[key][0] for key in touched)
    bottom = max(boxes[key][3] for key in touched)
    assert marks.boundingRect().left() == left and marks.boundingRect().bottom() == bottom
    assert [tuple(row) for row in marks._boxes.tolist()] == [boxes[key] for key in selected]
    window.view.resetTransform()
    window.view.centerOn(QPointF(300, 180))
    assert painted(window.view) == fresh(window.view)
    document.select([("zone", "z2-2")])
    assert marks.marked == [(Kind.ZONE, "z2-2")]
    assert marks.boundingRect().contains(QRectF(*boxes[("zone", "z2-2")][:2], 1, 1))


class _CursorAtPaint(QObject):
    """The application's override cursor each time the widget paints."""

    def __init__(self, widget) -> None:
        super().__init__()
        self.shapes: list = []
        widget.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Paint:
            cursor = QApplication.overrideCursor()
            self.shapes.append(None if cursor is None else cursor.shape())
        return False


def test_fog_all_holds_the_busy_cursor_until_both_windows_are_painted(qtbot, window):
    _map_with_a_scout(window)
    player = _players(qtbot, window)
    painted(window.view)
    painted(player.view)
    watched = {name: _CursorAtPaint(view.viewport()) for name, view in (("GM", window.view), ("players", player.view))}
    window.fog.fog_all_action.trigger()
    assert QApplication.overrideCursor() is None, "given back"
    for name, watch in watched.items():
        assert watch.shapes and watch.shapes[0] == Qt.CursorShape.WaitCursor, name
    assert all(zone.fogged for zone in window.document.map.zones)
    player.close()


def test_select_all_strokes_the_marks_once_under_the_busy_cursor(qtbot, window, monkeypatch):
    """The frame the action paints is the event loop's next one, not one more: a whole map's
    marks stroked twice would double Select All's frame."""
    from tabletop.ui.scene import marks

    window.document.replace_map(zone_map(300), None)
    window.view.fit_map()
    painted(window.view)
    cursors = []
    stroke = marks.paint_selection

    def counted(*args):
        cursor = QApplication.overrideCursor()
        cursors.append(None if cursor is None else cursor.shape())
        stroke(*args)

    monkeypatch.setattr(marks, "paint_selection", counted)
    select_all = next(a for a in window.findChildren(QAction) if a.text() == "Select &All")
    select_all.trigger()
    for _ in range(3):
        QApplication.processEvents()
    assert cursors == [Qt.CursorShape.WaitCursor]
    assert len(window.scene.marks.marked) > 300


def _marks_painted(marks, exposed: QRectF, scale: float):
    """The marks item painted antialiased (as on screen) with this part of the canvas exposed."""
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QStyleOptionGraphicsItem

    image = QImage(900, 600, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(scale, scale)
    painter.setClipRect(exposed)
    option = QStyleOptionGraphicsItem()
    option.exposedRect = exposed
    marks.paint(painter, option)
    painter.end()
    return image


def test_a_part_of_a_whole_map_selected_paints_as_in_the_whole_frame(qtbot, window):
    """The outlines are stroked a square of the map at a time, in the squares' order: a part of
    the canvas painted alone (a hover, culled to it) has the pixels the whole frame has there,
    where outlines of two squares meet too."""
    window.document.replace_map(zone_map(300), None)
    window.select_all()
    marks = window.scene.marks
    for scale in (1.3, 0.4):
        whole = _marks_painted(marks, QRectF(-100, -100, 5000, 5000), scale)
        part_rect = QRectF(395, 190, 230, 130)  # across the squares' edges at 400 across
        part = _marks_painted(marks, part_rect, scale)
        pixels = part_rect.adjusted(1, 1, -1, -1)
        x0, y0 = int(pixels.left() * scale) + 1, int(pixels.top() * scale) + 1
        x1, y1 = int(pixels.right() * scale) - 1, int(pixels.bottom() * scale) - 1
        assert whole.copy(x0, y0, x1 - x0, y1 - y0) == part.copy(x0, y0, x1 - x0, y1 - y0), scale
        assert part.copy(x0, y0, x1 - x0, y1 - y0) != _blank(x1 - x0, y1 - y0), "marks are painted there"


def _blank(width: int, height: int):
    from PySide6.QtGui import QImage

    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    return image


def test_undo_and_redo_hold_the_busy_cursor_until_both_windows_are_painted(qtbot, window, busy_entered):
    """Fog All undone at 100k zones takes seconds: Edit ▸ Undo and Redo show the busy cursor too."""
    _map_with_a_scout(window)
    window.fog.fog_all_action.trigger()
    held = busy_entered
    held.clear()  # Fog All's own
    fogged = all(zone.fogged for zone in window.document.map.zones)
    stack = window.document.undo_stack
    at = stack.index()
    window.undo_action.trigger()
    assert held == ["busy"] and fogged and not all(zone.fogged for zone in window.document.map.zones)
    assert stack.index() == at - 1, "one step undone, not two"
    window.redo_action.trigger()
    assert held == ["busy", "busy"] and all(zone.fogged for zone in window.document.map.zones)
    assert stack.index() == at
