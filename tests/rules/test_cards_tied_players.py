"""Tied players 'play their cards face down at the same time': a batch laid together, checked
whole before any card is laid, its jokers taking effect once every card is shown."""

from __future__ import annotations

import pytest

from tabletop.rules.cards import Character, Confrontation, ConfrontationError, play_out


def _pair(**more) -> Confrontation:
    return Confrontation(Character("Ana", skill=2, attribute=2), [Character("Bo", skill=2, attribute=2, **more)])


def test_tied_players_are_asked_together_and_lay_together():
    confrontation = _pair()
    assert confrontation.next_to_play() == ["Ana", "Bo"]
    played = confrontation.play_together({"Ana": 7, "Bo": 4})
    assert [(p.player, p.card, p.value_after) for p in played] == [("Ana", 7, 9), ("Bo", 4, 6)]
    assert confrontation.next_to_play() == ["Bo"]


def test_a_joker_laid_with_its_targets_card_turns_that_card_to_zero():
    confrontation = _pair()
    confrontation.play_together({"Bo": "joker", "Ana": 13})
    assert confrontation.value("Ana") == 2 and confrontation.hands["Ana"].worth == [0]
    assert not confrontation.hands["Ana"].pending_joker, "the joker is spent on the card shown with it"


def test_two_jokers_laid_together_each_hit_the_others_card_from_before():
    both = _pair()
    both.play_together({"Ana": 9, "Bo": 9})
    both.play_together({"Ana": "joker", "Bo": "joker"})
    assert (both.value("Ana"), both.value("Bo")) == (2, 2), "each 9 turned to 0, not the other's joker"
    assert not both.hands["Ana"].pending_joker and not both.hands["Bo"].pending_joker


def test_a_bad_card_in_the_batch_lays_none_of_it():
    confrontation = _pair()
    with pytest.raises(ConfrontationError, match="card 14"):
        confrontation.play_together({"Ana": 5, "Bo": 14})
    assert confrontation.plays == [] and confrontation.value("Ana") == 2


def test_playing_out_lays_tied_players_together():
    confrontation = _pair()
    plays = play_out(confrontation, {"Ana": [13], "Bo": ["joker"]})
    assert [p.player for p in plays] == ["Ana", "Bo"]
    assert confrontation.value("Ana") == 2
