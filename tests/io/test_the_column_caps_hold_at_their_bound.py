"""Each cap of docs/MAP-FILES.md's Limits table that a zone or border column meets: a file at
the cap opens, and one a step past it is refused in one line naming the zone or border, the
field and the cap (a polygon's points, all the map's points, a name, a note, an id, aspects)."""

from __future__ import annotations

import base64
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from tabletop.io import map_from_bytes
from tabletop.model.base import MAX_ASPECTS, MAX_LINE, MAX_MAP_POINTS, MAX_POINTS, MAX_TEXT
from tests.io.column_files import refusal, warehouse_with

NAME = "capped.tabletop"


def _circles(counts: list[int]) -> str:
    """Polygons of these counts of points, each a circle of its own, encoded as a big map's are."""
    rings = []
    for row, count in enumerate(counts):
        turn = np.linspace(0.0, 2 * np.pi, count, endpoint=False)
        centre = (row % 400 * 100.0, row // 400 * 100.0)
        rings.append(np.column_stack((centre[0] + 40 * np.cos(turn), centre[1] + 40 * np.sin(turn))).ravel())
    return base64.b64encode(np.concatenate(rings).astype("<f8").tobytes()).decode("ascii")


def _polygons(counts: list[int]) -> Callable[[dict[str, Any]], None]:
    """The warehouse's zones made polygons of these counts (its tokens stand in the first and third)."""

    def change(document: dict[str, Any]) -> None:
        ids = ["z1", "z2", "z3", *(f"y{row}" for row in range(3, len(counts)))]
        document["zones"] = {"id": ids, "point_counts": counts, "points": _circles(counts)}

    return change


def _column(name: str, values: list[Any]) -> Callable[[dict[str, Any]], None]:
    return lambda document: document["zones"].__setitem__(name, values)


CAPS = {
    "a polygon's points": (
        _polygons([MAX_POINTS, 3, 3]),
        _polygons([MAX_POINTS + 1, 3, 3]),
        "zones[0].shape.points: holds 10,001 points; a polygon has at most 10,000",
    ),
    "a name": (
        _column("name", ["n" * MAX_LINE, "", ""]),
        _column("name", ["n" * (MAX_LINE + 1), "", ""]),
        "zones[0].name: is 201 characters long; a name, title or label is at most 200",
    ),
    "a GM's note": (
        _column("gm_notes", ["", "", "n" * MAX_TEXT]),
        _column("gm_notes", ["", "", "n" * (MAX_TEXT + 1)]),
        "zones[2].gm_notes: is 50,001 characters long; a note, description or story is at most 50,000",
    ),
    "an id": (
        _column("id", ["z1", "i" * 200, "z3"]),
        _column("id", ["z1", "i" * 201, "z3"]),
        "zones[1].id: is 201 characters long; an id is at most 200",
    ),
    "aspects on a zone": (
        _column("aspects", [[], [{"name": f"a{n}"} for n in range(MAX_ASPECTS)], []]),
        _column("aspects", [[], [{"name": f"a{n}"} for n in range(MAX_ASPECTS + 1)], []]),
        "zones[1].aspects: holds 51 aspects; at most 50 on one zone, border or token",
    ),
    "aspects on a border": (
        lambda d: d["borders"].__setitem__("aspects", [[{"name": f"a{n}"} for n in range(MAX_ASPECTS)], []]),
        lambda d: d["borders"].__setitem__("aspects", [[{"name": f"a{n}"} for n in range(MAX_ASPECTS + 1)], []]),
        "borders[0].aspects: holds 51 aspects; at most 50 on one zone, border or token",
    ),
    "a border's label": (
        lambda d: d["borders"].__setitem__("label", ["", "l" * MAX_LINE]),
        lambda d: d["borders"].__setitem__("label", ["", "l" * (MAX_LINE + 1)]),
        "borders[1].label: is 201 characters long; a name, title or label is at most 200",
    ),
}


@pytest.mark.parametrize(("at", "past", "said"), CAPS.values(), ids=CAPS.keys())
def test_a_cap_holds_at_its_bound_and_refuses_one_past(at, past, said):
    assert map_from_bytes(warehouse_with(at), NAME).zones
    assert said in refusal(warehouse_with(past), NAME)


@pytest.mark.slow
def test_the_maps_points_hold_at_two_million_and_refuse_one_past():
    whole = MAX_MAP_POINTS // MAX_POINTS
    opened = map_from_bytes(warehouse_with(_polygons([MAX_POINTS] * whole)), NAME)
    assert sum(len(zone.shape.points) for zone in opened.zones) == MAX_MAP_POINTS
    past = refusal(warehouse_with(_polygons([MAX_POINTS] * (whole - 1) + [MAX_POINTS - 2, 3])), NAME)
    assert past == "the map's polygons have 2,000,001 points together; a map has at most 2,000,000"
