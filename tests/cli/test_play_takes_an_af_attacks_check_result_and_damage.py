"""`tabletop play` takes an AF attack as the form does: the check (hack, aim or taunt), its
result and the damage rolled, logged with the attack; a taunt is social, so a dodge against
it is refused; a result out of range is refused in one line naming the field."""

from __future__ import annotations

from tests.cli.test_play_af import played

ATTACK = {"do": "act", "actor": "Mira", "action": "attack", "target": "Raider"}


def test_the_check_its_result_and_the_damage_are_logged_with_the_attack(capsys, tmp_path, maps_dir):
    report = played(capsys, tmp_path, maps_dir, {**ATTACK, "check": "aim", "result": 14, "damage": 3})
    assert report["refused"] is None
    attack = report["log"][-1]
    assert (attack["action"], attack["numbers"]) == ("attack", {"aim": 14, "damage": 3})


def test_a_taunt_is_a_social_attack_that_no_dodge_contests(capsys, tmp_path, maps_dir):
    guard = {"do": "react", "actor": "Raider", "reaction": "guard", "type": "dodge", "against": "Mira"}
    report = played(capsys, tmp_path, maps_dir, {**ATTACK, "check": "taunt", "result": 9}, guard)  # steps 1 and 2
    assert report["log"][-1]["numbers"] == {"social": 1, "taunt": 9}
    assert report["refused"]["step"] == 2 and "no dodge against a social attack" in report["refused"]["why"]


def test_a_check_that_is_not_the_texts_or_a_negative_damage_is_refused(capsys, tmp_path, maps_dir):
    report = played(capsys, tmp_path, maps_dir, {**ATTACK, "check": "stab"})
    assert "check: 'stab' is not one of hack, aim, taunt" in report["refused"]["why"]
    report = played(capsys, tmp_path, maps_dir, {**ATTACK, "damage": -2})
    assert "damage: a whole number from 0" in report["refused"]["why"]
