"""Extended conflicts with reserve: each modifier of the loss and their sums, order, fold, escape, mercy."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.rules.reserve import (
    DIFFICULTIES,
    Participant,
    ReserveError,
    core_value_bonus,
    escape,
    fold,
    lose_reserve,
    offensive_action,
    reserve_loss,
    simple_roll,
    turn_order,
)


def test_the_defenders_higher_roll_costs_nothing():
    loss = reserve_loss(12, 15)
    assert loss.lost == 0
    assert loss.why == ("the defender's roll 15 is higher than the attacker's 12: nothing happens",)


def test_equal_rolls_cost_nothing():
    assert reserve_loss(15, 15).lost == 0


def test_the_attackers_higher_roll_costs_two():
    assert reserve_loss(16, 15).lost == 2


def test_twice_the_defenders_roll_is_one_more_and_each_further_multiple_another():
    assert reserve_loss(19, 10).lost == 2
    assert reserve_loss(20, 10).lost == 3
    assert reserve_loss(30, 10).lost == 4
    assert reserve_loss(45, 10).lost == 5
    assert "45 is 4 times 10: +3" in reserve_loss(45, 10).why


def test_force_three_or_more_apart_adds_or_takes_one():
    assert reserve_loss(16, 15, attacker_force=5, defender_force=2).lost == 3
    assert reserve_loss(16, 15, attacker_force=4, defender_force=2).lost == 2
    assert reserve_loss(16, 15, attacker_force=2, defender_force=5).lost == 1
    assert reserve_loss(16, 15, attacker_force=5).lost == 2, "Force counts only with both scores"


def test_weapon_and_subtle_contest():
    assert reserve_loss(16, 15, weapon=2).lost == 4
    assert reserve_loss(16, 15, subtle=True).lost == 1
    assert reserve_loss(16, 15, weapon=2).why[-1] == "the weapon's extra loss: +2"


def test_the_modifiers_add_up():
    loss = reserve_loss(31, 10, attacker_force=7, defender_force=3, weapon=1, subtle=True)
    assert loss.lost == 2 + 2 + 1 + 1 - 1
    assert len(loss.why) == 5


def test_never_below_zero():
    loss = reserve_loss(16, 15, attacker_force=0, defender_force=9, subtle=True)
    assert loss.lost == 0
    assert loss.why[-1] == "a subtle contest: -1"
    with pytest.raises(ReserveError):
        reserve_loss(16, 15, weapon=-1)


def test_a_defenders_roll_of_zero_counts_as_one_for_the_multiples():
    assert reserve_loss(1, 0).lost == 2
    assert reserve_loss(3, 0).lost == reserve_loss(3, 1).lost == 4
    assert reserve_loss(0, 0).lost == 0


@given(
    st.integers(0, 300),
    st.integers(0, 300),
    st.integers(0, 300),
    st.integers(0, 10),
    st.integers(0, 10),
    st.integers(0, 3),
    st.booleans(),
)
def test_loss_never_negative_and_monotone_in_attack(attack, more, defense, a_force, d_force, weapon, quiet):
    def lost(roll: int) -> int:
        return reserve_loss(
            roll, defense, attacker_force=a_force, defender_force=d_force, weapon=weapon, subtle=quiet
        ).lost

    assert lost(attack) >= 0
    assert lost(attack + more) >= lost(attack)


def test_the_difficulty_table_runs_from_10_to_200():
    assert [d.minimum for d in DIFFICULTIES] == [10, 20, 40, 60, 80, 100, 125, 150, 200]
    assert DIFFICULTIES[-1].who.startswith("Only the very best")
    assert simple_roll(40, 40) and not simple_roll(39, 40)


def test_core_value_bonus():
    assert core_value_bonus(4) == 1
    assert core_value_bonus(5) == 2


ANNA = Participant("Anna", offense=9, force=4, reserve={"Body": 3, "Mind": 2})
BORIS = Participant("Boris", offense=11, force=1, reserve={"Body": 2, "Mind": 1})
CLEM = Participant("Clem", offense=9, force=2, reserve={"Body": 0})


def test_order_by_combined_offense_after_whoever_swings_first():
    assert [p.name for p in turn_order([ANNA, BORIS, CLEM])] == ["Boris", "Anna", "Clem"]
    assert [p.name for p in turn_order([ANNA, BORIS, CLEM], first="Clem")] == ["Clem", "Boris", "Anna"]


def test_the_defender_picks_which_score_pays_and_the_rest_comes_from_the_others():
    assert lose_reserve(BORIS, 2, "Mind").reserve == {"Body": 1, "Mind": 0}
    assert lose_reserve(BORIS, 9, "Body").reserve == {"Body": 0, "Mind": 0}
    with pytest.raises(ReserveError):
        lose_reserve(BORIS, 1, "Spirit")


def test_an_offensive_action_spends_then_the_defender_pays_and_the_attacker_never_loses():
    outcome = offensive_action(BORIS, ANNA, 8, 20, pays="Body", attacker_spends={"Body": 1})
    assert outcome.loss.lost == 0 and outcome.attacker.reserve == {"Body": 1, "Mind": 1}
    outcome = offensive_action(ANNA, BORIS, 20, 9, pays="Mind", defender_spends={"Body": 1})
    assert outcome.loss.lost == 2 + 1 + 1  # twice the roll, Force 4 against 1
    assert outcome.defender.reserve == {"Body": 0, "Mind": 0}
    assert not outcome.victory
    assert outcome.defender.at_your_mercy


def test_at_your_mercy_a_win_is_a_victory():
    assert CLEM.at_your_mercy and not ANNA.at_your_mercy
    assert offensive_action(ANNA, CLEM, 12, 10, pays="Body").victory
    assert not offensive_action(ANNA, CLEM, 10, 12, pays="Body").victory


def test_fold_keeps_the_reserve_and_the_opponent_picks_the_victory():
    folded = fold(ANNA, BORIS)
    assert folded.victor is BORIS and folded.folded.reserve == ANNA.reserve


def test_escape_costs_one_and_succeeds_when_the_opponents_roll_loses():
    got_away, outcome = escape(ANNA, BORIS, 10, 14, pays="Mind")
    assert got_away and outcome.defender.reserve == {"Body": 3, "Mind": 1}
    got_away, outcome = escape(ANNA, BORIS, 14, 10, pays="Mind")
    assert not got_away and outcome.loss.lost == 1  # 2, Force 4 over 1 the other way: -1
    assert outcome.defender.reserve == {"Body": 3, "Mind": 0}
    assert outcome.defender.total_reserve == ANNA.total_reserve - 1 - outcome.loss.lost
    with pytest.raises(ReserveError):
        escape(CLEM, ANNA, 1, 2, pays="Body")
