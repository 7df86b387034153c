"""The Edgerunner helper: the GM's words for an action being declared, in the text's terms
only (range in borders, thresholds, boxes, pass values; never AF's flank, parry or dodge),
and always what the step then does."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.model import ZoneLocation
from tabletop.rules import ZoneGraph, edgerunner_state
from tabletop.rules.systems import system
from tests.rules.edgerunner_play import START, act, played, sample, take, with_jade

RULES = system("edgerunner")
BASE = played(with_jade(sample("warehouse")), START)
NET = played(sample("nephrite-net"), START)


def helper(map_, step: dict) -> str:
    return RULES.helper(map_, map_.conflict, step, ZoneGraph(map_))


def test_the_attack_helper_tells_range_without_taking_it_off() -> None:
    said = helper(BASE, act("Hargan", "attack", target="Gatto", track="health", shifts=3))
    assert said == "range 2 borders, not taken off an attack · Gatto's health threshold 3 · 3 shifts mark box 3"
    assert not re.search(r"flank|parry|dodge", said)
    step = take(BASE, act("Hargan", "attack", target="Gatto", track="health", shifts=3))
    assert step.conflict.log[-1].numbers["box"] == 3


def test_a_held_defense_is_the_threshold_the_helper_tells() -> None:
    map_ = played(BASE, act("Jade", "defense", target="Gatto", track="health", shifts=5))
    said = helper(map_, act("Hargan", "attack", target="Gatto", track="health", shifts=5))
    assert "Gatto's health threshold 5 (Jade's defense; its own 3)" in said
    assert said.endswith("5 shifts mark box 5")


def test_the_helper_tells_a_border_an_aspect_and_a_threshold_to_assign() -> None:
    border = helper(NET, act("Nephrite", "attack", target="Firewall", shifts=4))
    said = "range 0 (the same zone), not taken off an attack · Firewall's integrity threshold 3"
    assert border == said + " · 4 shifts take Firewall out"
    aspect = helper(NET, act("Nephrite", "attack", aspect="Icewall", on="border Firewall", shifts=1))
    assert aspect == "Icewall has 1 box · 1 shift leave it standing"
    bare = helper(NET, act("Nephrite", "attack", target="Router – Relay 1", shifts=1))
    assert bare == "Router – Relay 1 has no stress track: the referee assigns its stress threshold"


@settings(max_examples=80, suppress_health_check=[HealthCheck.too_slow])
@given(
    marked=st.sets(st.integers(1, 5), max_size=4),
    defended=st.one_of(st.none(), st.integers(0, 6)),
    bid=st.integers(0, 3),
    shifts=st.integers(-2, 9),
    resisted=st.integers(0, 3),
    track_name=st.sampled_from(["health", "cool"]),
)
def test_what_the_attack_helper_predicts_is_what_the_attack_does(marked, defended, bid, shifts, resisted, track_name):
    steps = [{"do": "mark", "target": "Gatto", "track": track_name, "box": b} for b in sorted(marked)]
    if defended is not None:
        steps.append(act("Jade", "defense", target="Gatto", track=track_name, shifts=defended))
    if bid:
        steps.append({"do": "next", "bids": {"Hargan": bid}})
    map_ = played(BASE, *steps)
    resist = {"consequences": [{"name": "Bruised", "shifts": resisted}]} if resisted else None
    strike = act("Hargan", "attack", target="Gatto", track=track_name, shifts=shifts)
    if resist:
        strike["resist"] = resist
    said = helper(map_, strike).split(" · ")[-1]
    done = take(map_, strike).conflict.log
    attack = next(e for e in reversed(done) if e.action == "attack")
    out = any(e.action == "taken out" for e in done[len(map_.conflict.log) :])
    if out:
        assert said.endswith("take Gatto out")
    elif "box" in attack.numbers:
        assert said.endswith(f"mark box {attack.numbers['box']}")
    else:
        assert said.endswith("mark nothing")
    assert said.startswith(f"{shifts} less" if bid or resisted else f"{attack.numbers['shifts']} shift")


@pytest.mark.parametrize(("zone", "shifts"), [("z1", 5), ("z2", 5), ("z3", 5), ("z2", 1), ("z3", 2)])
def test_the_defense_helper_counts_range_off_as_the_defense_does(zone, shifts) -> None:
    gatto = BASE.token("gatto").model_copy(update={"location": ZoneLocation(zone=zone)})
    map_ = BASE.model_copy(update={"tokens": [gatto if t.id == "gatto" else t for t in BASE.tokens]})
    guard = act("Jade", "defense", target="Gatto", track="health", shifts=shifts)
    said = helper(map_, guard)
    threshold = take(map_, guard).conflict.log[-1].numbers["threshold"]
    assert said.endswith(f": threshold {threshold}")
    assert not re.search(r"flank|parry|dodge", said)


def test_the_move_another_helper_counts_from_the_targets_starting_zone() -> None:
    map_ = played(NET, act("IC daemon", "move", to="Relay 1", shifts=1), {"do": "end_exchange"})
    push = act("Nephrite", "move another", target="IC daemon", to="Backup store")
    assert helper(map_, push | {"shifts": 4}) == (
        "range 1 border to IC daemon's starting zone · 4 shifts leave 3 · cost 3 to Backup store · 3 shifts pay it"
    )
    assert helper(map_, push | {"shifts": 3}).endswith("2 shifts cannot pay it")
    assert "falls short" in take(map_, push | {"shifts": 3}).conflict.log[-1].action


@pytest.mark.parametrize(("shifts", "pays"), [(2, False), (3, True), (6, True)])
def test_the_move_helper_tells_the_cost_and_whether_the_shifts_pay(shifts, pays) -> None:
    said = helper(BASE, act("Gatto", "move", to="Middle", shifts=shifts))
    assert said == f"cost 3 to Middle · {shifts} shifts {'pay it' if pays else 'cannot pay it'}"
    moved = take(BASE, act("Gatto", "move", to="Middle", shifts=shifts)).conflict.log[-1].action == "move"
    assert moved == pays  # what the helper foretold: the whole way, or short of it
    assert helper(BASE, act("Gatto", "move", to="Middle", shifts=-1)).endswith(
        "spin 1 on Gatto, to be used against them later"
    )


def test_the_helper_asks_the_graph_it_is_given(monkeypatch) -> None:
    graph = ZoneGraph(NET)

    def no_new_graph(*args, **kwargs):
        raise AssertionError("the helper built a zone graph of its own")

    monkeypatch.setattr(edgerunner_state, "ZoneGraph", no_new_graph)
    said = RULES.helper(NET, NET.conflict, act("Nephrite", "defense", target="IC daemon", shifts=3), graph)
    assert said == "range 0 (the same zone) · IC daemon's integrity threshold 4 · 3 shifts leave 3: threshold 3"


def test_the_helper_says_nothing_before_it_knows_who_acts() -> None:
    assert helper(BASE, {"action": "attack", "target": "Gatto"}) == ""
    assert helper(BASE, act("Gatto", "simple", what="waits")) == ""
    assert helper(BASE, act("Gatto", "attack", target="Nobody")) == "no token or border 'Nobody' on the map"
