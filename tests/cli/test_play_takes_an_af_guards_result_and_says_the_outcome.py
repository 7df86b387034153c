"""`tabletop play` takes an AF guard's check result as the form does, and logs the contest's
outcome against the attack's result: the attack's damage when it wins, the guard's win
otherwise; a result that is not a number is refused in one line naming the field."""

from __future__ import annotations

from tests.cli.test_play_af import played

AIMED = {"do": "act", "actor": "Mira", "action": "attack", "target": "Raider", "check": "aim", "result": 14}
GUARD = {"do": "react", "actor": "Raider", "reaction": "guard", "type": "dodge"}


def test_the_guards_result_is_logged_with_the_outcome(capsys, tmp_path, maps_dir):
    report = played(capsys, tmp_path, maps_dir, {**AIMED, "damage": 3}, {**GUARD, "result": 12})
    assert report["refused"] is None
    guard = report["log"][-1]
    assert (guard["action"], guard["numbers"]) == ("guard dodge", {"dodge": 12})
    assert guard["story"] == "dodge 12 against aim 14: the attack wins, damage 3"
    report = played(capsys, tmp_path, maps_dir, AIMED, {**GUARD, "result": 15})
    assert report["log"][-1]["story"] == "dodge 15 against aim 14: the dodge wins, the attack fails"


def test_a_result_that_is_not_a_number_is_refused_naming_the_field(capsys, tmp_path, maps_dir):
    report = played(capsys, tmp_path, maps_dir, AIMED, {**GUARD, "result": "high"})
    assert report["refused"]["step"] == 2 and report["refused"]["why"].startswith("result:")
