"""A map saved in columns reads back as it was, every coordinate to the bit (-0.0 and the least
float too), whether its coordinates are listed or encoded, and saved again it is the same text."""

from __future__ import annotations

import struct

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.io import column_writing, columns, map_from_bytes, map_to_text
from tabletop.model import Map, PolygonShape
from tests.strategies import maps


def _bits(map_: Map) -> list[bytes]:
    return [struct.pack("<d", v) for zone in map_.zones for point in getattr(zone.shape, "points", ()) for v in point]


@pytest.fixture(params=["listed", "encoded"])
def written(request, monkeypatch):
    """How the coordinates are written; encoded also reads through numpy's sums of the areas."""
    if request.param == "encoded":
        monkeypatch.setattr(column_writing, "LISTED_POINTS", 0)
        monkeypatch.setattr(columns, "AREAS_ONE_BY_ONE", 0)
    return request.param


EDGE = st.sampled_from([0.0, -0.0, 5e-324, -5e-324, 2.2250738585072014e-308, 99_999.99999999999, 1e-300])


@st.composite
def edge_maps(draw) -> Map:
    """A generated map whose first polygon has a corner moved to a coordinate at an edge."""
    map_ = draw(maps())
    for zone in map_.zones:
        if isinstance(zone.shape, PolygonShape):
            (x, y), *rest = zone.shape.points
            corner = (draw(EDGE), y) if draw(st.booleans()) else (x, draw(EDGE))
            zone.shape = PolygonShape(points=[corner, *rest]) if _has_area([corner, *rest]) else zone.shape
            break
    return map_


def _has_area(points) -> bool:
    try:
        PolygonShape(points=points)
    except ValueError:
        return False
    return True


@given(map_=edge_maps())
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_a_saved_map_reads_back_bit_for_bit_and_saves_the_same(written, map_):
    text = map_to_text(map_)
    assert ('"points": "' in text) == (written == "encoded" and any(_bits(map_)))
    read = map_from_bytes(text.encode(), "saved.tabletop")
    assert read == map_ and _bits(read) == _bits(map_)
    assert map_to_text(read) == text
