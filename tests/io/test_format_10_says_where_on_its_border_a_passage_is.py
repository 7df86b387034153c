"""Format 10 says where on its border a passage is (`place`, a point on the border's line where
its badge stands); a format 9 map opens with none. A place far off its border's line is refused
in one line naming the border; a save leaves out a place its border's line has moved away from."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.io import MapFileError, load_map, map_from_bytes, save_map
from tabletop.io.migrate import migrate
from tabletop.model import FORMAT_VERSION, Border, Map, Passage, PolygonShape, Zone

FORMATS = Path(__file__).parent / "formats"
ROOT = Path(__file__).resolve().parents[2]


def _rooms(*borders: Border) -> Map:
    hall = Zone(id="hall", shape=PolygonShape(points=[(0, 0), (240, 0), (240, 200), (0, 200)]))
    office = Zone(id="office", shape=PolygonShape(points=[(240, 0), (440, 0), (440, 200), (240, 200)]))
    cellar = Zone(id="cellar", shape=PolygonShape(points=[(0, 200), (240, 200), (240, 400), (0, 400)]))
    return Map(zones=[hall, office, cellar], borders=list(borders))


def test_the_step_from_9_changes_nothing_but_the_version():
    document = json.loads((FORMATS / "v9.tabletop").read_text())
    upgraded = migrate(document, target=10)
    assert upgraded["format_version"] == 10
    assert {k: v for k, v in upgraded.items() if k != "format_version"} == {
        k: v for k, v in document.items() if k != "format_version"
    }
    assert [p.place for p in load_map(FORMATS / "v9.tabletop").borders[0].passages] == [None] * 4


@pytest.mark.parametrize("version", range(1, FORMAT_VERSION + 1))
def test_every_frozen_version_opens_with_places_only_where_its_file_has_them(version):
    map_ = load_map(FORMATS / f"v{version}.tabletop")
    places = [p.place for b in map_.borders for p in b.passages]
    assert places == ([(240.0, 40.0), None, None, None] if version == 10 else [None] * len(places))


def test_the_frozen_format_10_door_is_at_the_north_end_of_the_wall_and_saves_as_it_was(tmp_path):
    map_ = load_map(FORMATS / "v10.tabletop")
    (wall,) = map_.borders
    assert wall.place == (240.0, 40.0), "the badge stands where the door is"
    assert [p.place for p in wall.passages] == [(240.0, 40.0), None, None, None]
    save_map(map_, tmp_path / "again.tabletop")
    written = json.loads((tmp_path / "again.tabletop").read_text())
    assert written["format_version"] == FORMAT_VERSION == 10
    kinds = written["borders"]["passage_kinds"]
    assert kinds[0]["place"] == [240.0, 40.0] and all("place" not in kind for kind in kinds[1:])
    assert load_map(tmp_path / "again.tabletop") == map_


def test_a_placed_passage_is_a_kind_of_its_own_and_equal_unplaced_ones_share_a_row(tmp_path):
    door = Passage(label="through the door", place=(240.0, 150.0))
    other_door = Passage(label="through the door", place=(100.0, 200.0))
    plain = Passage(label="through the door")
    map_ = _rooms(
        Border(id="east", a="hall", b="office", passages=[door, Passage(label="through the door")]),
        Border(id="south", a="hall", b="cellar", passages=[other_door, plain]),
    )
    save_map(map_, tmp_path / "rooms.tabletop")
    borders = json.loads((tmp_path / "rooms.tabletop").read_text())["borders"]
    assert len(borders["passage_kinds"]) == 3, "two placed doors, and one row for the two unplaced"
    assert borders["passages"][1] == borders["passages"][3]
    again = load_map(tmp_path / "rooms.tabletop")
    assert again == map_
    assert again.borders[1].place == (100.0, 200.0)


@pytest.mark.parametrize(
    ("place", "off"),
    [((240.0, 500.0), "300.0"), ((200.0, 100.0), "40.0"), ((250.0, 100.0), "10.0")],
)
def test_a_place_far_off_its_border_is_refused_in_one_line_naming_the_border(place, off):
    document = json.loads((FORMATS / "v10.tabletop").read_text())
    document["borders"]["passage_kinds"][0]["place"] = list(place)
    with pytest.raises(MapFileError) as refused:
        map_from_bytes(json.dumps(document).encode(), "moved.tabletop")
    said = str(refused.value)
    assert "\n" not in said and said.startswith("moved.tabletop: ")
    assert "border 'wall'" in said and f"{off} units off the border's line" in said


def test_a_place_within_a_few_units_of_its_line_opens():
    document = json.loads((FORMATS / "v10.tabletop").read_text())
    document["borders"]["passage_kinds"][0]["place"] = [243.0, 120.0]
    assert map_from_bytes(json.dumps(document).encode(), "near.tabletop").borders[0].place == (243.0, 120.0)


def test_a_save_leaves_out_a_place_its_border_moved_away_from(tmp_path):
    map_ = _rooms(Border(id="east", a="hall", b="office", passages=[Passage(place=(240.0, 150.0))]))
    moved = [(0, 0), (200, 0), (200, 200), (0, 200)]  # the hall shrunk: its wall with the office gone
    office = Zone(id="office", shape=PolygonShape(points=[(200, 0), (440, 0), (440, 200), (200, 200)]))
    hall = map_.zones[0].model_copy(update={"shape": PolygonShape(points=moved)})
    map_ = map_.model_copy(update={"zones": [hall, office, map_.zones[2]]})
    save_map(map_, tmp_path / "moved.tabletop")
    assert load_map(tmp_path / "moved.tabletop").borders[0].place is None, "opens, the badge back at the middle"


def test_tabletop_info_says_where_a_passage_is(tmp_path):
    listed = subprocess.run(
        [sys.executable, "-m", "tabletop", "info", str(FORMATS / "v10.tabletop")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    ).stdout
    assert "through the door 1/1 (door closed, 2 to open) at (240, 40); break the door 4/4" in listed


def test_a_place_on_the_line_between_rooms_apart_opens_and_off_it_is_refused(tmp_path):
    hall = Zone(id="hall", shape=PolygonShape(points=[(0, 0), (100, 0), (100, 100), (0, 100)]))
    shed = Zone(id="shed", shape=PolygonShape(points=[(300, 0), (400, 0), (400, 100), (300, 100)]))
    on_the_line = Border(id="path", a="hall", b="shed", passages=[Passage(place=(200.0, 52.0))])
    map_ = Map(zones=[hall, shed], borders=[on_the_line])
    save_map(map_, tmp_path / "apart.tabletop")
    assert load_map(tmp_path / "apart.tabletop").borders[0].place == (200.0, 52.0), "the dashed line's middle"
    document = json.loads((tmp_path / "apart.tabletop").read_text())
    document["borders"]["passage_kinds"][0]["place"] = [100.0, 0.0]  # a corner of the hall, off the line
    with pytest.raises(MapFileError, match="border 'path': a passage's place"):
        map_from_bytes(json.dumps(document).encode(), "apart.tabletop")
