"""Card confrontations from the text: Erica and John, Edward and the GM, jokers, ties, multiple confrontations."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.rules.cards import (
    JOKER,
    Character,
    Confrontation,
    ConfrontationError,
    Level,
    level,
    pair_advantages,
    play_out,
)

GM = Character("GM", gm=True, advantages=2)


def test_erica_31_against_john_19_with_a_last_13_is_a_critical_success():
    erica, john = Character("Erica", skill=6, attribute=3), Character("John", skill=4, attribute=3)
    confrontation = Confrontation(erica, [john])
    play_out(confrontation, {"Erica": [5, 7, 13], "John": [8, 7]})
    assert (confrontation.value("Erica"), confrontation.value("John")) == (31, 19)
    [result] = confrontation.results()
    assert (result.winner, result.margin, result.level) == ("Erica", 12, Level.CRITICAL)
    assert confrontation.action_succeeds()


def test_edward_in_inferiority_plays_one_card_against_the_gms_two():
    edward = Character("Edward", skill=6, attribute=2, advantages=1)
    confrontation = Confrontation(edward, [GM])
    assert confrontation.inferior == ["Edward"]
    assert (confrontation.limit("Edward"), confrontation.limit("GM")) == (1, 2)
    assert confrontation.value("GM") == 0 and confrontation.value("Edward") == 6
    assert confrontation.next_to_play() == ["GM"], "the GM's 0 is the lowest value"
    plays = play_out(confrontation, {"Edward": [8, 9], "GM": [10, 3]})
    assert [(p.player, p.card, p.value_after) for p in plays] == [("GM", 10, 10), ("Edward", 8, 14), ("GM", 3, 13)]
    [result] = confrontation.results()
    assert (result.winner, result.margin, result.level) == ("Edward", 1, Level.SUCCESS)


def test_cards_played_earlier_in_the_initiative_round_count_against_the_attribute():
    first = Character("Erica", skill=6, attribute=3)
    later = replace(first, played_this_round=2)
    john = Character("John", skill=4, attribute=3)
    assert Confrontation(first, [john]).limit("Erica") == 3
    assert Confrontation(later, [john]).limit("Erica") == 1, "two of her three cards are spent this round"
    spent = Confrontation(replace(first, played_this_round=3), [john])
    assert spent.limit("Erica") == 0 and spent.next_to_play() == ["John"]
    inferior = Confrontation(replace(later, advantages=0), [replace(john, advantages=1)])
    assert inferior.limit("Erica") == 1, "inferiority and the round's count are not added up"


def test_the_gm_counts_the_confronted_attribute_and_has_no_skill_disadvantage():
    gm = Character("GM", gm=True, attribute=9, skill=4)
    confrontation = Confrontation(Character("Ana", skill=3, attribute=3), [gm])
    assert confrontation.limit("GM") == 3
    assert confrontation.value("GM") == 0
    assert gm.all_disadvantages == 0
    assert confrontation.inferior == []


def test_damage_lowers_skill_to_zero_which_is_a_disadvantage_that_helps_the_opponent():
    hurt = Character("Hurt", skill=2, damage=3, attribute=2)
    assert hurt.skill_value == 0 and hurt.all_disadvantages == 1
    assert pair_advantages(hurt, Character("Fresh", skill=1)) == (0, 1)
    assert pair_advantages(Character("A", advantages=2, disadvantages=1, skill=1), Character("B", skill=1)) == (1, 0)


def test_equal_advantages_put_nobody_in_inferiority():
    a, b = Character("A", skill=2, attribute=2, advantages=1), Character("B", skill=2, attribute=2, advantages=1)
    confrontation = Confrontation(a, [b])
    assert confrontation.inferior == [] and confrontation.limit("A") == confrontation.limit("B") == 2


def test_on_a_tie_the_players_play_first_and_together():
    a, b = Character("A", skill=0, attribute=2, advantages=1), Character("B", skill=0, attribute=2, advantages=1)
    gm = Character("GM", gm=True, advantages=1)
    confrontation = Confrontation(a, [b, gm])
    assert confrontation.next_to_play() == ["A", "B"]
    assert confrontation.next_to_play({"A": False, "B": True, "GM": True}) == ["B"]
    assert confrontation.next_to_play({"GM": True}) == ["GM"]


def test_a_tie_fails_everyone():
    confrontation = Confrontation(Character("A", skill=3, attribute=1), [Character("B", skill=5, attribute=1)])
    play_out(confrontation, {"A": [7], "B": [5]})
    [result] = confrontation.results()
    assert (result.winner, result.margin, result.level) == (None, 0, Level.TIE)
    assert not confrontation.action_succeeds()


def test_a_joker_nullifies_the_confronted_last_card_and_counts_toward_both_limits():
    confrontation = Confrontation(Character("Ana", skill=5, attribute=2), [Character("GM", gm=True)])
    confrontation.play("GM", 4)
    confrontation.play("Ana", 12)
    played = confrontation.play("GM", JOKER)
    assert (played.target, played.nullified, played.value_after) == ("Ana", 12, 4)
    assert confrontation.value("Ana") == 5
    assert not confrontation.can_play("GM"), "the joker was the GM's second card"
    confrontation.play("Ana", 3)
    assert confrontation.value("Ana") == 8 and not confrontation.can_play("Ana")


def test_a_joker_before_any_card_waits_for_the_next_one():
    confrontation = Confrontation(Character("Ana", skill=5, attribute=2), [Character("GM", gm=True)])
    played = confrontation.play("GM", JOKER)
    assert played.nullified is None and played.target == "Ana"
    confrontation.play("Ana", 11)
    confrontation.play("Ana", 2)
    assert confrontation.value("Ana") == 7


def test_a_nullified_court_card_is_no_court_card_for_a_critical():
    confrontation = Confrontation(Character("Ana", skill=20, attribute=2), [Character("Bo", skill=1, attribute=2)])
    confrontation.play("Ana", 12)
    confrontation.play("Bo", JOKER)
    [result] = confrontation.results()
    assert (result.winner, result.margin, result.level) == ("Ana", 19, Level.DECISIVE)


def test_levels_of_success():
    assert level(4, 13) == Level.SUCCESS
    assert level(5, 2) == Level.DECISIVE
    assert level(10, 10) == Level.DECISIVE
    assert level(10, 11) == Level.CRITICAL
    assert level(0, 13) == Level.TIE


def test_a_multiple_confrontation_with_the_gm_winning_fails_the_action_regardless():
    grenade = Character("Vic", skill=4, attribute=2)
    confrontation = Confrontation(
        grenade, [Character("Ana", skill=2, attribute=2), Character("Bo", skill=9, attribute=2), GM]
    )
    assert confrontation.inferior == ["Vic"], "two advantages for the GM, none for Vic"
    assert confrontation.inferior_against("Vic") == {"GM"}
    assert confrontation.limit("Vic") == 2, "inferior against only some: Vic still plays his last card"
    play_out(confrontation, {"Vic": [6, 5], "Ana": [3], "Bo": [2], "GM": [9, 8]})
    assert confrontation.value("Vic") == 15
    assert confrontation.value("Vic", "GM") == 10, "the last card counts only against those without advantage"
    results = {r.confronter: r for r in confrontation.results()}
    assert (results["Ana"].winner, results["Ana"].margin) == ("Vic", 10)
    assert (results["Bo"].winner, results["Bo"].margin) == ("Vic", 4)
    assert (results["GM"].winner, results["GM"].margin) == ("GM", 7)
    assert not confrontation.action_succeeds()


def test_without_the_gm_a_multiple_action_succeeds_against_whoever_it_beats():
    confrontation = Confrontation(
        Character("Vic", skill=4, attribute=1), [Character("Ana", skill=2, attribute=1), Character("Bo", skill=20)]
    )
    play_out(confrontation, {"Vic": [1], "Ana": [1]})
    assert [r.winner for r in confrontation.results()] == ["Vic", "Bo"]
    verdict = confrontation.verdict()
    assert (verdict.succeeds_against, verdict.fails_against) == (("Ana",), ("Bo",))
    assert not confrontation.action_succeeds(), "it failed against Bo"
    assert verdict.words() == "The action succeeds against Ana and fails against Bo."


def test_the_actions_joker_against_several_confronters_names_its_target():
    confrontation = Confrontation(
        Character("Vic", skill=4, attribute=2), [Character("Ana", skill=2, attribute=1), Character("Bo", skill=3)]
    )
    confrontation.play("Ana", 9)
    with pytest.raises(ConfrontationError, match="joker:NAME"):
        confrontation.play("Vic", JOKER)
    assert confrontation.play("Vic", "joker:Ana").nullified == 9
    with pytest.raises(ConfrontationError):
        confrontation.play("Vic", "joker:Nobody")


def test_what_the_text_does_not_allow_is_refused():
    ana = Character("Ana", skill=2, attribute=2)
    with pytest.raises(ConfrontationError):
        Confrontation(ana, [])
    with pytest.raises(ConfrontationError):
        Confrontation(ana, [GM, Character("GM2", gm=True)])
    with pytest.raises(ConfrontationError):
        Confrontation(GM, [ana])
    confrontation = Confrontation(ana, [GM])
    assert confrontation.limit("Ana") == 1, "in inferiority against the GM's two advantages"
    with pytest.raises(ConfrontationError):
        confrontation.play("Ana", 14)
    confrontation.play("Ana", 13)
    with pytest.raises(ConfrontationError, match="all 1 cards"):
        confrontation.play("Ana", 1)


CARDS = st.one_of(st.integers(1, 13), st.just(JOKER))
CHARACTER = st.builds(
    Character,
    name=st.just("?"),
    skill=st.integers(0, 8),
    attribute=st.integers(0, 4),
    advantages=st.integers(0, 3),
    disadvantages=st.integers(0, 3),
    damage=st.integers(0, 3),
)


@given(CHARACTER, st.lists(CHARACTER, min_size=1, max_size=3), st.booleans(), st.lists(st.lists(CARDS, max_size=5)))
def test_a_card_never_lowers_its_players_value_except_through_a_joker(action, others, with_gm, hands):
    action = replace(action, name="P0")
    others = [replace(other, name=f"P{number}") for number, other in enumerate(others, 1)]
    if with_gm:
        others.append(Character("GM", gm=True, advantages=2))
    named = [*(f"joker:{o.name}" for o in others)]
    confrontation = Confrontation(action, others)
    cards = {}
    for name, hand in zip(confrontation.characters, hands, strict=False):
        cards[name] = [named[i % len(named)] if c == JOKER and name == "P0" else c for i, c in enumerate(hand)]
    before = {name: confrontation.value(name) for name in confrontation.characters}
    for played in play_out(confrontation, cards):
        for name, value in before.items():
            now = confrontation.value(name)
            hit_by_joker = played.card == JOKER and played.target == name
            assert now >= value or hit_by_joker, (played, name, value, now)
            assert played.player != name or now >= value
        before = {name: confrontation.value(name) for name in confrontation.characters}
        assert all(len(confrontation.hands[n].faces) <= confrontation.limit(n) for n in confrontation.characters)
