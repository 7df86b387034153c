"""Which zones a party token sees: through open ground, an open door or a window; not through
a closed or locked door, a wall or a border with no passage; no further than the GM's range;
never into (or past) a hidden zone."""

from __future__ import annotations

import pytest

from tabletop.model import Door, Passage, Token, ZoneLocation
from tabletop.rules.sight import party_sight
from tests.rules.sight_maps import row_of_rooms

OPEN = [Passage()]
WINDOW = [Passage(cost_from_a=None, cost_from_b=None, sight="clear")]


@pytest.mark.parametrize(
    ("between", "seen"),
    [
        ([Passage()], True),
        ([Passage(door=Door(state="open"))], True),
        ([Passage(door=Door(state="broken"))], True),
        (WINDOW, True),
        ([Passage(door=Door(state="closed"))], False),
        ([Passage(door=Door(state="locked"))], False),
        ([Passage(cost_from_a=7, cost_from_b=7, sight="blocked")], False),
        ([], False),
        ([Passage(door=Door(state="closed")), Passage(sight="clear")], True),  # a door with a window beside it
    ],
)
def test_sight_into_the_next_room(between, seen):
    map_ = row_of_rooms([between])
    assert ("r1" in party_sight(map_, "runners")) is seen


def test_sight_reaches_as_many_borders_as_the_range_says():
    map_ = row_of_rooms([OPEN] * 6)
    assert party_sight(map_, "runners", reach=0) == {"r0"}
    assert party_sight(map_, "runners", reach=2) == {"r0", "r1", "r2"}
    assert party_sight(map_, "runners", reach=4) == {f"r{i}" for i in range(5)}


def test_a_closed_door_stops_sight_beyond_it_too():
    map_ = row_of_rooms([OPEN, [Passage(door=Door(state="closed"))], OPEN])
    assert party_sight(map_, "runners", reach=9) == {"r0", "r1"}


def test_a_hidden_room_is_never_seen_nor_seen_past():
    map_ = row_of_rooms([OPEN, OPEN, OPEN], hidden=frozenset({1}))
    assert party_sight(map_, "runners", reach=9) == {"r0"}


def test_only_the_players_tokens_they_see_look():
    map_ = row_of_rooms([OPEN, OPEN, OPEN])
    raider = Token(id="raider", name="Raider", side="raiders", location=ZoneLocation(zone="r3"))
    scout = Token(id="scout", name="Scout", side="runners", hidden=True, location=ZoneLocation(zone="r3"))
    map_ = map_.model_copy(update={"tokens": [*map_.tokens, raider, scout]})
    assert party_sight(map_, "runners", reach=1) == {"r0", "r1"}
    assert party_sight(map_, "", reach=1) == set()  # no side chosen: no one looks for the players


def test_a_range_in_map_units_sums_the_steps_between_zone_centres():
    map_ = row_of_rooms([OPEN] * 4)  # rooms 100 units wide: centres 100 apart
    assert party_sight(map_, "runners", reach=0, units=250.0) == {"r0", "r1", "r2"}
    assert party_sight(map_, "runners", reach=9, units=99.0) == {"r0"}
    closed = row_of_rooms([OPEN, [Passage(door=Door(state="closed"))], OPEN])
    assert party_sight(closed, "runners", reach=0, units=1000.0) == {"r0", "r1"}
