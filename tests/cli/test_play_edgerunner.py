"""The Edgerunner text's worked examples played through `tabletop play`, step by step as a GM
would write them, each asserting the numbers the text gives (../shared/rules/
edgerunner-conflicts.txt)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from tabletop.io import load_map, save_map
from tabletop.model import Door, Map, Passage
from tests.cli.run import tabletop

START = {"do": "start", "system": "edgerunner", "caller": "Sandra", "duration": "a few seconds"}


@dataclass
class Played:
    code: int
    report: dict
    map: Map

    @property
    def refused(self) -> str | None:
        return None if self.report["refused"] is None else self.report["refused"]["why"]

    def entries(self, action: str) -> list[dict]:
        return [e for e in self.report["log"] if e["action"] == action]

    def turn(self, token: str) -> dict:
        return next(p for p in self.report["conflict"]["participants"] if p["token"] == token)["edgerunner"]

    def marked(self, token: str, track: str) -> list[int]:
        return next(t for t in self.map.token(token).stress if t.name == track).marked


def play(tmp_path: Path, capsys, source: Path | Map, steps: list[dict]) -> Played:
    """`tabletop play MAP STEPS --json -o OUT`, and the map it saved."""
    if isinstance(source, Map):
        path = tmp_path / "in.tabletop"
        save_map(source, path)
        source = path
    steps_file, out = tmp_path / "steps.json", tmp_path / "out.tabletop"
    steps_file.write_text(json.dumps(steps))
    result = tabletop(capsys, "play", str(source), str(steps_file), "--json", "-o", str(out))
    report = json.loads(result.out)
    assert result.code == (0 if report["refused"] is None else 1)
    return Played(result.code, report, load_map(out))


@pytest.fixture
def warehouse(maps_dir) -> Path:
    return maps_dir / "warehouse.tabletop"


@pytest.fixture
def with_jade(maps_dir) -> Map:
    """The warehouse with Jade beside Gatto in the west end."""
    map_ = load_map(maps_dir / "warehouse.tabletop")
    jade = map_.token("gatto").model_copy(update={"id": "jade", "name": "Jade"})
    return map_.model_copy(update={"tokens": [*map_.tokens, jade]})


def _move(who: str, to: str, shifts: int) -> dict:
    return {"do": "act", "actor": who, "action": "move", "to": to, "shifts": shifts}


# -- the map ----------------------------------------------------------------------------------


def test_six_shifts_cross_the_warehouse(tmp_path, capsys, warehouse):
    played = play(tmp_path, capsys, warehouse, [START, _move("Gatto", "East end", 6)])
    assert played.refused is None
    assert played.map.token("gatto").location.zone == "z3"
    assert played.entries("move")[0]["numbers"] == {"rolled": 6, "shifts": 6, "cost": 6}


def test_three_shifts_reach_the_next_zone_of_the_warehouse(tmp_path, capsys, warehouse):
    played = play(tmp_path, capsys, warehouse, [START, _move("Gatto", "Middle", 3)])
    assert played.map.token("gatto").location.zone == "z2"
    far = play(tmp_path, capsys, warehouse, [START, _move("Gatto", "East end", 3)])
    assert far.refused is None and far.map.token("gatto").location.zone == "z2"  # as far as 3 shifts pay
    assert far.entries("move falls short")[0]["numbers"]["short by"] == 3


def test_gattos_two_shifts_move_nowhere(tmp_path, capsys, warehouse):
    """ "Gatto manages 2 shifts ... Not even enough to move a single zone!": his turn is spent."""
    played = play(tmp_path, capsys, warehouse, [START, _move("Gatto", "Middle", 2)])
    assert played.refused is None
    assert played.map.token("gatto").location.zone == "z1"
    assert played.entries("move falls short")[0]["numbers"] == {"rolled": 2, "shifts": 2, "cost": 0, "short by": 1}
    assert played.report["conflict"]["participants"][0]["edgerunner"]["acted"]


def _door(map_: Map, state: str | None, passages: list[Passage] | None = None) -> Map:
    """The room with its door in another state, or its wall with other passages."""
    wall = map_.borders[0].model_copy(deep=True)
    if passages is not None:
        wall.passages = passages
    else:
        wall.passages[0].door = Door(state=state, open_cost=2)
    return map_.model_copy(update={"borders": [wall]})


@pytest.mark.parametrize(
    ("door", "cost"),
    [("open", 1), ("closed", 3), ("locked", 4), (None, 7)],
    ids=["1 through the open door", "2 more to open it", "4 to break the door", "7 through the wall"],
)
def test_the_wall_with_a_door(tmp_path, capsys, maps_dir, door, cost):
    room = load_map(maps_dir / "room-with-door.tabletop")
    if door is None:  # a door barred for good: only the wall is left
        room = _door(room, None, [Passage(label="break through the wall", cost_from_a=7, cost_from_b=7)])
    else:
        room = _door(room, door)
    short = play(tmp_path, capsys, room, [START, _move("Jade", "Office", cost - 1)])
    assert short.map.token("jade").location.zone == "hall"
    assert short.entries("move falls short")[0]["numbers"]["short by"] == 1
    played = play(tmp_path, capsys, room, [START, _move("Jade", "Office", cost)])
    assert played.map.token("jade").location.zone == "office"
    assert played.entries("move")[0]["numbers"]["cost"] == cost


def test_the_slope_is_one_downhill_and_three_uphill(tmp_path, capsys, maps_dir):
    hillside = maps_dir / "hillside.tabletop"
    up = play(tmp_path, capsys, hillside, [START, _move("Scout", "Slope", 2)])
    assert up.entries("move falls short")[0]["numbers"]["short by"] == 1  # 3 uphill
    steps = [START, _move("Scout", "Slope", 3), {"do": "end_exchange"}, _move("Scout", "Valley", 1)]
    played = play(tmp_path, capsys, hillside, steps)
    assert [e["numbers"]["cost"] for e in played.entries("move")] == [3, 1]
    assert played.map.token("scout").location.zone == "valley"


# -- move another ------------------------------------------------------------------------------


def test_nephrite_pushes_the_daemon_four_zones_with_four_shifts(tmp_path, capsys, maps_dir):
    steps = [
        START,
        {"do": "act", "actor": "Nephrite", "action": "move another", "target": "IC daemon", "to": "Backup store"}
        | {"shifts": 4, "skill": "Deception"},
    ]
    played = play(tmp_path, capsys, maps_dir / "nephrite-net.tabletop", steps)
    assert played.map.token("daemon").location.zone == "backup"
    assert played.entries("move another")[0]["numbers"] == {"rolled": 4, "shifts": 4, "range": 0, "cost": 4}


def test_range_to_the_pushed_target_counts_from_its_starting_zone(tmp_path, capsys, maps_dir):
    push = {"do": "act", "actor": "Nephrite", "action": "move another", "target": "IC daemon", "to": "Backup store"}
    first = [START, _move("IC daemon", "Relay 1", 1), {"do": "end_exchange"}]
    short = play(tmp_path, capsys, maps_dir / "nephrite-net.tabletop", [*first, push | {"shifts": 3}])
    assert short.entries("move another falls short")[0]["numbers"]["short by"] == 1  # 2 left after range 1
    played = play(tmp_path, capsys, maps_dir / "nephrite-net.tabletop", [*first, push | {"shifts": 4}])
    assert played.entries("move another")[0]["numbers"] == {"rolled": 4, "shifts": 4, "range": 1, "cost": 3}
    assert played.map.token("daemon").location.zone == "backup"


# -- taken out, and a concession ------------------------------------------------------------------


def test_gatto_is_taken_out_by_hargans_eight_stress_and_jades_concession_ends_it(tmp_path, capsys, with_jade):
    story = "Jade breaks her data uplink and while firing her SMG frantically, she scuttles Gatto out of there."
    steps = [
        START,
        {"do": "mark", "target": "Gatto", "track": "cool", "box": 1},  # "all the previous stress he suffered"
        {"do": "mark", "target": "Gatto", "track": "cool", "box": 2},
        {"do": "next", "who": "Hargan"},
        {"do": "act", "actor": "Hargan", "action": "attack", "target": "Gatto", "track": "cool", "shifts": 8}
        | {"skill": "Firearms", "story": "Two bullets in his right arm."},
    ]
    out = play(tmp_path, capsys, with_jade, steps)
    taken = out.entries("taken out")
    assert [(e["actor_name"], e["target_name"]) for e in taken] == [("Hargan", "Gatto")]
    assert out.entries("attack")[0]["numbers"] == {"rolled": 8, "shifts": 8}
    gatto = next(p for p in out.report["conflict"]["participants"] if p["token"] == "gatto")
    assert gatto["out"] and out.report["conflict"]["ended"] is None  # Jade still stands
    steps += [{"do": "concede", "side": "runners", "story": story}, {"do": "accept", "side": "corp"}]
    ended = play(tmp_path, capsys, with_jade, steps)
    assert (ended.report["conflict"]["ended"], ended.report["conflict"]["story"]) == ("concession", story)
    assert ended.entries("accepts the concession")[0]["target"] == "runners"


# -- maneuver, recovery, defense, continue -----------------------------------------------------------


@pytest.mark.parametrize(("shifts", "invokes"), [(0, 0), (1, 1), (3, 2), (6, 3)])
def test_a_maneuvers_shifts_buy_free_invokes(tmp_path, capsys, warehouse, shifts, invokes):
    place = {"do": "act", "actor": "Hargan", "action": "maneuver", "on": "zone Middle", "aspect": "Crates everywhere"}
    played = play(tmp_path, capsys, warehouse, [START, place | {"shifts": shifts}])
    assert played.map.zone("z2").aspects[-1].free_invokes == invokes
    assert played.entries("maneuver")[0]["numbers"]["free invokes"] == invokes


def test_recovery_costs_box_n_shifts_and_both_act(tmp_path, capsys, with_jade):
    marks = [{"do": "mark", "target": "Gatto", "track": "health", "box": b} for b in (1, 2, 3)]
    heal = {"do": "act", "actor": "Jade", "action": "recovery", "target": "Gatto", "track": "health"}
    short = play(tmp_path, capsys, with_jade, [START, *marks, heal | {"boxes": [1, 3], "shifts": 3}])
    assert short.refused == "clearing box 1, 3 costs 4 shifts; the roll gave 3"
    played = play(tmp_path, capsys, with_jade, [START, *marks, heal | {"boxes": [3], "shifts": 3}])
    assert played.marked("gatto", "health") == [1, 2]
    assert played.entries("recovery")[0]["numbers"] == {"rolled": 3, "shifts": 3, "cleared": 1, "cost": 3}
    assert played.turn("gatto")["acted"] and played.turn("jade")["acted"]


def test_a_defense_reverts_when_its_holder_acts_again_or_the_target_moves(tmp_path, capsys, with_jade):
    guard = {"do": "act", "actor": "Jade", "action": "defense", "target": "Gatto", "track": "health", "shifts": 5}
    hit = {"do": "act", "actor": "Hargan", "action": "attack", "target": "Gatto", "track": "health", "shifts": 5}
    steps = [START, guard, hit]
    held = play(tmp_path, capsys, with_jade, steps)
    assert held.map.token("gatto").stress[0].defended_threshold == 5
    assert held.marked("gatto", "health") == [5]  # 5 is not over the defended 5
    acted = play(tmp_path, capsys, with_jade, [*steps, {"do": "end_exchange"}, _simple("Jade")])
    health = acted.map.token("gatto").stress[0]
    assert (health.defended_threshold, health.marked) == (None, [5])
    moved = play(tmp_path, capsys, with_jade, [START, guard, _move("Gatto", "Middle", 3)])
    assert moved.map.token("gatto").stress[0].defended_threshold is None
    assert moved.turn("jade")["defense"] is None


def _simple(who: str) -> dict:
    return {"do": "act", "actor": who, "action": "simple", "what": "ducks behind a crate"}


def test_a_continue_gets_the_shifts_the_last_action_got_after_its_bid(tmp_path, capsys, maps_dir):
    steps = [
        START,
        {"do": "next", "bids": {"Nephrite": 2, "IC daemon": 1}},
        {"do": "act", "actor": "Nephrite", "action": "attack", "target": "IC daemon", "shifts": 5},
        {"do": "end_exchange"},
        {"do": "act", "actor": "Nephrite", "action": "continue"},
    ]
    played = play(tmp_path, capsys, maps_dir / "nephrite-net.tabletop", steps)
    first, again = played.entries("attack")[0], played.entries("continue attack")[0]
    assert first["numbers"] == {"rolled": 5, "bid": 2, "shifts": 3, "box": 3}
    assert again["numbers"] == {"carried": 3, "shifts": 3, "box": 4}  # no roll; box 3 is marked: it rolls up
    assert played.turn("nephrite")["last"]["shifts"] == 3


# -- what attacks can take out --------------------------------------------------------------------------


def test_a_border_attacked_and_taken_out_is_redefined(tmp_path, capsys, maps_dir):
    room = maps_dir / "room-with-door.tabletop"
    smash = {"do": "act", "actor": "Jade", "action": "attack", "target": "Office wall", "shifts": 5}
    rubble = [{"label": "through the rubble", "cost_from_a": 1, "cost_from_b": 1}]
    steps = [START, smash | {"redefine": rubble}, {"do": "end_exchange"}, _move("Jade", "Office", 1)]
    played = play(tmp_path, capsys, room, steps)
    assert [(e["action"], e["target_name"]) for e in played.report["log"][1:4]] == [
        ("attack", "Office wall"),
        ("taken out", "Office wall"),
        ("redefines the border", "Office wall"),
    ]
    wall = played.map.borders[0]
    assert [(p.label, p.cost_from_a, p.cost_from_b) for p in wall.passages] == [("through the rubble", 1, 1)]
    assert played.map.token("jade").location.zone == "office"
    standing = play(tmp_path, capsys, room, [START, smash | {"shifts": 4, "redefine": rubble}])
    assert standing.refused == "only a border taken out may be redefined: Office wall still stands"


def test_an_aspect_is_attacked_away_with_its_free_invokes_as_boxes(tmp_path, capsys, maps_dir):
    net = maps_dir / "nephrite-net.tabletop"
    strike = {"do": "act", "actor": "Nephrite", "action": "attack", "aspect": "Icewall", "on": "border Firewall"}
    held = play(tmp_path, capsys, net, [START, strike | {"shifts": 1}])  # Icewall has 1 free invoke: 1 box
    assert [a.name for a in held.map.borders[-1].aspects] == ["Icewall"]
    gone = play(tmp_path, capsys, net, [START, strike | {"shifts": 2}])
    assert gone.map.borders[-1].aspects == []
    assert [(e["action"], e["story"]) for e in gone.report["log"][-1:]] == [("aspect removed", "Icewall")]


def test_a_problem_is_made_attacked_and_solved(tmp_path, capsys, warehouse):
    problem = {"do": "problem", "name": "Jammed loading door", "zone": "Middle", "aspect": "Rusted shut"}
    steps = [
        START,
        problem | {"takes": "a few minutes"},  # a few seconds to a few minutes: 3 steps of the time track
        {"do": "act", "actor": "Gatto", "action": "attack", "target": "Jammed loading door", "shifts": 2},
        {"do": "end_exchange"},
        {"do": "act", "actor": "Gatto", "action": "continue", "extra": 2},  # an aspect invoked: +2
    ]
    played = play(tmp_path, capsys, warehouse, steps)
    made = played.entries("problem")[0]
    assert (made["target_name"], made["numbers"]) == ("Jammed loading door", {"threshold": 3})
    door = played.map.token(made["target"])
    assert door.problem and door.location is None  # solved: "consider it accomplished", off the map
    assert [a.name for a in door.aspects] == ["Rusted shut"]
    assert played.entries("attack")[0]["numbers"]["box"] == 2
    solved = played.entries("problem solved")
    assert solved[0]["story"].startswith("A problem is solved if it is taken out.")
    again = play(
        tmp_path,
        capsys,
        warehouse,
        [
            *steps,
            {"do": "end_exchange"},
            {"do": "act", "actor": "Hargan", "action": "attack", "target": "Jammed loading door", "shifts": 5},
        ],
    )
    assert again.refused == "Jammed loading door is solved already: it is off the map"
    assert [p["token"] for p in played.report["conflict"]["participants"]] == ["gatto", "hargan"]


def test_a_couple_of_weeks_and_a_few_months_are_two_steps_apart(tmp_path, capsys, warehouse):
    problem = {"do": "problem", "name": "Hostile takeover", "zone": "Middle", "aspect": "Shareholders balk"}
    steps = [START | {"duration": "a couple of weeks"}, problem | {"takes": "a few months"}]
    played = play(tmp_path, capsys, warehouse, steps)
    assert played.entries("problem")[0]["numbers"] == {"threshold": 2}
    assert played.report["conflict"]["exchange"] == 1
    short = play(tmp_path, capsys, warehouse, [START | {"duration": "a month"}, problem | {"takes": "a week"}])
    assert short.refused == "a week fits in one exchange (a month): take it as an action, not a problem"


def test_resist_with_stress_and_a_consequence_steals_shifts(tmp_path, capsys, maps_dir):
    resist = {"stress": 1, "track": "integrity", "consequences": [{"name": "Corrupted cache", "shifts": 1}]}
    push = {"do": "act", "actor": "Nephrite", "action": "move another", "target": "IC daemon", "to": "Relay 2"}
    played = play(tmp_path, capsys, maps_dir / "nephrite-net.tabletop", [START, push | {"shifts": 4, "resist": resist}])
    assert played.entries("resists")[0]["numbers"] == {"stress": 1, "box": 1, "consequences": 1, "resisted": 2}
    assert played.entries("move another")[0]["numbers"] == {
        "rolled": 4,
        "resisted": 2,
        "shifts": 2,
        "range": 0,
        "cost": 2,
    }
    assert played.map.token("daemon").location.zone == "relay2"  # 2 shifts: two borders of 1
    daemon = played.map.token("daemon")
    assert (daemon.stress[0].marked, [(c.name, c.shifts) for c in daemon.consequences]) == (
        [1],
        [("Corrupted cache", 1)],
    )


def test_resisting_an_attack_with_a_consequence_leaves_its_own_stress(tmp_path, capsys, warehouse):
    hit = {"do": "act", "actor": "Hargan", "action": "attack", "target": "Gatto", "track": "health", "shifts": 5}
    unresisted = play(tmp_path, capsys, warehouse, [START, hit])
    assert unresisted.entries("taken out")  # 5 is over Gatto's threshold of 3
    resist = {"stress": 3, "consequences": [{"name": "Grazed arm", "shifts": 2}]}
    played = play(tmp_path, capsys, warehouse, [START, hit | {"resist": resist}])
    assert played.entries("attack")[0]["numbers"] == {"rolled": 5, "resisted": 2, "shifts": 3, "box": 3}
    assert played.marked("gatto", "health") == [3]
    assert [c.name for c in played.map.token("gatto").consequences] == ["Grazed arm"]
    assert not played.entries("taken out")
