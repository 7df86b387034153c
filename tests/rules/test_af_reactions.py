"""Reactions in an AF encounter, by any participant at any time in the round, each its own
step (../shared/rules/af-encounter.txt, "Guard", "Defense", "Screen", "Snap"): the guard after
seeing the check, a different type for each reaction to one check, dive, counter, retort, the
defenses of defend and screen, fend's parry and quip's retort, and what the text says of a
dodge or a parry against a given attack."""

from __future__ import annotations

import re

import pytest

from tabletop.model import AreaLocation, Map
from tabletop.rules import af_system
from tests.rules.af_play import creek
from tests.rules.af_steps import REFLEXES, last, play, take, turn


def standing(map_: Map, token_id: str, row: int, col: int, facing: float | None = None) -> Map:
    """The map with one token moved to an area of the creek (and turned)."""
    token = map_.token(token_id)
    update: dict = {"location": AreaLocation(grid="creek", row=row, col=col)}
    if facing is not None:
        update["facing"] = facing
    moved = token.model_copy(update=update)
    return map_.model_copy(update={"tokens": [moved if t.id == token_id else t for t in map_.tokens]})


def begun(map_: Map | None = None, *steps) -> Map:
    start = {"do": "start", "system": "af", "tokens": list(REFLEXES), "reflexes": REFLEXES}
    return play(map_ or creek(), start, *steps)


NEXT = {"do": "next"}


def attack(actor: str, target: str, **flags) -> dict:
    return {"do": "act", "actor": actor, "action": "attack", "target": target, **flags}


def guard(actor: str, kind: str, **more) -> dict:
    return {"do": "react", "actor": actor, "reaction": "guard", "type": kind, **more}


def test_the_attacked_token_spends_its_guard_off_turn_after_the_attackers_check():
    map_ = begun(None, attack("Mira", "Raider"))
    assert map_.conflict.turn == "mira" and turn(map_, "raider").guards == 1
    step = take(map_, guard("Raider", "dodge", against="Mira"))
    assert step.text.startswith("Raider uses the guard: dodge against Mira's attack")
    map_ = play(map_, guard("Raider", "dodge", against="Mira"))
    assert turn(map_, "raider").guards == 0 and map_.conflict.turn == "mira", "Mira's turn goes on"
    entry = last(map_)
    assert (entry.actor, entry.action, entry.target, entry.numbers) == ("raider", "guard dodge", "mira", {})
    assert turn(map_, "mira").action is False and turn(map_, "mira").snaps == 1, "the attack spent Mira's action only"


def test_a_reaction_contests_the_latest_check_against_it_when_against_is_not_named():
    map_ = begun(None, attack("Mira", "Raider"), guard("Raider", "dodge"))
    assert last(map_).target == "mira"
    assert "no check against Kell in this turn" in take(map_, guard("Kell", "dodge")).text


def test_the_different_type_rule_refuses_a_second_reaction_of_the_same_type_to_one_check():
    # Kell defends on his turn: an extra guard and a defense against every check.
    map_ = begun(None, NEXT, NEXT, {"do": "act", "actor": "Kell", "action": "defend"}, NEXT)
    map_ = standing(map_, "raider", 7, 4, facing=270)  # in front of Kell, within his reach
    defense = {"do": "react", "actor": "Kell", "reaction": "defense", "type": "parry"}
    map_ = play(map_, attack("Raider", "Kell"), defense)
    for kind in ("parry", "counter"):  # "counter: a special parry"
        with pytest.raises(ValueError, match="if you parry with your defense you must dodge with your guard"):
            take(map_, guard("Kell", kind, against="Raider"))
    map_ = play(map_, guard("Kell", "dodge", against="Raider"))
    assert turn(map_, "kell").guards == 1
    twice = "Kell dodged Raider's attack with the guard already, and a dive is a special dodge: \"you must use"
    with pytest.raises(ValueError, match=re.escape(twice)):
        take(map_, guard("Kell", "dive"))  # "dive: a special dodge"
    map_ = play(map_, {"do": "snap", "actor": "Raider", "snap": "distract", "target": "Kell"})  # a new check
    map_ = play(map_, guard("Kell", "insight", against="Raider"))
    assert turn(map_, "kell").guards == 0


def test_a_dive_moves_the_token_in_the_same_step():
    map_ = begun(None, NEXT, attack("Raider archer", "Kell"))
    step = take(map_, guard("Kell", "dive", to=[8, 3]))
    assert [t.location for t in step.tokens] == [AreaLocation(grid="creek", row=8, col=3)]
    map_ = play(map_, guard("Kell", "dive", to=[8, 3]))
    assert map_.token("kell").location == AreaLocation(grid="creek", row=8, col=3)
    assert map_.token("kell").facing == 90, "a dive keeps the facing"
    assert last(map_).action == "guard dive" and turn(map_, "kell").guards == 0
    with pytest.raises(ValueError, match="only a dive moves"):
        take(map_, guard("Kell", "parry", to=[8, 4]))


def test_a_counter_is_an_attack_on_the_attacker_without_the_reactors_action():
    map_ = begun(None, NEXT, NEXT, NEXT)  # the raider's turn
    map_ = standing(map_, "raider", 7, 4, facing=270)
    kells_action = turn(map_, "kell").action
    map_ = play(map_, attack("Raider", "Kell"), guard("Kell", "counter"))
    counter, attack_back = map_.conflict.log[-2:]
    assert (counter.action, counter.target) == ("guard counter", "raider")
    assert (attack_back.actor, attack_back.action, attack_back.target) == ("kell", "attack", "raider")
    assert attack_back.numbers == {"counter": 1} and "in place of diverting the attack" in attack_back.story
    assert turn(map_, "kell").action == kells_action, "the counter takes no action of Kell's"
    map_ = play(map_, guard("Raider", "parry", against="Kell"))  # the raider contests the counter
    assert last(map_).target == "kell" and turn(map_, "raider").guards == 0


def test_a_retort_is_logged_and_cooperates_with_other_defenders():
    map_ = begun(None, {"do": "snap", "actor": "Mira", "snap": "distract", "target": "Kell"})
    assert last(map_).numbers == {"social": 1}, "distract is a social attack"
    step = take(map_, guard("Kell", "retort"))
    assert "a retort cooperates with other defenders" in step.text and "insight contests" not in step.text
    assert play(map_, guard("Kell", "retort")).conflict.log[-1].action == "guard retort"


def test_a_screen_between_turns_loses_the_next_action():
    map_ = begun(None, NEXT, {"do": "react", "actor": "Kell", "reaction": "screen"})
    kell = turn(map_, "kell")
    assert (kell.lose_next_action, kell.defenses, kell.guards) == (True, True, 1)
    assert "loses the next action" in last(map_).story
    assert af_system.SYSTEM.cells(map_, map_.conflict, map_.conflict.participant("kell"))[3] == "next lost"
    map_ = play(map_, NEXT)
    assert map_.conflict.turn == "kell" and turn(map_, "kell").action is False
    assert "screen: this turn's action is lost" in last(map_).story


def test_a_screen_in_ones_own_turn_with_the_action_unspent_takes_that_action():
    map_ = begun(None, {"do": "react", "actor": "Mira", "reaction": "screen"})
    mira = turn(map_, "mira")
    assert (mira.action, mira.defenses, mira.lose_next_action) == (False, True, False)


def test_fend_parry_and_quip_retort_are_spent_as_reactions():
    snap = {"do": "snap", "actor": "Mira"}
    second = {"do": "act", "actor": "Mira", "action": "second snap"}
    map_ = begun(None, {**snap, "snap": "fend"}, second, {**snap, "snap": "quip"}, NEXT)
    map_ = standing(map_, "archer", 8, 2, facing=180)  # just north of Mira, in front of her
    map_ = play(map_, attack("Raider archer", "Mira"))
    map_ = play(map_, {"do": "react", "actor": "Mira", "reaction": "fend parry"})
    assert (turn(map_, "mira").extra_parries, last(map_).action, last(map_).target) == (0, "fend parry", "archer")
    with pytest.raises(ValueError, match="insight contests a social attack"):  # a retort is an insight
        take(map_, {"do": "react", "actor": "Mira", "reaction": "quip retort"})
    with pytest.raises(ValueError, match="Mira parried Raider archer's attack with the fend's parry already"):
        take(map_, guard("Mira", "parry"))
    map_ = play(map_, {"do": "snap", "actor": "Raider archer", "snap": "distract", "target": "Mira"})
    map_ = play(map_, {"do": "react", "actor": "Mira", "reaction": "quip retort"})
    assert turn(map_, "mira").extra_retorts == 0 and last(map_).action == "quip retort"


def test_with_no_guard_left_the_guard_is_refused():
    """ "Once you use your guard it is gone until it resets on your next turn"."""
    distract = {"do": "snap", "actor": "Mira", "snap": "distract", "target": "Raider"}
    map_ = begun(None, attack("Mira", "Raider"), guard("Raider", "dodge"), distract)
    with pytest.raises(ValueError, match="Raider has no guard left: it resets on Raider's next turn"):
        take(map_, guard("Raider", "insight"))
    assert turn(map_, "raider").guards == 0


def test_a_spent_guard_is_refused_as_spent_whatever_type_the_second_one_is():
    """ "Once you use your guard it is gone until it resets on your next turn": a second guard of
    the same type, or of a type the text would refuse anyway, is refused for that reason, not
    for the different-type rule nor for the flank or reach."""
    map_ = begun(None, attack("Mira", "Raider"), guard("Raider", "dodge"))
    for kind in ("dodge", "dive", "parry", "insight"):
        with pytest.raises(ValueError, match=r"^Raider has no guard left: it resets on Raider's next turn"):
            take(map_, guard("Raider", kind))


def test_two_guards_of_one_type_against_one_check_are_refused_with_the_texts_rule_and_whats_left():
    """Defend gives one more guard; both on one check must still be different types ("you must
    use a different type of check for each"). The refusal names the check used, quotes the rule
    and says which types the text still allows against this check."""
    map_ = begun(None, NEXT, NEXT, {"do": "act", "actor": "Kell", "action": "defend"}, NEXT)
    map_ = standing(map_, "raider", 7, 4, facing=270)  # in front of Kell, within his reach
    map_ = play(map_, attack("Raider", "Kell"), guard("Kell", "dodge", against="Raider"))
    with pytest.raises(ValueError) as refused:
        take(map_, guard("Kell", "dodge", against="Raider"))
    said = str(refused.value)
    assert said.startswith("Kell dodged Raider's attack with the guard already")
    assert '"you must use a different type of check for each"' in said
    assert "if you parry with your defense" not in said, "no defense was used: the guard-to-guard rule only"
    assert said.endswith("left to contest it: parry"), "insight contests a social attack only"
    assert turn(map_, "kell").guards == 1, "refused: the guard is still there"


def test_a_second_defense_against_one_check_is_refused_with_the_texts_words():
    map_ = begun(None, attack("Mira", "Raider"), {"do": "react", "actor": "Raider", "reaction": "screen"})
    map_ = play(map_, {"do": "react", "actor": "Raider", "reaction": "defense", "type": "dodge"})
    with pytest.raises(ValueError) as refused:
        take(map_, {"do": "react", "actor": "Raider", "reaction": "defense", "type": "parry"})
    assert str(refused.value) == (
        'Raider used a defense against Mira\'s attack already: "you may use one defense against each check"'
    )


def test_a_defense_is_one_against_each_check_with_defend_or_screen_only():
    map_ = begun(None, attack("Mira", "Raider"))
    defense = {"do": "react", "actor": "Raider", "reaction": "defense", "type": "dodge"}
    with pytest.raises(ValueError, match="Raider has no defenses from defend or screen"):
        take(map_, defense)
    screened = play(map_, {"do": "react", "actor": "Raider", "reaction": "screen"}, defense)
    assert last(screened).numbers == {} and "no defenses" not in last(screened).story
    with pytest.raises(ValueError, match="'counter'"):
        take(map_, {**defense, "type": "counter"})


@pytest.mark.parametrize(("flag", "word"), [("surprise", "surprise"), ("social", "social")])
def test_a_dodge_against_a_surprise_or_social_attack_is_refused(flag, word):
    map_ = begun(None, attack("Mira", "Raider", **{flag: True}))
    assert last(map_).numbers == {flag: 1}
    with pytest.raises(ValueError, match=f"no dodge against a {word} attack"):
        take(map_, guard("Raider", "dodge"))
    assert turn(map_, "raider").guards == 1
    assert "no dodge" not in take(begun(None, attack("Mira", "Raider")), guard("Raider", "dodge")).text


def test_a_dodge_against_an_attack_from_behind_the_flank_is_at_minus_two():
    map_ = standing(creek(), "raider", 7, 2)  # west of Kell, who faces east
    map_ = play(begun(map_, NEXT, NEXT, NEXT), attack("Raider", "Kell"), guard("Kell", "dodge"))
    assert last(map_).numbers == {"modifier": -2} and "-2 from behind the flank" in last(map_).story
    in_front = begun(standing(creek(), "raider", 7, 4), NEXT, NEXT, NEXT)
    in_front = play(in_front, attack("Raider", "Kell"), guard("Kell", "dodge"))
    assert last(in_front).numbers == {}


@pytest.mark.parametrize(
    ("row", "col", "note"),
    [
        (7, 4, None),  # in front and within reach
        (7, 2, "no parry from behind the flank"),
        (7, 9, "no parry: out of reach (6 areas, reach 1)"),
    ],
)
def test_a_parry_only_forward_of_the_flank_and_within_reach(row, col, note):
    map_ = begun(standing(creek(), "raider", row, col), NEXT, NEXT, NEXT, attack("Raider", "Kell"))
    if note is None:
        text = take(map_, guard("Kell", "parry")).text
        assert "parry" in text and "no parry" not in text and "(" not in text
    else:
        with pytest.raises(ValueError, match=re.escape(note)):
            take(map_, guard("Kell", "parry"))


def _open(map_: Map, token: str) -> set[str]:
    return {m.word for m in af_system.SYSTEM.open_moves(map_, map_.conflict, token)}


def test_the_moves_open_to_each_participant_now():
    map_ = begun()
    assert {"attack", "maneuver", "hustle", "fend", "guard", "second snap"} <= _open(map_, "mira")
    assert "screen" in _open(map_, "mira"), "the screen action, with the action unspent"
    assert _open(map_, "kell") == {"guard", "screen"}, "off turn: the reactions Kell holds"
    map_ = play(map_, {"do": "snap", "actor": "Mira", "snap": "fend"}, attack("Mira", "Kell"))
    assert _open(map_, "mira") == {"guard", "screen", "fend parry"}, "no action, no snap left"
    map_ = play(map_, guard("Kell", "dodge"), {"do": "react", "actor": "Kell", "reaction": "screen"})
    assert _open(map_, "kell") == {"defense"}, "guard spent, next action screened already"
