"""Continue: "you get the same number of shifts you got for the previous exchange, including
any bonuses gained from aspect invocations": what the last action got after its bid, never
the raw roll."""

from __future__ import annotations

import pytest

from tests.rules.edgerunner_play import START, act, played, sample, take, track


@pytest.fixture
def net():
    return played(sample("nephrite-net"), START)


def test_roll_five_with_a_bid_of_two_continues_with_three(net) -> None:
    map_ = played(
        net,
        {"do": "next", "bids": {"Nephrite": 2, "IC daemon": 1}},
        act("Nephrite", "attack", target="IC daemon", shifts=5, skill="Netrunning"),
    )
    assert map_.conflict.participant("nephrite").edgerunner.last.shifts == 3
    step = take(played(map_, {"do": "end_exchange"}), act("Nephrite", "continue"))
    assert step.conflict.log[-1].numbers == {
        "carried": 3,
        "shifts": 3,
        "box": 4,
    }  # no roll; box 3 is marked: it rolls up
    assert step.text == "Nephrite continues (3 shifts)"


def test_invocations_carry_into_the_next_continue(net) -> None:
    map_ = played(net, act("Nephrite", "defense", target="Nephrite", track="health", shifts=2))
    map_ = played(map_, {"do": "end_exchange"}, act("Nephrite", "continue", extra=2))  # an aspect newly invoked
    assert track(map_, "nephrite", "health").defended_threshold == 4
    assert map_.conflict.participant("nephrite").edgerunner.last.shifts == 4
    map_ = played(map_, {"do": "end_exchange"}, act("Nephrite", "continue"))
    assert track(map_, "nephrite", "health").defended_threshold == 4


def test_a_reroll_replaces_the_shifts_and_a_new_bid_comes_off(net) -> None:
    map_ = played(net, act("Nephrite", "defense", target="Nephrite", track="health", shifts=5))
    map_ = played(map_, {"do": "end_exchange"}, {"do": "next", "bids": {"Nephrite": 1, "IC daemon": 0}})
    map_ = played(map_, act("Nephrite", "continue", reroll=3))
    assert track(map_, "nephrite", "health").defended_threshold == 2
    assert map_.conflict.log[-1].numbers == {"rolled": 3, "bid": 1, "shifts": 2, "range": 0, "threshold": 2}


def test_the_resisted_shifts_are_not_carried_into_a_continue(net) -> None:
    push = act("Nephrite", "move another", target="IC daemon", to="Relay 1", shifts=4, resist={"invokes": 1})
    map_ = played(net, push)
    assert map_.conflict.participant("nephrite").edgerunner.last.shifts == 4  # the daemon may resist again
    map_ = played(map_, {"do": "end_exchange"}, act("Nephrite", "continue", to="Backup store"))
    assert map_.token("daemon").location.zone == "backup"  # range 1, then three borders of 1


def test_a_continued_attack_that_takes_out_a_border_may_redefine_it(net) -> None:
    map_ = played(net, act("Nephrite", "attack", target="Firewall", shifts=2))
    hole = [{"label": "hole", "cost_from_a": 1, "cost_from_b": 1}]
    step = take(played(map_, {"do": "end_exchange"}), act("Nephrite", "continue", extra=2))
    assert [q.field for q in step.asks] == ["redefine"]
    again = take(played(map_, {"do": "end_exchange"}), act("Nephrite", "continue", extra=2, redefine=hole))
    assert [p.label for p in again.borders[0].passages] == ["hole"]
