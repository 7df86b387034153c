"""Zones zoomed out past DETAIL_SCALE, a few pixels each, painted from the layout's arrays: a
run of plain polygons of one look (in map order, so what lies on top still does) as one path,
a Qt call per run, worked out in numpy without a Python step per zone: making each zone's
polygon from its points was most of a big map's first frame."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QPainter

from tabletop.geometry.whole.layout import MapLayout
from tabletop.geometry.whole.tables import RowIds, ShapeTable
from tabletop.model import NodeShape, Zone
from tabletop.render.batch import polygon_runs
from tabletop.render.style import Audience, MapStyle
from tabletop.render.tangles import TANGLE_CROSSINGS, TANGLE_POINTS, crossings, fill_many, tangled_polygons

if TYPE_CHECKING:
    import numpy as np

SPECK_CELL = 800.0
"""Zones drawn as specks are run together while they follow one another in map order within one
square this many map units wide (by their first point). A run is the same whichever band, page
or tile draws it, so they blend the same; and it stays short, since Qt fills a path in time that
grows faster than its size (a big map as one path took many times as long as in runs)."""

BARE_RUN = 256
"""At most this many zones in a run drawn without outlines, which may cross squares (see
paint_specks): Qt fills a path in time that grows faster than its size."""

PLAIN = ("solid", "none")
"""Fill patterns a run draws; a pattern, a hidden zone or a node is drawn as itself."""


def _look(zone: Zone) -> tuple:
    """ShapeTable's look of a zone read from its object (one edited since the map was opened)."""
    fill = zone.fill
    return (fill.pattern, fill.colour, fill.opacity, zone.hidden, zone.fogged, isinstance(zone.shape, NodeShape))


def _speck_table(
    layout: MapLayout, zone_ids: list[str], rows: np.ndarray
) -> tuple[np.ndarray, list, np.ndarray, tuple]:
    """(each zone's look number, the looks, each zone's polygon number, (x, y, firsts, counts)
    of the polygons): the map as opened from the layout's arrays (the zones' `rows` there, -1
    for one edited since), a zone edited since from its object."""
    import numpy as np

    shapes = layout.shapes()
    codes, looks = layout.looks()
    known = rows >= 0
    code = codes[np.where(known, rows, 0)] if len(codes) else np.full(len(rows), -1, dtype=np.int64)
    polygon = shapes.polygon_of[np.where(known, rows, 0)] if len(codes) else np.full(len(rows), -1, dtype=np.int64)
    arrays = (shapes.x, shapes.y, shapes.firsts, shapes.counts)
    later = np.flatnonzero(~known).tolist()
    if later:  # zones edited since opening: their looks and points appended after the table's
        looks = list(looks)
        numbers = {look: k for k, look in enumerate(looks)}
        x, y, counts = [], [], []
        for k in later:
            zone = layout.zone(zone_ids[k])
            look = _look(zone)
            code[k] = numbers.setdefault(look, len(numbers))
            if len(numbers) > len(looks):
                looks.append(look)
            polygon[k] = -1 if look[5] else len(arrays[2]) + len(counts)
            if not look[5]:
                x += [px for px, _ in zone.shape.points]
                y += [py for _, py in zone.shape.points]
                counts.append(len(zone.shape.points))
        extra = np.asarray(counts, dtype=np.int64)
        arrays = (
            np.concatenate((arrays[0], x)),
            np.concatenate((arrays[1], y)),
            np.concatenate((arrays[2], len(arrays[0]) + np.cumsum(extra) - extra)),
            np.concatenate((arrays[3], extra)),
        )
    return code, looks, polygon, arrays


def paint_specks(
    p: QPainter,
    layout: MapLayout,
    zone_ids: list[str],
    style: MapStyle,
    fogged: Callable[[Zone], bool] | None,
    one: Callable[[Zone], None],
) -> list[Zone]:
    """The zones in map order as specks (the painter's pen already set): runs of plain polygons
    of one fill as one path each (their union filled, their outlines stroked), anything else
    drawn by `one`. Without outlines (zones of a pixel or two), runs of an opaque fill go on
    across squares: unstroked and opaque, a run of any length covers the same pixels. Returns
    the fogged zones (`fogged`, else their own flag), which the players get as fog only, not
    painted here."""
    import numpy as np

    if not zone_ids:
        return []
    rows = layout.shapes().zone_rows(zone_ids)
    code, looks, polygon, (x, y, firsts, counts) = _speck_table(layout, zone_ids, rows)
    if fogged is None:
        fog = np.array([look[4] for look in looks], dtype=bool)[code]
    else:
        fog = np.fromiter(map(fogged, map(layout.zone, zone_ids)), dtype=bool, count=len(zone_ids))
    foggy = list(map(layout.zone, _at(zone_ids, np.flatnonzero(fog).tolist())))
    painted = np.flatnonzero(~fog) if style.audience is Audience.PLAYERS else np.arange(len(zone_ids))
    if not len(painted):
        return foggy
    plain_look, look_brush, brushes, opaque = _brushes(looks)
    code, polygon = code[painted], polygon[painted]
    plain, brush = plain_look[code], look_brush[code]
    tangle = plain & _tangled(layout, polygon, (x, y, firsts, counts))
    plain &= ~tangle  # filled here in bulk (render/tangles.py), each run of them as one; a speck's
    # outline would be a scribble over it, its points as many pixels of lines
    pen = p.pen()
    bare = pen.style() == Qt.PenStyle.NoPen  # zones too small for outlines: their fills alone
    new = _run_heads(plain, brush, polygon, (x, firsts, y), bare, opaque)
    # a run is also one of the map as opened: the same zones run together whatever else is painted
    rows = rows[painted]
    runs = _table_runs(layout, bare)
    runs = np.where(rows >= 0, runs[np.maximum(rows, 0)] if len(runs) else 0, -1 - np.arange(len(rows)))
    new[1:] |= runs[1:] != runs[:-1]
    if bare:
        new[::BARE_RUN] = True
    heads = np.flatnonzero(new)
    sizes = np.diff(np.append(heads, len(code)))
    runs = plain[heads]
    paths = iter(polygon_runs(x, y, firsts, counts, polygon[plain], sizes[runs].tolist(), closed=not bare))
    tangled_head = tangle[heads]
    ids = _at(zone_ids, painted[heads[~runs & ~tangled_head]].tolist())
    others = iter(map(layout.zone, ids))
    # tangled zones one after another in map order, of one brush, are filled together
    joined = [False, *(tangled_head[1:] & tangled_head[:-1] & (brush[heads[1:]] == brush[heads[:-1]])).tolist()]
    brushed = -1  # the brush set last: runs of one look follow one another by thousands
    at = 0
    for k, (is_run, number, tangled) in enumerate(
        zip(runs.tolist(), brush[heads].tolist(), tangled_head.tolist(), strict=True)
    ):
        if k < at:  # filled with the tangles before it
            continue
        if is_run:
            if number != brushed:
                p.setBrush(brushes[number])
                brushed = number
            p.drawPath(next(paths))
        elif tangled:
            at = k + 1
            while at < len(joined) and joined[at]:
                at += 1
            fill_many(p, (x, y, firsts, counts), polygon[heads[k:at]], brushes[number], None)  # no outline
        else:
            one(next(others))
            p.setPen(pen)
            brushed = -1
    p.setBrush(Qt.BrushStyle.NoBrush)
    return foggy


def _tangled(layout: MapLayout, polygon: np.ndarray, arrays: tuple) -> np.ndarray:
    """Whether each zone's polygon (-1: a node) is tangled: those of the map as opened as worked
    out once for it, those appended for zones edited since from their points."""
    import numpy as np

    x, y, firsts, counts = arrays
    table = tangled_polygons(layout.shapes())
    found = np.zeros(len(polygon), dtype=bool)
    known = (polygon >= 0) & (polygon < len(table))
    found[known] = table[polygon[known]]
    later = np.flatnonzero(polygon >= len(table))
    if len(later):
        chosen = polygon[later]
        many = counts[chosen] > TANGLE_POINTS
        found[later[many]] = crossings(x, y, firsts[chosen[many]], counts[chosen[many]]) >= TANGLE_CROSSINGS
    return found


def _at(zone_ids: list[str], places: list[int]) -> list[str]:
    """The ids at these places; ids found with their rows (RowIds) are made a list only if any is asked."""
    if not places:
        return []
    named = zone_ids.listed() if isinstance(zone_ids, RowIds) else zone_ids
    return [named[k] for k in places]


def _brushes(looks: list) -> tuple[np.ndarray, np.ndarray, list[QBrush], np.ndarray]:
    """For each look, whether a run may draw it and its brush's number; the brushes, and
    whether each is opaque."""
    import numpy as np

    brush_keys = [("solid", look[1], look[2]) if look[0] == "solid" else ("none",) for look in looks]
    numbers = {key: k for k, key in enumerate(dict.fromkeys(brush_keys))}
    plain_look = np.array([look[0] in PLAIN and not look[3] and not look[5] for look in looks], dtype=bool)
    look_brush = np.array([numbers[key] for key in brush_keys], dtype=np.int64)
    brushes = [QBrush() if key == ("none",) else QBrush(_colour(key[1], key[2])) for key in numbers]
    opaque = np.array([brush.color().alpha() == 255 for brush in brushes], dtype=bool)
    return plain_look, look_brush, brushes, opaque


def _run_heads(
    plain: np.ndarray, brush: np.ndarray, polygon: np.ndarray, points: tuple, bare: bool, opaque: np.ndarray
) -> np.ndarray:
    """Where a run (or a zone drawn as itself) begins among zones in map order: at a zone not
    plain, a new brush or a new square (none for an opaque fill without outlines)."""
    import numpy as np

    x, firsts, y = points
    cx = cy = np.zeros(len(plain))
    if len(x):  # the square of each polygon's first point
        start = firsts[np.where(plain, polygon, 0)]
        cx, cy = np.floor(x[start] / SPECK_CELL), np.floor(y[start] / SPECK_CELL)
    new = np.ones(len(plain), dtype=bool)
    moved = (cx[1:] != cx[:-1]) | (cy[1:] != cy[:-1])
    if bare:  # opaque fills without outlines cover the same pixels in runs of any length
        moved &= ~opaque[brush[1:]]
    new[1:] = ~plain[1:] | ~plain[:-1] | (brush[1:] != brush[:-1]) | moved
    return new


_RUNS: WeakKeyDictionary[ShapeTable, dict[bool, tuple[object, np.ndarray]]] = WeakKeyDictionary()
"""Each opened map's runs, with and without outlines, worked out at its first painting, with the
looks they were worked out from (worked out again when its looks are: ShapeTable.relook)."""


def _table_runs(layout: MapLayout, bare: bool) -> np.ndarray:
    """Each zone of the map as opened: the number of its run among all the map's zones in map
    order. A tile or a patch paints the zones it finds; were runs cut where those happen to
    follow one another, a patch finding fewer zones than the tile would join two rows of zones
    the tile paints apart, and stroke the line between them twice over their fills (a row of
    pixels a shade darker after every edit there). Zones of one run here are one path anywhere."""
    import numpy as np

    shapes = layout.shapes()
    known = _RUNS.setdefault(shapes, {})
    seen = layout.looks()
    if bare not in known or known[bare][0] is not seen:
        codes, looks = seen
        plain_look, look_brush, _, opaque = _brushes(looks)
        plain, brush = plain_look[codes], look_brush[codes]
        new = _run_heads(plain, brush, shapes.polygon_of, (shapes.x, shapes.firsts, shapes.y), bare, opaque)
        known[bare] = (seen, np.cumsum(new))
    return known[bare][1]


def _colour(colour: str, opacity: float) -> QColor:
    fill = QColor(colour)
    fill.setAlphaF(opacity)
    return fill
