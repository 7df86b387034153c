"""The whole map's checks, in one copy: ids unique, every border joining two different zones of
the map, the polygons' points within the map's cap, and every zone, grid, tile set and token
that a token, a grid or the conflict names being on the map.

Each check reads columns, not records: a list of ids, the borders' ends as rows of the zones (an
array of whole numbers), so a map file's columns are checked before a record is made of them
(io/columns.py), a map of records by its own validator (model/map.py), and an edit before the
document makes it (document/integrity.py), all by these functions. A row outside the zones
names no zone: a file's row past its zones, an id no zone has (`rows_among`). `would` words a
problem as an edit's ("would name"), for the document's refusal of a change not yet made.

Ids are compared as Python sets (C over the whole column); the borders' ends, the bulk of a
big map, in numpy, loaded only when a map has borders. Qt-free.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from itertools import repeat
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from tabletop.model.base import MAX_MAP_POINTS
from tabletop.model.tokens import AreaLocation, Token, ZoneLocation

if TYPE_CHECKING:
    from tabletop.model.conflict import Conflict
    from tabletop.model.grids import EncounterGrid, TileSet

EndNamed = Callable[[str, int], "str | None"]
"""The id border `k`'s end `a` or `b` names, as the map wrote it; None when the end is a row
that names no zone (a file's), which is then said as the row."""


def refusal(problems: list[str]) -> str:
    """A whole map's refusal: its first problem and how many more."""
    others = len(problems) - 1
    more = f" (and {others} more {'problem' if others == 1 else 'problems'})" if others else ""
    return problems[0] + more


def repeated_ids(kind: str, ids: Collection[str], would: bool = False) -> list[str]:
    """Each id two or more of a kind (zone, border, token, grid, tile set) share."""
    if len(set(ids)) == len(ids):  # the usual answer, found without counting
        return []
    verb = "would have" if would else "have"
    return [f"two {kind}s {verb} the id '{i}'" for i, n in Counter(ids).items() if n > 1]


def points_problems(total: int) -> list[str]:
    """The polygons of one map hold at most MAX_MAP_POINTS points together."""
    if total <= MAX_MAP_POINTS:
        return []
    return [f"the map's polygons have {total:,} points together; a map has at most {MAX_MAP_POINTS:,}"]


def rows_among(ends: Iterable[str], rows: Mapping[str, int], count: int) -> Any:
    """The `count` ends (zone ids) as rows of the zones (`rows`: each zone's row by id), -1 for
    an id no zone has: the form end_problems reads."""
    import numpy as np

    return np.fromiter(map(rows.get, ends, repeat(-1)), dtype=np.int64, count=count)


def end_problems(
    border_ids: Sequence[str], a: Any, b: Any, zone_count: int | None, named: EndNamed, would: bool = False
) -> list[str]:
    """Every border joins two zones of the map, and two different ones. `a` and `b`: each
    border's ends as rows of the zones (arrays or lists of whole numbers); a row below 0, or
    at `zone_count` or past it, names no zone on the map (`zone_count` None: no row past them)."""
    if not len(border_ids):
        return []
    import numpy as np

    a, b = np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64)
    off_a, off_b = a < 0, b < 0
    if zone_count is not None:
        off_a |= a >= zone_count
        off_b |= b >= zone_count
    same = (a == b) & ~off_a
    problems: list[str] = []
    verb = "would name" if would else "names"
    for k in np.flatnonzero(off_a | off_b | same).tolist():
        for end, off, row in (("a", off_a, a), ("b", off_b, b)):
            if off[k]:
                name = named(end, k)
                zone = f"zone '{name}'" if name is not None else f"the zone in row {row[k]}"
                problems.append(f"border '{border_ids[k]}' {verb} {zone}, which is not on the map")
        if same[k]:
            joins = "would join" if would else "joins"
            problems.append(f"border '{border_ids[k]}' {joins} zone '{named('a', k)}' to itself")
    return problems


def token_problems(
    tokens: Iterable[Token], zone_ids: Collection[str], grids: Mapping[str, EncounterGrid], would: bool = False
) -> list[str]:
    """Every token stands in a zone of the map, on an area of a grid of the map, or nowhere."""
    problems = []
    stands = "would stand" if would else "stands"
    for token in tokens:
        where = token.location
        if isinstance(where, ZoneLocation) and where.zone not in zone_ids:
            problems.append(f"token '{token.id}' {stands} in zone '{where.zone}', which is not on the map")
        elif isinstance(where, AreaLocation):
            grid = grids.get(where.grid)
            if grid is None:
                problems.append(f"token '{token.id}' {stands} on grid '{where.grid}', which is not on the map")
            elif not grid.has_area(where.row, where.col):
                place = f"row {where.row}, column {where.col}" + ("" if would else " in the map file")
                problems.append(f"token '{token.id}' {stands} outside grid '{grid.id}' ({place})")
    return problems


def grid_problems(grids: Iterable[EncounterGrid], set_ids: Collection[str], would: bool = False) -> list[str]:
    """Every grid that draws from a tile set draws from one on the map."""
    draws = "would draw" if would else "draws"
    return [
        f"grid '{grid.id}' {draws} from tile set '{grid.tile_set}', which is not on the map"
        for grid in grids
        if grid.tile_set is not None and grid.tile_set not in set_ids
    ]


def conflict_problems(conflict: Conflict | None, token_ids: Collection[str]) -> list[str]:
    """Everyone taking part in the conflict is a token on the map."""
    if conflict is None:
        return []
    return [
        f"the conflict names token '{p.token}', which is not on the map"
        for p in conflict.participants
        if p.token not in token_ids
    ]


def map_problems(
    *,
    zone_ids: Sequence[str],
    point_total: int,
    border_ids: Sequence[str],
    a: Any,
    b: Any,
    named: EndNamed,
    tokens: Sequence[Token],
    grids: Sequence[EncounterGrid],
    tile_sets: Sequence[TileSet],
    conflict: Conflict | None,
) -> list[str]:
    """Every problem of a whole map, in words a GM understands; empty when the map is whole.
    The zones and borders as columns (`a`, `b`: as end_problems reads them), the rest as records."""
    ids = attrgetter("id")
    problems = points_problems(point_total)
    problems += repeated_ids("zone", zone_ids)
    problems += repeated_ids("border", border_ids)
    problems += repeated_ids("token", list(map(ids, tokens)))
    problems += repeated_ids("grid", list(map(ids, grids)))
    problems += repeated_ids("tile set", list(map(ids, tile_sets)))
    problems += end_problems(border_ids, a, b, len(zone_ids), named)
    problems += grid_problems(grids, set(map(ids, tile_sets)))
    in_zones = any(isinstance(token.location, ZoneLocation) for token in tokens)
    problems += token_problems(tokens, set(zone_ids) if in_zones else (), {g.id: g for g in grids})
    problems += conflict_problems(conflict, set(map(ids, tokens)))
    return problems
