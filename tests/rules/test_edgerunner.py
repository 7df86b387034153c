"""Edgerunner turn bookkeeping, played from the text's "Exchanges", "Actions" (compels) and
"Game over": social initiative with a claim and an auction, a compel that skips a turn, the
end of an exchange, a concession offered and accepted."""

from __future__ import annotations

import pytest

from tabletop.io import load_map
from tabletop.model import Conflict, Map, Token
from tabletop.rules import edgerunner as er
from tabletop.rules.edgerunner_state import with_participant


@pytest.fixture
def warehouse(maps_dir) -> Map:
    """The warehouse with a third character, Jade, beside Gatto."""
    map_ = load_map(maps_dir / "warehouse.tabletop").model_copy(update={"conflict": None})
    jade = map_.token("gatto").model_copy(update={"id": "jade", "name": "Jade"})
    return map_.model_copy(update={"tokens": [*map_.tokens, jade]})


def _started(map_: Map, caller: str = "Ann") -> Conflict:
    return er.start(map_, ["hargan", "gatto", "jade"], {}, caller=caller).conflict


def test_a_conflict_starts_with_its_tokens_in_map_order_on_their_sides(warehouse: Map) -> None:
    step = er.start(warehouse, ["jade", "hargan", "gatto"], {"jade": "fixers"}, caller="Ann")
    conflict = step.conflict
    assert [p.token for p in conflict.participants] == ["gatto", "hargan", "jade"]
    assert [p.side for p in conflict.participants] == ["runners", "corp", "fixers"]
    assert (conflict.system, conflict.caller, conflict.exchange) == ("edgerunner", "Ann", 1)
    assert conflict.log[-1].action == "conflict starts"
    assert step.tokens == ()


def test_a_conflict_refuses_a_token_not_on_the_map_or_named_twice(warehouse: Map) -> None:
    with pytest.raises(ValueError, match="no token 'ghost'"):
        er.start(warehouse, ["gatto", "ghost"], {})
    with pytest.raises(ValueError, match="'gatto' is named twice"):
        er.start(warehouse, ["gatto", "gatto"], {})
    with pytest.raises(ValueError, match="at least one token"):
        er.start(warehouse, [], {})


def test_whos_next_lists_who_has_not_acted_and_is_not_out(warehouse: Map) -> None:
    conflict = _started(warehouse)
    assert er.whos_next(conflict) == ["gatto", "hargan", "jade"]
    conflict = er.claim(conflict, "hargan")
    step = er.simple(warehouse, conflict, "hargan", "reloads")
    assert er.whos_next(step.conflict) == ["gatto", "jade"]
    out = with_participant(step.conflict, "jade", out=True)
    assert er.whos_next(out) == ["gatto"]


def test_a_claim_gives_the_turn_and_the_log_keeps_who_claimed(warehouse: Map) -> None:
    conflict = er.claim(_started(warehouse), "jade")
    assert conflict.turn == "jade"
    assert (conflict.log[-1].actor, conflict.log[-1].action) == ("jade", "claims the turn")
    with pytest.raises(ValueError, match="'ghost' does not take part"):
        er.claim(conflict, "ghost")


def test_an_auction_gives_the_turn_to_the_highest_bid_and_keeps_the_bid(warehouse: Map) -> None:
    conflict = er.auction(_started(warehouse), {"gatto": 1, "hargan": 2})
    assert conflict.turn == "hargan"
    assert conflict.participant("hargan").edgerunner.bid == 2
    assert conflict.participant("gatto").edgerunner.bid is None
    bids = [(e.actor, e.numbers["bid"]) for e in conflict.log if e.action == "bids"]
    assert bids == [("gatto", 1), ("hargan", 2)]
    assert (conflict.log[-1].action, conflict.log[-1].numbers) == ("claims the turn", {"bid": 2})


def test_the_winning_bid_comes_off_the_roll_of_the_action_it_buys(warehouse: Map) -> None:
    conflict = er.auction(_started(warehouse), {"gatto": 1, "hargan": 2})
    step = er.attack(warehouse, conflict, "hargan", "gatto", "health", 4, skill="Firearms")
    entry = step.conflict.log[-1]
    assert entry.numbers == {"rolled": 4, "bid": 2, "shifts": 2, "box": 2}
    assert step.conflict.participant("hargan").edgerunner.bid is None
    assert step.tokens[0].stress[0].marked == [2]


def test_a_tie_at_the_top_of_an_auction_is_for_the_gm(warehouse: Map) -> None:
    conflict = _started(warehouse)
    with pytest.raises(ValueError, match="gatto and jade both bid 2: the GM picks"):
        er.auction(conflict, {"gatto": 2, "jade": 2, "hargan": 1})
    assert er.auction(conflict, {"gatto": 2, "jade": 1, "hargan": 1}).turn == "gatto"
    with pytest.raises(ValueError, match="0 or more"):
        er.auction(conflict, {"gatto": -1})


def test_a_successful_compel_skips_the_turn_and_a_failed_one_changes_nothing(warehouse: Map) -> None:
    conflict = er.auction(_started(warehouse), {"gatto": 2, "hargan": 1})
    failed = er.compel(conflict, "gatto", succeeded=False, aspect="Hot-headed")
    assert failed.conflict.turn == "gatto"
    assert er.whos_next(failed.conflict) == er.whos_next(conflict)
    assert failed.conflict.log[-1].action == "compel fails"
    skipped = er.compel(conflict, "gatto", succeeded=True, aspect="Hot-headed").conflict
    turn = skipped.participant("gatto").edgerunner
    assert (turn.acted, turn.compelled, turn.bid) == (True, True, None)
    assert skipped.turn is None
    assert skipped.order == ["gatto"]
    assert er.whos_next(skipped) == ["hargan", "jade"]
    assert (skipped.log[-1].action, skipped.log[-1].target) == ("compelled: skips the turn", "Hot-headed")
    said = [er.compel(conflict, "gatto", ok, aspect="Hot-headed", name="Gatto").text for ok in (True, False)]
    assert said == ["Compel on Gatto (Hot-headed): the turn is skipped", "Compel on Gatto (Hot-headed) fails"]


def test_the_next_exchange_lets_everyone_act_again_and_keeps_the_last_action(warehouse: Map) -> None:
    conflict = _started(warehouse)
    for token in ("gatto", "hargan", "jade"):
        conflict = er.simple(warehouse, er.claim(conflict, token), token, "looks around").conflict
    assert er.whos_next(conflict) == []
    assert conflict.order == ["gatto", "hargan", "jade"]
    nxt = er.end_exchange(conflict)
    assert (nxt.exchange, nxt.order, nxt.turn) == (2, [], None)
    assert er.whos_next(nxt) == ["gatto", "hargan", "jade"]
    assert nxt.participant("gatto").edgerunner.last.action == "simple"
    assert conflict.log[-1].exchange == 1 and nxt.log[-1].action == "exchange ends"


def test_a_concession_offered_and_accepted_ends_the_conflict_with_its_story(warehouse: Map) -> None:
    conflict = _started(warehouse)
    story = "Jade breaks her data uplink and scuttles Gatto out of there. She fails to upload the data."
    offered = er.concede(conflict, "runners", story)
    assert er.pending_concession(offered) == ("runners", story)
    assert offered.ended is None
    ended = er.accept_concession(offered, by_side="corp")
    assert (ended.ended, ended.story) == ("concession", story)
    assert (ended.log[-1].action, ended.log[-1].story) == ("accepts the concession", story)
    with pytest.raises(ValueError, match="has ended"):
        er.claim(ended, "gatto")


def test_a_refused_concession_goes_on_and_cannot_be_accepted_after(warehouse: Map) -> None:
    offered = er.concede(_started(warehouse), "runners", "We run.")
    refused = er.refuse_concession(offered, by_side="corp")
    assert er.pending_concession(refused) is None
    with pytest.raises(ValueError, match="no concession has been offered"):
        er.accept_concession(refused)
    again = er.concede(refused, "runners", "We run, and leave the data.")
    assert er.accept_concession(again, story="We run; the data stays.").story == "We run; the data stays."
    with pytest.raises(ValueError, match="no side 'elves'"):
        er.concede(refused, "elves", "Nope")


def test_an_af_conflict_is_not_played_with_edgerunner_rules(warehouse: Map) -> None:
    af = _started(warehouse).model_copy(update={"system": "af"})
    with pytest.raises(ValueError, match="not an Edgerunner conflict"):
        er.claim(af, "gatto")


def test_a_token_without_a_zone_cannot_move(warehouse: Map) -> None:
    lost = Token(id="ghost")
    map_ = warehouse.model_copy(update={"tokens": [*warehouse.tokens, lost]})
    conflict = er.start(map_, ["ghost", "gatto"], {}).conflict
    with pytest.raises(ValueError, match="stands in no zone"):
        er.move(map_, conflict, "ghost", "z2", 3)
