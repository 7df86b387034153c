"""Plain descriptions of a map for `tabletop info`, as text for a GM and as JSON for tools."""

from __future__ import annotations

from typing import Any

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
    ZoneLocation,
)
from tabletop.rules import systems
from tabletop.rules.area_names import area_name
from tabletop.rules.conflict_log import conflict_state
from tabletop.rules.setup import describe_setup


def cost_text(cost: int | None) -> str:
    return "no way" if cost is None else str(cost)


def passage_text(passage: Passage) -> str:
    label = passage.label or "pass"
    text = f"{label} {cost_text(passage.cost_from_a)}/{cost_text(passage.cost_from_b)}"
    if passage.door is not None:
        text += f" (door {passage.door.state}, {passage.door.open_cost} to open)"
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


def describe_map(map_: Map, path: str, version: int = FORMAT_VERSION) -> str:
    """The map for a GM: each thing by its name (its id where it has none), the id first on
    its own line in the lists, as the movement commands take either."""
    zone_names = {z.id: z.label for z in map_.zones}
    lines = [
        map_.title or "(untitled map)",
        f"  file: {path} ({version_text(version)})",
        f"  lattice step: {map_.lattice_step:g} map units",
    ]
    lines.append(f"  zones ({len(map_.zones)}):")
    lines += [f"    {z.id}  {z.name}".rstrip() + ("  [hidden]" if z.hidden else "") for z in map_.zones]
    lines.append(f"  borders ({len(map_.borders)}):")
    for border in map_.borders:
        ways = "; ".join(passage_text(p) for p in border.passages) or "no passage"
        ends = f"{zone_names.get(border.a, border.a)} <-> {zone_names.get(border.b, border.b)}"
        lines.append(f"    {border.id}  {ends}: {ways}")
    lines.append(f"  tokens ({len(map_.tokens)}):")
    lines += [
        f"    {t.id}  {t.label} ({t.side}) in {location_text(map_, t, zone_names)}, facing {t.facing:g}°"
        for t in map_.tokens
    ]
    lines.append(f"  grids ({len(map_.grids)}):")
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
        rules = systems.of(conflict)
        when = rules.header(conflict, systems.names(map_))
        ended = f", ended ({conflict.ended})" if conflict.ended else ""
        entries = f"{len(conflict.log)} log entries"
        lines.append(f"  conflict: {rules.title}, {when}{ended}, {entries}")
    return "\n".join(lines)


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


def _border_summary(border: Border) -> dict[str, Any]:
    return {
        "id": border.id,
        "a": border.a,
        "b": border.b,
        "passages": [
            {
                "label": p.label,
                "cost_from_a": p.cost_from_a,
                "cost_from_b": p.cost_from_b,
                "door": p.door.state if p.door else None,
            }
            for p in border.passages
        ],
    }


def map_summary(map_: Map, version: int = FORMAT_VERSION) -> dict[str, Any]:
    """The map for tools: things by id, as a tool names them back; the file's own format
    version, and the one a save writes."""
    return {
        "title": map_.title,
        "format_version": version,
        "saved_as_format_version": FORMAT_VERSION,
        "lattice_step": map_.lattice_step,
        "zones": [{"id": z.id, "name": z.name} for z in map_.zones],
        "borders": [_border_summary(b) for b in map_.borders],
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
        "conflict": conflict_state(map_),
    }
