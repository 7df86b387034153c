"""Which pieces of a poster carry ink: worked out from what the painting draws, never from pixels.

Everything drawn first gets a generous box (a zone's shape with room for its name, a border's
line with room for its badge, a token with its widest plate). A box inside one piece marks that
piece. A box over several pieces says too little: a diagonal border's box covers pieces its line
never crosses, a node's box holds its name's widest room on both sides. So for those the drawn
things themselves are tested against each piece they may reach: each line and outline as a
segment as wide as its pen, a node's disc as a circle, a polygon's inside, and the name, badge,
token disc and plate as the picture's arrangement places them (where the picture has one).
"""

from __future__ import annotations

from itertools import chain
from operator import attrgetter

import numpy as np

from tabletop.geometry.single.shapes import TOKEN_RADIUS, border_line, grid_rect, token_spots
from tabletop.geometry.whole.boxes import LABEL_ROOM, NODE_LABEL_ROOM
from tabletop.geometry.whole.columns import zone_table
from tabletop.geometry.whole.tables import Box
from tabletop.model import NodeShape, Zone
from tabletop.render import legend as legends
from tabletop.render.background import background_image, background_rect
from tabletop.render.badge_paint import badge_box, badge_reach
from tabletop.render.export.picture import Picture
from tabletop.render.token_paint import area_crowds, token_rect
from tabletop.render.zone_names import bulk_name, placed_name
from tabletop.render.zone_paint import OUTLINE

INK = 2.0
"""How far letters or a badge's outline reach past their measured box, in map units."""
HAIR = 0.2
"""How far a pen's smoothed edge reaches past its width, in millimetres on paper: at any scale
a disc or a line is its pen's width wide, and no more."""
SHARED_PEN, APART_PEN = 5.0, 3.0
"""The border pens' widths in map units (render/paint._border_pen), before the style's line scale."""
SETUP_REACH = 0.1
"""How far past its grid's edge, in areas, a setup mark's plate may reach (render/setup_paint.py
centres one on a band a sixth of an area inside the edge)."""
BADGE_ROOM = (45.0, 18.0)
"""Half a one-passage badge (cost each way and a door glyph); a badge of more passages is wider."""


class PageGrid:
    """The pieces of a poster in millimetres from the frame's top-left on paper, and which of
    them carry ink so far (rows x columns)."""

    def __init__(self, columns: np.ndarray, rows: np.ndarray) -> None:
        self.xs, self.ys = columns, rows  # (start, end) of each column and row
        self.inked = np.zeros((len(rows), len(columns)), dtype=bool)

    def runs(self, boxes: np.ndarray) -> tuple[np.ndarray, ...]:
        """The first and last column and row each box (left, top, right, bottom) meets, edges
        touching included; a box off the poster has its first after its last."""
        first_col = np.searchsorted(self.xs[:, 1], boxes[:, 0], "left")
        last_col = np.searchsorted(self.xs[:, 0], boxes[:, 2], "right") - 1
        first_row = np.searchsorted(self.ys[:, 1], boxes[:, 1], "left")
        last_row = np.searchsorted(self.ys[:, 0], boxes[:, 3], "right") - 1
        return first_col, last_col, first_row, last_row

    def mark(self, boxes: np.ndarray) -> None:
        """Every piece a box meets carries ink: each box's run of pieces marked at its four
        corners in a table whose running sums count the boxes over every piece."""
        rows, cols = self.inked.shape
        first_col, last_col, first_row, last_row = self.runs(boxes.reshape(-1, 4))
        seen = (first_col <= last_col) & (first_row <= last_row)
        first_col, last_col, first_row, last_row = (a[seen] for a in (first_col, last_col, first_row, last_row))
        corners = np.zeros((rows + 1, cols + 1), dtype=np.int64)
        np.add.at(corners, (first_row, first_col), 1)
        np.add.at(corners, (first_row, last_col + 1), -1)
        np.add.at(corners, (last_row + 1, first_col), -1)
        np.add.at(corners, (last_row + 1, last_col + 1), 1)
        self.inked |= corners.cumsum(axis=0).cumsum(axis=1)[:rows, :cols] > 0

    def spanning(self, boxes: np.ndarray) -> np.ndarray:
        """Which boxes meet more than one piece: those the box alone says too little of."""
        first_col, last_col, first_row, last_row = self.runs(boxes)
        return ((last_col > first_col) | (last_row > first_row)) & (first_col <= last_col) & (first_row <= last_row)

    def unsettled(self, boxes: np.ndarray) -> np.ndarray:
        """Which boxes meet a piece not inked yet: the inked pieces counted over each box's run
        in a table of running sums."""
        if not len(boxes):
            return np.zeros(0, dtype=bool)
        first_col, last_col, first_row, last_row = self.runs(boxes)
        seen = (first_col <= last_col) & (first_row <= last_row)
        rows, cols = self.inked.shape
        sums = np.zeros((rows + 1, cols + 1), dtype=np.int64)
        sums[1:, 1:] = (~self.inked).cumsum(axis=0).cumsum(axis=1)
        c0, c1 = np.clip(first_col, 0, cols), np.clip(last_col + 1, 0, cols)
        r0, r1 = np.clip(first_row, 0, rows), np.clip(last_row + 1, 0, rows)
        blank = sums[r1, c1] - sums[r0, c1] - sums[r1, c0] + sums[r0, c0]
        return seen & (blank > 0)

    def holding(self, boxes: np.ndarray) -> np.ndarray:
        """Which boxes hold a whole piece."""
        first_col = np.searchsorted(self.xs[:, 0], boxes[:, 0], "left")
        last_col = np.searchsorted(self.xs[:, 1], boxes[:, 2], "right") - 1
        first_row = np.searchsorted(self.ys[:, 0], boxes[:, 1], "left")
        last_row = np.searchsorted(self.ys[:, 1], boxes[:, 3], "right") - 1
        return (first_col <= last_col) & (first_row <= last_row)

    def pairs(self, boxes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(box, row, column) for every piece each box meets."""
        first_col, last_col, first_row, last_row = self.runs(boxes)
        across = np.maximum(last_col - first_col + 1, 0)
        down = np.maximum(last_row - first_row + 1, 0)
        counts = across * down
        of = np.repeat(np.arange(len(boxes)), counts)
        within = np.arange(len(of)) - np.repeat(np.cumsum(counts) - counts, counts)
        return of, first_row[of] + within // across[of], first_col[of] + within % across[of]

    def mark_segments(self, segments: np.ndarray, pad: np.ndarray) -> None:
        """Every piece a segment (x1, y1, x2, y2) as wide as 2 * `pad` crosses: the segment
        clipped to the piece grown by `pad` (Liang and Barsky's test)."""
        if not len(segments):
            return
        x1, y1, x2, y2 = segments.T
        boxes = np.column_stack((np.minimum(x1, x2) - pad, np.minimum(y1, y2) - pad))
        boxes = np.column_stack((boxes, np.maximum(x1, x2) + pad, np.maximum(y1, y2) + pad))
        of, row, col = self.pairs(boxes)
        left, right = self.xs[col, 0] - pad[of], self.xs[col, 1] + pad[of]
        top, bottom = self.ys[row, 0] - pad[of], self.ys[row, 1] + pad[of]
        sx, sy, dx, dy = x1[of], y1[of], (x2 - x1)[of], (y2 - y1)[of]
        low, high = np.zeros(len(of)), np.ones(len(of))
        hit = np.ones(len(of), dtype=bool)
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            for p, q in ((-dx, sx - left), (dx, right - sx), (-dy, sy - top), (dy, bottom - sy)):
                hit &= (p != 0) | (q >= 0)
                ratio = q / p
                low = np.where(p < 0, np.maximum(low, ratio), low)
                high = np.where(p > 0, np.minimum(high, ratio), high)
        hit &= low <= high
        self.inked[row[hit], col[hit]] = True

    def mark_discs(self, discs: np.ndarray) -> None:
        """Every piece a disc (x, y, radius) meets."""
        if not len(discs):
            return
        x, y, r = discs.T
        of, row, col = self.pairs(np.column_stack((x - r, y - r, x + r, y + r)))
        nx = np.clip(x[of], self.xs[col, 0], self.xs[col, 1])
        ny = np.clip(y[of], self.ys[row, 0], self.ys[row, 1])
        hit = (nx - x[of]) ** 2 + (ny - y[of]) ** 2 <= r[of] ** 2
        self.inked[row[hit], col[hit]] = True

    def mark_inside(self, xs: np.ndarray, ys: np.ndarray) -> None:
        """Every piece wholly inside the polygon (its points in millimetres) whose outline
        crosses none of it: those whose middle the polygon holds."""
        box = np.array([[xs.min(), ys.min(), xs.max(), ys.max()]])
        _, row, col = self.pairs(box)
        whole = (self.xs[col, 0] >= box[0, 0]) & (self.xs[col, 1] <= box[0, 2])
        whole &= (self.ys[row, 0] >= box[0, 1]) & (self.ys[row, 1] <= box[0, 3])
        row, col = row[whole], col[whole]
        if not len(row):
            return
        mx, my = self.xs[col].mean(axis=1), self.ys[row].mean(axis=1)
        x2, y2 = np.roll(xs, -1), np.roll(ys, -1)
        crosses = (ys[None, :] > my[:, None]) != (y2[None, :] > my[:, None])
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            at = xs[None, :] + (my[:, None] - ys[None, :]) * (x2 - xs)[None, :] / (y2 - ys)[None, :]
        inside = (crosses & (mx[:, None] < at)).sum(axis=1) % 2 == 1
        self.inked[row[inside], col[inside]] = True


def page_grid(pages) -> PageGrid:
    """The grid of a poster's pieces (PosterPage, row by row)."""
    cols = pages[-1].col + 1
    columns = np.array([(page.x, page.x + page.width) for page in pages[:cols]], dtype=np.float64)
    rows = np.array([(page.y, page.y + page.height) for page in pages[::cols]], dtype=np.float64)
    return PageGrid(columns, rows)


def inked_pages(picture: Picture, pages) -> np.ndarray:
    """Which pieces (rows x columns, True where inked) hold something the picture draws."""
    grid = page_grid(pages)
    _Ink(picture, grid).mark()
    return grid.inked


class _Ink:
    """The marking of one picture's ink on one page grid, in millimetres on paper: first what
    is worked out for a whole map at once (shapes, lines apart, boxes inside one piece), then,
    one at a time, what is placed by measuring words (names, badges, token plates), for those
    alone whose pieces are not all inked already: on a map full of zones, hardly any."""

    def __init__(self, picture: Picture, grid: PageGrid) -> None:
        self.picture, self.grid = picture, grid
        self.map, self.style = picture.map, picture.style
        fx, fy, _, _ = picture.frame
        self.origin, self.mm = np.array((fx, fy, fx, fy)), picture.mm_per_unit
        self._arranged = None

    @property
    def _arrangement(self):
        """The picture's arrangement (its pages paint with it), made when first asked."""
        if self._arranged is None:
            self._arranged = self.picture.arrangement() or False
        return self._arranged or None

    def paper(self, boxes) -> np.ndarray:
        """Boxes (left, top, right, bottom in map units) in millimetres from the frame's top-left."""
        return (np.asarray(boxes, dtype=np.float64).reshape(-1, 4) - self.origin) * self.mm

    def mark(self) -> None:
        """Each kind of thing in turn, until every piece is inked: then nothing more can change
        the plan (a map full of zones is done after its zones)."""
        grid = self.grid
        grid.mark(self.paper(self._plain_boxes()))
        later = []
        table = zone_table(self.map.zones) if self.map.zones else None
        for stage in (self._zones, self._borders, self._tokens):
            if grid.inked.all():
                return
            found = stage(table)
            if found is not None:
                later.append(found)
        for boxes, items, one in later:
            for k in np.flatnonzero(grid.unsettled(boxes)).tolist():
                if grid.unsettled(boxes[k : k + 1])[0]:
                    one(items[k])

    def _plain_boxes(self) -> list[Box]:
        """What is drawn as its box: the grids (their ground, lines and setup marks), the
        background picture and the map's legend."""
        map_ = self.map
        boxes = []
        for grid in map_.grids:
            x, y, w, h = grid_rect(grid)
            reach = grid.area_size * SETUP_REACH + INK  # a start's plate on a band along the grid's edge
            boxes.append((x - reach, y - reach, x + w + reach, y + h + reach))
        image = background_image(map_, self.picture.base_dir)
        if image is not None and map_.background is not None:
            rect = background_rect(map_.background, image)
            boxes.append((rect.left(), rect.top(), rect.right(), rect.bottom()))
        if self.picture.options.legend:
            x, y, w, h = self.picture.map_frame or self.picture.frame
            row = legends.legend_row((x, y, w, h))
            lw, lh = legends.legend_size(None, legends.legend_entries(map_), row, w - row * 0.5)
            if lh:  # its size guessed generously, as the frame made room for it
                left, top = x + row * 0.25, y + h + row * 0.25
                boxes.append((left, top, left + lw, top + lh))
        return boxes

    # -- zones ----------------------------------------------------------------------------------

    def _zones(self, table):
        """Each zone's box with room for its name; over several pieces, its shape with its
        outline (a polygon's edges and inside, a node's disc), and later its name and plates."""
        if table is None:
            return None
        grid = self.grid
        nodes = table.polygon_of < 0
        room = np.where(nodes[:, None], NODE_LABEL_ROOM, LABEL_ROOM) * np.array((-1.0, -1.0, 1.0, 1.0))
        boxes = self.paper(table.extent + room)
        many = grid.spanning(boxes)
        grid.mark(boxes[~many])
        reach = (OUTLINE * self.style.line_scale / 2) * self.mm + HAIR
        discs = np.flatnonzero(many & nodes)
        if len(discs):
            centres = (table.centres[discs] - self.origin[:2]) * self.mm
            grid.mark_discs(np.column_stack((centres, table.radii[discs] * self.mm + reach)))
        polygons = table.polygon_of[np.flatnonzero(many & ~nodes)]
        if len(polygons):
            counts = table.counts[polygons]
            edge = np.repeat(table.firsts[polygons] - (np.cumsum(counts) - counts), counts) + np.arange(counts.sum())
            x1, x2 = ((column[edge] - self.origin[0]) * self.mm for column in (table.x, table.x2))
            y1, y2 = ((column[edge] - self.origin[1]) * self.mm for column in (table.y, table.y2))
            grid.mark_segments(np.column_stack((x1, y1, x2, y2)), np.full(len(edge), reach))
            extents = self.paper(table.polygon_extent[polygons])
            for k in np.flatnonzero(grid.holding(extents)).tolist():  # a polygon round a whole piece
                first, count = table.firsts[polygons[k]], table.counts[polygons[k]]
                xs = (table.x[first : first + count] - self.origin[0]) * self.mm
                ys = (table.y[first : first + count] - self.origin[1]) * self.mm
                grid.mark_inside(xs, ys)
        rows = np.flatnonzero(many)
        return boxes[rows], rows.tolist(), self._zone_words

    def _zone_words(self, row: int) -> None:
        """A zone's name and plates: a polygon's name is written inside it, but for one in bulk
        (a small zone's, at its anchor whatever is around), which may be wider than the zone."""
        zone = self.map.zones[row]
        shape = zone.shape
        if isinstance(shape, NodeShape):
            self.grid.mark(self.paper(self._node_names(zone)))
            if zone.aspects:  # their plates stacked under the disc
                left, _, right, bottom = NODE_LABEL_ROOM
                under = (shape.x - left, shape.y + shape.radius, shape.x + right, shape.y + shape.radius + bottom)
                self.grid.mark(self.paper(under))
            return
        arrangement = self._arrangement
        name = arrangement.name(zone.id) if arrangement is not None else bulk_name(zone, self.style)
        if name is not None:
            self.grid.mark(self.paper(_grown(name.box)))
        if zone.aspects:  # their plates, under the tokens' place
            xs, ys = [x for x, _ in shape.points], [y for _, y in shape.points]
            self.grid.mark(self.paper((min(xs) - LABEL_ROOM[0], min(ys), max(xs) + LABEL_ROOM[2], max(ys))))

    def _node_names(self, zone: Zone) -> list[Box]:
        """A node's name where the arrangement writes it; without one, each place it may take
        (above its disc, higher, below it)."""
        if self._arrangement is not None:
            name = self._arrangement.name(zone.id)
            return [] if name is None else [_grown(name.box)]
        written = placed_name(zone, self.style, list, lambda: ([],), False)
        if written is None:
            return []
        left, top, right, bottom = written.box
        height = bottom - top
        shape = zone.shape
        below = shape.y + shape.radius + height / 2 + 2 + height * 0.3 - (top + height / 2)
        higher = height * 0.8
        places = ((left, top, right, bottom), (left, top - higher, right, bottom - higher))
        return [_grown(box) for box in (*places, (left, top + below, right, bottom + below))]

    # -- borders --------------------------------------------------------------------------------

    def _borders(self, table):
        """Each border's box with room for its badge, from the zones' extents and centres (a
        shared edge lies where both zones' extents meet; a line apart runs between the discs'
        edges); over several pieces, a line apart itself, and later the line and badge as drawn."""
        map_, grid = self.map, self.grid
        if table is None or not map_.borders:
            return None
        rows = {zone.id: row for row, zone in enumerate(map_.zones)}
        ends = np.fromiter(
            map(rows.__getitem__, chain.from_iterable(map(attrgetter("a", "b"), map_.borders))),
            dtype=np.int64,
            count=2 * len(map_.borders),
        )
        a, b = ends[0::2], ends[1::2]
        towards = table.centres[b] - table.centres[a]
        length = np.hypot(towards[:, 0], towards[:, 1])
        unit = np.divide(towards, length[:, None], out=np.zeros_like(towards), where=length[:, None] > 0)
        start = table.centres[a] + unit * table.radii[a][:, None]
        end = table.centres[b] - unit * table.radii[b][:, None]
        boxes = np.column_stack((np.minimum(start, end), np.maximum(start, end)))
        ea, eb = table.extent[a], table.extent[b]
        meet = np.column_stack((np.maximum(ea[:, :2], eb[:, :2]), np.minimum(ea[:, 2:], eb[:, 2:])))
        both = (table.polygon_of[a] >= 0) & (table.polygon_of[b] >= 0)
        touching = both & (meet[:, 0] <= meet[:, 2] + 1e-6) & (meet[:, 1] <= meet[:, 3] + 1e-6)
        boxes[touching, :2] = np.minimum(boxes[touching, :2], meet[touching, :2])
        boxes[touching, 2:] = np.maximum(boxes[touching, 2:], meet[touching, 2:])
        pen = SHARED_PEN * self.style.line_scale / 2 + INK
        half_w, half_h = np.full(len(a), pen), np.full(len(a), pen)
        if self.picture.options.badges:
            passages = np.fromiter(map(len, map(attrgetter("passages"), map_.borders)), dtype=np.float64, count=len(a))
            reach_w, reach_h = badge_reach(self.style)
            half_w = np.maximum(half_w, np.maximum(BADGE_ROOM[0], passages * 20.0 + 12.0) + reach_w + INK)
            half_h = np.maximum(half_h, BADGE_ROOM[1] + reach_h + INK)
        boxes = self.paper(boxes + np.column_stack((-half_w, -half_h, half_w, half_h)))
        many = grid.spanning(boxes)
        grid.mark(boxes[~many])
        apart = np.flatnonzero(many & ~touching)  # their lines are as worked out here
        lines = self.paper(np.column_stack((start[apart], end[apart])))
        grid.mark_segments(lines, np.full(len(apart), APART_PEN * self.style.line_scale / 2 * self.mm + HAIR))
        self._ends = (a, b)
        rows = np.flatnonzero(many)
        return boxes[rows], rows.tolist(), self._border

    def _border(self, k: int) -> None:
        """A border's line and badge as drawn."""
        map_ = self.map
        border = map_.borders[k]
        a, b = self._ends
        line = border_line(border, map_.zones[a[k]], map_.zones[b[k]])
        width = (SHARED_PEN if line.shared else APART_PEN) * self.style.line_scale / 2 * self.mm + HAIR
        segments = self.paper([(x1, y1, x2, y2) for (x1, y1), (x2, y2) in line.segments])
        self.grid.mark_segments(segments, np.full(len(segments), width))
        if self.picture.options.badges:
            self.grid.mark(self.paper(_grown(self._badge(border, line), HAIR / self.mm)))

    def _badge(self, border, line) -> Box:
        """Where a border's badge is drawn: slid along its line by the arrangement, or at home."""
        spot = self._arrangement.drawn_at(border.id, line) if self._arrangement is not None else None
        if spot is not None:
            return spot.box
        left, top, right, bottom = badge_box(border, line, self.style)
        reach_w, reach_h = badge_reach(self.style)
        return (left - reach_w, top - reach_h, right + reach_w, bottom + reach_h)

    # -- tokens ---------------------------------------------------------------------------------

    def _tokens(self, _table=None):
        """Each token's box with its widest plate; over several pieces, later, its disc, front
        and plate as the arrangement places them."""
        map_, style = self.map, self.style
        spots = token_spots(map_, name_scale=style.text_scale)
        crowds = area_crowds(token for token in map_.tokens if token.id in spots)
        placed, boxes = [], []
        for token in map_.tokens:
            if token.id in spots:
                rect = token_rect(style, crowds.get(token.id)).translated(*spots[token.id])
                boxes.append((rect.left(), rect.top(), rect.right(), rect.bottom()))
                placed.append((token, crowds.get(token.id) is not None))
        if not boxes:
            return None
        boxes = self.paper(boxes)
        many = self.grid.spanning(boxes)
        self.grid.mark(boxes[~many])
        rows = np.flatnonzero(many)
        self._token_boxes = boxes
        return boxes[rows], [(k, *placed[k]) for k in rows.tolist()], self._token

    def _token(self, item) -> None:
        k, token, crowded = item
        zone = getattr(token.location, "zone", None)
        if self._arrangement is None or zone is None or crowded:
            self.grid.mark(self._token_boxes[k])
            return
        held = self._arrangement.zone_tokens(zone)
        reach = 2.2 * TOKEN_RADIUS  # the disc with its front
        drawn = [(x - reach, y - reach, x + reach, y + reach) for tid, (x, y) in held.discs if tid == token.id]
        plate = held.plates.get(token.id)
        if plate is not None and plate.words:
            drawn.append(_grown(plate.box))
        self.grid.mark(self.paper(drawn) if drawn else self._token_boxes[k])


def _grown(box: Box, by: float = INK) -> Box:
    left, top, right, bottom = box
    return (left - by, top - by, right + by, bottom + by)
