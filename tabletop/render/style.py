"""The map's palette and fonts: kept apart from the UI's palette, so a dark desktop theme
never turns the projected map dark, and bundled so text renders the same everywhere."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cache

from PySide6.QtGui import QColor, QFont, QFontDatabase

from tabletop.render.cache import per_thread
from tabletop.resources import resources_dir

RESOURCES = resources_dir()
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


@per_thread(maxsize=256)
def _font(pixel_size: int, bold: bool) -> QFont:
    """Fonts are made once per size and thread: a frame of thousands of labels asks for a
    handful, and a poster planned on a worker must not share the window's (Qt's are not
    thread-safe)."""
    font = QFont(font_family())
    font.setPixelSize(pixel_size)
    font.setBold(bold)
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return font


def _c(text: str, alpha: int = 255) -> QColor:
    colour = QColor(text)
    colour.setAlpha(alpha)
    return colour


class Audience(Enum):
    """Who looks at a picture: the GM sees everything and the editing marks; the players see
    only what is not hidden, drawn to read across a table from a projector."""

    GM = "gm"
    PLAYERS = "players"


@dataclass(frozen=True)
class MapStyle:
    """Colours, line widths and text sizes of the map itself, chosen to read well on a projector.

    Painting takes one of these as an argument (never a module-level one), so the GM's window
    and the players' picture can be drawn side by side in their own styles.
    """

    audience: Audience = Audience.GM
    line_scale: float = 1.0
    """Border and outline widths are multiplied by this."""
    text_scale: float = 1.0
    """Zone labels, token names and badges are drawn this much larger."""
    selection_marks: bool = True
    """Whether selected objects are drawn in the selection colour (never on the players' picture)."""
    facing_wedges: bool = True
    token_name_size: float = 16.0
    """Token names in map units: 14 px capitals when a sample map is fit to a 1920x1080 window."""
    zone_label_size: float = 15.0
    plate: QColor = field(default_factory=lambda: _c("#fbf7ee", 235))
    """Behind every token name, so it reads on any fill and no line crosses it."""

    paper: QColor = field(default_factory=lambda: _c("#f4efe4"))
    outline: QColor = field(default_factory=lambda: _c("#5b5246"))
    label: QColor = field(default_factory=lambda: _c("#2b2620"))
    border: QColor = field(default_factory=lambda: _c("#8a3b12"))
    badge: QColor = field(default_factory=lambda: _c("#fffaf0"))
    selection: QColor = field(default_factory=lambda: _c("#1e88e5"))
    reach: QColor = field(default_factory=lambda: _c("#43a047", 110))
    reach_text: QColor = field(default_factory=lambda: _c("#0d3b12"))
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
            "rough": _c("#6d4c41", 220),
            "slippery": _c("#00838f", 230),
            "cover": _c("#33691e", 200),
            "ledge": _c("#e64a19", 220),
            "steep": _c("#5d4037", 190),
            "water": _c("#1e88e5", 150),
        }
    )


def gm_style() -> MapStyle:
    """The GM's window and exports: everything drawn, hidden things marked."""
    return MapStyle()


def players_style() -> MapStyle:
    """For a projector three metres from the players: darker ink on lighter paper, lines half
    again as thick, labels a third larger, no selection marks."""
    return replace(
        MapStyle(),
        audience=Audience.PLAYERS,
        line_scale=1.5,
        text_scale=1.35,
        selection_marks=False,
        paper=_c("#fbf8f1"),
        outline=_c("#2b2620"),
        label=_c("#111111"),
        border=_c("#7a2e08"),
        plate=_c("#ffffff", 245),
    )


def style_for(audience: Audience) -> MapStyle:
    return players_style() if audience is Audience.PLAYERS else gm_style()
