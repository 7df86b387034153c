"""Format 7 keeps, for each passage, whether sight goes through it; a format 6 map opens with
every passage as its door says (a passage with no door is open ground)."""

from __future__ import annotations

import json
from pathlib import Path

from tabletop.io import load_map, save_map
from tabletop.io.migrate import migrate
from tabletop.model import FORMAT_VERSION

FORMATS = Path(__file__).parent / "formats"


def test_a_format_6_map_opens_with_each_passage_as_its_door_says():
    map_ = load_map(FORMATS / "v6.tabletop")
    passages = map_.borders[0].passages
    assert [p.sight for p in passages] == ["door", "door", "door"]
    assert [p.blocks_sight for p in passages] == [True, False, False]  # the closed door only


def test_the_migration_step_changes_nothing_but_the_version():
    document = json.loads((FORMATS / "v6.tabletop").read_text())
    upgraded = migrate(document, target=7)
    assert upgraded["format_version"] == 7
    assert {k: v for k, v in upgraded.items() if k != "format_version"} == {
        k: v for k, v in document.items() if k != "format_version"
    }


def test_sight_is_read_and_written_back_as_each_passage_says(tmp_path):
    map_ = load_map(FORMATS / "v7.tabletop")
    by_label = {p.label: p for p in map_.borders[0].passages}
    assert by_label["window"].sight == "clear" and not by_label["window"].blocks_sight
    assert by_label["break through the wall"].blocks_sight
    assert by_label["through the door"].blocks_sight
    save_map(map_, tmp_path / "again.tabletop")
    again = load_map(tmp_path / "again.tabletop")
    assert again == map_
    kinds = json.loads((tmp_path / "again.tabletop").read_text())["borders"]["passage_kinds"]
    assert sorted(kind["sight"] for kind in kinds) == ["blocked", "clear", "door", "door"]


def test_a_format_6_map_saved_is_of_today_and_reads_back_the_same(tmp_path):
    map_ = load_map(FORMATS / "v6.tabletop")
    save_map(map_, tmp_path / "now.tabletop")
    assert json.loads((tmp_path / "now.tabletop").read_text())["format_version"] == FORMAT_VERSION
    assert load_map(tmp_path / "now.tabletop") == map_


def test_two_passages_alike_but_for_sight_stay_two_kinds(tmp_path):
    map_ = load_map(FORMATS / "v6.tabletop")
    border = map_.borders[0]
    plain = border.passages[1]
    twin = plain.model_copy(update={"sight": "blocked"})
    map_ = map_.model_copy(update={"borders": [border.model_copy(update={"passages": [plain, twin]})]})
    save_map(map_, tmp_path / "twins.tabletop")
    again = load_map(tmp_path / "twins.tabletop")
    assert [p.sight for p in again.borders[0].passages] == ["door", "blocked"]
