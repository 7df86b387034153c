"""Follow the desktop's light or dark scheme for the window; the map keeps its own palette
(render/style.py), so the projected map looks the same whatever the GM's desktop."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

DARK = {
    QPalette.ColorRole.Window: "#2b2b2b",
    QPalette.ColorRole.WindowText: "#e6e6e6",
    QPalette.ColorRole.Base: "#1f1f1f",
    QPalette.ColorRole.AlternateBase: "#2b2b2b",
    QPalette.ColorRole.Text: "#e6e6e6",
    QPalette.ColorRole.Button: "#353535",
    QPalette.ColorRole.ButtonText: "#e6e6e6",
    QPalette.ColorRole.Highlight: "#2f7bd6",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.ToolTipBase: "#353535",
    QPalette.ColorRole.ToolTipText: "#e6e6e6",
    QPalette.ColorRole.PlaceholderText: "#8c8c8c",
}


def palette_for(scheme: Qt.ColorScheme) -> QPalette:
    """Fusion's own light palette, or a dark one for a dark desktop."""
    palette = QApplication.style().standardPalette()
    if scheme == Qt.ColorScheme.Dark:
        for role, colour in DARK.items():
            palette.setColor(role, QColor(colour))
    return palette


def follow_scheme(app: QApplication) -> None:
    hints = app.styleHints()
    app.setPalette(palette_for(hints.colorScheme()))
    hints.colorSchemeChanged.connect(lambda scheme: app.setPalette(palette_for(scheme)))
