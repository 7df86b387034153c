"""What an export draws, at what size, for whom: one Qt-free description the command line and
the export dialog both fill in, so a choice means the same thing in either place.

A frame (the part of the map drawn, in map units) comes from the scope; the scale turns map
units into pixels, and with a DPI into millimetres on paper, independent of any window's zoom.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import Enum

from tabletop.geometry.single.shapes import grid_rect, token_spots
from tabletop.geometry.whole.layout import zone_box
from tabletop.model import Map
from tabletop.model.base import MAX_COORDINATE
from tabletop.rules.sight import SightRange

Box = tuple[float, float, float, float]
"""(x, y, width, height) in map units."""
MM_PER_INCH = 25.4
DEFAULT_DPI = 150.0
DEFAULT_MARGIN = 40.0
"""Map units around a zone or grid exported alone (the whole map keeps the renderer's own margin)."""


class ExportError(ValueError):
    """The options cannot make a picture of this map (a zone that is not there, no grid to
    measure an area by): said in one line by the caller."""


class Who(Enum):
    """Who the picture is for. The players' copies come from rules.visibility.players_view:
    fog and secrets as the player window shows them now; the clean copy also leaves the
    tokens off, a sheet to set miniatures on."""

    GM = "gm"
    PLAYERS = "players"
    CLEAN = "clean"


class ScopeKind(Enum):
    ALL = "all"
    ZONE = "zone"
    GRID = "grid"
    VIEW = "view"
    SELECTION = "selection"


@dataclass(frozen=True)
class Scope:
    """The part of the map drawn: all of it, one zone or one grid with a margin, the window's
    view rectangle, or the box around the selected objects."""

    kind: ScopeKind = ScopeKind.ALL
    object_id: str = ""
    margin: float = DEFAULT_MARGIN
    rect: Box | None = None
    selection: tuple[tuple[str, str], ...] = ()

    @staticmethod
    def parse(text: str, margin: float = DEFAULT_MARGIN) -> Scope:
        """`all`, `zone:ID`, `grid:ID` or `view:X,Y,W,H` (the command line's words)."""
        kind, _, rest = text.partition(":")
        if kind == "all" and not rest:
            return Scope()
        if kind in ("zone", "grid") and rest:
            return Scope(ScopeKind(kind), rest, margin)
        if kind == "view":
            try:
                x, y, w, h = (float(v) for v in rest.split(","))
            except ValueError:
                raise ExportError(f"scope '{text}' needs four numbers: view:X,Y,WIDTH,HEIGHT") from None
            if not all(math.isfinite(v) and abs(v) <= 2 * MAX_COORDINATE for v in (x, y, w, h)):
                raise ExportError(f"scope '{text}' must be numbers within the map's ±{MAX_COORDINATE:g} map units")
            if w <= 0 or h <= 0:
                raise ExportError(f"scope '{text}' has no area")
            return Scope(ScopeKind.VIEW, rect=(x, y, w, h), margin=0.0)
        raise ExportError(f"unknown scope '{text}': use all, zone:ID, grid:ID or view:X,Y,W,H")


class ScaleKind(Enum):
    WIDTH = "width"
    """The picture's width in pixels (the old `--width`)."""
    PX_PER_UNIT = "px-per-unit"
    PX_PER_AREA = "px-per-area"
    MM_PER_AREA = "mm-per-area"
    """For print: millimetres per grid area at the DPI."""
    MM_PER_UNIT = "mm-per-unit"
    """For print: millimetres per map unit at the DPI (a zone map has no area to measure by)."""


PRINT_SCALES = (ScaleKind.MM_PER_AREA, ScaleKind.MM_PER_UNIT)
"""The scales in millimetres on paper: what a poster, at true scale, is made at."""


@dataclass(frozen=True)
class Scale:
    kind: ScaleKind = ScaleKind.WIDTH
    value: float = 1920.0
    dpi: float = DEFAULT_DPI
    """Pixels per inch: the paper size of a PDF, and the pixels of a print scale."""

    def pixels_per_unit(self, frame_width: float, area_size: float | None) -> float:
        if self.kind is ScaleKind.WIDTH:
            return self.value / frame_width
        if self.kind is ScaleKind.PX_PER_UNIT:
            return self.value
        if self.kind is ScaleKind.MM_PER_UNIT:
            return self.value / MM_PER_INCH * self.dpi
        if area_size is None:
            raise ExportError("has no encounter grid to measure an area by: give pixels per map unit or a width")
        if self.kind is ScaleKind.PX_PER_AREA:
            return self.value / area_size
        return self.value / MM_PER_INCH * self.dpi / area_size

    def mm_per_unit(self, frame_width: float, area_size: float | None) -> float:
        """Millimetres on paper per map unit: the pixels per unit at the DPI."""
        return self.pixels_per_unit(frame_width, area_size) / self.dpi * MM_PER_INCH


@dataclass(frozen=True)
class Poster:
    """A PDF at true scale over ordinary pages: paper, turn, overlap between neighbours (mm)."""

    paper: str = "a4"
    landscape: bool = False
    overlap: float = 10.0


@dataclass(frozen=True)
class ExportOptions:
    scope: Scope = field(default_factory=Scope)
    who: Who = Who.GM
    scale: Scale = field(default_factory=Scale)
    grid_lines: bool = True
    area_coordinates: bool = False
    badges: bool = True
    token_names: bool = True
    legend: bool = False
    """The grids' legend of ground properties under the picture (render/legend.py; until that
    is merged each grid draws its own below it, whatever this says)."""
    title: bool = False
    poster: Poster | None = None
    sight: PlayersSight | None = None
    """Fog by sight for a players' copy: what their tokens do not see now is dimmed, as on the
    players' window. None: the fog as the map holds it, nothing dimmed."""


@dataclass(frozen=True)
class PlayersSight:
    """Whose tokens look (the players' side) and how far (rules/sight.py)."""

    side: str
    reach: SightRange = field(default_factory=SightRange)


def _union(boxes: list[Box]) -> Box | None:
    if not boxes:
        return None
    left = min(x for x, _, _, _ in boxes)
    top = min(y for _, y, _, _ in boxes)
    right = max(x + w for x, _, w, _ in boxes)
    bottom = max(y + h for _, y, _, h in boxes)
    return (left, top, right - left, bottom - top)


def _grown(box: Box, margin: float) -> Box:
    x, y, w, h = box
    return (x - margin, y - margin, w + 2 * margin, h + 2 * margin)


def _zone_frame(map_: Map, zone_key: str) -> Box | None:
    """A zone by id, or by its name as a GM types it (Map.find_zone)."""
    zone = map_.find_zone(zone_key)
    if zone is None:
        return None
    left, top, right, bottom = zone_box(zone)
    return (left, top, right - left, bottom - top)


def _grid_frame(map_: Map, grid_id: str) -> Box | None:
    return next((grid_rect(g) for g in map_.grids if g.id == grid_id), None)


def scope_frame(map_: Map, scope: Scope) -> Box | None:
    """The frame of a scope other than the whole map, on the map the picture is drawn from
    (the players' copy: a hidden zone is not there). None for the whole map."""
    if scope.kind is ScopeKind.ALL:
        return None
    if scope.kind is ScopeKind.VIEW:
        return scope.rect
    if scope.kind is ScopeKind.ZONE:
        box = _zone_frame(map_, scope.object_id)
        if box is None:
            raise ExportError(f"has no single zone '{scope.object_id}' to export")
    elif scope.kind is ScopeKind.GRID:
        box = _grid_frame(map_, scope.object_id)
        if box is None:
            raise ExportError(f"has no encounter grid '{scope.object_id}' to export")
    else:
        box = _selection_frame(map_, scope.selection)
        if box is None:
            raise ExportError("has nothing selected to export")
    return _grown(box, scope.margin)


def _selection_frame(map_: Map, selection: tuple[tuple[str, str], ...]) -> Box | None:
    boxes: list[Box] = []
    spots = token_spots(map_)
    for kind, object_id in selection:
        if kind == "zone":
            boxes += [b for b in [_zone_frame(map_, object_id)] if b is not None]
        elif kind == "grid":
            boxes += [b for b in [_grid_frame(map_, object_id)] if b is not None]
        elif kind == "token" and object_id in spots:
            x, y = spots[object_id]
            boxes.append((x - 40, y - 40, 80, 80))
        elif kind == "border":
            border = next((b for b in map_.borders if b.id == object_id), None)
            if border is not None:
                boxes += [b for b in (_zone_frame(map_, border.a), _zone_frame(map_, border.b)) if b is not None]
    return _union(boxes)


def area_size_for(map_: Map, scope: Scope) -> float | None:
    """The grid area a scale per area measures: the exported grid's, else the map's first grid's."""
    if scope.kind is ScopeKind.GRID:
        for grid in map_.grids:
            if grid.id == scope.object_id:
                return grid.area_size
    return map_.grids[0].area_size if map_.grids else None
