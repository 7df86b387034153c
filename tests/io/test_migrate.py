"""The migration chain: every past format version loads; newer versions are refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.io import load_map
from tabletop.io.migrate import STEPS, MigrationError, migrate
from tabletop.model import FORMAT_VERSION

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
