"""Mappings over arrays: a whole map's drawn boxes and which borders touch each zone.

A big map has a box for every zone and border and a set of borders for every zone; as Python
tuples and sets they would be slow to make and heavy to hold. These keep
them in the arrays the layout was built with and make a tuple or set only when asked; what
an edit sets afterwards is kept beside them, as in a dict. Qt-free; numpy is not imported here.
"""

from __future__ import annotations

from collections.abc import (
    Callable,
    ItemsView,
    Iterable,
    Iterator,
    KeysView,
    Mapping,
    MutableMapping,
    Sequence,
    ValuesView,
)
from itertools import chain, count, repeat
from operator import itemgetter
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from tabletop.geometry.single.runs import within
from tabletop.model.kinds import kind_runs

if TYPE_CHECKING:
    import numpy as np

    from tabletop.geometry.single.shapes import BorderLine
    from tabletop.geometry.whole.columns import ZoneTable
    from tabletop.model import Zone

Box = tuple[float, float, float, float]
"""(left, top, right, bottom) in map units."""


def union_of(boxes: Sequence[Box]) -> Box:
    """The box around all these boxes (at least one), four passes over plain tuples: Fog All on
    a big map repaints a box per zone and border, and a QRectF united with each was slow."""
    return (
        min(map(itemgetter(0), boxes)),
        min(map(itemgetter(1), boxes)),
        max(map(itemgetter(2), boxes)),
        max(map(itemgetter(3), boxes)),
    )


def box_array(boxes: Mapping[tuple[str, str], Box], keys: list[tuple[str, str]]) -> tuple[list, np.ndarray]:
    """(the keys `boxes` holds, in their order; their boxes as rows of an n x 4 array): a
    BoxTable reads the rows of its array at once, where a tuple made per key was slow for
    a big map selected whole."""
    import numpy as np

    if isinstance(boxes, BoxTable):
        return boxes.array(keys)
    held = [key for key in keys if key in boxes]
    return held, np.array([boxes[key] for key in held], dtype=np.float64).reshape(-1, 4)


class BoxTable(MutableMapping[tuple[str, str], Box]):
    """(kind, id) -> Box, with the boxes of a whole map built at once as rows of an array."""

    def __init__(
        self, rows: dict[str, dict[str, int] | Callable[[], dict[str, int]]], boxes: Any, first: dict[str, int]
    ) -> None:
        """first[kind] + rows[kind][id] is the object's row in `boxes` (an n x 4 array); the
        numbers of rows are shared with the layout's other tables. A kind's rows may be given as
        what makes them, called when first needed (no first frame asks a border's box by id)."""
        self._given, self._boxes, self._first = rows, boxes, first
        self._set: dict[tuple[str, str], Box] = {}

    @property
    def _rows(self) -> dict[str, dict[str, int]]:
        """Every kind's rows, those given as what makes them made now (once)."""
        given = self._given
        for kind, rows in given.items():
            if callable(rows):
                given[kind] = rows()
        return given

    def _of(self, kind: str) -> dict[str, int]:
        rows = self._given.get(kind, {})
        if callable(rows):
            rows = self._given[kind] = rows()
        return rows

    def __getitem__(self, key: tuple[str, str]) -> Box:
        box = self._set.get(key)
        if box is not None:
            return box
        kind, object_id = key
        return tuple(self._boxes[self._first[kind] + self._of(kind)[object_id]].tolist())

    def __contains__(self, key: object) -> bool:
        if key in self._set:
            return True
        kind, object_id = key
        return object_id in self._of(kind)

    def array(self, keys: list[tuple[str, str]]) -> tuple[list, np.ndarray]:
        """See box_array: the rows as opened in one fancy index, the boxes set since after."""
        import numpy as np

        edited, first = self._set, self._first
        at = np.empty(len(keys), dtype=np.int64)  # a row; -1: set since; -2: not held
        start = 0
        for kind, ids in kind_runs(keys):  # a run of one kind looked up in C
            end = start + len(ids)
            rows = np.fromiter(map(self._of(kind).get, ids, repeat(-1)), dtype=np.int64, count=len(ids))
            at[start:end] = np.where(rows >= 0, rows + first.get(kind, 0), -2)
            start = end
        if edited:
            at[np.fromiter(map(edited.__contains__, keys), dtype=bool, count=len(keys))] = -1
        if (at == -2).any():
            keys = [key for key, row in zip(keys, at.tolist(), strict=True) if row != -2]
            at = at[at != -2]
        out = self._boxes[np.maximum(at, 0)] if len(self._boxes) else np.zeros((len(keys), 4))
        later = np.flatnonzero(at < 0)
        if len(later):
            out[later] = [edited[keys[k]] for k in later.tolist()]
        return list(keys), out

    def union(self) -> Box | None:
        """The box around every box held (None: none held), in numpy: what a change of the
        whole map repaints."""
        import numpy as np

        rows = [first + np.fromiter(self._of(kind).values(), dtype=np.int64) for kind, first in self._first.items()]
        held = [self._boxes[np.concatenate(rows)]] if rows and len(self._boxes) else []
        if self._set:
            held.append(np.array(list(self._set.values()), dtype=np.float64))
        boxes = np.concatenate(held) if held else np.zeros((0, 4))
        if not len(boxes):
            return None
        return (*boxes[:, :2].min(axis=0).tolist(), *boxes[:, 2:].max(axis=0).tolist())

    def __setitem__(self, key: tuple[str, str], box: Box) -> None:
        kind, object_id = key
        if kind in self._given:
            self._of(kind).pop(object_id, None)
        self._set[key] = box

    def __delitem__(self, key: tuple[str, str]) -> None:
        if self._set.pop(key, None) is None:
            kind, object_id = key
            del self._of(kind)[object_id]

    def __iter__(self) -> Iterator[tuple[str, str]]:
        built = ((kind, object_id) for kind, rows in self._rows.items() for object_id in rows)
        return chain(built, self._set)

    def __len__(self) -> int:
        return sum(map(len, self._rows.values())) + len(self._set)


class BordersAt(MutableMapping[str, set[str]]):
    """Zone id -> the ids of the borders touching it, held as one array of border numbers
    sorted by zone; a zone's set is made, and kept, when first asked for (an edit changes it
    in place)."""

    def __init__(self, rows: dict[str, int], starts: Any, members: Any, border_ids: list[str]) -> None:
        """Zone row r's borders are border_ids[members[starts[r]:starts[r + 1]]]."""
        self._rows, self._starts, self._members, self._ids = rows, starts, members, border_ids
        self._set: dict[str, set[str]] = {}

    def __getitem__(self, zone_id: str) -> set[str]:
        found = self._set.get(zone_id)
        if found is None:
            row = self._rows.pop(zone_id)
            ids = self._ids
            found = {ids[i] for i in self._members[self._starts[row] : self._starts[row + 1]].tolist()}
            self._set[zone_id] = found
        return found

    def __contains__(self, zone_id: object) -> bool:
        return zone_id in self._set or zone_id in self._rows

    def get(self, zone_id: str, default: Any = None) -> Any:
        """As a mapping's get, without its raised and caught KeyError per zone (the borders of
        hundreds of zones are asked at once when fog by sight lifts them)."""
        found = self._set.get(zone_id)
        if found is not None:
            return found
        return self[zone_id] if zone_id in self._rows else default

    def first_touched(self, zone_ids: list[str]) -> int | None:
        """Where in `zone_ids` the first zone with a border touching it stands (None: no such
        zone): the zones not asked since opening counted from the arrays, no set made for them."""
        import numpy as np

        rows = np.fromiter(map(self._rows.get, zone_ids, repeat(-1)), dtype=np.int64, count=len(zone_ids))
        counts = np.diff(self._starts)
        touched = np.zeros(len(zone_ids), dtype=bool)
        opened = rows >= 0
        touched[opened] = counts[rows[opened]] > 0
        for k in np.flatnonzero(~opened).tolist():  # a set made, or changed, since: read as it is
            touched[k] = bool(self._set.get(zone_ids[k]))
        found = np.flatnonzero(touched)
        return int(found[0]) if len(found) else None

    def rows_as_opened(self, zone_id: str) -> list[int] | None:
        """The rows of a zone's borders as the map was opened, its set not made (a reach asks a
        few zones' borders the moment a big map appears); None once its set is made or changed."""
        row = self._rows.get(zone_id)
        if row is None:
            return None
        return self._members[self._starts[row] : self._starts[row + 1]].tolist()

    def __setitem__(self, zone_id: str, borders: set[str]) -> None:
        self._rows.pop(zone_id, None)
        self._set[zone_id] = borders

    def __delitem__(self, zone_id: str) -> None:
        if self._set.pop(zone_id, None) is None:
            del self._rows[zone_id]

    def __iter__(self) -> Iterator[str]:
        return iter([*self._rows, *self._set])  # reading a zone's set moves it: iterate a copy

    def __len__(self) -> int:
        return len(self._rows) + len(self._set)


class MadeOnRead(dict):
    """The lines of some borders of a LineTable, made together when the first is read and then
    read at a plain dict's speed: a painting that reads none (a zoomed-out map of specks, its
    lines drawn from the table's arrays) makes none. A line not among them is asked of the
    table. Read-only: nothing edits a map while it is painted."""

    def __init__(self, table: Any, border_ids: list[str]) -> None:
        super().__init__()
        self.table, self._todo = table, border_ids

    def __missing__(self, border_id: str) -> BorderLine:
        todo = self._todo
        if todo:
            self._todo = None
            dict.update(self, zip(todo, self.table.made(todo), strict=True))
            if dict.__contains__(self, border_id):
                return dict.__getitem__(self, border_id)
        return self.table[border_id]

    def get(self, border_id: str, default: BorderLine | None = None) -> BorderLine | None:
        line = dict.get(self, border_id)
        if line is not None:
            return line
        return self[border_id] if border_id in self.table else default

    def __contains__(self, border_id: object) -> bool:
        return border_id in self.table

    def __iter__(self) -> Iterator[str]:
        return iter(self.table)

    def __len__(self) -> int:
        return len(self.table)

    def keys(self) -> KeysView[str]:  # type: ignore[override]
        return KeysView(self)

    def values(self) -> ValuesView[BorderLine]:  # type: ignore[override]
        return ValuesView(self)

    def items(self) -> ItemsView[str, BorderLine]:  # type: ignore[override]
        return ItemsView(self)

    def _read_only(self, *args: object, **kwargs: object) -> None:
        raise TypeError("a map's lines are not edited while it is painted")

    __setitem__ = __delitem__ = pop = update = setdefault = clear = popitem = _read_only  # type: ignore[assignment]


def numbered(keys: list[Look]) -> tuple[np.ndarray, list[Look]]:
    """(each key's look number, the looks), each look numbered by where it first stands."""
    import numpy as np

    numbers: dict[Look, int] = {}
    firsts = np.fromiter(map(numbers.setdefault, keys, count()), dtype=np.int64, count=len(keys))
    codes = np.zeros(len(keys), dtype=np.int64)
    if len(numbers) > 1:  # the first places, ascending, stand in the looks' order
        codes = np.unique(firsts, return_inverse=True)[1].reshape(-1)
    return codes, list(numbers)


class RowIds(Sequence[str]):
    """Ids of a map's objects as opened, with their rows in the layout's tables (`rows`, an
    array): a painting handed these reads the tables without looking each id up. The list of
    ids is made when first read: a zoomed-out tile paints from the rows alone (making the ids
    of its tiles slowed a fitted big map's first frame). Compares as a list."""

    __slots__ = ("_ids", "rows")

    def __init__(self, ids: Iterable[str], rows: np.ndarray) -> None:
        """`ids`, one for each of `rows`, may be an iterator: it is read only when needed."""
        self._ids: Iterable[str] = ids
        self.rows = rows

    def listed(self) -> list[str]:
        """The ids as a list, made at the first call: a caller reading many by place reads this."""
        ids = self._ids
        if not isinstance(ids, list):
            self._ids = ids = list(ids)
        return ids

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, k):  # type: ignore[override]
        return self.listed()[k]

    def __iter__(self) -> Iterator[str]:
        return iter(self.listed())

    def __contains__(self, object_id: object) -> bool:
        return object_id in self.listed()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, RowIds | list):
            return self.listed() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"RowIds({self.listed()!r})"


GONE = SimpleNamespace(fill=SimpleNamespace(pattern="none", colour="", opacity=0.0), hidden=True, fogged=True)
"""Stands for a zone dropped since the map was opened (its row no longer read)."""

Look = tuple[str, str, float, bool, bool, bool]
"""How a zone is painted as a speck: fill pattern, colour and opacity, hidden, fogged, a node."""


class ShapeTable:
    """The zones' polygons and the borders' lines of a map as it was opened, in the arrays the
    layout was built from: a painting of a whole zoomed-out map reads them in bulk instead of a
    Zone's points or a BorderLine each. A zone or line edited since is read from its object."""

    def __init__(
        self,
        zones: ZoneTable | None,
        zone_rows: dict[str, int],
        line_rows: Any,
        heads: Any,
        pieces: Any,
    ) -> None:
        """`line_rows` is the LineTable's own (an edited line leaves it); `zone_rows` is ours.
        Without `zones` (a map laid out edit by edit) every zone is read from its object."""
        import numpy as np

        if zones is None:
            self.x = self.y = np.zeros(0)
            self.firsts = self.counts = self.polygon_of = np.zeros(0, dtype=np.int64)
        else:
            self.x, self.y, self.firsts, self.counts = zones.x, zones.y, zones.firsts, zones.counts
            self.polygon_of = zones.polygon_of
        self._zone_rows, self._ids = zone_rows, list(zone_rows)
        self._line_rows_from, self.heads, self.pieces = line_rows, heads, pieces
        self._looks: tuple[np.ndarray, list[Look]] | None = None

    @property
    def _line_rows(self) -> dict[str, int]:
        """The LineTable's rows (or what makes them, the same dict for both: see LineTable)."""
        from tabletop.geometry.whole.lines import rows_made

        return rows_made(self._line_rows_from)

    def forget(self, zone_id: str) -> None:
        """A zone was edited or dropped: its row no longer holds."""
        self._zone_rows.pop(zone_id, None)

    def relook(self) -> None:
        """Many zones kept their shapes and changed their looks (Fog All): the looks are worked
        out again, once, at the next painting, and every row still holds."""
        self._looks = None

    def zone_rows(self, zone_ids: list[str]) -> np.ndarray:
        """Each zone's row, -1 for one edited or added since the map was opened."""
        import numpy as np

        if isinstance(zone_ids, RowIds):
            return zone_ids.rows
        rows = self._zone_rows
        return np.fromiter(map(rows.get, zone_ids, repeat(-1)), dtype=np.int64, count=len(zone_ids))

    def zone_polygons(self, zone_ids: list[str]) -> np.ndarray:
        """Each zone's polygon among the arrays, -1 for a node or a zone edited or added since
        the map was opened (all of them, without arrays)."""
        import numpy as np

        if not len(self.counts):
            return np.full(len(zone_ids), -1, dtype=np.int64)
        rows = self.zone_rows(zone_ids)
        return np.where(rows >= 0, self.polygon_of[np.maximum(rows, 0)], -1)

    def looks(self, zones: Mapping[str, Zone]) -> tuple[np.ndarray, list[Look]]:
        """(each row's look number, the looks): worked out once, when first painted (a row
        edited since has a look that does not hold, and is read from its zone instead)."""
        if self._looks is None:
            # one pass over the zones (each read once, its attributes together: the objects lie
            # scattered in memory), each look hashed once, numbered by where it first stands
            nodes = (self.polygon_of < 0).tolist()
            found = map(zones.get, self._ids, repeat(GONE))
            keys = [
                (fill.pattern, fill.colour, fill.opacity, zone.hidden, zone.fogged, node)
                for zone, node in zip(found, nodes, strict=True)
                for fill in (zone.fill,)
            ]
            self._looks = numbered(keys)
        return self._looks

    def line_arrays(
        self, border_ids: list[str], lines: Mapping[str, BorderLine]
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """These borders' lines as arrays, in their order: each one's kind (shared), anchor
        (x, y) and number of segments, and all their segments (x1, y1, x2, y2) end to end. A
        line set since the map was opened is read from `lines`."""
        import numpy as np

        n = len(border_ids)
        if isinstance(border_ids, RowIds):
            rows = border_ids.rows
        else:
            rows = np.fromiter(map(self._line_rows.get, border_ids, repeat(-1)), dtype=np.int64, count=n)
        later = np.flatnonzero(rows < 0)
        heads = self.heads[np.maximum(rows, 0)] if len(self.heads) else np.zeros((n, 7))
        shared, anchors = heads[:, 6] > 0, heads[:, :2].copy()
        counts, firsts = heads[:, 5].astype(np.int64), heads[:, 4].astype(np.int64)
        source = self.pieces
        if len(later):  # their segments after the table's, their firsts pointing there
            made = [lines[border_ids[k]] for k in later.tolist()]
            shared[later] = [line.shared for line in made]
            anchors[later] = [line.anchor for line in made]
            counts[later] = [len(line.segments) for line in made]
            extra = [(x1, y1, x2, y2) for line in made for (x1, y1), (x2, y2) in line.segments]
            firsts[later] = len(source) + np.cumsum(counts[later]) - counts[later]
            source = np.concatenate((source, np.array(extra, dtype=np.float64).reshape(-1, 4)))
        coords = source[np.repeat(firsts, counts) + within(counts)]
        return shared, anchors, counts, coords
