"""What the dock, the players and the log read of an Edgerunner conflict: the exchange with
its duration, whose turn or the caller's "Who's next?", a hidden actor's turn read as between
turns, and things named by their names, never their ids."""

from __future__ import annotations

import pytest

from tabletop.rules.play import Unanswered
from tabletop.rules.systems import names, system
from tests.rules.edgerunner_play import START, act, played, sample, take

RULES = system("edgerunner")


@pytest.fixture
def warehouse():
    return played(sample("warehouse"), START | {"caller": "Sandra"})


def test_the_header_tells_the_exchange_its_duration_and_whose_turn(warehouse) -> None:
    name = names(warehouse)
    assert RULES.header(warehouse.conflict, name) == "Exchange 1 (a few seconds) · Sandra asks: Who's next?"
    turn = played(warehouse, {"do": "next", "who": "Gatto"})
    assert RULES.header(turn.conflict, name) == "Exchange 1 (a few seconds) · Gatto's turn"
    plain = played(sample("warehouse"), {"do": "start", "system": "edgerunner"})
    assert RULES.header(plain.conflict, name) == "Exchange 1 · Who's next?"


def test_a_hidden_actors_turn_reads_exactly_as_between_turns(warehouse) -> None:
    name = names(warehouse)
    between = RULES.banner(warehouse.conflict, lambda t: True, name)
    assert between == "Who's next?  ·  Exchange 1"
    turn = played(warehouse, {"do": "next", "who": "Hargan"})
    assert RULES.banner(turn.conflict, lambda t: t != "hargan", name) == between
    assert RULES.banner(turn.conflict, lambda t: True, name) == "Hargan's turn  ·  Exchange 1"


def test_the_caller_asks_whos_next_by_name(warehouse) -> None:
    with pytest.raises(Unanswered) as asked:
        take(warehouse, {"do": "next"})
    assert str(asked.value) == "Sandra asks: Who's next? Gatto, Hargan"
    assert asked.value.question.choices == ("gatto", "hargan")


def test_an_auction_tie_names_the_bidders(warehouse) -> None:
    with pytest.raises(ValueError, match="Gatto and Hargan both bid 2: the GM picks who acts"):
        take(warehouse, {"do": "next", "bids": {"Gatto": 2, "Hargan": 2}})


def test_borders_are_named_by_their_zones_in_texts_and_stories() -> None:
    net = played(sample("nephrite-net"), START)
    step = take(net, act("Nephrite", "attack", target="Router – Relay 1", shifts=3, threshold=2))
    assert step.text == "Nephrite attacks Router – Relay 1: Router – Relay 1 is taken out"
    assert step.asks[0].prompt.startswith("Router – Relay 1 is taken out: Nephrite may redefine")
    assert "router-relay1" not in step.conflict.log[-1].story
    defended = take(net, act("Nephrite", "defense", target="Firewall", shifts=3))
    assert defended.text == "Nephrite defends Firewall"


def test_a_defense_shows_in_the_turn_list_by_name(warehouse) -> None:
    map_ = played(warehouse, act("Hargan", "defense", target="Hargan", track="health", shifts=4))
    cells = RULES.cells(map_, map_.conflict, map_.conflict.participant("hargan"))
    assert cells == ("yes", "", "Hargan health threshold 4", "")
