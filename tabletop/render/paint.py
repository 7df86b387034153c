"""Painting one map object at a time. Scene items call these for their object; export calls
paint_map for the whole map: the same strokes on the screen and in the file. Every function
takes the style to paint in; none keeps one of its own. Zones' fills and outlines are painted
in render/zone_paint.py, border lines and selection marks here."""

from __future__ import annotations

import os
from collections.abc import Callable, Collection
from functools import partial
from itertools import compress, pairwise

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from tabletop.geometry.single.clearing import BadgeSpot
from tabletop.geometry.single.shapes import BorderLine, map_bounds, token_spots
from tabletop.geometry.whole.layout import MapLayout
from tabletop.geometry.whole.tables import RowIds
from tabletop.model import Map, NodeShape, Zone, ZoneLocation
from tabletop.model.kinds import ids_by_kind
from tabletop.render import text
from tabletop.render.arrangement import Arrangement
from tabletop.render.aspect_paint import PLATE_SIZE, paint_aspects, paint_scene_aspects
from tabletop.render.background import Cover, paint_background, players_cover
from tabletop.render.badge_paint import BADGE_TEXT, paint_badges
from tabletop.render.batch import line_cells_of, polygon_runs
from tabletop.render.fog_paint import paint_out_of_sight, paint_tangled_fog, paint_zone_fog, split_fog, zones_path
from tabletop.render.grid_paint import paint_grid, paint_reach_area
from tabletop.render.ink import FAINTEST, faded, line_share
from tabletop.render.label_paint import paint_zone_labels
from tabletop.render.seams import runs_path, seam_runs
from tabletop.render.specks import paint_specks
from tabletop.render.style import DETAIL_SCALE, Audience, MapStyle
from tabletop.render.tangles import outline, tangled_zones
from tabletop.render.token_art import TokenArt
from tabletop.render.token_paint import area_crowds, paint_token, token_boxes, token_rect
from tabletop.render.zone_paint import fog_path, outline_pen, paint_zone, paint_zone_shapes, zone_path, zone_shape
from tabletop.rules import Terrain
from tabletop.rules.visibility import InSight, players_view


def paint_border(p: QPainter, line: BorderLine, style: MapStyle, selected: bool = False) -> None:
    """One border's line; the map layer batches the lines of many (paint_region)."""
    selected = selected and style.selection_marks
    p.setPen(_border_pen(style.selection if selected else style.border, line.shared, style.line_scale))
    for (x1, y1), (x2, y2) in line.segments:
        p.drawLine(QPointF(x1, y1), QPointF(x2, y2))


def _border_pen(colour: QColor, shared: bool, scale: float = 1.0) -> QPen:
    """Solid along a shared edge, dashed between abstract nodes; as wide as a wall in map units,
    so zoomed out over thousands of zones the lines thin with the zoom (to a hairline) instead
    of covering the zones."""
    pen = QPen(colour, (5.0 if shared else 3.0) * scale, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
    if not shared:
        pen.setStyle(Qt.PenStyle.DashLine)
    return pen


OUTLINE_CELL = 400.0
"""Selected zones' outlines are stroked a square of the map at a time (each zone in the square
of its first point), in the squares' order: a whole big map's outlines as one path were much
slower to stroke. As with LINE_CELL, where two outlines meet a pixel is the same
whichever part of the map a frame paints."""
LINE_CELL = 200.0
"""Border lines are stroked a square of the map at a time, each square's lines as one path:
where two lines meet, a pixel is the same whichever tile or export paints it (lines stroked in
batches of whatever the painter was given blend twice where batches meet, differently in every
tile), and no stroke is of the whole map at once (slow)."""


def paint_region(
    p: QPainter,
    layout: MapLayout,
    zone_ids: list[str],
    border_ids: list[str],
    style: MapStyle,
    detail: bool,
    arrangement: Arrangement | None = None,
    shown_border: Callable[[str], bool] | None = None,
    fogged: Callable[[Zone], bool] | None = None,
    badges: bool = True,
) -> None:
    """Zones, their labels over all of them, then border lines, then badges over every line:
    the map's middle layer, for the screen one tile at a time and for an export all at once.
    Strokes are batched by pen and brush, since a big map has thousands of each. Fogged zones
    (`fogged`, else their own flag) are fog for the players, veiled for the GM. Names and badges
    stand where the `arrangement` puts them (one of no tokens, if none is given)."""
    if arrangement is None:
        shows = None if shown_border is None else lambda kind, key: kind != "border" or shown_border(key)
        arrangement = Arrangement(layout, style, lambda _: [], frozenset, shows, fogged)
    share = 1.0 if detail else line_share(p, layout.zone_size)  # outlines and lines fade as zones shrink
    p.setPen(outline_pen(style, detail, share))
    labels = detail and text.readable(p, style.zone_label_size * style.text_scale)
    aspects = detail and text.readable(p, PLATE_SIZE * style.text_scale)
    zones: list[Zone] = []
    if text.device_scale(p) < DETAIL_SCALE:  # specks, from the layout's arrays
        foggy = paint_specks(
            p, layout, zone_ids, style, fogged, partial(zone_shape, p, style=style, detail=detail, share=share)
        )
        if labels or aspects:
            zones = split_fog(list(map(layout.zone, zone_ids)), style, fogged)[0]
    else:
        zones, foggy = split_fog(list(map(layout.zone, zone_ids)), style, fogged)
        paint_zone_shapes(p, zones, style, detail, layout)
    if foggy:
        tangles = tangled_zones(layout, foggy)
        if any(tangles):
            paint_tangled_fog(p, list(compress(foggy, tangles)), style)
            foggy = [zone for zone, tangled in zip(foggy, tangles, strict=True) if not tangled]
    paint_zone_fog(p, foggy, style, partial(fog_path, layout))
    if labels:
        paint_zone_labels(p, layout, zones, style, arrangement)
    lines = layout.lines
    shown_badges = detail and badges and text.readable(p, BADGE_TEXT * style.text_scale)
    arrays = layout.line_arrays(border_ids) if share >= FAINTEST or shown_badges else None
    if share >= FAINTEST:  # zones of two pixels or less: their lines are not drawn at all
        for shared, paths in line_cells_of(*arrays, LINE_CELL):
            pen = _border_pen(faded(style.border, share), shared, style.line_scale)
            for path in paths:
                p.strokePath(path, pen)
    if shown_badges:
        drawn = [(layout.border(border_id), lines[border_id]) for border_id in border_ids]
        longs = arrangement.movable(arrays[2], arrays[3])
        spots = None  # only some badges may stand elsewhere than in their middles
        if any(longs):
            at = arrangement.drawn_at
            spots = [
                at(border_id, line) if long else None
                for border_id, (_, line), long in zip(border_ids, drawn, longs, strict=True)
            ]
        paint_badges(p, drawn, style, spots)
    if aspects:
        paint_aspects(p, layout, zones, border_ids, style, shown_border, fogged, arrangement.badge)


def badges_shown(scale: float, style: MapStyle) -> bool:
    """Whether a map painted at `scale` device pixels per map unit shows the borders' badges, as
    paint_region decides (detail, and badge text big enough to read)."""
    return scale >= DETAIL_SCALE and BADGE_TEXT * style.text_scale * scale >= text.MIN_TEXT_PX


def paint_selection(
    p: QPainter,
    layout: MapLayout,
    marked: list[tuple[str, str]],
    style: MapStyle,
    detail: bool,
    badge_at: Callable[[str], BadgeSpot] | None = None,
) -> None:
    """The selection marks: selected zones' outlines and selected borders' lines in the
    selection colour, then the badges of every border they touch drawn again over them, so a
    thick outline never hides a digit (where `badge_at` puts each). Nothing on a style without
    selection marks. The outlines
    are a path per square of the map and the lines batched as the layer's are, from the layout's
    arrays: a big map selected whole, stroked one by one, was slow in every frame."""
    if not style.selection_marks:
        return
    pen = QPen(style.selection, 3.0)
    pen.setCosmetic(not detail)
    badges: dict[str, None] = {}
    if detail:  # few marks (a painting culls them to what it shows), and their badges in their order
        zones, border_ids = [], []
        for kind, object_id in marked:
            if kind == "zone" and (zone := layout.zone(object_id)) is not None:
                zones.append(zone)
                badges.update(dict.fromkeys(sorted(layout.borders_at.get(object_id, ()))))  # drawn again over it
            elif kind == "border" and object_id in layout.lines:
                border_ids.append(object_id)
                badges[object_id] = None
        tangles = tangled_zones(layout, zones)
        for zone in compress(zones, tangles):  # a hairline: a wide pen along a tangle takes Qt seconds
            outline(p, zone.shape.points, style.selection)
        zones = [zone for zone, tangled in zip(zones, tangles, strict=True) if not tangled]
        runs = [seam_runs(zone) for zone in zones]  # a hole's seam is no edge to mark
        for seamed in filter(None, runs):
            p.strokePath(runs_path(seamed), pen)
        zones = [zone for zone, seamed in zip(zones, runs, strict=True) if seamed is None]
    else:  # a kind's ids looked up together (a whole big map is a mark per zone and border a frame)
        by_kind = ids_by_kind(marked)
        zones = list(filter(None, map(layout.zone, by_kind.get("zone", ()))))
        border_ids = by_kind.get("border", [])
        holding = getattr(layout.lines, "holding", None)  # a LineTable asks its rows in C
        border_ids = list(
            compress(border_ids, holding(border_ids) if holding else map(layout.lines.__contains__, border_ids))
        )
    for outlines in _outline_cells(layout, zones):
        p.strokePath(outlines, pen)
    if border_ids:
        for shared, paths in line_cells_of(*layout.line_arrays(border_ids), LINE_CELL):
            pen = _border_pen(style.selection, shared, style.line_scale)
            for path in paths:
                p.strokePath(path, pen)
    if detail:
        drawn = [b for b in badges if b in layout.lines]
        spots = None if badge_at is None else list(map(badge_at, drawn))  # None: at home
        paint_badges(p, [(layout.border(b), layout.lines[b]) for b in drawn], style, spots)


def _outline_cells(layout: MapLayout, zones: list[Zone]) -> list[QPainterPath]:
    """The zones' outlines, a path per square of OUTLINE_CELL map units (each zone in the square
    of its first point, or a node's centre), the squares in order of (column, row) and the zones
    in a square in the order given. The polygons of the map as opened are read from the layout's
    arrays in one stream, each drawn the way round it is (the elements of its points added and
    closed); the others are made one by one in their places."""
    if not zones:  # nothing marked: the empty window paints its marks without numpy
        return []
    import numpy as np

    shapes = layout.shapes()
    n = len(zones)
    polygon = shapes.zone_polygons([zone.id for zone in zones])
    known = polygon >= 0
    x, y = np.empty(n), np.empty(n)
    x[known], y[known] = shapes.x[shapes.firsts[polygon[known]]], shapes.y[shapes.firsts[polygon[known]]]
    for k in np.flatnonzero(~known).tolist():
        shape = zones[k].shape
        x[k], y[k] = (shape.x, shape.y) if isinstance(shape, NodeShape) else shape.points[0]
    column, row = np.floor(x / OUTLINE_CELL), np.floor(y / OUTLINE_CELL)
    order = np.lexsort((row, column))  # stable: a square's zones stay in the order given
    column, row, known = column[order], row[order], known[order]
    squares = np.flatnonzero((np.diff(column) != 0) | (np.diff(row) != 0)) + 1
    switches = np.flatnonzero(np.diff(known.astype(np.int8)) != 0) + 1
    # pieces: a square's zones read from the arrays together, or made one by one
    bounds = np.union1d(np.union1d(squares, switches), [0, n]).tolist()
    pieces = list(pairwise(bounds))
    runs = [b - a for a, b in pieces if known[a]]
    read = iter(
        polygon_runs(shapes.x, shapes.y, shapes.firsts, shapes.counts, polygon[order][known], runs, turned=False)
        if runs
        else ()
    )
    new_square = {0, *squares.tolist()}
    cells: list[QPainterPath] = []
    for a, b in pieces:
        made = next(read) if known[a] else zones_path([zones[k] for k in order[a:b].tolist()], zone_path)
        if a in new_square:
            cells.append(made)
        else:
            cells[-1].addPath(made)
    return cells


def paint_map(
    p: QPainter,
    map_: Map,
    style: MapStyle,
    detail: bool = True,
    audience: Audience | None = None,
    base_dir: str | os.PathLike[str] | None = None,
    *,
    badges: bool = True,
    token_names: bool = True,
    zones_shown: Collection[str] | None = None,
    layout: MapLayout | None = None,
    cover: Cover | None = None,
    arrangement: Arrangement | None = None,
    dimmed: InSight | None = None,
) -> None:
    """Everything on the map in drawing order: background picture, grids, zones, borders, tokens.

    `audience` (the style's own by default) decides what is drawn: the players get the map
    without what the GM keeps hidden (rules.visibility.players_view). The background picture
    is drawn when `base_dir`, the map file's folder, is given. An export may leave off the
    border badges and the token names. `zones_shown` (a band of a huge picture) names the only
    zones that can show: the others are on the map for their borders' lines, not drawn.
    `layout` is this map's (built with index=False), when the caller has built it already.
    `cover`: the places the background picture is cleared under (render/background's
    players_cover of the whole map, for a map filtered or cut to a page already); for the
    players it is worked out here from the map when not given. `arrangement`: where the words
    go, worked out on the whole map (a band or a page of it is painted as part of the whole);
    worked out here from the map painted when not given. `dimmed`: the places out of the
    players' sight (fog by sight), shaded under the tokens as on their window."""
    players = (audience or style.audience) is Audience.PLAYERS
    if players:
        if cover is None:
            cover = players_cover(map_)
        map_, layout = players_view(map_), None  # a new map: laid out here
    art = TokenArt(base_dir, map_)  # after the players' filter: only the tokens shown colour the rings
    if map_.background is not None and base_dir is not None:
        paint_background(p, map_, base_dir, style, cover=cover or ())
    layout = layout or MapLayout(map_, index=False)
    spots = token_spots(map_, layout.zone, name_scale=style.text_scale)
    boxes = token_boxes(map_.tokens, spots, style, art)  # the setup labels keep clear of the tokens
    pictured = map_.background is not None and base_dir is not None
    for grid in map_.grids:
        paint_grid(p, grid, Terrain(grid), style, detail, boxes, ground=not pictured)
    zone_ids, border_ids = _in_map_order(layout, zones_shown)
    arrangement = arrangement or map_arrangement(map_, layout, style, spots)
    paint_region(p, layout, zone_ids, border_ids, style, detail, arrangement, badges=badges)
    if detail and map_.conflict is not None and text.readable(p, PLATE_SIZE * style.text_scale):
        left, top, width, _ = map_bounds(map_, zone_extent=layout.zone_extent())
        paint_scene_aspects(p, map_.conflict.scene_aspects, (left + width / 2, top + 20), style)
    if dimmed is not None:
        paint_out_of_sight(p, map_, dimmed, partial(fog_path, layout))
    crowds = area_crowds(token for token in map_.tokens if token.id in spots)
    for token in map_.tokens:
        if token.id in spots:
            where, spot = token.location, spots[token.id]
            plate = arrangement.plate(token.id, where.zone) if isinstance(where, ZoneLocation) else None
            paint_token(p, token, spot, style, detail and token_names, crowd=crowds.get(token.id), plate=plate, art=art)


def map_arrangement(
    map_: Map, layout: MapLayout, style: MapStyle, spots: dict[str, tuple[float, float]]
) -> Arrangement:
    """The arrangement of a whole map's words for one painting, its tokens at `spots`."""
    standing: dict[str, list] = {}
    for token in map_.tokens:
        if isinstance(token.location, ZoneLocation) and token.id in spots:
            standing.setdefault(token.location.zone, []).append((token, spots[token.id]))
    occupied = frozenset(standing)
    return Arrangement(layout, style, lambda zone_id: standing.get(zone_id, []), lambda: occupied)


def _in_map_order(layout: MapLayout, zones_shown: Collection[str] | None) -> tuple[RowIds, RowIds]:
    """The zones (those shown) and borders of a layout just built, in the map's order, with
    their rows in its tables (their places in the map), so the painting reads them directly."""
    import numpy as np

    zone_ids, border_ids = layout.zone_ids(), layout.border_ids()
    rows = np.arange(len(zone_ids))
    if zones_shown is not None:
        rows = rows[np.fromiter(map(zones_shown.__contains__, zone_ids), dtype=bool, count=len(zone_ids))]
        zone_ids = [zone_ids[row] for row in rows.tolist()]
    return RowIds(zone_ids, rows), RowIds(border_ids, np.arange(len(border_ids)))


__all__ = [
    "paint_background",
    "paint_border",
    "paint_grid",
    "paint_map",
    "paint_reach_area",
    "paint_region",
    "paint_selection",
    "paint_token",
    "paint_zone",
    "token_rect",
    "zone_path",
]
