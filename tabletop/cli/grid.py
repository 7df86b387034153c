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
    """The grid --grid names, by id, else by its name as the GM typed it (any case)."""
    for grid in map_.grids:
        if grid.id == args.grid:
            return grid
    named = [g for g in map_.grids if g.name.casefold() == args.grid.casefold()]
    if len(named) == 1:
        return named[0]
    known = ", ".join(f"{g.id} ({g.name})" if g.name and g.name != g.id else g.id for g in map_.grids)
    raise UsageError(
        f"no single grid '{args.grid}' on {args.file}; " + (f"its grids: {known}" if known else "it has none")
    )


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


def _moved(map_: Map, args: argparse.Namespace, limit: bool = True) -> tuple[EncounterGrid, Area, GridReach]:
    """A maneuver's reach: at the speed asked (or the token's); with `limit` False and no speed
    asked, at any speed, for a path's cheapest way."""
    grid, terrain, start, side, token = _setup(map_, args)
    speed = args.speed if args.speed is not None else (token.speeds.of(args.move) if token and limit else None)
    if speed is None and limit:
        raise UsageError("a move on a grid needs --speed N (or --token with speeds)")
    opponents = opponent_areas(map_, grid.id, side, token.id if token else None)
    return grid, start, reach_on_grid(terrain, start, args.move, _ANY if speed is None else speed, opponents)


_ANY = 2**62
"""The speed of a path asked without one: the search stops at the dearest way on the grid
whatever the speed, so this costs no more than a speed just large enough."""


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
    """The cheapest way to an area for the move type; a speed given is a limit, and past it one
    line says what the cheapest way costs."""
    if args.to_area is None:
        raise UsageError("path on a grid needs the area to reach: MAP FROM TO (such as C5 E5), or --to-area E5")
    grid, start, found = _moved(map_, args, limit=False)
    goal = tuple(args.to_area)
    if goal not in found.costs:
        where = f"from {area_words(grid, *start)} to {area_words(grid, *goal)}"
        if args.speed is not None:
            cheapest = _moved(map_, argparse.Namespace(**{**vars(args), "speed": None}), limit=False)[2]
            if goal in cheapest.costs:
                raise NoWayThrough(
                    f"{args.file}: {area_words(grid, *goal)} is out of reach from {area_words(grid, *start)} "
                    f"with {found.move} {args.speed}: the cheapest way costs {cheapest.costs[goal]}"
                )
        raise NoWayThrough(
            f"{args.file}: no way through {where} with {found.move}{_other_moves(grid, goal, found.move)}"
        )
    steps = found.path(goal)
    data = {"cost": found.costs[goal], "path": [list(a) for a in steps]}
    return data, [f"cost {data['cost']}: " + " -> ".join(area_name(grid, *a) for a in steps)]


def _other_moves(grid: EncounterGrid, goal: Area, move: str) -> str:
    """Why a move type finds no way when the goal's own ground shuts it out ("The creek's water
    needs --move swim"), else nothing."""
    from tabletop.rules.terrain import MOVE_TYPES

    terrain = Terrain(grid)
    if terrain.enter_cost(goal, move) is not None:
        return ""
    others = [m for m in MOVE_TYPES if terrain.enter_cost(goal, m) is not None]
    can = f" (--move {' or '.join(others)} can)" if others else ""
    return f": {move} cannot enter {area_name(grid, *goal)}{can}"


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
