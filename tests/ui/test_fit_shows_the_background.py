"""Fit Map shows the whole background picture as well as the zones: a GM about to trace a plan
sees all of it."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage

from tabletop.io import save_map
from tabletop.model import Background
from tabletop.samples import room_with_door


def test_fit_map_takes_in_the_background_picture(qtbot, window, tmp_path):
    picture = QImage(3000, 2000, QImage.Format.Format_RGB32)
    picture.fill(QColor("#ddccaa"))
    assert picture.save(str(tmp_path / "plan.png"))
    map_ = room_with_door().model_copy(update={"background": Background(path="plan.png", x=-1000.0, y=-500.0)})
    path = tmp_path / "traced.tabletop"
    save_map(map_, path)
    window.document.replace_map(map_, path)
    qtbot.waitUntil(lambda: not window.scene.background.boundingRect().isEmpty())
    window.view.fit_map()
    seen = window.view.mapToScene(window.view.viewport().rect()).boundingRect()
    slack = 0.02 * 3000  # the view's frame and scroll bars take a few pixels of the fit
    assert seen.adjusted(-slack, -slack, slack, slack).contains(QRectF(-1000, -500, 3000, 2000))
    window.document.replace_map(room_with_door(), None)
    window.view.fit_map()
    seen = window.view.mapToScene(window.view.viewport().rect()).boundingRect()
    assert seen.width() < 1500, "without a picture the rooms fill the view"


def test_a_picture_set_out_of_sight_is_brought_into_view(qtbot, window, tmp_path, monkeypatch):
    picture = QImage(400, 300, QImage.Format.Format_RGB32)
    picture.fill(QColor("#ddccaa"))
    assert picture.save(str(tmp_path / "plan.png"))
    path = tmp_path / "traced.tabletop"
    save_map(room_with_door(), path)
    window.document.replace_map(room_with_door(), path)
    window.view.resetTransform()
    window.view.centerOn(0, 0)
    far = Background(path="plan.png", x=20000.0, y=20000.0)
    monkeypatch.setattr("tabletop.ui.dialogs.background.choose_background", lambda *args, **kwargs: far)
    window.map_menu.set_background()
    qtbot.waitUntil(lambda: not window.scene.background.boundingRect().isEmpty())
    seen = window.view.mapToScene(window.view.viewport().rect()).boundingRect()
    assert seen.intersects(window.scene.background.boundingRect())
