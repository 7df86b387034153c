"""The AF encounter's rules played through `tabletop play` with JSON steps on
maps/af-encounter.tabletop (Kell, Mira, Raider, "Raider archer"; reflexes typed at the start):
reactions off turn, the different-type rule, dive, counter, screen, fend and quip, snaps and
actions lapsing, exits, reinforcements, removal, past the edge, and who sets up first."""

from __future__ import annotations

import json

from tabletop.io import load_map
from tests.cli.run import tabletop

START = {
    "do": "start",
    "system": "af",
    "tokens": ["Kell", "Mira", "Raider", "Raider archer"],
    "reflexes": {"Mira": 5, "Raider archer": 4, "Kell": 3, "Raider": 2},
}
NEXT = {"do": "next"}


def played(capsys, tmp_path, maps_dir, *steps, out: bool = False):
    """`tabletop play maps/af-encounter.tabletop STEPS --json` after START; its report (and the
    map saved with -o when `out`)."""
    path = tmp_path / "steps.json"
    path.write_text(json.dumps([START, *steps]))
    args = ["play", str(maps_dir / "af-encounter.tabletop"), str(path), "--json"]
    saved = tmp_path / "after.tabletop"
    result = tabletop(capsys, *args, *(["-o", str(saved)] if out else []))
    report = json.loads(result.out)
    assert result.code == (0 if report["refused"] is None else 1)
    return (report, load_map(saved)) if out else report


def actions(report) -> list[tuple[str, str, str]]:
    return [(e["actor_name"], e["action"], e["target_name"]) for e in report["log"]]


def by_name(report, name: str) -> dict:
    return next(p for p in report["conflict"]["participants"] if p["name"] == name)


def test_a_guard_spent_off_turn_by_the_attacked_token_after_the_attackers_check(capsys, tmp_path, maps_dir):
    attack = {"do": "act", "actor": "Mira", "action": "attack", "target": "Raider"}
    guard = {"do": "react", "actor": "Raider", "reaction": "guard", "type": "dodge", "against": "Mira"}
    report = played(capsys, tmp_path, maps_dir, attack, guard)
    assert report["refused"] is None and report["conflict"]["turn"] == "mira"
    assert actions(report)[-2:] == [("Mira", "attack", "Raider"), ("Raider", "guard dodge", "Mira")]
    assert by_name(report, "Raider")["af"]["guards"] == 0


def test_the_different_type_rule_is_refused_in_the_texts_words(capsys, tmp_path, maps_dir):
    steps = [
        {"do": "act", "actor": "Mira", "action": "attack", "target": "Raider"},
        {"do": "react", "actor": "Raider", "reaction": "screen"},
        {"do": "react", "actor": "Raider", "reaction": "defense", "type": "dodge", "against": "Mira"},
        {"do": "react", "actor": "Raider", "reaction": "guard", "type": "dive", "against": "Mira", "to": [7, 10]},
    ]
    report = played(capsys, tmp_path, maps_dir, *steps)
    assert report["refused"]["step"] == 4
    assert (
        "Raider dodged Mira's attack with a defense already, and a dive is a special dodge" in report["refused"]["why"]
    )
    assert "if you parry with your defense you must dodge with your guard" in report["refused"]["why"]


def test_a_dive_moves_the_token_and_a_counter_attacks_back(capsys, tmp_path, maps_dir):
    steps = [
        {"do": "act", "actor": "Mira", "action": "attack", "target": "Kell"},
        {"do": "react", "actor": "Kell", "reaction": "guard", "type": "dive", "to": [8, 4]},
        NEXT,
        NEXT,  # Kell's turn: he hustles beside Mira and attacks her; she counters (a special parry)
        {"do": "snap", "actor": "Kell", "snap": "hustle", "to": [8, 3], "facing": 225},
        {"do": "act", "actor": "Kell", "action": "attack", "target": "Mira"},
        {"do": "react", "actor": "Mira", "reaction": "guard", "type": "counter"},
    ]
    report, saved = played(capsys, tmp_path, maps_dir, *steps, out=True)
    assert report["refused"] is None
    assert any(a == ("Kell", "guard dive", "Mira") for a in actions(report))
    assert (saved.token("kell").location.row, saved.token("kell").location.col) == (8, 3)
    assert actions(report)[-2:] == [("Mira", "guard counter", "Kell"), ("Mira", "attack", "Kell")]
    assert report["log"][-1]["numbers"] == {"counter": 1}


def test_a_screen_between_turns_loses_the_next_action(capsys, tmp_path, maps_dir):
    report = played(capsys, tmp_path, maps_dir, NEXT, {"do": "react", "actor": "Kell", "reaction": "screen"}, NEXT)
    assert report["conflict"]["turn"] == "kell"
    kell = by_name(report, "Kell")["af"]
    assert (kell["action"], kell["defenses"], kell["snaps"]) == (False, True, 1)


def test_fend_parry_and_quip_retort_are_spent(capsys, tmp_path, maps_dir):
    steps = [
        {"do": "snap", "actor": "Mira", "snap": "fend"},
        {"do": "act", "actor": "Mira", "action": "second snap"},
        {"do": "snap", "actor": "Mira", "snap": "quip"},
        NEXT,
        {"do": "snap", "actor": "Raider archer", "snap": "distract", "target": "Mira"},
        {"do": "react", "actor": "Mira", "reaction": "quip retort"},
        NEXT,  # Kell's turn: beside Mira, within her reach, he attacks her
        {"do": "snap", "actor": "Kell", "snap": "hustle", "to": [8, 3], "facing": 225},
        {"do": "act", "actor": "Kell", "action": "attack", "target": "Mira"},
        {"do": "react", "actor": "Mira", "reaction": "fend parry"},
    ]
    report = played(capsys, tmp_path, maps_dir, *steps)
    assert report["refused"] is None
    mira = by_name(report, "Mira")["af"]
    assert (mira["extra_parries"], mira["extra_retorts"]) == (0, 0)
    assert ("Mira", "quip retort", "Raider archer") in actions(report)
    assert actions(report)[-1] == ("Mira", "fend parry", "Kell")


def test_unused_snaps_and_actions_lapse_at_the_end_of_the_turn(capsys, tmp_path, maps_dir):
    report = played(capsys, tmp_path, maps_dir, {"do": "snap", "actor": "Mira", "snap": "prepare"}, NEXT, NEXT)
    assert ("Mira", "action lost", "") in actions(report)
    assert ("Raider archer", "snap and action lost", "") in actions(report)
    mira = by_name(report, "Mira")["af"]
    assert (mira["action"], mira["action_lost"], mira["snap_lost"]) == (False, True, False)


def test_an_exit_at_the_trim_leaves_the_order_and_reinforcements_join_it(capsys, tmp_path, maps_dir):
    steps = [
        *[NEXT] * 3,  # the raider's turn: east, two areas and a hustle a round, off the edge, the grid grown
        {"do": "act", "actor": "Raider", "action": "maneuver", "to": [7, 11], "facing": 90},
        {"do": "snap", "actor": "Raider", "snap": "hustle", "to": [7, 12], "facing": 90},
        *[NEXT] * 4,
        {"do": "act", "actor": "Raider", "action": "maneuver", "to": [7, 14], "facing": 90},
        {"do": "snap", "actor": "Raider", "snap": "hustle", "to": [7, 15], "facing": 90, "past_edge": "grow"},
        {"do": "end_exchange"},
        {"do": "add", "tokens": ["Raider"], "reflexes": {"Raider": 6}, "to": [14, 7]},
        NEXT,
    ]
    report, saved = played(capsys, tmp_path, maps_dir, *steps, out=True)
    assert report["refused"] is None
    assert ("Raider", "exits the encounter", "") in actions(report)
    assert report["conflict"]["order"] == ["raider", "mira", "archer", "kell"]
    assert (report["conflict"]["exchange"], report["conflict"]["turn"]) == (2, "raider"), "reflex 6 acts first"
    assert (saved.token("raider").location.row, saved.token("raider").location.col) == (14, 7)
    assert saved.grids[0].tile_bounds() == (0, 0, 2, 2)


def test_remove_passes_the_turn_on(capsys, tmp_path, maps_dir):
    report = played(capsys, tmp_path, maps_dir, {"do": "remove", "tokens": ["Mira"]})
    assert report["conflict"]["turn"] == "archer" and "mira" not in report["conflict"]["order"]
    assert ("Mira", "leaves the encounter", "") in actions(report)


def test_past_the_edge_asks_then_grows_or_exits(capsys, tmp_path, maps_dir):
    maneuver = {"do": "act", "actor": "Mira", "action": "maneuver", "to": [9, 0], "facing": 270}
    hustle = {"do": "snap", "actor": "Mira", "snap": "hustle", "to": [9, -1]}  # a hustle after a maneuver: 1 area
    asked = played(capsys, tmp_path, maps_dir, maneuver, hustle)
    assert asked["refused"] == {
        "step": 2,
        "why": "Mira moves past the west edge of The creek: grow the grid there, or exit the encounter? "
        "(the step's 'past_edge')",
    }
    _, grown = played(capsys, tmp_path, maps_dir, maneuver, {**hustle, "past_edge": "grow"}, out=True)
    assert grown.grids[0].tile_bounds() == (0, -1, 2, 2) and grown.token("mira").location.col == -1
    report, gone = played(capsys, tmp_path, maps_dir, maneuver, {**hustle, "past_edge": "exit"}, out=True)
    assert gone.token("mira").location is None and report["conflict"]["turn"] == "archer"
    assert "mira" not in report["conflict"]["order"]


def test_who_sets_up_first_is_logged(capsys, tmp_path, maps_dir):
    path = tmp_path / "steps.json"
    path.write_text(json.dumps([{**START, "sets_up_first": "band"}]))
    result = tabletop(capsys, "play", str(maps_dir / "af-encounter.tabletop"), str(path), "--json")
    report = json.loads(result.out)
    assert result.code == 0 and "band sets up first" in report["log"][0]["story"]
