"""The map layer: zones and borders painted in cached tiles, repainted only where edited."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QWheelEvent

from tabletop.document.commands import AddObject, EditObject
from tabletop.model import FillStyle, Token, ZoneLocation
from tabletop.render.style import MapStyle
from tests.benchmarks.mapgen import zone_map
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
    made = []
    original = window.scene.layer._render

    def counted(*key):
        made.append(key)
        return original(*key)

    monkeypatch.setattr(window.scene.layer, "_render", counted)
    return made


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
    zone = window.document.get("zone", "z2-3")
    red = zone.model_copy(update={"fill": FillStyle(colour="#ff0000")})
    window.document.undo_stack.push(EditObject(window.document, "zone", red, "fill"))
    after = _frame(window)
    x, y = zone.shape.centre()
    assert _colour_at(window, after, x, y) == "#ff0000"
    assert 0 < len(made) <= 4, f"only the tiles under the zone are painted again, not {len(made)}"


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
