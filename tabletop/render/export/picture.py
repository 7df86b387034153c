"""One export's picture: the map for its audience, the frame drawn, its size in pixels, and
the painting of all of it or of one band of rows (a huge PNG) or one box (a poster page).

Every export (PNG, SVG, PDF, poster, the dialog's preview) paints through `paint_picture`,
so the preview is the export at a small scale.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter

from tabletop.geometry.single.shapes import area_rect, token_spots
from tabletop.geometry.whole.layout import MapLayout
from tabletop.model import Map
from tabletop.render import legend as legends
from tabletop.render import text
from tabletop.render.arrangement import Arrangement
from tabletop.render.background import Cover, bounds_with_background, players_cover
from tabletop.render.export.options import (
    ExportError,
    ExportOptions,
    PlayersSight,
    Scale,
    ScaleKind,
    ScopeKind,
    Who,
    area_size_for,
    scope_frame,
)
from tabletop.render.export.parts import MapParts
from tabletop.render.paint import map_arrangement, paint_map
from tabletop.render.style import MapStyle, gm_style, map_font, players_style
from tabletop.rules.area_names import area_name
from tabletop.rules.sight import map_in_sight
from tabletop.rules.visibility import LIVE, Fog, InSight, SightFog, dimmed_places, players_view

Folder = str | os.PathLike[str] | None
MIN_SIDE, MAX_SIDE = 16, 16384
"""Pixels on a side of an export: 16384 is four 4K screens across, past any projector."""
MAX_PIXELS = 64 * 2**20
"""64 megapixels, 256 MB as an image in memory: a tall map at a wide width asks for more, and
the GM is asked for a smaller width instead of the machine running out of memory."""
STREAM_SIDE, STREAM_PIXELS = 32768, 1024 * 2**20
"""A PNG written band by band holds a few bands in memory, whatever its size: the caps are the
time it takes (a gigapixel is minutes) and what viewers open."""
CLEAR = QColor(0, 0, 0, 0)


TITLE_SHARE, MIN_TITLE = 0.03, 14.0
"""A title's letters: 3% of the map's height in pixels, at least 14."""
TITLE_ROOM = 2.0
"""Title sizes kept above the map: its plate reaches down to 1.8."""


class PictureTooLarge(ValueError):
    """The picture asked for has more pixels than an export may have."""


def audience_map(map_: Map, who: Who, sight: PlayersSight | None = None, fog: Fog | None = None) -> Map:
    """The map as its audience may see it: everything for the GM; for the players the one
    filter (rules.visibility.players_view, with `sight` by what their tokens see: no one shown
    out of sight; or under `fog`, the fog their window shows, given whole), and for a clean
    copy no tokens either, nor the conflict that names them (it is play, not the map)."""
    if who is Who.GM:
        return map_
    seen = players_view(map_, fog if fog is not None else players_fog(map_, sight))
    return seen.model_copy(update={"tokens": [], "conflict": None}) if who is Who.CLEAN else seen


def players_fog(map_: Map, sight: PlayersSight | None) -> Fog:
    """The map's fog, and with fog by sight what the players' tokens do not see now dimmed."""
    if sight is None:
        return LIVE
    in_sight = map_in_sight(map_, sight.side, sight.reach)
    return SightFog(LIVE, lambda: in_sight)


WHOLE_ARRANGEMENT = 20_000
"""A picture painted in bands or pages places the words of a map of up to this many zones over
the whole map, once: past it (a huge map's bands, its zones small and its badges in their lines'
middles) each band's part is arranged alone, so no band holds the whole map's layout."""


@dataclass
class Picture:
    map: Map
    options: ExportOptions
    frame: tuple[float, float, float, float]
    """The part of the map drawn, (x, y, width, height) in map units, with room for the legend."""
    px_per_unit: float
    width: int
    height: int
    style: MapStyle
    base_dir: Folder = None
    map_frame: tuple[float, float, float, float] | None = None
    """The frame without the legend under it (the legend's top is its bottom)."""
    title_size: float = 0.0
    """The title's letters in pixels; the frame holds twice that above the map for it."""
    layout: MapLayout | None = field(default=None, repr=False)
    """The whole map's layout, built before the frame when the picture is painted whole: the
    frame is read from it instead of from every zone's points again."""
    _parts: MapParts | None = field(default=None, repr=False)
    _arrangement: Arrangement | None = field(default=None, repr=False)
    hidden: Cover = ()
    """What of the background picture this picture's audience must not see, for the whole map
    (render/background.players_cover: hidden zones, fogged zones and areas): its pixels there
    are cleared before it is drawn, in every band and page (each painted from the map cut to
    it), as on the players' window, so a secret room traced over the plan is not in the file."""
    dimmed: InSight | None = None
    """The places shaded as out of the players' sight (fog by sight), as on their window."""

    @property
    def mm_per_unit(self) -> float:
        return self.px_per_unit / self.options.scale.dpi * 25.4

    def arrangement(self) -> Arrangement | None:
        """Where the whole map's words go, for every band and page to paint its part alike (a
        badge across a seam slid the same way in both); None for a map of more zones than
        WHOLE_ARRANGEMENT, whose parts are arranged each alone."""
        if self._arrangement is None and len(self.map.zones) <= WHOLE_ARRANGEMENT:
            layout = self.layout or MapLayout(self.map, index=False)
            spots = token_spots(self.map, layout.zone, name_scale=self.style.text_scale)
            self._arrangement = map_arrangement(self.map, layout, self.style, spots)
        return self._arrangement

    def parts(self) -> MapParts:
        if self._parts is None:
            self._parts = MapParts(self.map)
        return self._parts


def reads_layout(options: ExportOptions) -> bool:
    """Whether an export with these options can take the layout worked out as its map was read
    (a second process's, on Linux): the whole map as the GM sees it. A players', a scoped or a
    poster's picture is laid out from what it shows, so for it no such layout is worked out."""
    return options.poster is None and options.scope.kind is ScopeKind.ALL and options.who is Who.GM


def prepare(
    map_: Map,
    options: ExportOptions,
    base_dir: Folder = None,
    max_side: int = MAX_SIDE,
    max_pixels: int = MAX_PIXELS,
    whole: bool = False,
    fog: Fog | None = None,
) -> Picture:
    """Work out what is drawn and how big; ExportError or PictureTooLarge in one line. `whole`:
    the caller paints the picture at once (not in bands or pages), so the whole map's layout
    is built here, once, for the frame and the painting (the GM's: the players' map is
    filtered again as it is painted, and laid out then). `fog`: for a players' picture, the
    fog their window shows now (held while the GM stages, dimmed out of their sight) in place
    of the one `options.sight` makes from the map."""
    if fog is None:
        fog = players_fog(map_, options.sight)
    seen = audience_map(map_, options.who, fog=fog)
    dimmed = None
    if options.who is not Who.GM and isinstance(fog, SightFog):
        dimmed = dimmed_places(map_, fog)
    layout = None
    if whole and reads_layout(options) and seen.zones:
        layout = MapLayout(seen, index=False)
    extent = layout.zone_extent() if layout is not None else None
    map_frame = scope_frame(seen, options.scope) or bounds_with_background(seen, base_dir, zone_extent=extent)
    frame = legends.with_legend(seen, map_frame) if options.legend else map_frame
    _, _, w, h = frame
    scale = options.scale
    ppu = scale.pixels_per_unit(w, area_size_for(seen, options.scope))
    if not ppu > 0:
        raise ExportError("needs a scale above zero")
    title = 0.0
    if options.title and seen.title:  # room of its own above the map: it was drawn over the top zones
        title = max(MIN_TITLE, h * ppu * TITLE_SHARE)
        x, y, _, _ = frame
        frame = (x, y - TITLE_ROOM * title / ppu, w, h + TITLE_ROOM * title / ppu)
        h = frame[3]
    what = "a PNG" if max_side == STREAM_SIDE else "an SVG or PDF"
    caps = f"{what} may be at most {max_side:,} pixels on a side and {max_pixels // 2**20:,} megapixels"
    if scale.kind is ScaleKind.WIDTH:
        width, height = round(scale.value), max(1, round(scale.value * h / w))
        if height > max_side or width * height > max_pixels:
            raise PictureTooLarge(
                f"a picture {width:,} pixels wide would be {height:,} pixels tall; {caps}: choose a smaller width"
            )
    else:
        width, height = max(1, round(w * ppu)), max(1, round(h * ppu))
        if max(width, height) > max_side or width * height > max_pixels:
            raise PictureTooLarge(f"a picture {width:,}x{height:,} pixels is too large; {caps}: choose a smaller scale")
    style = gm_style() if options.who is Who.GM else players_style()
    if not options.grid_lines:
        style = replace(style, grid_line=CLEAR, tile_line=CLEAR)
    hidden = () if options.who is Who.GM else players_cover(map_, fog)
    return Picture(
        seen,
        options,
        frame,
        ppu,
        width,
        height,
        style,
        base_dir,
        map_frame,
        title,
        layout,
        hidden=hidden,
        dimmed=dimmed,
    )


def with_width(options: ExportOptions, width: int) -> ExportOptions:
    """The same export drawn `width` pixels wide: the dialog's preview."""
    return replace(options, scale=Scale(ScaleKind.WIDTH, width, options.scale.dpi))


def paint_picture(
    painter: QPainter,
    picture: Picture,
    band: tuple[float, float, float, float] | None = None,
    device_scale: float = 1.0,
) -> None:
    """Paint the picture, or the `band` of it (x, y, width, height in the picture's pixels)
    with the band's top-left at the painter's origin. `device_scale` is the painter's pixels per
    picture pixel (a PDF at its resolution)."""
    x, y, _, _ = picture.frame
    ppu = picture.px_per_unit
    bx, by, bw, bh = band or (0.0, 0.0, picture.width, picture.height)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.save()
    painter.scale(device_scale, device_scale)
    painter.translate(-bx, -by)
    painter.fillRect(QRectF(bx, by, bw, bh), picture.style.paper)
    painter.setClipRect(QRectF(bx, by, bw, bh))
    painter.scale(ppu, ppu)
    painter.translate(-x, -y)
    seen = QRectF(x + bx / ppu, y + by / ppu, bw / ppu, bh / ppu)
    whole = band is None and picture.options.scope.kind is ScopeKind.ALL
    map_, shown = picture.map, None
    if not whole:
        map_, shown = picture.parts().within(seen.x(), seen.y(), seen.width(), seen.height())
    options = picture.options
    paint_map(
        painter,
        map_,
        picture.style,
        base_dir=picture.base_dir,
        badges=options.badges,
        token_names=options.token_names,
        zones_shown=shown,
        layout=picture.layout if whole else None,
        cover=picture.hidden,
        arrangement=None if whole else picture.arrangement(),
        dimmed=picture.dimmed,
    )
    if options.area_coordinates:
        _area_coordinates(painter, map_, picture.style)
    if options.legend:
        legends.paint_map_legend(painter, picture.map, picture.map_frame or picture.frame, picture.style)
    painter.restore()
    if options.title and picture.map.title:
        painter.save()
        painter.scale(device_scale, device_scale)
        painter.translate(-bx, -by)
        size = picture.title_size or max(MIN_TITLE, picture.height * TITLE_SHARE)
        centre = (picture.width / 2, size * 1.1)
        text.plated_label(painter, picture.map.title, centre, picture.style.label, picture.style.plate, size, True)
        painter.restore()


def _area_coordinates(p: QPainter, map_: Map, style: MapStyle) -> None:
    """Each area's name (A1 at the grid's top-left) in its top-left corner, small, for calling
    out a square as the status bar and the command line name it."""
    p.setPen(style.label)
    corner = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
    for grid in map_.grids:
        size = grid.area_size * 0.2
        p.setFont(map_font(size))
        r0, c0, r1, c1 = grid.area_bounds()
        for row in range(r0, r1 + 1):
            for col in range(c0, c1 + 1):
                ax, ay, aw, _ = area_rect(grid, row, col)
                box = QRectF(QPointF(ax + aw * 0.05, ay + aw * 0.03), QPointF(ax + aw, ay + aw * 0.3))
                text.draw_text(p, box, corner, area_name(grid, row, col))
