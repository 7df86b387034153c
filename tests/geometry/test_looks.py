"""ShapeTable.looks numbers every zone's look as a plain walk over the zones would: the looks in
the order they first stand in the map, each zone's number pointing at its own, nodes and zones
dropped since opening included."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.geometry.whole.layout import MapLayout
from tabletop.geometry.whole.tables import GONE
from tabletop.model import FillStyle, Map, NodeShape
from tests.maps import zone_map


def _plain_looks(layout: MapLayout, ids: list[str], nodes: list[bool]) -> tuple[list[int], list[tuple]]:
    numbers: dict[tuple, int] = {}
    codes = []
    for zone_id, node in zip(ids, nodes, strict=True):
        zone = layout.zone(zone_id) or GONE
        look = (zone.fill.pattern, zone.fill.colour, zone.fill.opacity, zone.hidden, zone.fogged, node)
        codes.append(numbers.setdefault(look, len(numbers)))
    return codes, list(numbers)


def _mixed(seed: int, looks: int) -> Map:
    """A brick map whose zones take one of `looks` random fills, some hidden or fogged, a few nodes."""
    rng = random.Random(seed)
    fills = [
        FillStyle(
            colour=f"#{rng.randrange(16**6):06x}",
            opacity=rng.choice((1.0, 0.5)),
            pattern=rng.choice(("solid", "none", "hatch")),
        )
        for _ in range(looks)
    ]
    zones = []
    for zone in zone_map(60, seed).zones:
        update = {"fill": rng.choice(fills), "hidden": rng.random() < 0.2, "fogged": rng.random() < 0.2}
        if rng.random() < 0.1:
            update["shape"] = NodeShape(x=rng.uniform(0, 300), y=rng.uniform(0, 300), radius=8.0)
        zones.append(zone.model_copy(update=update))
    return Map(title="looks", zones=zones)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 6))
def test_looks_are_numbered_as_a_walk_over_the_zones_would(seed: int, looks: int) -> None:
    map_ = _mixed(seed, looks)
    layout = MapLayout(map_)
    ids, nodes = [z.id for z in map_.zones], [isinstance(z.shape, NodeShape) for z in map_.zones]
    codes, found = layout.looks()
    assert (codes.tolist(), found) == _plain_looks(layout, ids, nodes)


def test_a_zone_dropped_since_opening_looks_gone_and_the_numbers_hold() -> None:
    map_ = _mixed(3, 4)
    layout = MapLayout(map_)
    dropped = map_.zones[5].id
    layout.drop("zone", dropped)
    ids, nodes = [z.id for z in map_.zones], [isinstance(z.shape, NodeShape) for z in map_.zones]
    codes, found = layout.looks()
    assert found[codes[5]][3:5] == (True, True), "a dropped zone is hidden and fogged: never painted"
    assert (codes.tolist(), found) == _plain_looks(layout, ids, nodes)
