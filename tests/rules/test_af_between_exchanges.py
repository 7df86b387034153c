"""Between two exchanges of an AF encounter (the grid trimmed, arrivals due): End Exchange
again is refused, since the next exchange has not begun ("an encounter ... is run in
exchanges of 5 rounds"); Next Round begins the new exchange's first turn, never plays its
round 1 away. And a dive says where it goes ("a special dodge that lets you move an area or
more")."""

from __future__ import annotations

import pytest

from tests.rules.af_steps import play, started, take

END, ROUND = {"do": "end_exchange"}, {"do": "round"}


def test_end_exchange_twice_is_refused_until_the_next_exchange_begins():
    ended = started(END)
    assert (ended.conflict.exchange, ended.conflict.turn) == (2, None)
    with pytest.raises(ValueError, match="exchange 2 has not begun: Next Turn begins it"):
        take(ended, END)
    begun = play(ended, {"do": "next"})
    assert begun.conflict.turn == "mira"
    assert play(begun, END).conflict.exchange == 3


def test_next_round_between_exchanges_begins_the_first_turn_and_loses_nothing():
    ended = started(END)
    after = play(ended, ROUND)
    assert (after.conflict.exchange, after.conflict.round, after.conflict.turn) == (2, 1, "mira")
    lost = [e for e in after.conflict.log[len(ended.conflict.log) :] if "lost" in e.action]
    assert lost == []


def test_a_dive_says_where_it_goes():
    shot = started({"do": "act", "actor": "Mira", "action": "attack", "target": "Kell"})
    with pytest.raises(ValueError, match="a dive moves Kell an area or more: say where"):
        take(shot, {"do": "react", "actor": "Kell", "reaction": "guard", "type": "dive", "against": "Mira"})
    dived = play(
        shot, {"do": "react", "actor": "Kell", "reaction": "guard", "type": "dive", "against": "Mira", "to": [7, 4]}
    )
    kell = dived.token("kell").location
    assert (kell.row, kell.col) == (7, 4)


def test_an_exchange_cut_short_of_its_five_rounds_says_so():
    """ "run in exchanges of 5 rounds": the GM may end one sooner, and the step says it was."""
    assert "ended in round 1 of 5: on the GM's word" in take(started(), END).text
    full = started(*[ROUND] * 4)
    assert full.conflict.round == 5
    assert "on the GM's word" not in take(full, END).text
