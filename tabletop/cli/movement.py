"""`tabletop reach`, `path` and `range`: the rules engine on the command line.

Zones are named by id or by name. With --grid the same commands work on an encounter grid,
from an area named as the grid names it (C5: column letter, row number from the top-left A1;
the old global ROW,COL is still read), for a move type and a speed; tokens of other sides are
opponents. Areas named on a map of one grid need no --grid. A reach needs a budget (shifts, or
a speed on a grid); a path does not, its cost being the cheapest way's, and takes one only as
a limit.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from tabletop.cli.ending import load_kept
from tabletop.cli.errors import UsageError

if TYPE_CHECKING:  # maps, rules and the grid half are imported when a command runs, not at every start
    from tabletop.model import Map, Zone


class _MoveTypes:
    """The move types of rules.terrain as argparse choices, imported only when a --move is
    checked or --help lists them, so building the parser costs no model or rules import."""

    def __contains__(self, value: object) -> bool:
        from tabletop.rules.terrain import MOVE_TYPES

        return value in MOVE_TYPES

    def __iter__(self) -> Iterator[str]:
        from tabletop.rules.terrain import MOVE_TYPES

        return iter(MOVE_TYPES)


def add_movement_commands(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("reach", help="what can be reached with a budget of shifts (or a speed on a grid)")
    _common(p, speed="areas of movement on a grid (default: the token's speed)")
    p.add_argument("--shifts", "--budget", dest="budget", type=int, help="shifts to spend (zone maps; needed)")
    p = sub.add_parser(
        "path",
        help="the cheapest way from one zone (or area) to another, and its cost",
        description="The cheapest way from one zone to another and its cost, whatever the budget. "
        "On a map of encounter grids, from one area to another (C5 E5) for a move type: --grid "
        "names the grid, needed only when the map has several. --shifts (zone maps) or --speed "
        "(grids) makes the answer a limit: past it, one line says what the cheapest way costs, exit 1.",
    )
    _common(p, speed="a limit in areas of movement on a grid (default: none)", token="its side")
    p.add_argument(
        "--shifts",
        "--budget",
        dest="budget",
        type=int,
        help="a limit in shifts on a zone map (default: none)",
    )
    p.add_argument(
        "goal",
        nargs="?",
        metavar="TO",
        help="the zone to reach, by id or name (or --to); on a grid, an area such as E5",
    )
    p.add_argument("--to", metavar="ZONE", help="the zone to reach, by id or name")
    p.add_argument("--to-area", metavar="AREA", help="the area to reach on a grid, such as E5")
    p = sub.add_parser("range", help="range from a zone to every zone (or from an area to every token)")
    _common(p, speed=None, token="the area it stands on")


def _common(p: argparse.ArgumentParser, speed: str | None, token: str = "its side and speed") -> None:
    p.add_argument("file", metavar="MAP")
    p.add_argument(
        "origin",
        nargs="?",
        metavar="FROM",
        help="the start zone, by id or name (or --from); on a grid, an area such as C5",
    )
    p.add_argument("--from", dest="start", metavar="ZONE", help="the start zone, by id or name")
    p.add_argument("--token", help=f"start where this token stands (id or name); on a grid, {token}")
    p.add_argument(
        "--grid",
        metavar="NAME",
        help="work on this encounter grid (id or name) instead of the zones; a map of one grid and no "
        "zone of the names given needs none",
    )
    p.add_argument("--from-area", metavar="AREA", help="the start area on the grid, such as C5 (A1 is top-left)")
    p.add_argument(
        "--move",
        choices=_MoveTypes(),
        default="run",
        metavar="TYPE",  # argparse would list the choices (import the rules) while building the parser
        help="move type on a grid: %(choices)s (default run)",
    )
    if speed is not None:
        p.add_argument("--speed", type=int, help=speed)
    p.add_argument("--side", help="the mover's side on a grid: other known sides are opponents (neutral: none)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")


def places_after_options(args: argparse.Namespace, extra: list[str]) -> list[str]:
    """The places argparse leaves over when options come first (`path MAP --grid creek C5 E5`:
    a positional that may be missing is filled before the options are read); returns what is
    still unknown."""
    if getattr(args, "command", None) not in MOVEMENT_COMMANDS:
        return extra
    left = []
    for word in extra:
        slot = next((s for s in ("origin", "goal") if hasattr(args, s) and getattr(args, s) is None), None)
        if word.startswith("-") or slot is None:
            left.append(word)
        else:
            setattr(args, slot, word)
    return left


def _words_after_the_map(args: argparse.Namespace, map_: Map) -> None:
    """Places named as words after the map (`path MAP Gate "Guard room"`) stand for --from and
    --to, or on a grid for --from-area and --to-area (as --from and --to do there); a place
    given two ways must agree. On a grid every area is read with the grid known, by its name
    (C5) or the old ROW,COL."""
    from tabletop.cli.grid import find_grid

    grid = find_grid(map_, args) if args.grid else None
    for given, word in (("origin", "from"), ("goal", "to")):
        option = "start" if word == "from" else "to"
        dest = f"{word}_area" if grid is not None else option
        ways = [(getattr(args, given, None), f"'{getattr(args, given, None)}'")]
        if grid is not None:
            ways.append((getattr(args, option, None), f"--{word}"))
        ways.append((getattr(args, dest, None), f"--{word}-area" if grid is not None else f"--{word}"))
        places = [(text if grid is None else _area(grid, text, args), said) for text, said in ways if text is not None]
        if len({place for place, _ in places}) > 1:
            twice = " and ".join(said for _, said in places)
            raise UsageError(f"the place to go {word} is given twice ({twice}): give it once")
        setattr(args, dest, places[0][0] if places else None)


def _grid_for_areas(args: argparse.Namespace, map_: Map) -> None:
    """Areas named without --grid are on the map's encounter grid: `path MAP A1 C3` works on a
    map of one grid when no zone has those names (zones are asked first), and on a map of no
    zones whatever is named. With several grids the GM is asked which, in one line."""
    from tabletop.rules.area_names import is_area_text

    if args.grid or args.token or not map_.grids:
        return
    if map_.zones:
        areas = args.from_area is not None or getattr(args, "to_area", None) is not None
        words = [w for w in (args.origin, getattr(args, "goal", None)) if w is not None]
        zones = args.start is not None or getattr(args, "to", None) is not None
        named = bool(words) and all(is_area_text(w) and map_.find_zone(w) is None for w in words)
        if zones or not (areas or named):
            return
    if len(map_.grids) > 1:
        raise UsageError(
            f"{args.file} has {len(map_.grids)} encounter grids: say which with --grid NAME ({_grids(map_)})"
        )
    args.grid = map_.grids[0].id


def _grids(map_: Map) -> str:
    return ", ".join(f"{g.id} ({g.name})" if g.name and g.name != g.id else g.id for g in map_.grids)


def _area(grid, text: str, args: argparse.Namespace) -> tuple[int, int]:
    from tabletop.rules.area_names import area_from_text

    try:
        return area_from_text(grid, text)
    except ValueError as error:
        raise UsageError(f"{args.file}: {error}") from None


def _zone(map_: Map, key: str, args: argparse.Namespace) -> Zone:
    from tabletop.rules.area_names import is_area_text

    zone = map_.find_zone(key)
    if zone is None:
        if map_.zones:
            known = ", ".join(f"{z.id} ({z.name})" if z.name else z.id for z in map_.zones[:8])
            more = ", ..." if len(map_.zones) > 8 else ""
            said = f"no single zone '{key}' on {args.file}; its zones: {known}{more}"
        else:
            said = f"no zone '{key}' on {args.file}: it has no zones"
        if map_.grids and is_area_text(key):
            said += f"; for an area of a grid, add --grid NAME ({_grids(map_)})"
        raise UsageError(said)
    return zone


def _start_zone(map_: Map, args: argparse.Namespace) -> Zone:
    from tabletop.cli.grid import find_token

    if args.token:
        token = find_token(map_, args)
        if token.location is None or token.location.kind != "zone":
            raise UsageError(f"token '{args.token}' does not stand in a zone")
        return map_.zone(token.location.zone)
    if not args.start:
        raise UsageError("say where to start: a zone after the map, --from ZONE or --token TOKEN")
    return _zone(map_, args.start, args)


def _print(args: argparse.Namespace, data: dict[str, Any], text: list[str]) -> int:
    print(json.dumps(data, indent=2, ensure_ascii=False) if args.json else "\n".join(text))
    return 0


def _places(map_: Map, args: argparse.Namespace) -> None:
    """Which grid, if any, and where from and to; a budget only of the kind the place takes.
    With --token the mover stands where it starts, so a path's one place after the map is
    where it goes (`path MAP --token Kell E5`)."""
    if args.token and hasattr(args, "goal") and args.goal is None:
        args.origin, args.goal = None, args.origin
    _grid_of_token(map_, args)
    _grid_for_areas(args, map_)
    _words_after_the_map(args, map_)
    if args.grid and getattr(args, "budget", None) is not None:
        raise UsageError(f"--shifts is for zone maps: on grid '{args.grid}' the budget is --speed N")
    if not args.grid and getattr(args, "speed", None) is not None:
        raise UsageError("--speed is for encounter grids: on a zone map the budget is --shifts N")


def _grid_of_token(map_: Map, args: argparse.Namespace) -> None:
    """`--token NAME` for a token standing on an encounter grid works on that grid, as if
    `--grid` had named it."""
    from tabletop.cli.grid import find_token
    from tabletop.model import AreaLocation

    if args.grid or not args.token:
        return
    token = find_token(map_, args)
    if isinstance(token.location, AreaLocation):
        args.grid = token.location.grid


def run_reach(args: argparse.Namespace) -> int:
    from tabletop.cli.grid import grid_reach
    from tabletop.rules.movement import reach
    from tabletop.rules.zone_graph import ZoneGraph

    map_ = load_kept(args.file)
    _places(map_, args)
    if args.grid:
        return _print(args, *grid_reach(map_, args))
    if args.budget is None:
        raise UsageError("reach on a zone map needs --shifts N")
    start = _start_zone(map_, args)
    graph = ZoneGraph(map_)
    found = reach(graph, start.id, args.budget)
    zones, text = [], [f"From {start.label} with {args.budget} shifts:"]
    for zone_id, cost in found.zones():
        route = found.route(zone_id)
        label = graph.names[graph.index[zone_id]]
        zones.append({"id": zone_id, "name": label, "cost": cost, "path": route.path, "passages": route.passages})
        via = f"  via {', '.join(route.passages)}" if route.passages else ""
        text.append(f"  {cost:>3}  {label} ({zone_id}){via}")
    data = {"from": {"id": start.id, "name": start.name}, "budget": args.budget, "zones": zones}
    return _print(args, data, text)


def run_path(args: argparse.Namespace) -> int:
    from tabletop.cli.grid import grid_path
    from tabletop.rules.movement import NoWayThrough, path
    from tabletop.rules.zone_graph import ZoneGraph

    map_ = load_kept(args.file)
    _places(map_, args)
    if args.grid:
        return _print(args, *grid_path(map_, args))
    if not args.to:
        raise UsageError("path on a zone map needs the zone to reach: MAP FROM TO, or --to ZONE")
    start, goal = _start_zone(map_, args), _zone(map_, args.to, args)
    try:
        route = path(ZoneGraph(map_), start.id, goal.id)
    except NoWayThrough:
        raise NoWayThrough(f"{args.file}: no way through from {start.label} to {goal.label}") from None
    if args.budget is not None and route.cost > args.budget:
        raise NoWayThrough(
            f"{args.file}: {goal.label} is out of reach from {start.label} with {args.budget} shifts: "
            f"the cheapest way costs {route.cost}"
        )
    data = {"cost": route.cost, "path": route.path, "passages": route.passages}
    names = " -> ".join(map_.zone(z).label for z in route.path)
    return _print(args, data, [f"{names}: cost {route.cost}", *[f"  {p}" for p in route.passages]])


def run_range(args: argparse.Namespace) -> int:
    from tabletop.cli.grid import grid_range
    from tabletop.rules.ranges import range_field
    from tabletop.rules.zone_graph import ZoneGraph

    map_ = load_kept(args.file)
    _places(map_, args)
    if args.grid:
        return _print(args, *grid_range(map_, args))
    start = _start_zone(map_, args)
    graph = ZoneGraph(map_)
    field = range_field(graph, start.id)
    rows = [{"id": z, "name": graph.names[graph.index[z]], "range": r} for z, r in field.zones()]
    text = [f"Range from {start.label}:", *[f"  {row['range']:>3}  {row['name']} ({row['id']})" for row in rows]]
    return _print(args, {"from": {"id": start.id, "name": start.name}, "zones": rows}, text)


MOVEMENT_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "reach": run_reach,
    "path": run_path,
    "range": run_range,
}
