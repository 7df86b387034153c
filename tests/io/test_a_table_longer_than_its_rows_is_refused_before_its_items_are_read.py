"""A format 6 file's small tables (the zones' looks, the borders' passage kinds, the nodes) hold
each thing once, so never more than the rows that name them: a table longer than that is refused
from its length, before an item is read (each item a record many times its bytes). Every item of
these tables is `0`, no item at all, so a refusal naming the count shows none was read (the
tables one item too long: test_column_files_refused_in_one_line.py, read and checked alike). A
file of millions of looks or kinds ended `tabletop check` in an internal error (MemoryError)
under a memory cap, and one of millions of nodes killed it outright."""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest

from tabletop.io import MapFileError, load_map
from tests.io.capped import run_capped

NODES = [{"x": 0, "y": 0}, {"x": 90, "y": 0}]


def _two_nodes(**zones: Any) -> dict[str, Any]:
    return {"id": ["a", "b"], "point_counts": [0, 0], "points": [], "nodes": NODES, **zones}


def _one_border(**borders: Any) -> dict[str, Any]:
    return {"id": ["w"], "a": [0], "b": [1], "passage_counts": [2], "passages": [0, 0], **borders}


def test_a_table_as_long_as_its_rows_is_read_item_by_item(tmp_path):
    """At the bound the length passes, and the first item is what is refused."""
    path = tmp_path / "full.tabletop"
    parts = {"zones": _two_nodes(looks=[0] * 2, look=[0, 1])}
    path.write_text(json.dumps({"format_version": 6, **parts}))
    with pytest.raises(MapFileError) as opened:
        load_map(path)
    assert str(opened.value).startswith(f"{path}: zones.looks[0]: should be an object")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a memory cap set by setrlimit")
@pytest.mark.parametrize("table", ["looks", "passage_kinds"])
def test_a_file_of_millions_of_looks_or_kinds_is_refused_in_one_line_within_a_memory_cap(tmp_path, table):
    path = tmp_path / "many.tabletop"
    many = b"[" + b",".join([b"{}"] * 10_000_000) + b"]"
    if table == "looks":
        zones = json.dumps(_two_nodes(look=[0, 0])).encode()[:-1] + b', "looks": ' + many + b"}"
        path.write_bytes(b'{"format_version": 6, "zones": ' + zones + b"}")
    else:
        borders = json.dumps(_one_border()).encode()[:-1] + b', "passage_kinds": ' + many + b"}"
        path.write_bytes(
            b'{"format_version": 6, "zones": ' + json.dumps(_two_nodes()).encode() + b', "borders": ' + borders + b"}"
        )
    returncode, lines = run_capped("check", path, cap_mb=1536)
    assert returncode == 1 and len(lines) == 1, lines
    assert lines[0].startswith(f"{path}: ") and "10,000,000" in lines[0], lines
