"""Activating a Check Map finding brings what it is about into sight whole, within the view's
zoom limits and clear of the dialog: two rooms overlapping by a sliver of a unit are both shown,
selected, with a ring round the sliver; a border whose rooms no longer touch is shown with both
rooms; and the ring goes once the map is edited or the dialog closed."""

from __future__ import annotations

from PySide6.QtCore import QRect, QRectF, Qt

from tabletop.model import Border, Map, PolygonShape, Zone
from tabletop.ui.view import MAX_SCALE, MIN_SCALE


def _room(zone_id: str, points) -> Zone:
    return Zone(id=zone_id, name=zone_id.title(), shape=PolygonShape(points=points))


def _map() -> Map:
    """A hall whose corner was dragged a hundredth of a unit into the office beside it, and far
    off a cellar joined to the hall by a stair (its rooms apart): fitted, the rooms are specks."""
    hall = _room("hall", [(0, 0), (240, 0), (240.01, 200), (0, 200)])
    office = _room("office", [(240, 0), (480, 0), (480, 200), (240, 200)])
    cellar = _room("cellar", [(9000, 6000), (9200, 6000), (9200, 6200), (9000, 6200)])
    borders = [Border(id="door", a="hall", b="office"), Border(id="stair", a="hall", b="cellar")]
    return Map(title="Sliver", zones=[hall, office, cellar], borders=borders)


def _activate(qtbot, dialog, text: str) -> None:
    view = dialog.findings
    row = [view.item(r).text() for r in range(view.count())].index(text)
    centre = view.visualItemRect(view.item(row)).center()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre)


def _seen(view) -> QRectF:
    """The part of the map the view shows, in map units."""
    return view.viewportTransform().inverted()[0].mapRect(QRectF(view.viewport().rect()))


def _on_screen(view, rect: QRectF) -> QRect:
    shown = view.viewportTransform().mapRect(rect).toAlignedRect()
    viewport = view.viewport()
    return QRect(viewport.mapToGlobal(shown.topLeft()), viewport.mapToGlobal(shown.bottomRight()))


def _zone_rect(window, zone_id: str) -> QRectF:
    xs, ys = zip(*window.document.get("zone", zone_id).shape.points, strict=True)
    return QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


OVERLAP = "Hall and Office overlap: a place on the map is in both."
APART = "Hall and Cellar share a border but do not touch: it is drawn as a link between them."


def test_a_sliver_of_overlap_shows_both_rooms_whole_ringed_and_clear_of_the_dialog(qtbot, window):
    window.document.replace_map(_map(), None)
    window.view.fit_map()
    dialog = window.map_menu.check_map()
    view = window.view.viewport()
    spot = view.mapToGlobal(view.rect().center())
    dialog.move(spot.x() - dialog.width() // 2, spot.y() - dialog.height() // 2)  # over the map's middle
    qtbot.waitUntil(lambda: dialog.frameGeometry().contains(spot))
    _activate(qtbot, dialog, OVERLAP)
    assert window.document.selection == [("zone", "hall"), ("zone", "office")]
    scale = window.view.scale_now()
    assert MIN_SCALE <= scale <= MAX_SCALE
    both = _zone_rect(window, "hall").united(_zone_rect(window, "office"))
    assert _seen(window.view).contains(both), "both rooms whole"
    assert both.width() * scale <= view.width() * 0.75, "with the rooms round them in sight, not filling the view"
    ring = window.map_menu.ring
    assert ring.isVisible() and ring.scene() is window.scene
    assert abs(ring.pos().x() - 240.005) < 1e-9 and abs(ring.pos().y() - 100) < 1e-9, "round the sliver"
    qtbot.waitUntil(lambda: not dialog.frameGeometry().intersects(_on_screen(window.view, both)))
    dialog.close()


def test_a_finding_far_off_while_zoomed_in_close_is_brought_whole_into_sight(qtbot, window):
    window.document.replace_map(_map(), None)
    window.view.zoom(MAX_SCALE / window.view.scale_now())
    window.view.centerOn(9100, 6100)  # right in the cellar, as close as the view goes
    dialog = window.map_menu.check_map()
    _activate(qtbot, dialog, OVERLAP)
    seen = _seen(window.view)
    assert seen.contains(_zone_rect(window, "hall")) and seen.contains(_zone_rect(window, "office"))
    assert window.view.scale_now() < MAX_SCALE
    _activate(qtbot, dialog, APART)
    assert window.document.selection == [("border", "stair")]
    assert not window.map_menu.ring.isVisible(), "no place of two zones to ring"
    seen = _seen(window.view)
    assert seen.contains(_zone_rect(window, "hall")) and seen.contains(_zone_rect(window, "cellar")), "both rooms"
    assert MIN_SCALE <= window.view.scale_now() <= MAX_SCALE
    dialog.close()


def test_the_ring_goes_when_the_rooms_are_edited_or_the_dialog_is_closed(qtbot, window):
    from tabletop.document.commands import EditObject

    window.document.replace_map(_map(), None)
    dialog = window.map_menu.check_map()
    _activate(qtbot, dialog, OVERLAP)
    ring = window.map_menu.ring
    assert ring.isVisible()
    hall = window.document.get("zone", "hall")
    mended = hall.model_copy(update={"shape": PolygonShape(points=[(0, 0), (240, 0), (240, 200), (0, 200)])})
    window.document.undo_stack.push(EditObject(window.document, "zone", mended, "shape"))
    assert not ring.isVisible()
    qtbot.waitUntil(lambda: OVERLAP not in [dialog.findings.item(r).text() for r in range(dialog.findings.count())])
    window.document.undo_stack.undo()
    qtbot.waitUntil(lambda: OVERLAP in [dialog.findings.item(r).text() for r in range(dialog.findings.count())])
    _activate(qtbot, dialog, OVERLAP)
    assert ring.isVisible()
    dialog.close()
    assert not ring.isVisible()
