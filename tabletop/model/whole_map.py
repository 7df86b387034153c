"""The whole map's checks, in one copy: ids unique, every border joining two different zones of
the map, the polygons' points and the counts of what a map holds in bulk within the map's caps,
and every zone, grid, tile set and token that a token, a grid or the conflict names being on the
map.

Each check reads columns, not records: a list of ids, the borders' ends as rows of the zones (a
list of whole numbers), so a map file's columns are checked before a record is made of them
(io/column_map.py), a map of records by its own validator (model/map.py), and an edit before the
document makes it (document/integrity.py), all by these functions. A row outside the zones
names no zone: a file's row past its zones, an id no zone has (`rows_among`). `would` words a
problem as an edit's ("would name"), for the document's refusal of a change not yet made.

Each check is a few passes over whole columns in C (sets of ids; min, max and a comparison of
the two ends over every border), as quick as numpy once the file's lists would be turned into
arrays; numpy is not loaded, so a small map's `tabletop check` starts without it. Only a map
with a problem is searched row by row for the words of each. Qt-free.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from itertools import repeat
from operator import attrgetter, eq
from typing import TYPE_CHECKING, Any

from tabletop.model.base import (
    MAX_BORDERS,
    MAX_GRIDS,
    MAX_MAP_POINTS,
    MAX_PASSAGES,
    MAX_TILE_SETS,
    MAX_TOKENS,
    MAX_ZONES,
)
from tabletop.model.tokens import AreaLocation, Token, ZoneLocation
from tabletop.model.wording import LONG_DIGITS, digits

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


def points_problems(total: int, would: bool = False) -> list[str]:
    """The polygons of one map hold at most MAX_MAP_POINTS points together."""
    if total <= MAX_MAP_POINTS:
        return []
    verb = "would have" if would else "have"
    return [f"the map's polygons {verb} {total:,} points together; a map has at most {MAX_MAP_POINTS:,}"]


COUNT_CAPS = {
    "zone": MAX_ZONES,
    "border": MAX_BORDERS,
    "token": MAX_TOKENS,
    "grid": MAX_GRIDS,
    "tile set": MAX_TILE_SETS,
}
"""How many of each kind a map may hold, as the reader counts them (model/base.py)."""


def count_problems(counts: Mapping[str, int], most_passages: int = 0, would: bool = False) -> list[str]:
    """A map holds no more of a kind (`counts`: how many zones, borders, tokens, grids, tile
    sets) than the reader takes, and no border more passages (`most_passages`: the most any
    border has): the reader counts each list before an item is read, so a map past a cap is
    refused whole on open, where an edit or a save only adds to it."""
    verb = "would have" if would else "has"
    problems = [
        f"the map {verb} {count:,} {kind}s; a map has at most {COUNT_CAPS[kind]:,}"
        for kind, count in counts.items()
        if count > COUNT_CAPS[kind]
    ]
    if most_passages > MAX_PASSAGES:
        problems.append(f"a border {verb} {most_passages:,} passages; a border has at most {MAX_PASSAGES:,}")
    return problems


def rows_among(ends: Iterable[str], rows: Mapping[str, int]) -> list[int]:
    """The ends (zone ids) as rows of the zones (`rows`: each zone's row by id), -1 for an id
    no zone has: the form end_problems reads."""
    return list(map(rows.get, ends, repeat(-1)))


def end_problems(
    border_ids: Sequence[str],
    a: Sequence[int],
    b: Sequence[int],
    zone_count: int | None,
    named: EndNamed,
    would: bool = False,
) -> list[str]:
    """Every border joins two zones of the map, and two different ones. `a` and `b`: each
    border's ends as rows of the zones; a row below 0, or at `zone_count` or past it, names no
    zone on the map (`zone_count` None: no row past them). A whole map's answer is found in a
    few passes over the two columns; only a map with a problem is searched border by border."""
    if not len(border_ids):
        return []
    high = float("inf") if zone_count is None else zone_count
    if min(a) >= 0 and min(b) >= 0 and max(a) < high and max(b) < high and not any(map(eq, a, b)):
        return []
    problems: list[str] = []
    verb, joins = ("would name", "would join") if would else ("names", "joins")
    for k, ends in enumerate(zip(a, b, strict=True)):
        off = [not 0 <= row < high for row in ends]
        for end, row, missing in zip("ab", ends, off, strict=True):
            if missing:
                name = named(end, k)
                zone = f"zone '{name}'" if name is not None else f"the zone in {_row(row)}"
                problems.append(f"border '{border_ids[k]}' {verb} {zone}, which is not on the map")
        if not off[0] and ends[0] == ends[1]:
            problems.append(f"border '{border_ids[k]}' {joins} zone '{named('a', k)}' to itself")
    return problems


def _row(row: int) -> str:
    """A row of a file as a GM reads it: a row far past any map by its length alone."""
    return f"row {row}" if digits(row) <= LONG_DIGITS else f"a row {digits(row)} digits long"


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
