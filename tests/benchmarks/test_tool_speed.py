"""Speed of the three editor paths the reshaping issue measured slow, against its targets:
vertex snapping per mouse move (<= 0.5 ms at 10k zones), Join Touching Zones (<= 1 s at 10k
zones, no borders yet), and building the scene for a map with 400 tokens (<= 50 ms).

Run with: .venv/bin/python -m pytest tests/benchmarks/test_tool_speed.py -o addopts="" --benchmark-only
"""

from __future__ import annotations

import random

import pytest

from tabletop.document import MapDocument
from tabletop.model import Token, ZoneLocation
from tabletop.ui.scene.editor_scene import EditorScene
from tabletop.ui.tools.base import nearest_vertex
from tabletop.ui.tools.connect import join_touching_zones
from tests.maps import zone_map


@pytest.fixture(scope="module")
def bricks():
    return zone_map(10_000)


def test_vertex_snap_on_10k_zones(benchmark, qapp, bricks):
    document = MapDocument(bricks)
    rng = random.Random(3)
    points = [(rng.uniform(0, 6000), rng.uniform(0, 4000)) for _ in range(200)]
    cursor = iter(points * 10_000)

    def snap():
        x, y = next(cursor)
        return nearest_vertex(document, x, y, 10.0)

    benchmark(snap)
    assert nearest_vertex(document, 61.0, 1.0, 10.0) == (60.0, 0.0)


def test_join_touching_zones_on_10k_zones(benchmark, qapp, bricks):
    bare = bricks.model_copy(update={"borders": []})

    def fresh():
        return (MapDocument(bare.model_copy(deep=True)),), {}

    joined = benchmark.pedantic(join_touching_zones, setup=fresh, rounds=3, iterations=1)
    assert joined > 2 * len(bare.zones), "bricks touch about six neighbours each"


def test_scene_with_400_tokens(benchmark, qapp):
    map_ = zone_map(1_000)
    rng = random.Random(5)
    map_.tokens = [
        Token(id=f"t{i}", name=f"Raider {i}", side=rng.choice(["band", "foes"]), location=ZoneLocation(zone=z.id))
        for i, z in enumerate(rng.choices(map_.zones, k=400))
    ]
    document = MapDocument(map_)
    scene = benchmark(EditorScene, document)
    assert sum(1 for key in scene.items_by_key if key[0] == "token") == 400
