"""The map's palette and fonts: kept apart from the UI's palette, so a dark desktop theme
never turns the projected map dark, and bundled so text renders the same everywhere."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from PySide6.QtGui import QColor, QFont, QFontDatabase

RESOURCES = Path(__file__).resolve().parents[2] / "resources"
DETAIL_SCALE = 0.35
"""Below this zoom the canvas drops antialiasing, labels and badges: a whole-map view of
thousands of zones stays fast, and text too small to read is not drawn anyway."""


@cache
def font_family() -> str:
    """Register the bundled DejaVu Sans once; needs a QGuiApplication."""
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        QFontDatabase.addApplicationFont(str(RESOURCES / "fonts" / name))
    return "DejaVu Sans"


def map_font(pixel_size: float, bold: bool = False) -> QFont:
    return _font(max(1, round(pixel_size)), bold)


@cache
def _font(pixel_size: int, bold: bool) -> QFont:
    """Fonts are made once per size: a frame of thousands of labels asks for a handful."""
    font = QFont(font_family())
    font.setPixelSize(pixel_size)
    font.setBold(bold)
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return font


def _c(text: str, alpha: int = 255) -> QColor:
    colour = QColor(text)
    colour.setAlpha(alpha)
    return colour


@dataclass(frozen=True)
class MapStyle:
    """Colours of the map itself, chosen to read well on a projector."""

    paper: QColor = field(default_factory=lambda: _c("#f4efe4"))
    outline: QColor = field(default_factory=lambda: _c("#5b5246"))
    label: QColor = field(default_factory=lambda: _c("#2b2620"))
    border: QColor = field(default_factory=lambda: _c("#8a3b12"))
    badge: QColor = field(default_factory=lambda: _c("#fffaf0", 235))
    selection: QColor = field(default_factory=lambda: _c("#1e88e5"))
    reach: QColor = field(default_factory=lambda: _c("#43a047", 110))
    reach_text: QColor = field(default_factory=lambda: _c("#1b5e20"))
    hidden: QColor = field(default_factory=lambda: _c("#000000", 60))
    grid_line: QColor = field(default_factory=lambda: _c("#9e9482"))
    tile_line: QColor = field(default_factory=lambda: _c("#5b5246"))
    doors: dict[str, QColor] = field(
        default_factory=lambda: {
            "open": _c("#2e7d32"),
            "broken": _c("#6d4c41"),
            "closed": _c("#f9a825"),
            "locked": _c("#c62828"),
        }
    )
    segments: dict[str, QColor] = field(
        default_factory=lambda: {
            "rough": _c("#8d6e63", 150),
            "slippery": _c("#80deea", 150),
            "cover": _c("#33691e", 150),
            "ledge": _c("#ff7043", 150),
            "steep": _c("#6d4c41", 170),
            "water": _c("#1e88e5", 150),
        }
    )
