"""Every list and table a map fills in bulk (tokens, grids, tile sets, segments, setup marks,
aspects, a conflict's log...) has a cap far past any map a GM draws, and a file past one is
refused in one line naming the file, the place and the cap. The count is taken before an item
is read: each file here holds a first item that is no item at all (`0`), and the refusal names
the count, not that item. A loaded map takes many times its file's bytes, so a file of millions
of small things would otherwise fill the memory before it was refused."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from tabletop.io import MapFileError, map_from_bytes
from tabletop.model import Map
from tabletop.model.base import (
    MAX_ASPECTS,
    MAX_BORDERS,
    MAX_BOXES,
    MAX_CONSEQUENCES,
    MAX_GRIDS,
    MAX_LOG_NUMBERS,
    MAX_PASSAGES,
    MAX_PROPERTY_DRAWS,
    MAX_SEGMENTS,
    MAX_SET_TILES,
    MAX_SIDES,
    MAX_TILE_SETS,
    MAX_TOKENS,
    MAX_TRACKS,
    MAX_ZONES,
    AtMost,
)
from tabletop.model.conflict import MAX_LOG, MAX_RESERVE_SIDES
from tabletop.model.grids import MAX_FOGGED, MAX_TILES
from tabletop.model.play_reserve import MAX_SCORES
from tests.io.capped import run_capped

TILE = {"row": 0, "col": 0}


def over(cap: int) -> list[int]:
    """One item past the cap, the first of them no item of any list."""
    return [0] * (cap + 1)


def scores(cap: int) -> dict[str, str]:
    """One score past the cap, the first of them no number."""
    return {f"s{i}": "x" for i in range(cap + 1)}


def v6(**parts: Any) -> dict[str, Any]:
    return {"format_version": 6, **parts}


def grid(**parts: Any) -> dict[str, Any]:
    return v6(grids=[{"id": "g", "tiles": [TILE], **parts}])


def tile_set(**parts: Any) -> dict[str, Any]:
    return v6(tile_sets=[{"id": "s", "tiles": [{"name": "t"}], **parts}])


def token(**parts: Any) -> dict[str, Any]:
    return v6(tokens=[{"id": "t", **parts}])


def conflict(**parts: Any) -> dict[str, Any]:
    return v6(conflict={"system": "edgerunner", **parts})


CAPS = {
    "tokens": (v6(tokens=over(MAX_TOKENS)), "tokens", "tokens; a map has at most", MAX_TOKENS),
    "grids": (v6(grids=over(MAX_GRIDS)), "grids", "encounter grids; a map has at most", MAX_GRIDS),
    "tile sets": (v6(tile_sets=over(MAX_TILE_SETS)), "tile_sets", "tile sets; a map has at most", MAX_TILE_SETS),
    "format 5 zones": ({"format_version": 5, "zones": over(MAX_ZONES)}, "zones", "zones; a map has at most", MAX_ZONES),
    "format 5 borders": (
        {"format_version": 5, "borders": over(MAX_BORDERS)},
        "borders",
        "borders; a map has at most",
        MAX_BORDERS,
    ),
    "a format 5 border's passages": (
        {"format_version": 5, "borders": [{"id": "b", "a": "x", "b": "y", "passages": over(MAX_PASSAGES)}]},
        "borders[0].passages",
        "passages; a border has at most",
        MAX_PASSAGES,
    ),
    "a token's aspects": (
        token(aspects=over(MAX_ASPECTS)),
        "tokens[0].aspects",
        "aspects; at most",
        MAX_ASPECTS,
    ),
    "a token's stress tracks": (
        token(stress=over(MAX_TRACKS)),
        "tokens[0].stress",
        "stress tracks; a token has at most",
        MAX_TRACKS,
    ),
    "a token's states": (token(states=over(5)), "tokens[0].states", "states; at most", 5),
    "a token's consequences": (
        token(consequences=over(MAX_CONSEQUENCES)),
        "tokens[0].consequences",
        "consequences; a token has at most",
        MAX_CONSEQUENCES,
    ),
    "a stress track's marks": (
        token(stress=[{"name": "health", "boxes": 5, "marked": over(MAX_BOXES)}]),
        "tokens[0].stress[0].marked",
        "marked boxes; a stress track has at most",
        MAX_BOXES,
    ),
    "a grid's tiles": (v6(grids=[{"id": "g", "tiles": over(MAX_TILES)}]), "grids[0].tiles", "tiles; a grid", MAX_TILES),
    "a tile's segments": (
        v6(grids=[{"id": "g", "tiles": [{**TILE, "segments": over(MAX_SEGMENTS)}]}]),
        "grids[0].tiles[0].segments",
        "segments; a tile has at most",
        MAX_SEGMENTS,
    ),
    "a segment's areas": (
        v6(grids=[{"id": "g", "tiles": [{**TILE, "segments": [{"areas": over(25)}]}]}]),
        "grids[0].tiles[0].segments[0].areas",
        "areas; a segment has at most",
        25,
    ),
    "a segment's properties": (
        v6(grids=[{"id": "g", "tiles": [{**TILE, "segments": [{"areas": [[0, 0]], "properties": over(6)}]}]}]),
        "grids[0].tiles[0].segments[0].properties",
        "properties; at most",
        6,
    ),
    "a grid's setup marks": (grid(starts=over(MAX_SIDES)), "grids[0].starts", "setup marks; a grid", MAX_SIDES),
    "a setup mark's tiles": (
        grid(starts=[{"side": "raiders", "tiles": over(MAX_TILES)}]),
        "grids[0].starts[0].tiles",
        "tiles; a setup mark has at most",
        MAX_TILES,
    ),
    "a setup mark's edges": (
        grid(starts=[{"side": "raiders", "edges": over(4)}]),
        "grids[0].starts[0].edges",
        "edges; at most",
        4,
    ),
    "a grid's arrivals": (grid(arrivals=over(4)), "grids[0].arrivals", "edges; at most", 4),
    "a grid's fogged areas": (
        grid(fogged_areas=over(MAX_FOGGED)),
        "grids[0].fogged_areas",
        "fogged areas; a grid has at most",
        MAX_FOGGED,
    ),
    "a tile set's tiles": (
        v6(tile_sets=[{"id": "s", "tiles": over(MAX_SET_TILES)}]),
        "tile_sets[0].tiles",
        "tiles; a tile set has at most",
        MAX_SET_TILES,
    ),
    "a tile set's random properties": (
        tile_set(random_properties=over(MAX_PROPERTY_DRAWS)),
        "tile_sets[0].random_properties",
        "entries; a tile set's random properties have at most",
        MAX_PROPERTY_DRAWS,
    ),
    "a tile set tile's segments": (
        v6(tile_sets=[{"id": "s", "tiles": [{"name": "t", "segments": over(MAX_SEGMENTS)}]}]),
        "tile_sets[0].tiles[0].segments",
        "segments; a tile has at most",
        MAX_SEGMENTS,
    ),
    "the conflict's participants": (
        conflict(participants=over(MAX_TOKENS)),
        "conflict.participants",
        "participants; a conflict has at most",
        MAX_TOKENS,
    ),
    "the conflict's order": (conflict(order=over(MAX_TOKENS)), "conflict.order", "turns in its order;", MAX_TOKENS),
    "the conflict's log": (conflict(log=over(MAX_LOG)), "conflict.log", "log entries; a conflict's log", MAX_LOG),
    "the scene's aspects": (
        conflict(scene_aspects=over(MAX_ASPECTS)),
        "conflict.scene_aspects",
        "aspects; a scene has at most",
        MAX_ASPECTS,
    ),
    "the reserve's sides": (
        conflict(system="reserve", reserve=over(MAX_RESERVE_SIDES)),
        "conflict.reserve",
        "sides; a conflict has at most",
        MAX_RESERVE_SIDES,
    ),
    "a log entry's numbers": (
        conflict(log=[{"exchange": 1, "numbers": scores(MAX_LOG_NUMBERS)}]),
        "conflict.log[0].numbers",
        "numbers; a log entry has at most",
        MAX_LOG_NUMBERS,
    ),
    "a reserve side's defensive scores": (
        conflict(system="reserve", reserve=[{"name": "a", "reserve": scores(MAX_SCORES)}]),
        "conflict.reserve[0].reserve",
        "defensive scores; a reserve side keeps at most",
        MAX_SCORES,
    ),
    "a reserve side's Core Values": (
        conflict(system="reserve", reserve=[{"name": "a", "core_values": scores(MAX_SCORES)}]),
        "conflict.reserve[0].core_values",
        "Core Values; a reserve side keeps at most",
        MAX_SCORES,
    ),
}


@pytest.mark.parametrize(("document", "where", "words", "cap"), CAPS.values(), ids=CAPS.keys())
def test_a_list_past_its_cap_is_refused_from_its_count(document, where, words, cap):
    with pytest.raises(MapFileError) as caught:
        map_from_bytes(json.dumps(document).encode(), "big.tabletop")
    said = str(caught.value)
    assert said.startswith(f"big.tabletop: {where}: holds {cap + 1:,} {words}"), said
    assert f"at most {cap:,}" in said and "\n" not in said, said


@pytest.mark.parametrize(("document", "where", "words", "cap"), CAPS.values(), ids=CAPS.keys())
def test_a_list_at_its_cap_is_read_item_by_item(document, where, words, cap):
    """One item fewer, the count passes and the first item is what is refused: the cap is the
    count, not one past it."""
    at_cap = json.loads(json.dumps(document))
    place: Any = at_cap
    for part in where.replace("[", ".").replace("]", "").split("."):
        place = place[int(part)] if part.isdigit() else place[part]
    if isinstance(place, dict):
        place.popitem()
    else:
        place.pop()
    with pytest.raises(MapFileError) as caught:
        map_from_bytes(json.dumps(at_cap).encode(), "big.tabletop")
    said = str(caught.value)
    assert "holds" not in said and (f"{where}[0]" in said or f"{where}.s0" in said), said


def _two_nodes(**borders: Any) -> dict[str, Any]:
    """A format 6 map of two node zones and the borders' columns given."""
    zones = {"id": ["a", "b"], "point_counts": [0, 0], "points": [], "nodes": [{"x": 0, "y": 0}, {"x": 90, "y": 0}]}
    return v6(zones=zones, borders=borders)


COLUMN_CAPS = {
    "format 6 zones": (v6(zones={"id": over(MAX_ZONES)}), ("zones", "id"), "zones", "zones; a map", MAX_ZONES),
    "format 6 borders": (
        v6(borders={"id": over(MAX_BORDERS)}),
        ("borders", "id"),
        "borders",
        "borders; a map",
        MAX_BORDERS,
    ),
    "a format 6 border's passages": (
        _two_nodes(
            id=["w"], a=[0], b=[1], passage_kinds=[{}], passage_counts=[MAX_PASSAGES + 1], passages=over(MAX_PASSAGES)
        ),
        ("borders", "passages"),
        "borders[0].passages",
        "passages; a border",
        MAX_PASSAGES,
    ),
}
"""A format 6 file's zones and borders are rows of columns: their number is the id column's
length, and a border's passages its count in `passage_counts`, each weighed before a value of
another column is read (the ids or the passages' rows, here `0`, which no id and no row is)."""


@pytest.mark.parametrize(("document", "column", "where", "words", "cap"), COLUMN_CAPS.values(), ids=COLUMN_CAPS.keys())
def test_a_column_past_its_cap_is_refused_from_its_count(document, column, where, words, cap):
    with pytest.raises(MapFileError) as caught:
        map_from_bytes(json.dumps(document).encode(), "big.tabletop")
    assert str(caught.value) == f"big.tabletop: {where}: holds {cap + 1:,} {words} has at most {cap:,}"


@pytest.mark.parametrize(("document", "column", "where", "words", "cap"), COLUMN_CAPS.values(), ids=COLUMN_CAPS.keys())
def test_a_column_at_its_cap_is_read_row_by_row(document, column, where, words, cap):
    """One row fewer (a count one less), the count passes and the first row is what is refused."""
    at_cap = json.loads(json.dumps(document))
    table = at_cap[column[0]]
    table[column[1]].pop()
    if "passage_counts" in table:
        table["passage_counts"] = [cap]
        table["passages"] = ["x"] * cap
    with pytest.raises(MapFileError) as caught:
        map_from_bytes(json.dumps(at_cap).encode(), "big.tabletop")
    said = str(caught.value)
    assert "holds" not in said and said.startswith(f"big.tabletop: {column[0]}"), said
    assert "[0]" in said and "should be" in said, said


def _collections(schema: Any, parent: Any = None) -> Iterator[tuple[dict[str, Any], Any]]:
    """Every list and table in a core schema, with the schema around it."""
    if isinstance(schema, dict):
        if schema.get("type") in ("list", "dict", "set", "frozenset") or (
            schema.get("type") == "tuple" and schema.get("variadic_item_index") is not None
        ):
            yield schema, parent
        for value in schema.values():
            yield from _collections(value, schema)
    elif isinstance(schema, list):
        for item in schema:
            yield from _collections(item, parent)


def test_every_list_and_table_of_a_map_is_counted_before_its_items_and_stops_at_its_first_refused_one():
    """Counted: a list past its cap costs nothing. Stopped at the first refused item: a refusal
    kept for each of millions of bad values held many times the file's memory
    (test_a_file_of_many_bad_values_is_refused_at_the_first.py)."""
    found = list(_collections(Map.__pydantic_core_schema__))
    assert len(found) > 30, "the walk reaches the tokens, grids, tile sets and the conflict"
    uncounted = [
        schema
        for schema, around in found
        if not (
            around.get("type") == "function-before"
            and getattr(around["function"]["function"], "__self__", None).__class__ is AtMost
            and around["function"]["function"].__self__.cap == schema.get("max_length")
        )
    ]
    assert uncounted == []
    assert [schema for schema, _ in found if not schema.get("fail_fast")] == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a memory cap set by setrlimit")
def test_a_file_of_millions_of_tokens_is_refused_in_one_line_under_a_small_memory_cap(tmp_path):
    """A million tokens, each a small object a token may be: made whole, they took many times
    the memory the cap allows."""
    path = tmp_path / "crowd.tabletop"
    one = b'{"id": "t", "name": "Raider"}'
    path.write_bytes(b'{"format_version": 6, "tokens": [' + b",".join([one] * 1_000_000) + b"]}")
    returncode, lines = run_capped("check", path, cap_mb=1024)
    expected = f"{path}: tokens: holds 1,000,000 tokens; a map has at most {MAX_TOKENS:,}"
    assert (returncode, lines) == (1, [expected])
