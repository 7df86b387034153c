"""The invariant of map files: every file the loader accepts works everywhere.

Generated maps, and sample maps mutated at random (any field set to any JSON value, or
dropped), either are refused in one line or pass info, reach, range, path and export to PNG,
SVG and PDF without an internal error, every message one line, and save and reload equal.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.cli import main
from tabletop.io import MapFileError, load_map, map_from_bytes, map_to_text, save_map
from tabletop.io.errors import printable_line
from tabletop.model import Map
from tabletop.model.base import MAX_COORDINATE, MAX_GAME_NUMBER
from tabletop.samples import SAMPLES
from tests.strategies import maps

DEFAULT_EXAMPLES, SLOW_EXAMPLES = 12, 150
EXPORT_WIDTH = 120

any_text = st.text(st.characters(codec="utf-8") | st.sampled_from("\x00\x1b\n\t\r\u2028\ud800\udfff\ufffe"), max_size=8)
any_number = (
    st.integers(-(2**70), 2**70)
    | st.sampled_from([0, -1, MAX_GAME_NUMBER, MAX_GAME_NUMBER + 1, 10**8, 3 * 10**9])
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from([MAX_COORDINATE, -MAX_COORDINATE, 1e5, 3e9, 1e308, 5e-324])
)
any_value = st.recursive(
    st.none() | st.booleans() | any_number | any_text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(any_text, inner, max_size=2),
    max_leaves=6,
)


def _leaves(value, path=()):
    """Every place in a JSON document a mutation can hit: each value and each container."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _leaves(item, (*path, i))


def _like(value) -> st.SearchStrategy:
    """Values of the same JSON type, which get past the types to the bounds and the rules."""
    if isinstance(value, bool):
        return st.booleans()
    if isinstance(value, int):
        return st.integers(-3, 12) | any_number
    if isinstance(value, float):
        return st.floats(-1e4, 1e4) | any_number
    if isinstance(value, str):
        return any_text | st.sampled_from(["z1", "z2", "open", "closed", "locked", "rough", "water", "down"])
    return any_value


@st.composite
def mutated_files(draw) -> bytes:
    document = json.loads(map_to_text(SAMPLES[draw(st.sampled_from(sorted(SAMPLES)))]()))
    for _ in range(draw(st.integers(1, 2))):
        places = [p for p in _leaves(document) if p]
        place = draw(st.sampled_from(places))
        parent = document
        for part in place[:-1]:
            parent = parent[part]
        if isinstance(parent, dict) and draw(st.booleans()):
            del parent[place[-1]]
        else:
            like = draw(st.integers(0, 3)) > 0
            parent[place[-1]] = draw(_like(parent[place[-1]]) if like else any_value)
    return json.dumps(document, ensure_ascii=draw(st.booleans())).encode("utf-8", "surrogatepass")


def _run(capsys, *args: str) -> tuple[int, str]:
    code = main(list(args))
    err = capsys.readouterr().err
    assert "internal error" not in err, err
    assert code in (0, 1, 2), (args, code, err)
    assert err.count("\n") <= 1 and printable_line(err.rstrip("\n")), err
    return code, err


def _works_everywhere(map_: Map, folder: Path, capsys) -> None:
    path = folder / "m.tabletop"
    save_map(map_, path, backup=False)
    assert load_map(path) == map_, "saves and reloads equal"
    file = str(path)
    assert _run(capsys, "info", file)[0] == 0
    assert _run(capsys, "info", "--json", file)[0] == 0
    if map_.zones:
        first, last = map_.zones[0].id, map_.zones[-1].id
        for budget in ("0", "3", str(MAX_GAME_NUMBER)):
            assert _run(capsys, "reach", file, "--from", first, "--budget", budget)[0] == 0
        assert _run(capsys, "range", file, "--from", first)[0] == 0
        assert _run(capsys, "path", file, "--from", first, "--to", last)[0] in (0, 1)  # 1: no way through
    for grid in map_.grids:
        r0, c0, r1, c1 = grid.area_bounds()
        start, end = f"{r0},{c0}", f"{r1},{c1}"
        common = ("--grid", grid.id, "--from-area", start)
        assert _run(capsys, "reach", file, *common, "--speed", "3")[0] == 0
        assert _run(capsys, "range", file, *common)[0] == 0
        assert _run(capsys, "path", file, *common, "--to-area", end, "--speed", "8")[0] in (0, 1)
    for suffix in (".png", ".svg", ".pdf"):
        out = folder / f"m{suffix}"
        code, err = _run(capsys, "export", file, "-o", str(out), "--width", str(EXPORT_WIDTH))
        assert code == 0 or "could not be exported: a picture" in err, err  # 1: too tall for the pixel cap
        assert code != 0 or out.stat().st_size > 0


def _check_file(raw: bytes, folder: Path, capsys) -> None:
    try:
        map_ = map_from_bytes(raw, "mutated.tabletop")
    except MapFileError as error:
        assert str(error).startswith("mutated.tabletop: ") and printable_line(str(error))
        return
    _works_everywhere(map_, folder, capsys)


HEALTH = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]


@given(maps(max_zones=5))
@settings(max_examples=DEFAULT_EXAMPLES, suppress_health_check=HEALTH)
def test_a_generated_map_works_everywhere(qapp, tmp_path, capsys, map_):
    _works_everywhere(map_, tmp_path, capsys)


@given(mutated_files())
@settings(max_examples=DEFAULT_EXAMPLES * 2, suppress_health_check=HEALTH)
def test_a_mutated_file_is_refused_in_one_line_or_works_everywhere(qapp, tmp_path, capsys, raw):
    _check_file(raw, tmp_path, capsys)


@pytest.mark.slow
@given(st.one_of(maps(max_zones=8).map(lambda m: map_to_text(m).encode()), mutated_files()))
@settings(max_examples=SLOW_EXAMPLES, suppress_health_check=HEALTH)
def test_many_maps_work_everywhere(qapp, tmp_path, capsys, raw):
    _check_file(raw, tmp_path, capsys)


def test_every_sample_works_everywhere(qapp, tmp_path, capsys):
    for build in SAMPLES.values():
        _works_everywhere(build(), tmp_path, capsys)


def _every_new_kind_of_edit() -> Map:
    """The creek and the warehouse on one map, with what the round's features write: fog on
    zones, on grid areas and on areas a trim cut off the grid; a hidden zone; setup marks and
    arrivals; a grid grown from its tile set past its first 3x3."""
    from tabletop.model import SetupMark
    from tabletop.rules.growth import grow
    from tabletop.samples import af_encounter, warehouse

    creek, rooms = af_encounter(), warehouse()
    grid = creek.grids[0]
    grid = grow(grid, creek.tile_sets[0], "east").model_copy(
        update={
            "origin": (0.0, 400.0),
            "fogged_areas": [(0, 0), (4, 16), (-30, 99), (5000, -5000)],
            "starts": [SetupMark(side="band", tiles=[(0, 3)]), SetupMark(side="raiders", edges=["west"])],
            "arrivals": ["north", "south"],
        }
    )
    zones = [rooms.zones[0].model_copy(update={"fogged": True}), rooms.zones[1], rooms.zones[2]]
    zones[2] = zones[2].model_copy(update={"hidden": True})
    return rooms.model_copy(
        update={"zones": zones, "grids": [grid], "tile_sets": creek.tile_sets, "tokens": rooms.tokens + creek.tokens}
    )


def test_a_map_with_every_new_kind_of_edit_works_everywhere_and_for_the_players(qapp, tmp_path, capsys):
    map_ = _every_new_kind_of_edit()
    _works_everywhere(map_, tmp_path, capsys)
    file = str(tmp_path / "m.tabletop")
    assert _run(capsys, "check", "--lint", file)[0] == 0
    for who in ("--player", "--clean-player"):
        for extra in ((), ("--legend", "--title"), ("--scope", "grid:creek", "--px-per-area", "12")):
            out = tmp_path / f"p{who}{len(extra)}.png"
            assert _run(capsys, "export", file, "-o", str(out), who, *extra)[0] == 0 and out.stat().st_size > 0
    poster = tmp_path / "poster.pdf"
    assert _run(capsys, "export", file, "-o", str(poster), "--poster", "a4", "--mm-per-area", "6")[0] == 0
