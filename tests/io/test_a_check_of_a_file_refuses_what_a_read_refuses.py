"""`tabletop check` checks a file without making its zones and borders into records
(io.check_map_file): it refuses every file the full read refuses, in the same line, and what it
lets through reads whole, its columns holding the zones and borders the read makes."""

from __future__ import annotations

import json

import pytest

from tabletop.io import MapFileError, check_map_file, load_map, map_to_text
from tabletop.samples import SAMPLES
from tests.io.column_files import warehouse_with
from tests.io.test_column_files_refused_in_one_line import REFUSED


@pytest.mark.parametrize("change", [change for change, _ in REFUSED.values()], ids=REFUSED.keys())
def test_a_check_refuses_each_broken_file_in_the_reads_own_line(tmp_path, change):
    path = tmp_path / "sent.tabletop"
    path.write_bytes(warehouse_with(change))
    with pytest.raises(MapFileError) as read:
        load_map(path)
    with pytest.raises(MapFileError) as checked:
        check_map_file(path)
    assert str(checked.value) == str(read.value)


def test_a_refusal_of_the_rest_of_the_map_is_the_reads_too(tmp_path):
    document = json.loads(map_to_text(SAMPLES["warehouse"]()))
    document["tokens"][1]["location"]["zone"] = "cellar"
    path = tmp_path / "stray.tabletop"
    path.write_text(json.dumps(document))
    with pytest.raises(MapFileError) as checked:
        check_map_file(path)
    assert str(checked.value) == f"{path}: token 'hargan' stands in zone 'cellar', which is not on the map"


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_a_checked_file_holds_the_map_a_read_makes(tmp_path, name):
    path = tmp_path / f"{name}.tabletop"
    path.write_text(map_to_text(SAMPLES[name]()))
    checked = check_map_file(path)
    read = load_map(path)
    assert checked.zones["id"] == [zone.id for zone in read.zones]
    assert checked.borders["id"] == [border.id for border in read.borders]
    assert checked.rest.tokens == read.tokens and checked.rest.grids == read.grids
    assert checked.map() == read
