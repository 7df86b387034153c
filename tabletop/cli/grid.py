"""The grid half of `tabletop reach`, `path` and `range`: areas, move types, opponents, cover."""

from __future__ import annotations

import argparse
from typing import Any

from tabletop.cli.errors import UsageError
from tabletop.model import AreaLocation, EncounterGrid, Map, Token
from tabletop.rules.area_names import area_name, area_words
from tabletop.rules.attack_lines import attack_line
from tabletop.rules.facing import area_centre, is_behind
from tabletop.rules.grid_movement import GridReach
from tabletop.rules.grid_movement import grid_reach as reach_on_grid
from tabletop.rules.movement import NoWayThrough
from tabletop.rules.sides import opponent_areas
from tabletop.rules.terrain import Area, Terrain

Output = tuple[dict[str, Any], list[str]]


def find_token(map_: Map, args: argparse.Namespace) -> Token:
    for token in map_.tokens:
        if args.token in (token.id, token.name):
            return token
    raise UsageError(f"no token '{args.token}' on {args.file}")


def find_grid(map_: Map, args: argparse.Namespace) -> EncounterGrid:
    try:
        return map_.grid(args.grid)
    except KeyError:
        raise UsageError(f"no grid '{args.grid}' on {args.file}") from None


def _setup(map_: Map, args: argparse.Namespace) -> tuple[EncounterGrid, Terrain, Area, str | None, Token | None]:
    grid = find_grid(map_, args)
    token = find_token(map_, args) if args.token else None
    side = args.side
    if token is not None:
        if not isinstance(token.location, AreaLocation) or token.location.grid != grid.id:
            raise UsageError(f"token '{args.token}' does not stand on grid '{grid.id}'")
        start = (token.location.row, token.location.col)
        side = side or token.side
    elif args.from_area is not None:
        start = args.from_area
    else:
        raise UsageError("say where to start: an area after the map (such as C5), --from-area C5 or --token TOKEN")
    if not grid.has_area(*start):
        raise UsageError(f"{area_words(grid, *start)} is not on grid '{grid.id}'")
    return grid, Terrain(grid), start, side, token


def _moved(map_: Map, args: argparse.Namespace) -> tuple[EncounterGrid, Area, GridReach]:
    grid, terrain, start, side, token = _setup(map_, args)
    speed = args.speed if args.speed is not None else (token.speeds.of(args.move) if token else None)
    if speed is None:
        raise UsageError("a move on a grid needs --speed N (or --token with speeds)")
    opponents = opponent_areas(map_, grid.id, side, token.id if token else None)
    return grid, start, reach_on_grid(terrain, start, args.move, speed, opponents)


def grid_reach(map_: Map, args: argparse.Namespace) -> Output:
    grid, start, found = _moved(map_, args)
    # every area's path only for JSON, which prints them: the text does not, and on a big grid
    # at a high speed the paths were most of a minute's work
    paths = getattr(args, "json", False)
    areas = [
        {"area": list(area), "cost": cost, "stops": area in found.stopped}
        | ({"path": [list(a) for a in found.path(area)]} if paths else {})
        for area, cost in found.areas()
    ]
    text = [f"From {area_words(grid, *start)} of {grid.id}, {found.move} {found.speed}: {len(areas)} areas"]
    text += [
        f"  {a['cost']:>3}  {area_name(grid, *a['area'])}" + ("  (overlap: move ends)" if a["stops"] else "")
        for a in areas
    ]
    data = {"grid": grid.id, "from": list(start), "move": found.move, "speed": found.speed, "areas": areas}
    return data, text


def grid_path(map_: Map, args: argparse.Namespace) -> Output:
    if args.to_area is None:
        raise UsageError("path on a grid needs the area to reach: MAP --grid GRID FROM TO, or --to-area E5")
    grid, start, found = _moved(map_, args)
    goal = tuple(args.to_area)
    if goal not in found.costs:
        raise NoWayThrough(
            f"{args.file}: no way through from {area_words(grid, *start)} to {area_words(grid, *goal)} "
            f"with {found.move} {found.speed}"
        )
    steps = found.path(goal)
    data = {"cost": found.costs[goal], "path": [list(a) for a in steps]}
    return data, [f"cost {data['cost']}: " + " -> ".join(area_name(grid, *a) for a in steps)]


def grid_range(map_: Map, args: argparse.Namespace) -> Output:
    grid, terrain, start, _side, token = _setup(map_, args)
    rows, text = [], [f"From {area_words(grid, *start)} of {grid.id}:"]
    for other in map_.tokens:
        where = other.location
        if other is token or not isinstance(where, AreaLocation) or where.grid != grid.id:
            continue
        line = attack_line(terrain, start, (where.row, where.col))
        behind = is_behind(area_centre(where.row, where.col), other.facing, area_centre(*start))
        rows.append(
            {
                "id": other.id,
                "name": other.name,
                "area": [where.row, where.col],
                "range": line.range,
                "cover": line.cover,
                "behind_flank": behind,
            }
        )
        notes = [f"cover -2 ({', '.join(line.cover)})"] if line.cover else []
        notes += ["behind its flank -2"] if behind else []
        text.append(f"  {line.range:>3}  {other.label}" + (f"  {'; '.join(notes)}" if notes else ""))
    return {"grid": grid.id, "from": list(start), "tokens": rows}, text
