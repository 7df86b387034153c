"""Whose turn it is, by the Edgerunner text: "Every character on the map can take one action
per exchange"; "Resisting is the only thing you can do if it isn't your turn"; the same skill,
action and target as last exchange "cannot roll again. Instead, you must take a continue
action", and a continue builds on the previous exchange only; an auction is among those who
may still act, a tie settled by the GM with the bid still paid; a concession is answered by
the other side; someone leaving is logged."""

from __future__ import annotations

import pytest

from tabletop.rules.systems import system
from tests.rules.edgerunner_play import START, act, played, sample, take, with_jade

END = {"do": "end_exchange"}


def _started():
    return played(sample("warehouse"), START)


def test_a_character_acts_once_an_exchange():
    map_ = played(_started(), act("Gatto", "simple", what="Reloads"))
    with pytest.raises(
        ValueError, match="Gatto has acted this exchange: every character takes one action per exchange"
    ):
        take(map_, act("Gatto", "attack", target="Hargan", track="health", shifts=1))
    assert played(map_, END, act("Gatto", "simple", what="Reloads again")).conflict.exchange == 2


def test_only_whose_turn_it_is_acts_the_others_resist():
    map_ = played(_started(), {"do": "next", "who": "Gatto"})
    with pytest.raises(ValueError, match="it is Gatto's turn: Hargan may only resist now"):
        take(map_, act("Hargan", "attack", target="Gatto", track="health", shifts=2))
    struck = played(map_, act("Gatto", "attack", target="Hargan", track="health", shifts=3, resist={"shifts": 1}))
    assert struck.conflict.log[-2].action == "resists"  # Hargan's answer to it, on Gatto's turn


def test_the_same_skill_action_and_target_again_must_be_a_continue():
    shot = act("Hargan", "attack", target="Gatto", track="health", shifts=1, skill="Firearms")
    map_ = played(_started(), shot, END)
    with pytest.raises(ValueError, match="you cannot roll again; take a continue action"):
        take(map_, shot | {"shifts": 4})
    assert take(map_, shot | {"skill": "Brawl", "shifts": 2}).conflict.log[-1].action == "attack"  # another skill
    assert "continue" in take(map_, act("Hargan", "continue")).conflict.log[-1].action


def test_a_continue_builds_on_the_previous_exchange_and_on_a_roll():
    map_ = played(_started(), act("Hargan", "attack", target="Gatto", track="health", shifts=1), END, END)
    with pytest.raises(ValueError, match="last roll was in exchange 1: a continue builds on the previous exchange"):
        take(map_, act("Hargan", "continue"))
    simple = played(_started(), act("Gatto", "simple", what="Reloads"), END)
    with pytest.raises(ValueError, match="Gatto has no roll from the last exchange to continue"):
        take(simple, act("Gatto", "continue"))


def test_an_auction_is_among_those_who_may_still_act_and_a_tie_is_the_gms_pick():
    map_ = played(sample("warehouse").model_copy(), START)
    acted = played(map_, act("Gatto", "simple", what="Reloads"))
    with pytest.raises(ValueError, match="Gatto has acted this exchange \\(or is out\\): no bid"):
        take(acted, {"do": "next", "bids": {"Gatto": 2, "Hargan": 1}})
    with pytest.raises(ValueError, match="Gatto and Hargan both bid 2: the GM picks who acts"):
        take(map_, {"do": "next", "bids": {"Gatto": 2, "Hargan": 2}})
    picked = played(map_, {"do": "next", "bids": {"Gatto": 2, "Hargan": 2}, "who": "Hargan"})
    assert (picked.conflict.turn, picked.conflict.participant("hargan").edgerunner.bid) == ("hargan", 2)


def test_a_concession_is_answered_by_the_other_side():
    offer = take(_started(), {"do": "concede", "side": "runners", "story": "Gatto slips away."})
    assert offer.text == "runners offers a concession: corp may accept or refuse it"
    offered = played(_started(), {"do": "concede", "side": "runners", "story": "Gatto slips away."})
    header = system("edgerunner").header(offered.conflict, str)
    assert header == "Exchange 1 (a few seconds) · Concession offered by runners: accept or refuse?", (
        "not who's next: it waits on corp"
    )
    with pytest.raises(ValueError, match="runners offered the concession: its opponent answers it"):
        take(offered, {"do": "accept", "side": "runners"})
    with pytest.raises(ValueError, match="no side 'zzz' takes part"):
        take(offered, {"do": "refuse", "side": "zzz"})
    done = take(offered, {"do": "accept", "side": "corp"})
    assert done.text == "corp accepts runners' concession: the conflict ends" and done.conflict.ended == "concession"
    refused = take(offered, {"do": "refuse", "side": "corp"})
    assert refused.text == "corp refuses runners' concession: the conflict goes on"
    assert system("edgerunner").header(refused.conflict, str) == "Exchange 1 (a few seconds) · Who's next?"


def test_someone_leaving_is_logged_and_so_is_the_end_it_brings():
    step = take(_started(), {"do": "remove", "tokens": ["Gatto"]})
    assert [e.action for e in step.conflict.log[-2:]] == ["leaves the conflict", "conflict ends"]
    assert step.text.startswith("Gatto leaves the conflict: ")
    watching = played(with_jade(sample("warehouse")), START | {"tokens": ["Gatto", "Hargan"]})
    with pytest.raises(ValueError, match="Jade does not take part in the conflict"):
        take(watching, {"do": "remove", "tokens": ["Jade"]})
