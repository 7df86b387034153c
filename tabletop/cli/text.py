"""Plain descriptions of a map for `tabletop info`, as text for a GM and as JSON for tools.

Both are made from the map file's checked columns (io/column_map.py Checked), as `tabletop
check` stops at them: a big map's zones and borders are never made into records, and its lines
are made a column at a time and written a few thousand at a time. The rules are imported only for what needs them
(a token on a grid, a grid, a conflict)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import accumulate, pairwise, repeat
from typing import TYPE_CHECKING, Any

from tabletop.model import (
    FORMAT_VERSION,
    TILE_AREAS,
    AreaLocation,
    Border,
    EncounterGrid,
    Map,
    Passage,
    Tile,
    Token,
    Zone,
    ZoneLocation,
)

if TYPE_CHECKING:
    from tabletop.io.column_map import Checked


def cost_text(cost: int | None) -> str:
    return "no way" if cost is None else str(cost)


def passage_text(passage: Passage) -> str:
    label = passage.label or "pass"
    text = f"{label} {cost_text(passage.cost_from_a)}/{cost_text(passage.cost_from_b)}"
    if passage.door is not None:
        text += f" (door {passage.door.state}, {passage.door.open_cost} to open)"
    if passage.place is not None:
        text += f" at ({passage.place[0]:g}, {passage.place[1]:g})"
    return text


def location_text(map_: Map, token: Token, zone_names: dict[str, str] | None = None) -> str:
    """Where a token stands: "zone z1", or "grid creek area D8" as the grid names its areas.
    With `zone_names` (zone ids to what the GM calls them), by name: "zone West end", and the
    grid by its own name. A zone and a grid may share an id, so the zone's names are never
    asked about a grid."""
    where = token.location
    if isinstance(where, ZoneLocation):
        called = zone_names or {}
        return f"zone {called.get(where.zone, where.zone)}"
    if isinstance(where, AreaLocation):
        from tabletop.rules.area_names import area_name

        grid = map_.grid(where.grid)
        called = (grid.name or grid.id) if zone_names is not None else grid.id
        return f"grid {called} area {area_name(grid, where.row, where.col)}"
    return "off the map"


def version_text(version: int) -> str:
    """The file's own format version, and the one a save writes when they differ: an older
    file is read as it is and written anew only when saved."""
    if version == FORMAT_VERSION:
        return f"format version {version}"
    return f"format version {version}, saved as {FORMAT_VERSION}"


# -- the zones and borders, a column at a time ------------------------------------------------


def _column(values: dict[str, Any], kind: type, name: str) -> Iterable[Any]:
    """A checked column, or its field's default in every row where the file left it out."""
    column = values.get(name)
    if column is not None:
        return column
    field = kind.model_fields[name]
    return repeat(field.default_factory() if field.default_factory is not None else field.default, len(values["id"]))


def zone_labels(zones: dict[str, Any]) -> list[str]:
    """What a GM sees of each zone (Zone.label: its name, else its id), row by row."""
    if "name" not in zones:
        return zones["id"]
    return [name or zone_id for zone_id, name in zip(zones["id"], zones["name"], strict=True)]


LINES_AT_ONCE = 5000
"""Lines of a long list made and written at a time: a map of many long lines (a border of fifty
passages is a line of a kilobyte) never holds its whole text."""


def _zone_lines(zones: dict[str, Any], start: int, stop: int) -> list[str]:
    names = zones["name"][start:stop] if "name" in zones else repeat("")
    lines = [f"    {zone_id}  {name}".rstrip() for zone_id, name in zip(zones["id"][start:stop], names, strict=False)]
    hidden = zones.get("hidden")
    if hidden is not None and any(hidden[start:stop]):
        lines = [line + "  [hidden]" if shut else line for line, shut in zip(lines, hidden[start:stop], strict=True)]
    return lines


def _per_border(
    borders: dict[str, Any], made: Callable[[Passage], Any], joined: Callable[[list[Any]], Any]
) -> Callable[[int, int], list[Any]]:
    """What borders start..stop show of their passages: each distinct passage of the file's table
    `made` (a text, a summary) once, and each border's `joined` from them."""
    if "passage_kinds" not in borders:  # every border the passages a border takes by default
        default = Border.model_fields["passages"].default_factory()  # type: ignore[misc]
        shown = joined([made(p) for p in default])
        return lambda start, stop: [shown] * (stop - start)
    kinds = [made(p) for p in borders["passage_kinds"]]
    counts, rows = borders["passage_counts"], borders["passages"]
    if len(rows) == len(counts) and (not counts or min(counts) == max(counts) == 1):  # one passage each
        alone = [joined([kind]) for kind in kinds]
        return lambda start, stop: list(map(alone.__getitem__, rows[start:stop]))
    firsts = [0, *accumulate(counts)]

    def some(start: int, stop: int) -> list[Any]:
        flat = list(map(kinds.__getitem__, rows[firsts[start] : firsts[stop]]))
        ends = [first - firsts[start] for first in firsts[start : stop + 1]]
        return [joined(flat[first:end]) for first, end in pairwise(ends)]

    return some


def _ways_text(passages: list[str]) -> str:
    return "; ".join(passages) or "no passage"


def _border_lines(borders: dict[str, Any], labels: list[str]) -> Iterator[list[str]]:
    ways = _per_border(borders, passage_text, _ways_text)
    for start in range(0, len(borders["id"]), LINES_AT_ONCE):
        stop = start + LINES_AT_ONCE
        a = map(labels.__getitem__, borders["a"][start:stop])
        b = map(labels.__getitem__, borders["b"][start:stop])
        rows = zip(borders["id"][start:stop], a, b, ways(start, min(stop, len(borders["id"]))), strict=False)
        yield [f"    {i}  {x} <-> {y}: {w}" for i, x, y, w in rows]


def column_names(checked: Checked) -> Callable[[str], str]:
    """What the GM calls the token, zone or border with an id, as rules/names.py name_of says
    it of the whole map, from the checked columns: a token first, then a zone, then a border
    (its label, else its two zones' names joined by a dash); other text as it is."""
    from tabletop.rules.names import BORDER_DASH, name_of

    zones, borders = checked.zones, checked.borders
    tokens = {t.id for t in checked.rest.tokens}

    def label(row: int) -> str:
        return zones.get("name", zones["id"])[row] or zones["id"][row]

    def name(object_id: str) -> str:
        if not object_id or object_id in tokens:
            return name_of(checked.rest, object_id)
        if object_id in zones["id"]:
            return label(zones["id"].index(object_id))
        if object_id in borders["id"]:
            row = borders["id"].index(object_id)
            given = borders.get("label")
            if given is not None and given[row]:
                return given[row]
            return BORDER_DASH.join(label(borders[end][row]) for end in ("a", "b"))
        return object_id

    return name


def describe_map(checked: Checked, path: str, version: int = FORMAT_VERSION) -> Iterator[str]:
    """The map for a GM, in pieces of whole lines to write one after another: each thing by its
    name (its id where it has none), the id first on its own line in the lists, as the movement
    commands take either."""
    map_, zones, borders = checked.rest, checked.zones, checked.borders
    labels = zone_labels(zones)
    yield _text(
        [
            map_.title or "(untitled map)",
            f"  file: {path} ({version_text(version)})",
            f"  lattice step: {map_.lattice_step:g} map units",
            f"  zones ({len(zones['id'])}):",
        ]
    )
    for start in range(0, len(zones["id"]), LINES_AT_ONCE):
        yield _text(_zone_lines(zones, start, start + LINES_AT_ONCE))
    yield _text([f"  borders ({len(borders['id'])}):"])
    yield from map(_text, _border_lines(borders, labels))
    zone_names = dict(zip(zones["id"], labels, strict=True)) if map_.tokens else {}
    lines = [f"  tokens ({len(map_.tokens)}):"]
    lines += [
        f"    {t.id}  {t.label} ({t.side}) in {location_text(map_, t, zone_names)}, facing {t.facing:g}°"
        for t in map_.tokens
    ]
    lines.append(f"  grids ({len(map_.grids)}):")
    if map_.grids:
        from tabletop.rules.setup import describe_setup

        for grid in map_.grids:
            r0, c0, r1, c1 = grid.tile_bounds()
            rows, cols = r1 - r0 + 1, c1 - c0 + 1
            segments = sum(len(t.segments) for t in grid.tiles)
            lines.append(
                f"    {grid.id}  {grid.name}: {rows}x{cols} tiles ({rows * TILE_AREAS}x{cols * TILE_AREAS} areas), "
                f"{segments} segments, tile set {grid.tile_set or 'none'}"
            )
            lines.append(f"      areas: {_ground_text(grid)}; {describe_setup(grid)}")
    if map_.tile_sets:
        lines.append(f"  tile sets ({len(map_.tile_sets)}):")
        lines += [f"    {s.id}  {s.theme}: {len(s.tiles)} tiles" for s in map_.tile_sets]
    conflict = map_.conflict
    if conflict is not None:
        from tabletop.rules import systems

        rules = systems.of(conflict)
        when = rules.header(conflict, column_names(checked))
        ended = f", ended ({conflict.ended})" if conflict.ended else ""
        entries = f"{len(conflict.log)} log entries"
        lines.append(f"  conflict: {rules.title}, {when}{ended}, {entries}")
    yield _text(lines)


def _text(lines: list[str]) -> str:
    """Whole lines, each ended."""
    return "\n".join(lines) + "\n" if lines else ""


def _ground_text(grid: EncounterGrid) -> str:
    """How many areas of each property the grid holds: "rough 6, water 5", or "open ground"."""
    counts: dict[str, int] = {}
    for tile in grid.tiles:
        for segment in tile.segments:
            for prop in segment.properties:
                counts[prop] = counts.get(prop, 0) + len(segment.areas)
    return ", ".join(f"{prop} {n}" for prop, n in sorted(counts.items())) or "all open ground"


def _tile_summary(tile: Tile) -> dict[str, Any]:
    """A tile with its segments; areas are global (row, col), as tokens stand on them."""
    top, left = tile.row * TILE_AREAS, tile.col * TILE_AREAS
    return {
        "row": tile.row,
        "col": tile.col,
        "name": tile.name,
        "segments": [
            {
                "name": s.name,
                "areas": [[top + r, left + c] for r, c in s.areas],
                "properties": list(s.properties),
                "altitude": s.altitude,
            }
            for s in tile.segments
        ],
    }


def _grid_summary(grid: EncounterGrid) -> dict[str, Any]:
    from tabletop.rules.setup import describe_setup

    r0, c0, r1, c1 = grid.tile_bounds()
    return {
        "id": grid.id,
        "name": grid.name,
        "size": [r1 - r0 + 1, c1 - c0 + 1],
        "tile_bounds": [r0, c0, r1, c1],
        "segments": sum(len(t.segments) for t in grid.tiles),
        "tile_set": grid.tile_set,
        "seed": grid.seed,
        "draws": grid.draws,
        "tiles": [_tile_summary(t) for t in sorted(grid.tiles, key=lambda t: (t.row, t.col))],
        "setup": {
            "starts": [
                {"side": m.side, "tiles": [list(t) for t in m.tiles], "edges": list(m.edges), "secret": m.secret}
                for m in grid.starts
            ],
            "arrivals": list(grid.arrivals),
            "text": describe_setup(grid),
        },
    }


def _passage_summary(passage: Passage) -> dict[str, Any]:
    return {
        "label": passage.label,
        "cost_from_a": passage.cost_from_a,
        "cost_from_b": passage.cost_from_b,
        "door": passage.door.state if passage.door else None,
    } | ({} if passage.place is None else {"place": list(passage.place)})


def _border_summaries(borders: dict[str, Any], zone_ids: list[str]) -> list[dict[str, Any]]:
    passages = _per_border(borders, _passage_summary, list)(0, len(borders["id"]))
    a = map(zone_ids.__getitem__, borders["a"])
    b = map(zone_ids.__getitem__, borders["b"])
    rows = zip(borders["id"], a, b, passages, strict=False)
    return [{"id": i, "a": x, "b": y, "passages": ways} for i, x, y, ways in rows]


def map_summary(checked: Checked, version: int = FORMAT_VERSION) -> dict[str, Any]:
    """The map for tools: things by id, as a tool names them back; the file's own format
    version, and the one a save writes."""
    map_, zones = checked.rest, checked.zones
    names = _column(zones, Zone, "name")
    return {
        "title": map_.title,
        "format_version": version,
        "saved_as_format_version": FORMAT_VERSION,
        "lattice_step": map_.lattice_step,
        "zones": [{"id": i, "name": n} for i, n in zip(zones["id"], names, strict=False)],
        "borders": _border_summaries(checked.borders, zones["id"]),
        "tokens": [
            {
                "id": t.id,
                "name": t.name,
                "side": t.side,
                "location": location_text(map_, t),
                "facing": t.facing,
            }
            for t in map_.tokens
        ],
        "grids": [_grid_summary(g) for g in map_.grids],
        "tile_sets": [
            {
                "id": s.id,
                "theme": s.theme,
                "tiles": [t.name for t in s.tiles],
                "random_properties": [d.model_dump(mode="json") for d in s.random_properties],
            }
            for s in map_.tile_sets
        ],
        "conflict": _conflict_state(map_),
    }


def _conflict_state(map_: Map) -> dict[str, Any] | None:
    if map_.conflict is None:
        return None
    from tabletop.rules.conflict_log import conflict_state

    return conflict_state(map_)
