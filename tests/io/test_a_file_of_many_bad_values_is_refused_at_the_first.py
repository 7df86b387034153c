"""A file of millions of bad values (a column of ids that are not texts, a list of numbers for
tokens as long as a map may have) is refused at the first, in one line: the check of every list
and table of a map stops at its first refused item. A refusal kept for each value held many
times the file's memory, and a small file of millions of bad numbers ended `tabletop check` in an
internal error (MemoryError) under a memory cap. (A list longer than its cap is refused from its
count, and every list of the model is held to both: test_bulk_counts_are_refused_before_their_items_are_read.py.)"""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest

from tabletop.io import MapFileError, map_from_bytes
from tabletop.model import TOKEN_STATES
from tabletop.model.base import MAX_LOG_NUMBERS, MAX_TOKENS, MAX_ZONES
from tests.io.capped import run_capped

MANY = 200_000


def _column_map(**zones: list[Any]) -> dict[str, Any]:
    return {"format_version": 6, "zones": {"id": [f"z{i}" for i in range(MANY)], **zones}}


MANY_BAD = {
    "tokens that are numbers": (
        {"format_version": 6, "tokens": [1] * MAX_TOKENS},
        "tokens[0]: should be an object in braces {...}, not a number",
    ),
    "a token's states": (
        {"format_version": 6, "tokens": [{"id": "t", "name": "T", "states": ["asleep"] * len(TOKEN_STATES)}]},
        "tokens[0].states[0]: should be one of",
    ),
    "format 5 zones that are numbers": (
        {"format_version": 5, "zones": [1] * MANY},
        "zones[0]: should be an object in braces {...}, not a number",
    ),
    "a log entry's numbers": (
        {
            "format_version": 6,
            "conflict": {
                "system": "edgerunner",
                "log": [{"exchange": 1, "numbers": {f"n{i}": "x" for i in range(MAX_LOG_NUMBERS)}}],
            },
        },
        "conflict.log[0].numbers.n0: should be a whole number, not a text",
    ),
    "zone ids that are numbers": (
        {"format_version": 6, "zones": {"id": [1] * MANY, "point_counts": [], "points": []}},
        "zones[0].id: should be a text in quotes, not a number",
    ),
    "names that are numbers": (
        _column_map(name=[1] * MANY, point_counts=[0] * MANY, points=[]),
        "zones[0].name: should be a text in quotes, not a number",
    ),
    "counts that are texts": (
        _column_map(point_counts=["3"] * MANY, points=[]),
        "zones.point_counts[0]: should be a whole number, not a text",
    ),
    "coordinates that are null": (
        _column_map(point_counts=[3] * MANY, points=[None] * (6 * MANY)),
        "zones[0].shape.points[0][0]: should be a number, not null",
    ),
    "border ends that are texts": (
        {"format_version": 6, "borders": {"id": ["b"] * MANY, "a": ["z"] * MANY, "b": ["z"] * MANY}},
        "borders.a[0]: should be a whole number, not a text",
    ),
}


@pytest.mark.parametrize(("document", "said"), MANY_BAD.values(), ids=MANY_BAD.keys())
def test_many_bad_values_are_refused_at_the_first(document, said):
    with pytest.raises(MapFileError) as caught:
        map_from_bytes(json.dumps(document).encode(), "many.tabletop")
    message = str(caught.value)
    assert said in message, message
    assert "more problem" not in message, "the check went on past the first"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a memory cap set by setrlimit")
def test_a_file_of_millions_of_bad_values_is_refused_in_one_line_within_a_memory_cap(tmp_path):
    path = tmp_path / "numbers.tabletop"
    path.write_bytes(b'{"format_version": 6, "zones": {"id": [' + b",".join([b"1"] * 3_000_000) + b"]}}")
    returncode, lines = run_capped("check", path, cap_mb=1536)
    expected = f"{path}: zones: holds 3,000,000 zones; a map has at most {MAX_ZONES:,}"
    assert returncode == 1 and lines == [expected]
