"""`tabletop reach`, `path` and `range` on zone maps and grids, text and JSON."""

from __future__ import annotations

import json

from tabletop.io import load_map, save_map
from tabletop.model import Door, Passage
from tests.cli.run import tabletop


def _json(capsys, *args):
    result = tabletop(capsys, *args, "--json")
    assert result.code == 0, result.err
    return json.loads(result.out)


def test_reach_json_lists_zones_by_cost_with_paths_and_passages(capsys, maps_dir):
    data = _json(capsys, "reach", str(maps_dir / "warehouse.tabletop"), "--from", "West end", "--budget", "6")
    assert data["from"] == {"id": "z1", "name": "West end"} and data["budget"] == 6
    assert [(z["id"], z["cost"]) for z in data["zones"]] == [("z1", 0), ("z2", 3), ("z3", 6)]
    assert data["zones"][2]["path"] == ["z1", "z2", "z3"]
    assert data["zones"][2]["passages"] == ["through the aisles 3", "through the aisles 3"]


def test_reach_by_zone_name_or_token_is_the_same(capsys, maps_dir):
    by_name = _json(capsys, "reach", str(maps_dir / "warehouse.tabletop"), "--from", "middle", "--budget", "3")
    by_token = _json(capsys, "reach", str(maps_dir / "nephrite-net.tabletop"), "--token", "daemon", "--budget", "4")
    assert {z["id"] for z in by_name["zones"]} == {"z1", "z2", "z3"}
    assert by_token["from"]["id"] == "router"


def test_reach_text_explains_the_door(capsys, maps_dir):
    result = tabletop(capsys, "reach", str(maps_dir / "room-with-door.tabletop"), "--from", "hall", "--budget", "3")
    assert "3  Office (office)  via open the door 2 + through the door 1" in result.out


def test_path_json_uphill(capsys, maps_dir):
    data = _json(capsys, "path", str(maps_dir / "hillside.tabletop"), "--from", "valley", "--to", "ridge")
    assert data == {"cost": 6, "path": ["valley", "slope", "ridge"], "passages": ["the slope 3", "the slope 3"]}


def test_path_with_no_way_through_exits_1_with_one_line(capsys, tmp_path, maps_dir):
    room = load_map(maps_dir / "room-with-door.tabletop")
    wall = room.borders[0].model_copy(
        update={"passages": [Passage(label="through the door", door=Door(state="locked"))]}
    )
    locked = tmp_path / "locked.tabletop"
    save_map(room.model_copy(update={"borders": [wall]}), locked, backup=False)
    result = tabletop(capsys, "path", str(locked), "--from", "hall", "--to", "office")
    assert result.code == 1
    assert result.err == f"{locked}: no way through from Hall to Office\n"


def test_range_json(capsys, maps_dir):
    data = _json(capsys, "range", str(maps_dir / "nephrite-net.tabletop"), "--from", "gate")
    assert data["from"]["id"] == "gate"
    assert {z["id"]: z["range"] for z in data["zones"]}["backup"] == 5


def test_grid_reach_for_a_token_stops_at_the_creek(capsys, maps_dir):
    data = _json(capsys, "reach", str(maps_dir / "af-encounter.tabletop"), "--grid", "creek", "--token", "kell")
    assert data["speed"] == 3 and data["move"] == "run" and data["from"] == [7, 3]
    areas = {tuple(a["area"]): a["cost"] for a in data["areas"]}
    assert (7, 6) in areas and (7, 7) not in areas, "the creek is in column 7"


def test_grid_reach_swimming_enters_the_creek(capsys, maps_dir):
    data = _json(
        capsys,
        "reach",
        str(maps_dir / "af-encounter.tabletop"),
        "--grid",
        "creek",
        "--from-area",
        "7,6",
        "--move",
        "swim",
        "--speed",
        "1",
    )
    assert [7, 7] in [a["area"] for a in data["areas"]]


def test_grid_path_and_its_failure(capsys, maps_dir):
    path = str(maps_dir / "af-encounter.tabletop")
    data = _json(capsys, "path", path, "--grid", "creek", "--from-area", "7,3", "--to-area", "7,5", "--speed", "2")
    assert data["cost"] == 2 and data["path"][0] == [7, 3] and data["path"][-1] == [7, 5]
    result = tabletop(
        capsys, "path", path, "--grid", "creek", "--from-area", "0,0", "--to-area", "14,14", "--speed", "3"
    )
    assert result.code == 1
    assert result.err == f"{path}: area O15 is out of reach from area A1 with run 3: the cheapest way costs 17\n"
    result = tabletop(capsys, "path", path, "--grid", "creek", "--from-area", "7,3", "--to-area", "7,7")
    assert result.code == 1, "H8 is in the creek, which a runner cannot enter"
    assert (
        result.err
        == f"{path}: no way through from area D8 to area H8 with run: run cannot enter H8 (--move swim or fly can)\n"
    )


def test_grid_range_reports_cover_and_flank(capsys, maps_dir):
    data = _json(capsys, "range", str(maps_dir / "af-encounter.tabletop"), "--grid", "creek", "--token", "kell")
    archer = next(t for t in data["tokens"] if t["id"] == "archer")
    assert archer["range"] == 9 and archer["cover"] == ["old wall"]


def test_usage_errors_exit_2(capsys, maps_dir):
    path = str(maps_dir / "warehouse.tabletop")
    for args in (
        ["reach", path, "--from", "nowhere", "--budget", "2"],
        ["reach", path, "--from", "z1"],
        ["path", path, "--from", "z1"],
        ["reach", path, "--grid", "nope", "--from-area", "1,1"],
        ["reach", path, "--grid", "x", "--from-area", "one"],
    ):
        result = tabletop(capsys, *args)
        assert result.code == 2, args
        assert "Traceback" not in result.err


def test_grid_reach_stops_at_opponents_of_the_side_given_and_not_without_one(capsys, maps_dir):
    args = ("reach", str(maps_dir / "af-encounter.tabletop"), "--grid", "creek", "--from-area", "7,8", "--speed", "2")
    unsided = {tuple(a["area"]): a["stops"] for a in _json(capsys, *args)["areas"]}
    as_band = {tuple(a["area"]): a["stops"] for a in _json(capsys, *args, "--side", "band")["areas"]}
    assert unsided[(7, 9)] is False and as_band[(7, 9)] is True, "the raider stands at 7,9"


def test_a_negative_roll_answers_the_start_alone(capsys, maps_dir):
    zones = _json(capsys, "reach", str(maps_dir / "warehouse.tabletop"), "--from", "z2", "--budget", "-1")["zones"]
    assert [(z["id"], z["cost"], z["path"]) for z in zones] == [("z2", 0, ["z2"])]
    grid = ("reach", str(maps_dir / "af-encounter.tabletop"), "--grid", "creek", "--token", "kell", "--speed", "-1")
    assert [(a["area"], a["cost"]) for a in _json(capsys, *grid)["areas"]] == [([7, 3], 0)]


def test_a_huge_budget_or_speed_answers_as_a_large_enough_one(capsys, maps_dir):
    path, huge = str(maps_dir / "nephrite-net.tabletop"), "99999999999999999999999"
    assert (
        _json(capsys, "reach", path, "--from", "gate", "--budget", huge)["zones"]
        == (_json(capsys, "reach", path, "--from", "gate", "--budget", "1000")["zones"])
    )
    grid = ("reach", str(maps_dir / "af-encounter.tabletop"), "--grid", "creek", "--from-area", "7,3")
    assert _json(capsys, *grid, "--speed", huge)["areas"] == _json(capsys, *grid, "--speed", "1000")["areas"]


def test_a_token_on_a_grid_names_its_grid(capsys, maps_dir):
    named = tabletop(capsys, "reach", str(maps_dir / "af-encounter.tabletop"), "--token", "Kell", "--json")
    explicit = tabletop(
        capsys, "reach", str(maps_dir / "af-encounter.tabletop"), "--token", "Kell", "--grid", "creek", "--json"
    )
    assert named.code == 0 and named.out == explicit.out and json.loads(named.out)["areas"]


def test_grid_reach_as_text_works_out_no_paths_it_does_not_print(capsys, maps_dir, monkeypatch):
    """A 250x250-area grid at speed 1000 took 34 s, most of it in paths the text leaves out."""
    from tabletop.rules.grid_movement import GridReach

    asked = []
    path = GridReach.path
    monkeypatch.setattr(GridReach, "path", lambda self, area: asked.append(area) or path(self, area))
    args = ("reach", str(maps_dir / "af-encounter.tabletop"), "--grid", "creek", "--token", "kell")
    result = tabletop(capsys, *args)
    assert result.code == 0 and "  1  E8" in result.out and asked == []
    data = _json(capsys, *args)
    assert len(asked) == len(data["areas"]) and data["areas"][0]["path"] == [[7, 3]]
