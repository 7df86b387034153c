"""A reveal or a rename repaints only the edited zone's box in each window, an edit across a
tile's edge from one patch, and both windows then show what a fresh paint of the map shows."""

from __future__ import annotations

import itertools

from PySide6.QtCore import QEvent, QObject, QPointF, QRect, QRectF
from PySide6.QtWidgets import QApplication

from tabletop.document.commands import AddObject, EditObject
from tabletop.document.commands.fog import SetFog
from tabletop.model import Token, ZoneLocation
from tests.maps import zone_map
from tests.ui.view_frames import fresh, painted


def _patches(layer, monkeypatch) -> list[int]:
    """How many tiles each patch the layer paints from now on is copied onto."""
    sizes = []
    original = layer._mend_group

    def counted(level, group):
        sizes.append(len(group))
        return original(level, group)

    monkeypatch.setattr(layer, "_mend_group", counted)
    return sizes


def _players(qtbot, window):
    window.players.open_action.trigger()
    player = window.players.player
    qtbot.waitUntil(lambda: not player.view.covered)
    return player


def test_after_reveals_and_renames_both_windows_equal_a_fresh_paint(qtbot, window, monkeypatch):
    """Fog lifted and dropped, zones hidden and shown and names changed along a row of zones, at
    zooms that are not whole numbers (the GM's also close up, where a line is wider than the
    margin, and far out, in specks): every frame of both windows is the fresh paint's, pixel for
    pixel, and edits lying across a tile's edge are painted once for the tiles they cross."""
    document = window.document
    document.replace_map(zone_map(300), None)
    scout = Token(id="t", name="Scout", location=ZoneLocation(zone="z2-3"))
    document.undo_stack.push(AddObject(document, "token", scout))
    document.undo_stack.push(SetFog(document, ["z2-4", "z3-3"], None, True))
    player = _players(qtbot, window)
    player.view.show_rect(QRectF(40, 30, 560, 300))
    views = {"GM": window.view, "players": player.view}
    patches = {name: _patches(view.scene().layer, monkeypatch) for name, view in views.items()}
    names = itertools.cycle(["Vault", "Stair of the long descent"])
    rows = [f"z2-{column}" for column in range(1, 7)] + ["z3-3"]
    for scale, zone_ids in ((1.37, rows), (3.1, rows[1:4]), (0.2, rows[2:5])):
        window.view.resetTransform()
        window.view.scale(scale, scale)
        window.view.centerOn(QPointF(300, 180))
        for view in views.values():
            painted(view)
        for zone_id in zone_ids:
            zone = document.get("zone", zone_id)
            edits = [
                SetFog(document, [zone_id], None, not zone.fogged),
                EditObject(document, "zone", zone.model_copy(update={"name": next(names), "fogged": not zone.fogged})),
                EditObject(document, "zone", document.get("zone", zone_id).model_copy(update={"hidden": True})),
                EditObject(document, "zone", document.get("zone", zone_id).model_copy(update={"hidden": False})),
                SetFog(document, [zone_id], None, zone.fogged),
            ]
            for edit in edits:
                document.undo_stack.push(edit)
                for name, view in views.items():
                    kept = painted(view)
                    assert kept == fresh(view), f"{name} after {edit.text()} on {zone_id} at {scale}"
    for name, sizes in patches.items():
        assert sizes, f"{name}: the edits mend kept tiles"
        assert max(sizes) > 1, f"{name}: an edit across a tile's edge is one patch"
    player.close()


class _PaintedRegions(QObject):
    """The rectangles a widget is asked to paint, from now on."""

    def __init__(self, widget) -> None:
        super().__init__()
        self.rects: list[QRect] = []
        widget.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.rects.append(event.rect())
        return False


def test_an_upright_players_window_repaints_only_around_the_edit(qtbot, window):
    """A reveal repaints the zone's part of the players' screen, not all of it; turned a
    quarter, the window paints its whole picture again, as a turned view must."""
    document = window.document
    document.replace_map(zone_map(300), None)
    player = _players(qtbot, window)
    player.view.show_rect(QRectF(40, 30, 560, 300))
    viewport = player.view.viewport()
    painted(player.view)
    regions = _PaintedRegions(viewport)
    document.undo_stack.push(SetFog(document, ["z4-4"], None, True))  # the first edit after opening
    QApplication.processEvents()  # paints the window whole, once
    regions.rects.clear()
    zone = document.get("zone", "z2-3")
    document.undo_stack.push(SetFog(document, ["z2-3"], None, True))
    QApplication.processEvents()
    assert regions.rects, "the reveal is painted"
    area = viewport.width() * viewport.height()
    assert all(r.width() * r.height() < area / 4 for r in regions.rects), regions.rects
    x, y = zone.shape.centre()
    centre = player.view.mapFromScene(QPointF(x, y))
    assert any(r.contains(centre) for r in regions.rects), "around the zone"
    player.view.set_rotation(90)
    QApplication.processEvents()
    regions.rects.clear()
    document.undo_stack.push(SetFog(document, ["z2-3"], None, False))
    QApplication.processEvents()
    assert QRect(0, 0, viewport.width(), viewport.height()) in regions.rects, "a turned view paints it all"
    player.view.set_rotation(0)
    player.close()


def test_an_edit_far_out_paints_the_rows_of_specks_a_fresh_paint_does(qtbot, window):
    """Zoomed out to specks, a fog or hide edit's patch finds only the zones around the edit: a
    row of them and the row below, following one another there, were one path, their line stroked
    twice over their fills (a row of pixels a shade darker than the fresh paint, which finds the
    whole row and paints the rows apart). A run of zones is the map's, whatever a painting finds."""
    document = window.document
    document.replace_map(zone_map(2000), None)
    window.view.resetTransform()
    window.view.scale(0.08, 0.08)
    window.view.centerOn(QPointF(1600, 700))
    painted(window.view)
    for zone_id in ("z18-5", "z8-17", "z20-30", "z3-44"):
        zone = document.get("zone", zone_id)
        for edit in (
            SetFog(document, [zone_id], None, not zone.fogged),
            EditObject(document, "zone", document.get("zone", zone_id).model_copy(update={"hidden": True})),
        ):
            document.undo_stack.push(edit)
            kept = painted(window.view)
            assert kept == fresh(window.view), f"after {edit.text()} on {zone_id}"
