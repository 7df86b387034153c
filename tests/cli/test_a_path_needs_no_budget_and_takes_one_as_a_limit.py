"""`tabletop path` answers the cheapest way and its cost with no budget: a path's cost is the
cheapest way's, on a zone map ("the number of shifts is the limit on the total pass values of
borders") and on a grid alike. --shifts on a zone map and --speed on a grid make it a limit, as
--shifts and --speed are reach's budget: past it, one line with the cheapest way's cost, exit 1."""

from __future__ import annotations

import json

from tabletop.cli import main
from tests.cli.run import tabletop


def _cost(capsys, *argv) -> int:
    result = tabletop(capsys, *argv, "--json")
    assert result.code == 0, result.err
    return json.loads(result.out)["cost"]


def test_a_grid_path_needs_no_speed_and_a_speed_is_a_limit(capsys, maps_dir):
    creek = str(maps_dir / "af-encounter.tabletop")
    cheapest = _cost(capsys, "path", creek, "A1", "O15")
    assert cheapest == _cost(capsys, "path", creek, "A1", "O15", "--speed", str(cheapest))
    short = tabletop(capsys, "path", creek, "A1", "O15", "--speed", str(cheapest - 1))
    assert short.code == 1 and short.out == ""
    assert short.err == (
        f"{creek}: area O15 is out of reach from area A1 with run {cheapest - 1}: the cheapest way costs {cheapest}\n"
    )


def test_a_tokens_speed_is_not_a_paths_limit(capsys, maps_dir):
    """Kell runs 3 a maneuver; his way across the clearing to the raider costs more."""
    creek = str(maps_dir / "af-encounter.tabletop")
    reach = json.loads(tabletop(capsys, "reach", creek, "--token", "Kell", "--json").out)
    assert reach["speed"] == 3
    by_token = tabletop(capsys, "path", creek, "--token", "Kell", "J8")
    by_area = tabletop(capsys, "path", creek, "D8", "J8", "--side", "band")
    assert by_token.code == 0 and by_token.out == by_area.out
    assert _cost(capsys, "path", creek, "--token", "Kell", "J8") > 3


def test_the_warehouse_three_shifts_reach_the_next_zone_two_do_not(capsys, maps_dir):
    warehouse = str(maps_dir / "warehouse.tabletop")
    free = tabletop(capsys, "path", warehouse, "West end", "Middle")
    assert free.code == 0 and free.out == "West end -> Middle: cost 3\n  through the aisles 3\n"
    assert tabletop(capsys, "path", warehouse, "West end", "Middle", "--shifts", "3").out == free.out
    short = tabletop(capsys, "path", warehouse, "West end", "Middle", "--shifts", "2")
    assert short.code == 1
    assert short.err == f"{warehouse}: Middle is out of reach from West end with 2 shifts: the cheapest way costs 3\n"


def test_a_budget_of_the_other_kind_is_one_usage_line(capsys, maps_dir):
    creek, warehouse = str(maps_dir / "af-encounter.tabletop"), str(maps_dir / "warehouse.tabletop")
    on_grid = tabletop(capsys, "path", creek, "A1", "C3", "--shifts", "3")
    assert (
        on_grid.code == 2
        and on_grid.err == "tabletop: --shifts is for zone maps: on grid 'creek' the budget is --speed N\n"
    )
    on_zones = tabletop(capsys, "reach", warehouse, "West end", "--speed", "3")
    assert on_zones.code == 2
    assert on_zones.err == "tabletop: --speed is for encounter grids: on a zone map the budget is --shifts N\n"


def test_path_help_says_the_budget_is_a_limit_and_optional(capsys):
    assert main(["path", "--help"]) == 0
    shown = " ".join(capsys.readouterr().out.split())
    assert "--shifts BUDGET, --budget BUDGET a limit in shifts on a zone map (default: none)" in shown
    assert "--speed SPEED a limit in areas of movement on a grid (default: none)" in shown
