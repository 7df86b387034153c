"""Card confrontations played through `tabletop play`, one rule of the text a test
(../shared/rules/card-confrontations.txt): a "confront" step with the cards as laid down."""

from __future__ import annotations

import json

import pytest

from tabletop.cli import main
from tabletop.io import load_map, save_map
from tabletop.model import Map

START = {"do": "start", "system": "cards"}
EDWARD = {"name": "Edward", "skill": 6, "attribute": 2, "advantages": 1}
THE_GM = {"name": "GM", "gm": True, "advantages": 2}


def confront(action, *confronting, story=None):
    step = {"do": "confront", "action": action, "confronting": list(confronting)}
    return {**step, "story": story} if story else step


def play(capsys, tmp_path, steps):
    """`tabletop play MAP STEPS --json -o OUT`: the exit code, the JSON report and the map after."""
    map_path, steps_path, out = tmp_path / "base.tabletop", tmp_path / "steps.json", tmp_path / "after.tabletop"
    save_map(Map(title="Base"), map_path)
    steps_path.write_text(json.dumps(steps), encoding="utf-8")
    code = main(["play", str(map_path), str(steps_path), "--json", "-o", str(out)])
    return code, json.loads(capsys.readouterr().out), load_map(out)


def stories(report, action):
    return [entry["story"] for entry in report["log"] if entry["action"] == action]


def test_edward_in_inferiority_plays_one_card_against_the_gms_two(capsys, tmp_path):
    """The GM's 0 is lowest: she plays her 10; Edward (6) plays one card only, 8; the GM, at 10,
    plays her second card."""
    steps = [START, confront({**EDWARD, "cards": [8, 9]}, {**THE_GM, "cards": [10, 3]})]
    code, report, _ = play(capsys, tmp_path, steps)
    assert code == 1, "two cards laid where inferiority allows one"
    assert report["refused"]["why"].startswith("Edward may play 1 card here, not 2")
    steps = [START, confront({**EDWARD, "cards": [8]}, {**THE_GM, "cards": [10, 3]}, story="The guard drops")]
    code, report, _ = play(capsys, tmp_path, steps)
    assert code == 0, report["refused"]
    assert stories(report, "outcome") == ["against the GM: Edward succeeds (14 to 13)"]
    assert stories(report, "confrontation") == ["The guard drops — The action succeeds."]
    assert report["log"][-1]["numbers"] == {"Edward": 14, "GM": 13}
    steps = [START, confront({**EDWARD, "cards": [8]}, {**THE_GM, "cards": [10, 5]})]
    code, report, _ = play(capsys, tmp_path, steps)
    assert code == 0, report["refused"]
    assert stories(report, "outcome") == ["against the GM: fails (14 to 15)"]
    assert stories(report, "confrontation") == ["The action fails: the GM won."]


def test_erica_31_against_john_19_with_a_last_13_is_a_critical_success(capsys, tmp_path):
    erica = {"name": "Erica", "skill": 6, "attribute": 3, "cards": [5, 7, 13]}
    john = {"name": "John", "skill": 4, "attribute": 3, "cards": [8, 7]}
    code, report, map_ = play(capsys, tmp_path, [START, confront(erica, john)])
    assert code == 0
    assert stories(report, "outcome") == ["against John: Erica succeeds, critical (31 to 19)"]
    assert report["log"][-2]["numbers"] == {"margin": 12}
    assert map_.conflict.system == "cards" and len(map_.conflict.log) == 3
    assert report["log"][0]["numbers"] == {"Erica": 3, "John": 2}, "the cards each laid, for the round's count"


@pytest.mark.parametrize(
    ("cards", "outcome"),
    [
        ([9], "against Bo: Ana succeeds (9 to 5)"),
        ([10], "against Bo: Ana succeeds, decisive (10 to 5)"),
        ([13, 1], "against Bo: Ana succeeds, decisive (14 to 5)"),
        ([2, 13], "against Bo: Ana succeeds, critical (15 to 5)"),
    ],
)
def test_decisive_at_five_and_critical_at_ten_with_a_court_card_last(capsys, tmp_path, cards, outcome):
    ana = {"name": "Ana", "skill": 0, "attribute": 2, "advantages": 1, "cards": cards}
    bo = {"name": "Bo", "skill": 5, "attribute": 1}
    code, report, _ = play(capsys, tmp_path, [START, confront(ana, bo)])
    assert code == 0, report["refused"]
    assert stories(report, "outcome") == [outcome]


def test_a_tie_fails_every_action(capsys, tmp_path):
    steps = [START, confront({"name": "A", "skill": 3, "attribute": 1, "cards": [7]}, {"name": "B", "skill": 10})]
    code, report, _ = play(capsys, tmp_path, steps)
    assert code == 0, report["refused"]
    assert stories(report, "outcome") == ["against B: a tie, every action fails (10 to 10)"]
    assert stories(report, "confrontation") == ["The action fails."]


def test_the_gms_joker_turns_the_last_card_to_zero_and_a_first_joker_waits(capsys, tmp_path):
    steps = [START, confront({**EDWARD, "cards": [12]}, {**THE_GM, "cards": [4, "joker"]})]
    code, report, _ = play(capsys, tmp_path, steps)
    assert code == 0, report["refused"]
    assert report["log"][-1]["numbers"] == {"Edward": 6, "GM": 4}, "his 12 is worth 0 after the joker"
    ana = {"name": "Ana", "skill": 5, "attribute": 2, "cards": [11, 2]}
    code, report, _ = play(capsys, tmp_path, [START, confront(ana, {"name": "GM", "gm": True, "cards": ["joker"]})])
    assert code == 0, report["refused"]
    assert report["log"][-1]["numbers"] == {"Ana": 7, "GM": 0}, "the joker came first: her next card, 11, is 0"


def test_a_multiple_confrontation_gives_each_outcome_and_the_gm_winning_hers_fails_the_action(capsys, tmp_path):
    vic = {"name": "Vic", "skill": 4, "attribute": 2, "cards": [6, 5]}
    ana = {"name": "Ana", "skill": 2, "attribute": 2, "cards": [3]}
    bo = {"name": "Bo", "skill": 9, "attribute": 2, "cards": [2]}
    gm = {**THE_GM, "cards": [9, 8]}
    code, report, _ = play(capsys, tmp_path, [START, confront(vic, ana, bo, gm)])
    assert code == 0
    assert stories(report, "outcome") == [
        "against Ana: Vic succeeds, decisive (15 to 5)",
        "against Bo: Vic succeeds (15 to 11)",
        "against the GM: fails (10 to 17)",
    ], "against the GM his last card does not count: he is in inferiority against her only"
    assert stories(report, "confrontation") == [
        "The action fails: the GM won, regardless of its success against Ana, Bo."
    ]
    code, report, _ = play(capsys, tmp_path, [START, confront(vic, ana, {**bo, "cards": [6]})])
    assert code == 0, report["refused"]
    assert stories(report, "confrontation") == ["The action succeeds against Ana and fails against Bo."]


def test_tied_players_lay_their_cards_at_the_same_time(capsys, tmp_path):
    """Ana and Bo tie at 2 and lay their cards face down together: the joker of Bo (an NPC),
    shown with Ana's 13, turns it to 0."""
    ana = {"name": "Ana", "skill": 2, "attribute": 1, "cards": [13]}
    bo = {"name": "Bo", "skill": 2, "attribute": 1, "cards": ["joker"]}
    code, report, _ = play(capsys, tmp_path, [START, confront(ana, bo)])
    assert code == 0
    assert report["log"][-1]["numbers"] == {"Ana": 2, "Bo": 2}
    assert stories(report, "outcome") == ["against Bo: a tie, every action fails (2 to 2)"]


def test_activated_effects_are_logged_confronters_first_then_the_initial_character(capsys, tmp_path):
    erica = {"name": "Erica", "skill": 6, "attribute": 3, "cards": [5], "effect": "Smart scope: +1 advantage"}
    john = {"name": "John", "skill": 4, "attribute": 3, "cards": [8], "effect": "Reflex booster"}
    ana = {"name": "Ana", "skill": 1, "attribute": 1, "effect": "Cover"}
    code, report, _ = play(capsys, tmp_path, [START, confront(erica, john, ana)])
    assert code == 0
    effects = [(e["actor"], e["target"], e["story"]) for e in report["log"] if e["action"] == "activated effect"]
    assert effects == [
        ("John", "Erica", "Reflex booster"),
        ("Ana", "Erica", "Cover"),
        ("Erica", "", "Smart scope: +1 advantage"),
    ]
    assert [e["action"] for e in report["log"]][:3] == ["activated effect"] * 3, "declared before the outcome"
    code, report, _ = play(capsys, tmp_path, [START, confront({**erica, "effect": "two\nlines"}, john)])
    assert code == 1 and "the action 'Erica': effect must be one line" in report["refused"]["why"]


def test_cards_played_earlier_this_round_count_against_the_attribute(capsys, tmp_path):
    erica = {"name": "Erica", "skill": 6, "attribute": 3, "played_this_round": 2, "cards": [5, 7, 13]}
    john = {"name": "John", "skill": 4, "attribute": 3, "cards": [8, 7]}
    code, report, _ = play(capsys, tmp_path, [START, confront(erica, john)])
    assert code == 1 and report["refused"]["why"].startswith("Erica may play 1 card here, not 3")
    code, report, _ = play(capsys, tmp_path, [START, confront({**erica, "cards": [5]}, john)])
    assert code == 0, report["refused"]
    assert report["log"][-1]["numbers"] == {"Erica": 11, "John": 19}, "one card left of her three this round"
    code, report, _ = play(capsys, tmp_path, [START, confront({**erica, "played_this_round": "2"}, john)])
    assert code == 1
    why = "the action 'Erica': played_this_round must be a whole number from 0 to 1000, not '2'"
    assert report["refused"]["why"] == why
