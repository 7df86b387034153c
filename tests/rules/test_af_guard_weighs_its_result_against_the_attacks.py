"""An AF guard or defense with its check's result is weighed against the result of the check it
contests (../shared/rules/af-encounter.txt, "Defense", "Action": "Roll damage if you
succeed"): the higher wins, the attack's damage named when it wins; the flank's modifier is
added; a tie, a cooperation and a counter's attack are left to the table, as the text is
silent on them. With no "against", only a check made in this turn is contested."""

from __future__ import annotations

from tabletop.rules.af_system import SYSTEM as AF
from tests.rules.af_play import creek
from tests.rules.af_steps import last, play, take
from tests.rules.test_af_reactions import NEXT, attack, begun, standing

AIMED = attack("Mira", "Raider", check="aim", result=14, damage=3)


def guard(actor: str, kind: str, **more) -> dict:
    return {"do": "react", "actor": actor, "reaction": "guard", "type": kind, **more}


def test_the_higher_result_wins_and_the_attacks_damage_is_named_when_it_lands():
    map_ = begun(None, AIMED)
    hit = play(map_, guard("Raider", "dodge", result=12))
    assert last(hit).numbers == {"dodge": 12}
    assert last(hit).story == "dodge 12 against aim 14: the attack wins, damage 3"
    missed = play(map_, guard("Raider", "dodge", result=16))
    assert last(missed).story == "dodge 16 against aim 14: the dodge wins, the attack fails"


def test_a_tie_is_left_to_the_table_as_the_text_does_not_settle_it():
    step = take(begun(None, AIMED), guard("Raider", "dodge", result=14))
    assert "a tie; the text does not say who wins one, the table decides" in step.text


def test_the_flank_penalty_is_added_to_the_typed_result():
    map_ = standing(creek(), "raider", 7, 2)  # west of Kell, who faces east
    map_ = begun(map_, NEXT, NEXT, NEXT, attack("Raider", "Kell", check="hack", result=10, damage=2))
    map_ = play(map_, guard("Kell", "dodge", result=11))
    assert last(map_).numbers == {"dodge": 11, "modifier": -2}
    assert "dodge 11 -2 = 9 against hack 10: the attack wins, damage 2" in last(map_).story


def test_a_guard_after_a_defense_cooperates_and_the_sum_is_the_tables():
    map_ = begun(None, NEXT, NEXT, {"do": "act", "actor": "Kell", "action": "defend"}, NEXT)
    map_ = standing(map_, "raider", 7, 4, facing=270)  # in front of Kell, within his reach
    defense = {"do": "react", "actor": "Kell", "reaction": "defense", "type": "parry", "result": 8}
    map_ = play(map_, attack("Raider", "Kell", check="hack", result=12, damage=2), defense)
    assert last(map_).story == "parry 8 against hack 12: the attack wins, damage 2"
    map_ = play(map_, guard("Kell", "dodge", result=9))
    assert "it cooperates with the defense parry; how the two add up is not in the text" in last(map_).story


def test_the_helper_says_the_outcome_before_it_is_done_and_asks_for_the_result_first():
    map_ = begun(None, AIMED)
    asked = AF.helper(map_, map_.conflict, guard("raider", "dodge"))
    assert asked == "against Mira's attack (aim 14, damage 3) · type the dodge's result to compare with aim 14"
    told = AF.helper(map_, map_.conflict, guard("raider", "dodge", result=15))
    assert told.endswith("dodge 15 against aim 14: the dodge wins, the attack fails")


def test_an_earlier_turns_attack_is_not_contested_unless_named():
    map_ = begun(None, AIMED, NEXT)  # the archer's turn now: Mira's attack was in the last one
    words = AF.helper(map_, map_.conflict, guard("raider", "dodge", result=15))
    assert words.startswith("no check against Raider in this turn") and "aim 14" not in words
    step = take(map_, guard("Raider", "dodge", result=15))
    assert "aim 14" not in step.text and "no check against Raider in this turn: on the GM's word" in step.text
    named = take(map_, guard("Raider", "dodge", result=15, against="Mira"))
    assert "dodge 15 against aim 14: the dodge wins" in named.text
