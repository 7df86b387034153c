"""A row of the looks or the passages, or a count below 0, thousands of digits long is named by
its length in a short line, on open and in `tabletop check` alike, as a border's end past the
zones is: the digits themselves would make the one line thousands of characters long."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tabletop.io import MapFileError, check_map_file, load_map
from tests.io.column_files import Change, warehouse_with

LONG = 10**4000 - 1
"""4,000 nines: a whole number Python reads (its cap is 4,300 digits), far past any row."""


def _looks(document: dict[str, Any]) -> None:
    document["zones"]["looks"] = [{"colour": "#112233", "pattern": "solid", "opacity": 1.0}]
    document["zones"]["look"] = [0, 0, 0]


def _then(*changes: Change) -> Change:
    return lambda document: [change(document) for change in changes]


def _set(table: str, column: str, row: int, value: Any) -> Change:
    return lambda document: document[table][column].__setitem__(row, value)


LONG_ROWS = {
    "a look": (
        _then(_looks, _set("zones", "look", 1, LONG)),
        "zones.look[1]: names a look 4000 digits long, which is not in the file (there are 1)",
    ),
    "a look below 0": (
        _then(_looks, _set("zones", "look", 2, -LONG)),
        "zones.look[2]: names a look 4000 digits long, which is not in the file (there are 1)",
    ),
    "a passage": (
        _set("borders", "passages", 1, LONG),
        "borders.passages[1]: names a passage 4000 digits long, which is not in the file (there are 1)",
    ),
    "a polygon's count of points below 0": (
        _set("zones", "point_counts", 0, -LONG),
        "zones.point_counts[0]: a count 4000 digits long is less than 0",
    ),
    "a border's count of passages below 0": (
        _set("borders", "passage_counts", 1, -LONG),
        "borders.passage_counts[1]: a count 4000 digits long is less than 0",
    ),
}


@pytest.mark.parametrize(("change", "said"), LONG_ROWS.values(), ids=LONG_ROWS.keys())
def test_a_long_row_or_count_is_said_by_its_length_on_open_and_in_a_check(tmp_path, change, said):
    path = tmp_path / "long.tabletop"
    path.write_bytes(warehouse_with(change))
    with pytest.raises(MapFileError) as opened:
        load_map(path)
    with pytest.raises(MapFileError) as checked:
        check_map_file(path)
    assert str(opened.value) == str(checked.value) == f"{path}: {said}"
    assert not re.search(r"\d{25}", str(opened.value))
