"""Extended conflicts with reserve played through `tabletop play`, one rule of the text a test
(../shared/rules/reserve-extended-conflict.txt): the steps as JSON, the map saved after them."""

from __future__ import annotations

import json

import pytest

from tabletop.cli import main
from tabletop.io import load_map, save_map
from tabletop.model import Map
from tabletop.rules.reserve import DIFFICULTIES

KARA = {
    "name": "Kara",
    "offense": 9,
    "defense": 7,
    "force": 6,
    "reserve": {"Body": 3, "Will": 4},
    "core_values": {"Loyalty": 3, "Faith": 5},
}
DRONE = {
    "name": "Drone",
    "offense": 12,
    "defense": 5,
    "force": 4,
    "reserve": {"Armour": 5},
    "core_values": {"Duty": 3, "Order": 5},
}


def start(*sides, first=None):
    step = {"do": "start", "system": "reserve", "sides_given": list(sides or (KARA, DRONE))}
    if first is not None:
        step["swings_first"] = first
    return step


def hit(attack, defense, attacker="Kara", defender="Drone", **more):
    return {"do": "offensive", "attacker": attacker, "defender": defender, "attack": attack, "defense": defense, **more}


def play(capsys, tmp_path, steps):
    """`tabletop play MAP STEPS --json -o OUT`: the exit code, the JSON report and the map after."""
    map_path, steps_path, out = tmp_path / "chase.tabletop", tmp_path / "steps.json", tmp_path / "after.tabletop"
    save_map(Map(title="Chase"), map_path)
    steps_path.write_text(json.dumps(steps), encoding="utf-8")
    code = main(["play", str(map_path), str(steps_path), "--json", "-o", str(out)])
    report = json.loads(capsys.readouterr().out)
    return code, report, load_map(out)


def sides(map_):
    return {side.name: side for side in map_.conflict.reserve}


def last(report):
    return report["log"][-1]


@pytest.mark.parametrize("line", DIFFICULTIES, ids=lambda d: str(d.minimum))
def test_a_simple_roll_meets_the_minimum_and_names_who_can_usually_do_it(capsys, tmp_path, line):
    steps = [
        start(),
        {"do": "simple", "who": "Kara", "roll": line.minimum, "minimum": line.minimum},
        {"do": "simple", "who": "Kara", "roll": line.minimum - 1, "minimum": line.minimum},
    ]
    code, report, _ = play(capsys, tmp_path, steps)
    assert code == 0, report["refused"]
    made, short = report["log"][-2:]
    assert made["story"] == f"{line.minimum} against {line.minimum}: things go your way; {line.minimum}: {line.who}"
    assert short["story"].startswith(f"{line.minimum - 1} against {line.minimum}: short of the minimum")


def test_a_minimum_between_the_tables_lines_reads_the_line_it_reaches(capsys, tmp_path):
    code, report, _ = play(capsys, tmp_path, [start(), {"do": "simple", "roll": 70, "minimum": 50}])
    assert code == 0
    assert last(report)["story"].endswith("40: " + DIFFICULTIES[2].who)
    assert last(report)["numbers"] == {"roll": 70, "minimum": 50}


def test_3a_the_defenders_higher_roll_costs_nothing(capsys, tmp_path):
    code, report, map_ = play(capsys, tmp_path, [start(), hit(12, 15)])
    assert code == 0
    assert last(report)["numbers"]["lost"] == 0
    assert sides(map_)["Drone"].reserve == {"Armour": 5}


def test_3b_the_attackers_higher_roll_costs_two_from_the_score_the_defender_chooses(capsys, tmp_path):
    code, report, map_ = play(capsys, tmp_path, [start(), hit(16, 15, "Drone", "Kara")])
    assert code == 1, "Kara has Reserve on two scores: which pays is asked"
    assert report["refused"]["why"] == "Kara loses 2: from which defensive score? (Body, Will) (the step's 'pays')"
    code, report, map_ = play(capsys, tmp_path, [start(), hit(16, 15, "Drone", "Kara", pays="Will")])
    assert code == 0
    assert sides(map_)["Kara"].reserve == {"Body": 3, "Will": 2}
    code, report, map_ = play(capsys, tmp_path, [start(), hit(16, 15, pays="Armour")])
    assert sides(map_)["Drone"].reserve == {"Armour": 3}


@pytest.mark.parametrize(
    ("attack", "defense", "more", "lost", "why"),
    [
        (20, 10, {}, 3, "20 is 2 times 10: +1"),
        (30, 10, {}, 4, "30 is 3 times 10: +2"),
        (45, 10, {}, 5, "45 is 4 times 10: +3"),
        (11, 10, {"weapon": 2}, 4, "the weapon's extra loss: +2"),
        (11, 10, {"subtle": True}, 1, "a subtle contest: -1"),
    ],
)
def test_each_loss_modifier(capsys, tmp_path, attack, defense, more, lost, why):
    code, report, map_ = play(capsys, tmp_path, [start(), hit(attack, defense, "Drone", "Kara", pays="Will", **more)])
    assert code == 0, report["refused"]
    assert last(report)["numbers"]["lost"] == lost
    assert why in last(report)["story"]
    assert sum(sides(map_)["Kara"].reserve.values()) == 7 - lost


def test_force_three_above_adds_one_and_three_below_takes_one(capsys, tmp_path):
    strong = {**KARA, "force": 7}
    code, report, _ = play(capsys, tmp_path, [start(strong, DRONE), hit(11, 10)])
    assert code == 0, report["refused"]
    assert last(report)["numbers"]["lost"] == 3
    assert "the attacker's Force 7 is 3 or more above the defender's 4: +1" in last(report)["story"]
    code, report, _ = play(capsys, tmp_path, [start(strong, DRONE), hit(11, 10, "Drone", "Kara", pays="Body")])
    assert code == 0, report["refused"]
    assert last(report)["numbers"]["lost"] == 1
    assert "the defender's Force 7 is 3 or more above the attacker's 4: -1" in last(report)["story"]
    code, report, _ = play(capsys, tmp_path, [start(), hit(11, 10)])
    assert code == 0, report["refused"]
    assert last(report)["numbers"]["lost"] == 2, "Force 6 against 4 is only two apart"


def test_you_only_ever_lose_reserve_as_the_defender(capsys, tmp_path):
    code, report, map_ = play(capsys, tmp_path, [start(), hit(1, 50, attacker_spends={"Will": 2})])
    assert code == 0
    assert last(report)["numbers"]["lost"] == 0
    assert sides(map_)["Kara"].reserve == {"Body": 3, "Will": 2}, "what she spent, and nothing lost"
    assert sides(map_)["Drone"].reserve == {"Armour": 5}


def test_a_target_out_of_reserve_is_at_your_mercy_and_the_victory_ends_it(capsys, tmp_path):
    spent = {**DRONE, "reserve": {"Armour": 0}}
    code, report, map_ = play(capsys, tmp_path, [start(KARA, spent), hit(11, 10)])
    assert "at your mercy: the attacker may take a victory" in last(report)["story"]
    assert map_.conflict.ended is None, "taking the victory is the attacker's choice"
    code, report, map_ = play(capsys, tmp_path, [start(KARA, spent), hit(11, 10, victory=True)])
    assert code == 0
    assert map_.conflict.ended == "taken out" and sides(map_)["Drone"].beaten
    assert map_.conflict.story == "Kara takes the victory over Drone"
    code, report, _ = play(capsys, tmp_path, [start(), hit(11, 10, victory=True)])
    assert code == 1 and report["refused"]["why"].startswith("no victory yet")
    code, report, _ = play(capsys, tmp_path, [start(KARA, spent), hit(10, 11, victory=True)])
    assert code == 1, "a lost roll takes no victory, even against a target with no Reserve"


def test_fold_lets_the_opponent_choose_the_victory_and_keeps_the_reserve(capsys, tmp_path):
    fold = {"do": "fold", "side": "Kara", "to": "Drone", "story": "She tells them the truth"}
    code, report, map_ = play(capsys, tmp_path, [start(), fold])
    assert code == 0
    assert map_.conflict.ended == "concession" and sides(map_)["Kara"].folded
    assert sides(map_)["Kara"].reserve == KARA["reserve"]
    third = {"name": "Clem", "offense": 3, "reserve": {"Body": 2}}
    code, report, map_ = play(capsys, tmp_path, [start(KARA, DRONE, third), fold, hit(9, 1, "Kara", "Clem")])
    assert code == 1 and report["refused"]["why"] == "Kara folded: it is out of the conflict"
    assert map_.conflict.ended is None, "two sides are still in it"


def test_escape_costs_one_reserve_and_gets_away_when_the_opponent_loses(capsys, tmp_path):
    away = {"do": "escape", "attacker": "Drone", "defender": "Kara", "attack": 10, "defense": 14, "pays": "Will"}
    code, report, map_ = play(capsys, tmp_path, [start(), away])
    assert code == 0
    assert sides(map_)["Kara"].reserve == {"Body": 3, "Will": 3} and sides(map_)["Kara"].escaped
    assert map_.conflict.ended == "ended", "with one side left the conflict is over"
    caught = {**away, "attack": 14, "defense": 10}
    code, report, map_ = play(capsys, tmp_path, [start(), caught])
    assert sides(map_)["Kara"].reserve == {"Body": 3, "Will": 1}, "one to escape, then two lost as normal"
    assert "Kara is caught and loses 2" in last(report)["story"] and not sides(map_)["Kara"].escaped
    broke = {**KARA, "reserve": {"Body": 0, "Will": 0}}
    code, report, _ = play(capsys, tmp_path, [start(broke, DRONE), away])
    assert code == 1 and report["refused"]["why"] == "Kara has no Reserve to spend on escaping"


def test_a_core_value_resisting_is_added_to_the_score_not_the_roll(capsys, tmp_path):
    against = hit(9, 8, "Drone", "Kara", pays="Will", against_core_value="Loyalty")
    code, report, _ = play(capsys, tmp_path, [start(), against])
    assert code == 0, report["refused"]
    entry = last(report)
    assert "Drone rolls Offense 12; Kara rolls Defense 7 + CV Loyalty 3 = 10" in entry["story"]
    assert entry["numbers"]["defense score"] == 10 and entry["numbers"]["defense"] == 8
    assert entry["numbers"]["lost"] == 2, "the dice typed decide: 9 beat 8 whatever the score rolled"
    assert "Force" not in entry["story"], "a Core Value leaves Force alone (6 against 4 stays two apart)"


def test_an_argument_consistent_with_the_defenders_core_value_raises_the_convincer(capsys, tmp_path):
    for value, bonus in (("Duty", 1), ("Order", 2)):
        code, report, _ = play(capsys, tmp_path, [start(), hit(9, 8, consistent_core_value=value)])
        assert code == 0, report["refused"]
        total = KARA["offense"] + bonus
        assert f"Kara rolls Offense 9 + Drone's CV {value} {bonus} = {total}" in last(report)["story"]
        assert last(report)["numbers"]["attack score"] == total and last(report)["numbers"]["attack"] == 9
    code, report, _ = play(capsys, tmp_path, [start(), hit(9, 8, consistent_core_value="Greed")])
    assert code == 1 and report["refused"]["why"] == "Drone has no Core Value 'Greed' (it has Duty, Order)"


def test_whoever_swings_first_swings_first_then_the_highest_offense(capsys, tmp_path):
    clem = {"name": "Clem", "offense": 9, "reserve": {"Body": 2}}
    code, report, map_ = play(capsys, tmp_path, [start(KARA, DRONE, clem, first="Clem")])
    assert code == 0
    assert map_.conflict.swings_first == "Clem"
    assert report["log"][0]["story"] == "order: Clem, Drone, Kara"
    steps = [start(KARA, DRONE, clem), {"do": "swings_first", "side": "Kara"}]
    code, report, map_ = play(capsys, tmp_path, steps)
    assert last(report)["story"] == "Kara swings first; order: Kara, Drone, Clem", "Kara and Clem tie: given order"
    code, report, _ = play(capsys, tmp_path, [start(first="Nobody")])
    assert code == 1 and report["refused"]["why"] == "'Nobody' swings first but is not one of the sides"


def test_the_order_and_who_is_still_to_act_show_as_the_conflict_stands(capsys, tmp_path):
    map_path, steps_path = tmp_path / "chase.tabletop", tmp_path / "steps.json"
    save_map(Map(title="Chase"), map_path)
    steps_path.write_text(json.dumps([start(first="Kara"), hit(9, 8)]), encoding="utf-8")
    assert main(["play", str(map_path), str(steps_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "Extended conflict with reserve: Timeslice 1 · order: Kara (swings first), Drone · to act: Drone" in lines


def test_one_offensive_action_a_timeslice(capsys, tmp_path):
    code, report, _ = play(capsys, tmp_path, [start(), hit(9, 8), hit(9, 8)])
    assert code == 1
    assert report["refused"] == {
        "step": 2,
        "why": "Kara has made its offensive action this timeslice: next timeslice first",
    }
    code, report, map_ = play(capsys, tmp_path, [start(), hit(9, 8), {"do": "next"}, hit(9, 8)])
    assert code == 0 and map_.conflict.exchange == 2
    assert [entry["exchange"] for entry in report["log"]] == [1, 1, 2]


def test_a_contested_roll_tied_at_the_top_is_re_rolled_by_the_tied(capsys, tmp_path):
    rolls = {"Kara": 14, "Drone": 14, "Clem": 3}
    code, report, _ = play(capsys, tmp_path, [start(), {"do": "contest", "rolls": rolls}])
    assert code == 1 and report["refused"]["why"] == "Kara and Drone tie at 14: they re-roll (1) (the step's 'rerolls')"
    again = {"do": "contest", "rolls": rolls, "rerolls": [{"Kara": 9, "Drone": 9}]}
    code, report, _ = play(capsys, tmp_path, [start(), again])
    assert code == 1
    assert report["refused"]["why"] == "Kara and Drone tie at 9: they re-roll (2) (the step's 'rerolls')"
    settled = {**again, "rerolls": [{"Kara": 9, "Drone": 9}, {"Kara": 12, "Drone": 4}]}
    code, report, _ = play(capsys, tmp_path, [start(), settled])
    assert code == 0
    assert last(report)["actor"] == "Kara" and last(report)["action"] == "contested roll"
    assert last(report)["story"] == (
        "Kara wins the contested roll (Kara 14, Drone 14, Clem 3; re-roll Kara 9, Drone 9; re-roll Kara 12, Drone 4)"
    )
    wrong = {**again, "rerolls": [{"Kara": 9, "Drone": 2, "Clem": 20}]}
    code, report, _ = play(capsys, tmp_path, [start(), wrong])
    assert code == 1
    assert report["refused"]["why"] == "re-roll 1: Kara, Drone were tied and re-roll, and only they"


def test_a_race_needs_no_conflict_begun_and_never_replaces_an_ended_one(capsys, tmp_path):
    """'Other times you can settle things easily with a contested roll': with no conflict on the
    map the roll-off begins one for its log; after a fold the ended conflict and its sides stay,
    and the roll is refused until the GM closes it."""
    race = {"do": "contest", "rolls": {"Kara": 14, "Drone": 12}}
    code, report, map_ = play(capsys, tmp_path, [race])
    assert code == 0 and map_.conflict.system == "reserve"
    assert last(report)["story"] == "Kara wins the contested roll (Kara 14, Drone 12)"
    fold = {"do": "fold", "side": "Kara", "to": "Drone"}
    code, report, map_ = play(capsys, tmp_path, [start(), fold, race])
    assert code == 1 and report["refused"]["why"].startswith("the conflict has ended (concession)")
    assert set(sides(map_)) == {"Kara", "Drone"} and map_.conflict.ended == "concession"
    code, report, map_ = play(capsys, tmp_path, [start(), fold, {"do": "close"}, race])
    assert code == 0 and map_.conflict.ended is None and map_.conflict.reserve == []


def test_another_profession_is_substituted_by_a_point_of_reserve_or_by_dice(capsys, tmp_path):
    by_reserve = hit(
        9, 8, attacker_substitutes="reserve", attacker_profession="Streetwise", attacker_substitute_pays="Body"
    )
    code, report, map_ = play(capsys, tmp_path, [start(), by_reserve])
    assert code == 0, report["refused"]
    assert sides(map_)["Kara"].reserve == {"Body": 2, "Will": 4}
    assert "Kara substitutes Streetwise: 1 Reserve from Body" in last(report)["story"]
    by_dice = hit(9, 8, "Drone", "Kara", pays="Will", defender_substitutes="dice", defender_profession="Athletics")
    code, report, map_ = play(capsys, tmp_path, [start(), by_dice])
    assert code == 0
    assert "Kara substitutes Athletics: -1 on both dice (the roll as rolled)" in last(report)["story"]
    assert sides(map_)["Kara"].reserve == {"Body": 3, "Will": 2}, "no point for dice; the two lost as normal"
    assert last(report)["numbers"]["defense"] == 8
    broke = {**KARA, "reserve": {"Body": 0, "Will": 4}}
    code, report, _ = play(capsys, tmp_path, [start(broke, DRONE), by_reserve])
    assert code == 1 and report["refused"]["why"] == "Kara cannot spend 1 from 'Body' (0 left)"
    code, report, _ = play(capsys, tmp_path, [start(), hit(9, 8, attacker_substitutes="reserve")])
    assert code == 1
    assert report["refused"]["why"] == "Kara substitutes by a point of Reserve: name the score it comes from"


@pytest.mark.parametrize(
    ("step", "why"),
    [
        (hit(10**6, 8), "attack: a whole number from 0 to 10000, not 1000000"),
        (hit(9, 8, attacker_spends={"Body": "two"}), "attacker_spends: Body must be a whole number from 0 to 1000"),
        ({"do": "contest", "rolls": {"Kara": 1}}, "a contested roll needs two sides or more"),
        ({"do": "sides", "sides": [{"name": "A", "offense": -1}]}, "side 0: offense:"),
        ({"do": "simple", "who": "\x1b[2J", "roll": 3, "minimum": 2}, "who: one line of plain text"),
        (hit(9, 8, story="\x07"), "story: plain text, without control characters"),
        (hit(9, 8, attacker_substitutes="dice", attacker_profession="\x1b]0;"), "attacker_profession: one line"),
    ],
)
def test_bad_numbers_are_refused_in_one_line(capsys, tmp_path, step, why):
    steps_path = tmp_path / "steps.json"
    map_path = tmp_path / "chase.tabletop"
    save_map(Map(title="Chase"), map_path)
    steps_path.write_text(json.dumps([start(), step]), encoding="utf-8")
    code = main(["play", str(map_path), str(steps_path), "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 1 and report["refused"]["step"] == 1
    assert report["refused"]["why"].startswith(why) and "\n" not in report["refused"]["why"]
