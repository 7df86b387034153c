"""Who takes part in an AF encounter while it runs: a token the end-of-exchange trim leaves
outside has exited ("Zone"), reinforcements arrive between exchanges at the arrival edges and
take their turns on their reflex ("Exchange", "Setup"), the GM takes someone out of the order,
and who sets up first ("Setup")."""

from __future__ import annotations

import pytest

from tabletop.model import AreaLocation
from tabletop.rules.growth import grow
from tests.rules.af_play import creek
from tests.rules.af_steps import last, play, standing, started, take

NEXT = {"do": "next"}
THREE = {"Mira": 5, "Kell": 3, "Raider": 2}


def three(map_=None, *steps):
    """Mira, Kell and the raider in an encounter (no archer), Mira's turn begun."""
    start = {"do": "start", "system": "af", "tokens": list(THREE), "reflexes": THREE}
    return play(map_ or creek(), start, *steps)


def grown_east(map_):
    """The encounter's grid grown a column of tiles east during the encounter (off its edge)."""
    return map_.model_copy(update={"grids": [grow(map_.grids[0], map_.tile_sets[0], "east")]})


def test_a_token_left_outside_at_the_trim_exits_the_encounter_at_once():
    map_ = standing(grown_east(three(None, NEXT, NEXT)), "raider", 7, 14)  # the raider's turn, at the old edge
    map_ = play(map_, {"do": "act", "actor": "Raider", "action": "maneuver", "to": [7, 15], "facing": 90})
    step = take(map_, {"do": "end_exchange"})
    assert "Raider exits the encounter" in step.text
    map_ = play(map_, {"do": "end_exchange"})
    assert map_.token("raider").location is None
    assert map_.conflict.order == ["mira", "kell"] and all(p.token != "raider" for p in map_.conflict.participants)
    assert (last(map_).actor, last(map_).action) == ("raider", "exits the encounter")
    with pytest.raises(ValueError, match="'Raider' does not take part"):
        take(map_, {"do": "act", "actor": "Raider", "action": "attack", "target": "Kell"})
    map_ = play(map_, NEXT, NEXT, NEXT)
    assert (map_.conflict.exchange, map_.conflict.round, map_.conflict.turn) == (2, 2, "mira"), "no turn for it"


def test_when_everyone_exits_at_the_trim_the_encounter_ends():
    map_ = grown_east(play(creek(), {"do": "start", "system": "af", "tokens": ["Raider"], "reflexes": {"Raider": 2}}))
    map_ = play(standing(map_, "raider", 7, 14), {"do": "act", "actor": "Raider", "action": "maneuver", "to": [7, 15]})
    map_ = play(map_, {"do": "end_exchange"})
    assert map_.conflict.ended == "ended" and map_.conflict.participants == []


def test_reinforcements_arrive_at_an_arrival_edge_between_exchanges_and_act_on_their_reflex():
    map_ = three(None, {"do": "end_exchange"})
    add = {"do": "add", "tokens": ["Raider archer"], "reflexes": {"Raider archer": 4}, "to": [0, 7]}
    step = take(map_, add)
    assert step.text == "Raider archer (reflex 4) arrives"
    map_ = play(map_, add)
    assert map_.token("archer").location == AreaLocation(grid="creek", row=0, col=7)
    assert map_.conflict.order == ["mira", "archer", "kell", "raider"]
    assert (last(map_).action, last(map_).numbers) == ("arrives", {"reflex": 4})
    turns = []
    for _ in range(4):
        map_ = play(map_, NEXT)
        turns.append(map_.conflict.turn)
    assert turns == ["mira", "archer", "kell", "raider"] and map_.conflict.exchange == 2


def test_an_arrival_off_the_arrival_edges_or_mid_exchange_is_the_gms_word():
    map_ = three()
    grid = map_.grids[0].model_copy(update={"arrivals": ["east"]})
    map_ = map_.model_copy(update={"grids": [grid]})
    step = take(map_, {"do": "add", "tokens": ["Raider archer"], "reflexes": {"Raider archer": 4}, "to": [0, 7]})
    assert "area H1 is not on an arrival edge of The creek (east): on the GM's word" in step.text
    assert "arrivals come between exchanges: on the GM's word" in step.text
    assert "first turn" not in step.text, "at 4, after Mira, it acts this round"
    early = take(map_, {"do": "add", "tokens": ["Raider archer"], "reflexes": {"Raider archer": 9}})
    assert "Raider archer's first turn comes next round" in early.text, "ahead of Mira, who acts already"
    arrived = play(map_, {"do": "add", "tokens": ["Raider archer"], "reflexes": {"Raider archer": 4}, "to": [3, 14]})
    assert "arrival edge" not in last(arrived).story
    with pytest.raises(ValueError, match="the area 26 east of O1 is off The creek"):
        take(map_, {"do": "add", "tokens": ["Raider archer"], "reflexes": {"Raider archer": 4}, "to": [0, 40]})
    with pytest.raises(ValueError, match="takes part already"):
        take(map_, {"do": "add", "tokens": ["Kell"], "reflexes": {"Kell": 3}})


def test_an_arrival_standing_nowhere_is_said():
    map_ = three(None, {"do": "end_exchange"})
    archer = map_.token("archer").model_copy(update={"location": None})
    map_ = map_.model_copy(update={"tokens": [archer if t.id == "archer" else t for t in map_.tokens]})
    assert (
        "Raider archer stands nowhere on the map"
        in take(map_, {"do": "add", "tokens": ["Raider archer"], "reflexes": {"Raider archer": 4}}).text
    )


def test_removing_whose_turn_it_is_passes_the_turn_on():
    map_ = started(NEXT)  # the archer's turn
    step = take(map_, {"do": "remove", "tokens": ["Raider archer"]})
    assert step.text.startswith("Raider archer leaves the encounter; the turn passes on: Kell's turn, round 1")
    map_ = play(map_, {"do": "remove", "tokens": ["Raider archer"]})
    assert map_.conflict.turn == "kell" and "archer" not in map_.conflict.order
    assert map_.token("archer").location is not None, "it stays on the map"
    assert [e.action for e in map_.conflict.log[-2:]] == ["leaves the encounter", "turn"]


def test_removing_the_last_in_the_round_begins_the_next_round_and_after_round_five_ends_the_exchange():
    map_ = started(NEXT, NEXT, NEXT)  # the raider, last in round 1
    map_ = play(map_, {"do": "remove", "tokens": ["Raider"]})
    assert (map_.conflict.round, map_.conflict.turn) == (2, "mira")
    late = started(NEXT, NEXT, NEXT).model_copy()
    late = late.model_copy(update={"conflict": late.conflict.model_copy(update={"round": 5})})
    step = take(late, {"do": "remove", "tokens": ["Raider"]})
    assert "Raider leaves the encounter; End exchange 1" in step.text
    assert (step.conflict.exchange, step.conflict.turn) == (2, None)


def test_removing_another_keeps_the_turn():
    map_ = play(started(), {"do": "remove", "tokens": ["Kell", "Raider"]})
    assert map_.conflict.turn == "mira" and map_.conflict.order == ["mira", "archer"]
    with pytest.raises(ValueError, match="none of them takes part"):
        take(map_, {"do": "remove", "tokens": ["Kell"]})


def test_who_sets_up_first_is_logged_and_must_be_a_side_taking_part():
    map_ = started(sets_up_first="raiders")
    assert map_.conflict.sets_up_first == "raiders"
    assert "raiders sets up first" in map_.conflict.log[0].story
    with pytest.raises(ValueError, match="nobody taking part is on the side 'pirates'"):
        started(sets_up_first="pirates")
