"""A map within every cap may still need more memory than the computer has free: the longest
column a map holds (its borders' passages, up to fifty a border) is checked without a copy of it,
so `tabletop check` says the file is fine within the memory its parse takes, `tabletop info` prints
it from the same checked columns a piece at a time, and a read that runs out of memory is refused
in one line naming the file. Under a memory cap, a check of such a file
ended in an allocation failure inside pydantic that aborted or hung the process, without a word."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.io.capped import run_capped

ROOT = Path(__file__).resolve().parents[2]
BORDERS = 187_500
CAP_MB = 300


@pytest.fixture(scope="module")
def passages(tmp_path_factory) -> Path:
    """Two zones and many borders between them, each with the most passages a border has."""
    zones = {"id": ["a", "b"], "point_counts": [0, 0], "points": [], "nodes": [{"x": 0, "y": 0}, {"x": 90, "y": 0}]}
    borders = {
        "id": [f"b{n}" for n in range(BORDERS)],
        "a": [0] * BORDERS,
        "b": [1] * BORDERS,
        "passage_counts": [50] * BORDERS,
        "passages": [0] * (50 * BORDERS),
        "passage_kinds": [{"label": "through the door"}],
    }
    path = tmp_path_factory.mktemp("big") / "passages.tabletop"
    path.write_text(json.dumps({"format_version": 6, "zones": zones, "borders": borders}))
    return path


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a memory cap set by setrlimit")
def test_a_check_of_many_passages_says_fine_within_a_memory_cap(passages):
    returncode, lines = run_capped("check", passages, CAP_MB, timeout=120)
    assert (returncode, lines) == (0, [f"{passages}: fine (2 zones, {BORDERS:,} borders)"])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a memory cap set by setrlimit")
def test_a_read_past_the_memory_free_is_refused_in_one_line(passages):
    returncode, lines = run_capped(
        "check", passages, CAP_MB, timeout=120, options=("--lint",)
    )  # --lint reads the whole map
    assert returncode == 1 and len(lines) == 1, lines
    assert lines[0].startswith(f"{passages}: needs more memory than this computer has free to read it"), lines


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a memory cap set by setrlimit")
def test_info_prints_every_border_within_the_memory_its_check_takes(passages):
    returncode, lines = run_capped("info", passages, CAP_MB, timeout=120)
    assert returncode == 0, lines[-3:]
    ways = "; ".join(["through the door 1/1"] * 50)
    borders = [line for line in lines if " <-> " in line]
    assert borders[0] == f"    b0  a <-> b: {ways}" and borders[-1] == f"    b{BORDERS - 1}  a <-> b: {ways}"
    assert len(borders) == BORDERS


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a memory cap set by setrlimit")
def test_info_json_past_the_memory_free_is_one_line_or_the_whole_summary(passages):
    returncode, lines = run_capped("info", passages, CAP_MB, timeout=120, options=("--json",))
    if returncode == 0:  # a leaner summary fits: it is whole
        assert len(json.loads("\n".join(lines))["borders"]) == BORDERS
    else:
        assert returncode == 1 and len(lines) == 1, lines[-3:]
        assert lines[0].startswith(f"{passages}: needs more memory than this computer has free to describe it")
