"""How long a poster's plan takes (which pieces of the page grid are printed): the 100k-zone map
over 261 A4 pages at 0.2 mm a map unit, the same map with its bottom-right quarter empty (its
pieces there are worked out to the last line and badge), and a 10k-zone map; the Export dialog
asks for it once per choice of map, paper, scale and part. The figures are in docs/SPEED.md.

Run: python -m pytest -o addopts="" --benchmark-only tests/benchmarks/test_poster_plan_speed.py
"""

from __future__ import annotations

import pytest

from tabletop.model import Map
from tabletop.render.export import ExportOptions, Poster, Scale, ScaleKind, prepare
from tabletop.render.export.poster_plan import poster_plan
from tests.maps import zone_map

VECTOR = {"max_side": 2**31, "max_pixels": 2**62}
"""A poster is vector: no pixel cap, as poster_file prepares it."""


def _without_a_quarter(map_: Map) -> Map:
    """The map with the zones of its bottom-right quarter taken out, and their borders."""
    xs = [x for zone in map_.zones for x, _ in zone.shape.points]
    ys = [y for zone in map_.zones for _, y in zone.shape.points]
    mid_x, mid_y = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    kept = [zone for zone in map_.zones if not (zone.shape.points[0][0] > mid_x and zone.shape.points[0][1] > mid_y)]
    ids = {zone.id for zone in kept}
    borders = [border for border in map_.borders if border.a in ids and border.b in ids]
    return map_.model_copy(update={"zones": kept, "borders": borders})


@pytest.mark.parametrize(
    ("zones", "mm", "quarter_empty"),
    [
        (10_000, 0.5, False),
        pytest.param(100_000, 0.2, False, marks=pytest.mark.slow),
        pytest.param(100_000, 0.2, True, marks=pytest.mark.slow),
    ],
)
def test_poster_plan_of_a_zone_map(benchmark, maps_by_size, qapp, zones, mm, quarter_empty):
    map_ = maps_by_size.get(zones) or maps_by_size.setdefault(zones, zone_map(zones))
    if quarter_empty:
        map_ = _without_a_quarter(map_)
    options = ExportOptions(scale=Scale(ScaleKind.MM_PER_UNIT, mm), poster=Poster("a4"))
    picture = prepare(map_, options, **VECTOR)
    plan = benchmark.pedantic(lambda: poster_plan(picture), rounds=5, iterations=1)
    assert plan.printed and len(plan.pages) == plan.rows * plan.cols
    assert (plan.left_out > 0) == quarter_empty
