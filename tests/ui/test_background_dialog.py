"""The Set Background Image dialog: a picture, its place, scale and opacity, as a Background."""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QDialogButtonBox, QFileDialog

from tabletop.model import Background
from tabletop.ui.dialogs.background import BackgroundDialog


def _picture(path) -> None:
    image = QImage(120, 80, QImage.Format.Format_RGB32)
    image.fill(QColor("#336699"))
    assert image.save(str(path))


def test_the_dialog_answers_a_background_relative_to_the_map(qtbot, tmp_path, monkeypatch):
    (tmp_path / "pics").mkdir()
    (tmp_path / "maps").mkdir()
    _picture(tmp_path / "pics" / "scan.png")
    dialog = BackgroundDialog(None, tmp_path / "maps" / "keep.tabletop")
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled() and dialog.background() is None
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(tmp_path / "pics" / "scan.png"), ""))
    dialog._browse()
    assert dialog.path.text() == "../pics/scan.png"
    dialog.x.setValue(-40)
    dialog.y.setValue(25)
    dialog.scale.setValue(2.5)
    dialog.opacity.setValue(60)
    assert ok.isEnabled()
    assert "300 x 200 map units" in dialog.preview.text() and "60% opaque" in dialog.preview.text()
    assert dialog.background() == Background(path="../pics/scan.png", x=-40, y=25, scale=2.5, opacity=0.6)


def test_the_dialog_starts_from_the_current_background_and_refuses_a_missing_file(qtbot, tmp_path):
    dialog = BackgroundDialog(None, tmp_path / "keep.tabletop", Background(path="gone.png", scale=3, opacity=0.5))
    qtbot.addWidget(dialog)
    assert (dialog.scale.value(), dialog.opacity.value()) == (3, 50)
    assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    assert "No picture at" in dialog.preview.text()
    (tmp_path / "gone.png").write_bytes(b"not a picture")
    dialog.path.setText("./gone.png")
    assert "not a picture" in dialog.preview.text()
    _picture(tmp_path / "gone.png")
    dialog.path.setText("gone.png ")
    assert dialog.background() == Background(path="gone.png", scale=3, opacity=0.5)
