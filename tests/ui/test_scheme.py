"""The window follows a dark desktop; the map's own palette does not change with it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette

from tabletop.render.style import MapStyle
from tabletop.ui.scheme import palette_for


def test_a_dark_scheme_darkens_the_window_but_not_the_map(qapp):
    dark, light = palette_for(Qt.ColorScheme.Dark), palette_for(Qt.ColorScheme.Light)
    assert dark.color(QPalette.ColorRole.Window).lightness() < 80
    assert light.color(QPalette.ColorRole.Window).lightness() > 180
    assert MapStyle().paper.lightness() > 200
