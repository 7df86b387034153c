"""The way a token went when it moved, as the players' window replays it: the cheapest route
the rules give from where it stood to where it stands (rules/movement.py on a zone map,
rules/grid_movement.py on a grid), each place on it with what entering it cost, the running
total, the part of an AF move it belongs to (maneuver or hustle), and whether the players see
that place. Plain data, worked out once per move; the window only animates it."""

from __future__ import annotations

from dataclasses import dataclass, replace

from tabletop.model import Map, Token
from tabletop.model.tokens import AreaLocation, ZoneLocation
from tabletop.rules.grid_movement import grid_reach
from tabletop.rules.movement import NoWayThrough, path
from tabletop.rules.sides import opponent_areas
from tabletop.rules.terrain import Area, Terrain
from tabletop.rules.visibility import LIVE, Fog, token_hidden, zone_clear
from tabletop.rules.zone_graph import ZoneGraph

MOVE_TYPES = ("run", "fly", "climb", "swim")
"""The move types tried on a grid, in this order: the first that reaches the area is the one
the token went by (a move records no move type of its own)."""
FAR = 10_000
"""A speed no move on a grid is short of: the replay shows how the token went, the rules have
already judged whether it could."""


@dataclass(frozen=True)
class Stop:
    """One place on the way: a zone's id, or an area (row, col) of the route's grid."""

    place: str | Area
    cost: int
    """What entering it cost: the border's pass value, or the area's cost in speed (0 at the start)."""
    spent: int
    """The total paid from the start up to and including this place."""
    seen: bool
    """The players see this place itself (shown and not fogged)."""
    crossing: str = ""
    """On a zone map, the border crossed into it."""
    part: str = ""
    """On an AF grid in a conflict: "maneuver" or "hustle"; else empty."""
    told: int = 0
    """The total the players saw paid: only steps from a place they see into one they see
    count, so a figure shown after fog never tells what the way through the fog cost."""
    maneuver: int = 0
    """On an AF grid, the maneuver's share of `told` (a hustle's stop after a maneuver in the
    same drag shows both parts; a hustle snap's move has none)."""
    whole: int = 0
    """On an AF grid, what the players see paid over the whole move (its last stop's `told`),
    so a stop on the way reads as a share of the move the log records."""
    whole_maneuver: int = 0
    """On an AF grid, the maneuver's share of `whole`."""


@dataclass(frozen=True)
class MoveRoute:
    """The cheapest way a token went, start first; `grid` is the grid's id on a grid."""

    token: str
    stops: tuple[Stop, ...]
    grid: str | None = None

    @property
    def cost(self) -> int:
        return self.stops[-1].spent

    def seen_at_all(self) -> bool:
        return any(stop.seen for stop in self.stops)


def move_route(
    map_: Map,
    token: Token,
    was: ZoneLocation | AreaLocation | None,
    graph: ZoneGraph | None = None,
    fog: Fog = LIVE,
    hustle: bool = False,
) -> MoveRoute | None:
    """The route `token` (as it stands now on `map_`) took from `was`, or None when there is
    nothing to replay: a hidden token, a place not on the map, a move between grids or between
    a grid and the zones, or no way through. `hustle`: the whole move was a hustle snap."""
    now = token.location
    if token_hidden(token) or was is None or now is None or was == now:
        return None
    if isinstance(was, ZoneLocation) and isinstance(now, ZoneLocation):
        return _zone_route(map_, token, was.zone, now.zone, graph or ZoneGraph(map_), fog)
    if isinstance(was, AreaLocation) and isinstance(now, AreaLocation) and was.grid == now.grid:
        return _grid_route(map_, token, (was.row, was.col), (now.row, now.col), now.grid, fog, hustle)
    return None


def _zone_route(map_: Map, token: Token, start: str, goal: str, graph: ZoneGraph, fog: Fog) -> MoveRoute | None:
    zones = {z.id: z for z in map_.zones}
    if start not in zones or goal not in zones:
        return None
    try:
        route = path(graph, start, goal)
    except NoWayThrough:
        return None
    stops = [Stop(start, 0, 0, zone_clear(zones[start], fog))]
    for zone_id, crossing in zip(route.path[1:], route.crossings, strict=True):
        last, seen = stops[-1], zone_clear(zones[zone_id], fog)
        told = last.told + (crossing.cost if seen and last.seen else 0)
        stops.append(Stop(zone_id, crossing.cost, last.spent + crossing.cost, seen, crossing.border, told=told))
    return MoveRoute(token.id, tuple(stops))


def _grid_route(
    map_: Map, token: Token, start: Area, goal: Area, grid_id: str, fog: Fog, hustle: bool
) -> MoveRoute | None:
    grid = next((g for g in map_.grids if g.id == grid_id), None)
    if grid is None:
        return None
    terrain = Terrain(grid)
    if not (terrain.contains(start) and terrain.contains(goal)):
        return None
    opponents = opponent_areas(map_, grid_id, token.side, token.id)
    for move in MOVE_TYPES:
        if move == "fly" and token.speeds.fly is None:
            continue
        reach = grid_reach(terrain, start, move, FAR, opponents)
        if goal in reach.costs:
            break
    else:
        return None
    split = _maneuver_areas(map_, token, move, hustle)
    stops: list[Stop] = []
    for area in reach.path(goal):
        spent, seen = reach.costs[area], not fog.area_fogged(grid, area)
        if not stops:
            start = "" if split is None else ("hustle" if split == 0 else "maneuver")
            stops.append(Stop(area, 0, 0, seen, part=start))
            continue
        last = stops[-1]
        cost = spent - last.spent
        part = "" if split is None else ("maneuver" if spent <= split else "hustle")
        paid = cost if seen and last.seen else 0
        maneuver = last.maneuver + (paid if part == "maneuver" else 0)
        stops.append(Stop(area, cost, spent, seen, part=part, told=last.told + paid, maneuver=maneuver))
    end = stops[-1]
    stops = [replace(stop, whole=end.told, whole_maneuver=end.maneuver) for stop in stops]
    return MoveRoute(token.id, tuple(stops), grid_id)


def _maneuver_areas(map_: Map, token: Token, move: str, hustle: bool) -> int | None:
    """In an AF conflict the token takes part in, how much of a move its maneuver covers: its
    speed, the rest being the hustle snap's (half the speed, at least 1 after a maneuver); none of
    it when the move was a hustle alone. None outside an AF conflict: the move has no parts."""
    conflict = map_.conflict
    if conflict is None or conflict.system != "af" or all(p.token != token.id for p in conflict.participants):
        return None
    return 0 if hustle else token.speeds.of(move)


def hustle_last(map_: Map, token_id: str) -> bool:
    """Whether the conflict's newest log entry is this token's hustle snap: the move just made
    was that hustle (the log is written in the same step as the move)."""
    conflict = map_.conflict
    return bool(
        conflict and conflict.log and conflict.log[-1].actor == token_id and conflict.log[-1].action == "hustle"
    )


def tick_words(stop: Stop) -> str:
    """What the players read by the token as it enters a place: what it paid there and what
    they saw paid so far (on an AF grid, the maneuver's areas and the hustle's apart)."""
    if stop.part:
        # only the parts this move paid: a hustle after the turn's maneuver (its own move) is
        # "hustle N areas", and "maneuver N areas + hustle M area" is one drag that used both;
        # on the way each part reads as a share of its whole ("maneuver 1 of 2 areas"), so a
        # figure mid-replay is never taken for the move the log records
        hustled = stop.told - stop.maneuver if stop.part == "hustle" else 0
        shares = (
            ("maneuver", stop.maneuver, stop.whole_maneuver),
            ("hustle", hustled, stop.whole - stop.whole_maneuver),
        )
        return " + ".join(_share(word, done, whole) for word, done, whole in shares if done)
    if stop.crossing:
        return f"+{stop.cost} · {stop.told} shifts"
    return f"{stop.told} {'area' if stop.told == 1 else 'areas'}" if stop.told else ""


def _share(word: str, done: int, whole: int) -> str:
    """One part of an AF move in words: "maneuver 2 areas", or "maneuver 1 of 2 areas" on the way."""
    of = f" of {whole}" if whole > done else ""
    return f"{word} {done}{of} {'area' if max(done, whole) == 1 else 'areas'}"
