"""The route the players' window replays is the rules' cheapest path: on a zone map each border
crossed with its pass value (movement.path), on a grid each area with its cost (grid_reach), an
AF move split into its maneuver and its hustle; the figures count only what the players saw."""

from __future__ import annotations

import pytest

from tabletop.model import Map, ZoneLocation
from tabletop.model.conflict import Conflict, LogEntry, Participant
from tabletop.model.tokens import AreaLocation
from tabletop.rules.grid_movement import grid_reach
from tabletop.rules.move_routes import hustle_last, move_route, tick_words
from tabletop.rules.movement import NoWayThrough, path
from tabletop.rules.terrain import Terrain
from tabletop.rules.visibility import HeldFog
from tabletop.rules.zone_graph import ZoneGraph
from tabletop.samples import af_encounter, nephrite_net, room_with_door, warehouse


def _moved(map_: Map, token_id: str, location) -> Map:
    tokens = [t.model_copy(update={"location": location}) if t.id == token_id else t for t in map_.tokens]
    return map_.model_copy(update={"tokens": tokens})


@pytest.mark.parametrize("sample", [warehouse, room_with_door, nephrite_net])
def test_each_zone_and_pass_value_is_the_cheapest_paths(sample):
    map_ = sample()
    token = next(t for t in map_.tokens if isinstance(t.location, ZoneLocation))
    graph = ZoneGraph(map_)
    start = token.location.zone
    compared = 0
    for goal in (z.id for z in map_.zones if z.id != start):
        try:
            rules = path(graph, start, goal)
        except NoWayThrough:
            continue
        after = _moved(map_, token.id, ZoneLocation(zone=goal))
        route = move_route(after, after.token(token.id), token.location, graph)
        assert [s.place for s in route.stops] == rules.path
        assert [s.cost for s in route.stops[1:]] == [c.cost for c in rules.crossings]
        assert [s.crossing for s in route.stops[1:]] == [c.border for c in rules.crossings]
        assert route.cost == rules.cost and route.stops[-1].told == rules.cost
        compared += 1
    assert compared >= 1


def test_the_warehouse_ticks_three_shifts_a_border():
    map_ = warehouse()
    after = _moved(map_, "gatto", ZoneLocation(zone="z3"))
    route = move_route(after, after.token("gatto"), ZoneLocation(zone="z1"))
    assert [tick_words(s) for s in route.stops] == ["", "+3 · 3 shifts", "+3 · 6 shifts"]


@pytest.mark.parametrize("goal", [(7, 6), (4, 3), (3, 6), (1, 1), (2, 2)])
def test_each_area_and_its_cost_is_the_grids_cheapest_path(goal):
    map_ = af_encounter()
    after = _moved(map_, "kell", AreaLocation(grid="creek", row=goal[0], col=goal[1]))
    reach = grid_reach(Terrain(map_.grids[0]), (7, 3), "run", 10_000, [(7, 9), (2, 12)])
    route = move_route(after, after.token("kell"), map_.token("kell").location)
    assert route.grid == "creek"
    assert [s.place for s in route.stops] == reach.path(goal)
    assert [s.spent for s in route.stops] == [reach.costs[a] for a in reach.path(goal)]
    assert route.cost == reach.costs[goal]
    assert {s.part for s in route.stops} == {""}  # no conflict: a move has no maneuver or hustle


def _in_af(map_: Map, *log: LogEntry) -> Map:
    conflict = Conflict(system="af", participants=[Participant(token="kell", side="band")], log=list(log))
    return map_.model_copy(update={"conflict": conflict})


def test_an_af_move_past_the_speed_splits_into_maneuver_and_hustle():
    """Kell runs 3: a way of 4 areas is 3 of maneuver and 1 of hustle."""
    map_ = _in_af(af_encounter())
    after = _moved(map_, "kell", AreaLocation(grid="creek", row=3, col=6))
    route = move_route(after, after.token("kell"), map_.token("kell").location)
    assert after.token("kell").speeds.run == 3 and route.cost == 4
    assert [s.part for s in route.stops[1:]] == ["maneuver", "maneuver", "maneuver", "hustle"]
    assert tick_words(route.stops[0]) == ""
    assert tick_words(route.stops[1]) == "maneuver 1 of 3 areas"  # on the way: a share of the whole
    assert tick_words(route.stops[3]) == "maneuver 3 areas"
    assert tick_words(route.stops[4]) == "maneuver 3 areas + hustle 1 area"  # one drag used both


def test_a_hustle_snaps_move_is_all_hustle():
    map_ = _in_af(af_encounter(), LogEntry(exchange=1, actor="kell", action="hustle"))
    after = _moved(map_, "kell", AreaLocation(grid="creek", row=7, col=4))
    assert hustle_last(after, "kell") and not hustle_last(after, "mira")
    route = move_route(after, after.token("kell"), map_.token("kell").location, hustle=True)
    assert [s.part for s in route.stops] == ["hustle", "hustle"]
    assert [tick_words(s) for s in route.stops] == ["", "hustle 1 area"]  # never "maneuver 0"


def test_a_hidden_token_or_a_move_between_grid_and_zones_has_no_route():
    map_ = warehouse()
    hidden = map_.token("gatto").model_copy(update={"hidden": True, "location": ZoneLocation(zone="z3")})
    assert move_route(map_, hidden, ZoneLocation(zone="z1")) is None
    kell = af_encounter().token("kell")
    assert move_route(af_encounter(), kell, ZoneLocation(zone="z1")) is None
    assert move_route(af_encounter(), kell, kell.location) is None


def test_the_figures_count_only_what_the_players_saw_paid():
    """Through a fogged middle zone: the places on either side are seen, the middle is not, and
    neither border into it adds to the figure shown (it would tell what the fog hides)."""
    map_ = warehouse()
    after = _moved(map_, "gatto", ZoneLocation(zone="z3"))
    route = move_route(after, after.token("gatto"), ZoneLocation(zone="z1"), fog=HeldFog(frozenset({"z2"})))
    assert [s.seen for s in route.stops] == [True, False, True]
    assert [s.told for s in route.stops] == [0, 0, 0] and route.cost == 6
    grid = af_encounter()
    after = _moved(grid, "kell", AreaLocation(grid="creek", row=7, col=6))
    fog = HeldFog(grids={"creek": frozenset({(7, 5)})})
    route = move_route(after, after.token("kell"), grid.token("kell").location, fog=fog)
    assert [s.seen for s in route.stops] == [True, True, False, True]
    assert [s.told for s in route.stops] == [0, 1, 1, 1]
