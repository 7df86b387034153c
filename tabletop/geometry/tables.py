"""Mappings over arrays: a whole map's drawn boxes and which borders touch each zone.

A map of 100,000 zones has 350,000 boxes and 100,000 sets of borders; as Python tuples and
sets they would take most of a second to make and hundreds of megabytes to hold. These keep
them in the arrays the layout was built with and make a tuple or set only when asked; what
an edit sets afterwards is kept beside them, as in a dict. Qt-free; numpy is not imported here.
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from itertools import chain
from typing import Any

Box = tuple[float, float, float, float]
"""(left, top, right, bottom) in map units."""


class BoxTable(MutableMapping[tuple[str, str], Box]):
    """(kind, id) -> Box, with the boxes of a whole map built at once as rows of an array."""

    def __init__(self, rows: dict[str, dict[str, int]], boxes: Any, first: dict[str, int]) -> None:
        """first[kind] + rows[kind][id] is the object's row in `boxes` (an n x 4 array); the
        numbers of rows are shared with the layout's other tables."""
        self._rows, self._boxes, self._first = rows, boxes, first
        self._set: dict[tuple[str, str], Box] = {}

    def __getitem__(self, key: tuple[str, str]) -> Box:
        box = self._set.get(key)
        if box is not None:
            return box
        kind, object_id = key
        return tuple(self._boxes[self._first[kind] + self._rows[kind][object_id]].tolist())

    def __contains__(self, key: object) -> bool:
        if key in self._set:
            return True
        kind, object_id = key
        return object_id in self._rows.get(kind, ())

    def __setitem__(self, key: tuple[str, str], box: Box) -> None:
        kind, object_id = key
        if kind in self._rows:
            self._rows[kind].pop(object_id, None)
        self._set[key] = box

    def __delitem__(self, key: tuple[str, str]) -> None:
        if self._set.pop(key, None) is None:
            kind, object_id = key
            del self._rows[kind][object_id]

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
