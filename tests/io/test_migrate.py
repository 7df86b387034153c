"""The migration chain: every past format version loads; newer versions are refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.io import MapFileError, load_map, map_from_bytes, map_schema
from tabletop.io.migrate import STEPS, MigrationError, migrate
from tabletop.model import FORMAT_VERSION, TOKEN_STATES

FORMATS = Path(__file__).parent / "formats"


def test_every_past_version_has_a_step_and_a_frozen_file():
    assert sorted(STEPS) == list(range(1, FORMAT_VERSION))
    frozen = sorted(int(p.stem.removeprefix("v")) for p in FORMATS.glob("v*.tabletop"))
    assert frozen == list(range(1, FORMAT_VERSION + 1))


@pytest.mark.parametrize("path", sorted(FORMATS.glob("v*.tabletop")), ids=lambda p: p.stem)
def test_every_frozen_version_loads_as_the_current_format(path):
    map_ = load_map(path)
    assert map_.format_version == FORMAT_VERSION
    assert map_.zones and map_.borders


def test_the_chain_runs_each_step_in_order():
    steps = {
        1: lambda d: {**d, "format_version": 2},
        2: lambda d: {"format_version": 3, "borders": d["walls"]},
    }
    document = {"format_version": 1, "walls": ["w"]}
    assert migrate(document, steps, target=3) == {"format_version": 3, "borders": ["w"]}
    assert document == {"format_version": 1, "walls": ["w"]}


def test_a_gap_in_the_chain_is_reported():
    with pytest.raises(MigrationError, match="no migration from format version 1"):
        migrate({"format_version": 1}, {}, target=2)


def test_a_step_that_skips_a_version_is_reported():
    with pytest.raises(MigrationError, match="did not reach 2"):
        migrate({"format_version": 1}, {1: lambda d: {**d, "format_version": 3}}, target=3)


def _v1_token(**fields) -> dict:
    token = {"id": "gatto", "name": "Gatto", "location": {"kind": "zone", "zone": "hall"}, **fields}
    zone = {"id": "hall", "shape": {"kind": "node", "x": 0, "y": 0}}
    return {"format_version": 1, "zones": [zone], "tokens": [token]}


@pytest.mark.parametrize(
    ("fields", "states", "hidden"),
    [
        ({"states": ["down", "hidden"], "hidden": False}, ["down"], True),
        ({"states": ["hidden"]}, [], True),
        ({"states": ["bleeding"], "hidden": True}, ["bleeding"], True),
        ({"states": ["stall"]}, ["stall"], False),
    ],
)
def test_a_version_1_hidden_state_becomes_the_hidden_flag(fields, states, hidden):
    token = map_from_bytes(json.dumps(_v1_token(**fields)).encode()).token("gatto")
    assert (token.states, token.hidden) == (states, hidden)


def test_hidden_is_no_longer_a_state(tmp_path):
    assert "hidden" not in TOKEN_STATES
    document = {**_v1_token(states=["hidden"]), "format_version": 5}  # the last format of zones one by one
    with pytest.raises(MapFileError, match=r"tokens\[0\]\.states\[0\]"):
        map_from_bytes(json.dumps(document).encode(), "v2.tabletop")
    states = map_schema()["$defs"]["Token"]["properties"]["states"]["items"]["enum"]
    assert "hidden" not in states and "down" in states


def test_the_frozen_version_2_file_keeps_its_hidden_token():
    token = load_map(FORMATS / "v2.tabletop").token("jade")
    assert token.hidden and token.states == ["bleeding"]
