"""A file nested past the cap is refused as nested too deeply wherever its deep part stands:
after a million empty lists, in a column, in the last of many tokens. The nesting is measured a
level at a time, so a broad file (millions of empty lists, which a walk value by value took
seconds over) is measured as quickly as it was parsed."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.io import MAX_NESTING, MapFileError, map_from_bytes
from tabletop.io.json_file import nesting_depth


def _depth(value) -> int:
    """The nesting as the JSON text shows it: one level for each bracket or brace open."""
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 0


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
    max_leaves=60,
)


@given(json_values)
@settings(max_examples=300)
def test_the_nesting_is_the_deepest_path(value):
    if isinstance(value, (dict, list)):
        assert nesting_depth(value) == _depth(value)


def test_the_nesting_stops_counting_past_the_cap():
    deep = json.loads("[" * 500 + "]" * 500)
    assert nesting_depth(deep) == MAX_NESTING + 1


def _deep(levels: int) -> str:
    return "[" * levels + "]" * levels


@pytest.mark.parametrize(
    "text",
    [
        '{"format_version": 6, "tokens": [' + "[]," * 1_000_000 + _deep(MAX_NESTING) + "]}",
        '{"format_version": 6, "zones": {"id": ["a"], "name": [' + _deep(MAX_NESTING) + "]}}",
        '{"format_version": 6, "tokens": [' + '{"id": "t"},' * 1000 + '{"id": "u", "states": ' + _deep(40) + "}]}",
    ],
    ids=["after a million empty lists", "in a column", "in the last of many tokens"],
)
def test_a_deep_part_is_refused_wherever_it_stands(text):
    with pytest.raises(MapFileError, match=rf"^deep\.tabletop: is nested too deeply \(at most {MAX_NESTING} levels\)$"):
        map_from_bytes(text.encode(), "deep.tabletop")


def test_a_file_nested_to_the_cap_is_measured_no_deeper_than_it_is():
    """At the cap exactly, the refusal is the model's own, not the nesting's."""
    text = '{"format_version": 6, "notes": ' + _deep(MAX_NESTING - 1) + "}"
    with pytest.raises(MapFileError) as caught:
        map_from_bytes(text.encode(), "deep.tabletop")
    assert "nested too deeply" not in str(caught.value) and "notes: should be a text" in str(caught.value)
