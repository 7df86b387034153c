"""`tabletop check --lint`: the map check's warnings for a GM, exit 0 when every file loads."""

from __future__ import annotations

import json

import pytest

from tabletop.io import load_map, save_map
from tabletop.model import PolygonShape
from tests.cli.run import tabletop
from tests.rules.lint_map import lint_map


@pytest.fixture
def lint_file(tmp_path):
    path = tmp_path / "lint.tabletop"
    save_map(lint_map(), path)
    return str(path)


def test_lint_names_the_unreachable_zone_the_trap_and_the_choke_border(capsys, lint_file):
    result = tabletop(capsys, "check", "--lint", lint_file)
    assert (result.code, result.err) == (0, "")
    assert result.out.splitlines() == [
        f"{lint_file}: warning: Nobody can reach Vault from Hall.",
        f"{lint_file}: warning: Pit is a one-way trap: it can be entered but never left.",
        f"{lint_file}: warning: 'the gate' between Yard and Store is a choke border: "
        "its loss cuts the map in two (4 zones on one side, 2 on the other).",
    ]


def test_without_lint_check_says_in_one_line_that_a_map_loads_and_what_it_holds(capsys, lint_file):
    result = tabletop(capsys, "check", lint_file)
    assert (result.code, result.err) == (0, "")
    map_ = lint_map()
    assert result.out == f"{lint_file}: fine ({len(map_.zones)} zones, {len(map_.borders)} borders)\n"


def test_lint_from_a_zone_by_name_and_as_json(capsys, lint_file):
    data = json.loads(tabletop(capsys, "check", "--lint", "--json", "--from", "pit", lint_file).out)
    [entry] = data["files"]
    assert entry["error"] is None
    unreachable = [f["ids"] for f in entry["findings"] if f["kind"] == "unreachable"]
    assert unreachable == [["hall"], ["yard"], ["porch"], ["store"], ["office"], ["vault"]]
    assert {"kind": "choke border", "objects": "border", "ids": ["yard-store"]}.items() <= entry["findings"][-1].items()


def test_lint_still_reports_a_bad_file_in_one_line_and_exits_1(capsys, lint_file, tmp_path, maps_dir):
    broken = tmp_path / "broken.tabletop"
    broken.write_text("{")
    result = tabletop(capsys, "check", "--lint", lint_file, str(broken), str(maps_dir / "warehouse.tabletop"))
    assert result.code == 1
    assert result.err.count("\n") == 1 and result.err.startswith(str(broken))
    assert result.out.count("warning:") == 3, "the sample warehouse is a chain: nothing to warn of"


def test_lint_from_a_zone_the_map_does_not_have_is_a_usage_error(capsys, lint_file):
    result = tabletop(capsys, "check", "--lint", "--from", "attic", lint_file)
    assert result.code == 2 and result.err == f"tabletop: no single zone 'attic' on {lint_file}\n"


def test_lint_warns_of_rooms_drawn_over_each_other_and_borders_whose_rooms_parted(capsys, tmp_path, maps_dir):
    map_ = load_map(maps_dir / "room-with-door.tabletop")
    hall, office = map_.zones
    corner = next(i for i, p in enumerate(hall.shape.points) if p in office.shape.points)
    points = list(hall.shape.points)
    points[corner] = (points[corner][0] + 30, points[corner][1])
    moved = map_.model_copy(update={"zones": [hall.model_copy(update={"shape": PolygonShape(points=points)}), office]})
    path = tmp_path / "moved.tabletop"
    save_map(moved, path)
    result = tabletop(capsys, "check", "--lint", str(path))
    assert result.out == f"{path}: warning: Hall and Office overlap: a place on the map is in both.\n"
    apart = moved.model_copy(
        update={
            "zones": [
                hall,
                office.model_copy(update={"shape": PolygonShape(points=[(x + 50, y) for x, y in office.shape.points])}),
            ]
        }
    )
    save_map(apart, path)
    result = tabletop(capsys, "check", "--lint", str(path))
    assert result.out == (
        f"{path}: warning: Hall and Office share a border but do not touch: it is drawn as a link between them.\n"
    )
