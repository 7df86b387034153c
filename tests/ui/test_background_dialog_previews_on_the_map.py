"""Set Background Image shows its fields on the map at once: the place, scale, opacity and
picture file the GM tries are drawn in the map window while the dialog is open, with no undo
step; Cancel puts the map's picture back, and OK is one undo step."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QDialog

from tabletop.io import save_map
from tabletop.model import Background
from tabletop.samples import room_with_door
from tabletop.ui.dialogs.background import BackgroundDialog

START = Background(path="plan.png", x=-300.0, y=-300.0, scale=1.0, opacity=1.0)
"""A 200 x 100 picture clear of the rooms (which lie from 0,0 to 440,200)."""
BLUE = QColor("#336699")


@pytest.fixture
def traced(qtbot, window, tmp_path):
    for name, size in (("plan.png", (200, 100)), ("other.png", (50, 40))):
        picture = QImage(*size, QImage.Format.Format_RGB32)
        picture.fill(BLUE)
        assert picture.save(str(tmp_path / name))
    map_ = room_with_door().model_copy(update={"background": START})
    save_map(map_, tmp_path / "keep.tabletop")
    window.document.replace_map(map_, tmp_path / "keep.tabletop")
    qtbot.waitUntil(lambda: not window.scene.background.boundingRect().isEmpty())
    return window


def _colour_at(window, x: float, y: float) -> QColor:
    """The map window's scene drawn at one map point (picture, rooms and paper as shown)."""
    image = QImage(1, 1, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    window.scene.render(painter, QRectF(0, 0, 1, 1), QRectF(x, y, 1, 1))
    painter.end()
    return image.pixelColor(0, 0)


def _blue(colour: QColor) -> bool:
    return abs(colour.red() - BLUE.red()) + abs(colour.green() - BLUE.green()) + abs(colour.blue() - BLUE.blue()) < 12


def _in_the_dialog(monkeypatch, gm) -> list:
    """The dialog opened from the Map menu runs `gm(dialog)` instead of waiting for the GM."""
    seen = []

    def exec_(dialog):
        seen.append(dialog)
        gm(dialog)
        return dialog.result()

    monkeypatch.setattr(BackgroundDialog, "exec", exec_)
    return seen


def test_the_map_shows_each_field_at_once_and_cancel_puts_the_picture_back(qtbot, traced, monkeypatch):
    stack, shown = traced.document.undo_stack, traced.scene.background
    before = stack.index()
    assert _blue(_colour_at(traced, -250, -250)) and not _blue(_colour_at(traced, -50, -250))

    def gm(dialog):
        dialog.x.setValue(-100)
        assert shown.boundingRect() == QRectF(-100, -300, 200, 100), "moved on the map while the dialog is open"
        assert _blue(_colour_at(traced, -50, -250)) and not _blue(_colour_at(traced, -250, -250))
        dialog.scale.setValue(2.5)
        assert shown.boundingRect() == QRectF(-100, -300, 500, 250)
        assert _blue(_colour_at(traced, 350, -100)), "drawn at the new scale"
        dialog.opacity.setValue(0)
        assert not _blue(_colour_at(traced, -50, -250)), "and at the new opacity"
        assert traced.document.map.background == START and stack.index() == before, "no edit yet"
        dialog.reject()

    opened = _in_the_dialog(monkeypatch, gm)
    traced.map_menu.set_background()
    assert len(opened) == 1
    assert traced.document.map.background == START and stack.index() == before
    assert shown.preview is None and shown.boundingRect() == QRectF(-300, -300, 200, 100)
    assert _blue(_colour_at(traced, -250, -250)) and not _blue(_colour_at(traced, -50, -250))


def test_ok_is_one_undo_step_however_many_fields_were_tried(qtbot, traced, monkeypatch):
    stack = traced.document.undo_stack
    before = stack.index()

    def gm(dialog):
        for x in (-280, -260, -240):
            dialog.x.setValue(x)
        dialog.y.setValue(-150.25)
        dialog.scale.setValue(0.5)
        dialog.opacity.setValue(40)
        dialog.accept()

    opened = _in_the_dialog(monkeypatch, gm)
    traced.map_menu.set_background()
    assert len(opened) == 1
    chosen = Background(path="plan.png", x=-240, y=-150.25, scale=0.5, opacity=0.4)
    assert traced.document.map.background == chosen and stack.index() == before + 1
    assert traced.scene.background.preview is None
    assert traced.scene.background.boundingRect() == QRectF(-240, -150.25, 100, 50)
    stack.undo()
    assert traced.document.map.background == START
    assert traced.scene.background.boundingRect() == QRectF(-300, -300, 200, 100)


def test_a_picture_picked_shows_at_once_and_a_bad_one_shows_the_maps_own(qtbot, traced, monkeypatch):
    shown = traced.scene.background

    def gm(dialog):
        dialog.path.setText("other.png")
        assert shown.boundingRect() == QRectF(-300, -300, 50, 40), "the other picture's own size"
        dialog.path.setText("missing.png")
        assert shown.preview is None and shown.boundingRect() == QRectF(-300, -300, 200, 100)
        dialog.reject()

    opened = _in_the_dialog(monkeypatch, gm)
    traced.map_menu.set_background()
    assert len(opened) == 1 and traced.document.map.background == START


def test_closing_the_dialog_any_way_ends_the_preview(qtbot, traced):
    shown = traced.scene.background
    dialog = BackgroundDialog(traced, traced.document.path, START, shown.show_preview)
    qtbot.addWidget(dialog)
    dialog.x.setValue(0)
    assert shown.preview is not None and shown.boundingRect().topLeft() == QPointF(0, -300)
    dialog.show()
    dialog.close()
    assert dialog.result() == QDialog.DialogCode.Rejected
    assert shown.preview is None and shown.boundingRect().topLeft() == QPointF(-300, -300)
