"""Benchmark fixtures: generated maps, built once per session (the 100k map takes seconds)."""

from __future__ import annotations

import pytest

from tabletop.rules import Terrain, ZoneGraph
from tests.maps import encounter_grid, zone_map


@pytest.fixture(scope="session")
def maps_by_size():
    return {}


@pytest.fixture(scope="session")
def zone_graphs(maps_by_size):
    """ZoneGraph by zone count, generated on first use."""

    class Graphs(dict):
        def __missing__(self, size):
            maps_by_size[size] = zone_map(size)
            self[size] = graph = ZoneGraph(maps_by_size[size])
            while graph.prepare_step():  # built whole, as the editor has it once an open is prepared
                pass
            return graph

    return Graphs()


@pytest.fixture(scope="session")
def terrains():
    return {across: Terrain(encounter_grid(across // 5)) for across in (15, 45)}
