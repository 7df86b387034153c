"""Whatever is saved loads back equal: load(save(m)) == m."""

from __future__ import annotations

from hypothesis import given, settings

from tabletop.io import load_map, map_from_bytes, map_to_text, save_map
from tabletop.samples import SAMPLES
from tests.strategies import maps


@given(maps())
@settings(max_examples=60)
def test_any_map_survives_a_round_trip_in_memory(map_):
    assert map_from_bytes(map_to_text(map_).encode()) == map_


def test_every_sample_survives_a_round_trip_on_disk(tmp_path):
    for name, build in SAMPLES.items():
        path = tmp_path / f"{name}.tabletop"
        save_map(build(), path)
        assert load_map(path) == build()


def test_a_changed_map_is_not_equal(tmp_path):
    """The round trip would prove nothing if equality ignored content."""
    map_ = SAMPLES["warehouse"]()
    path = tmp_path / "w.tabletop"
    save_map(map_, path)
    map_.borders[0].passages[0].cost_from_a = 4
    assert load_map(path) != map_
