"""The worst map the caps allow at 10k zones, for the picture benchmarks: every text at its cap,
every zone's polygon tangled (its outline crossing itself back and forth across its brick) with
as many points as the map's cap on points leaves it, a few zones tangled across the whole map
with the most points one polygon may have, aspects and tokens with names at their caps.

Texts a picture never draws (descriptions, notes, log stories) are one string shared by every
zone: the map holds as much text as the caps allow without the benchmark holding it a thousand
times over. The zones' aspects have no free invokes: the play dock lists every aspect with
one left as a row of widgets, which for 500,000 aspects takes minutes (a window matter, not a
picture's). Seeded, so every run measures the same map.
"""

from __future__ import annotations

import math
import random

from tabletop.model import (
    Aspect,
    Conflict,
    LogEntry,
    Map,
    PolygonShape,
    Token,
    Zone,
    ZoneLocation,
)
from tabletop.model.base import MAX_ASPECTS, MAX_LINE, MAX_MAP_POINTS, MAX_POINTS, MAX_TEXT
from tests.maps import BRICK_H, BRICK_W, zone_map

WORLD_ZONES = 4
"""Zones tangled across the whole map, each with MAX_POINTS points."""
TOKENS = 200


def _line(head: str) -> str:
    """A one-line text of exactly MAX_LINE characters, starting with `head`."""
    return (head + " " + "Wide Hall of the Long Name " * (MAX_LINE // 20 + 1))[:MAX_LINE]


def tangled(rng: random.Random, left: float, top: float, width: float, height: float, count: int) -> list:
    """`count` points that zigzag across the box from edge to edge, so the outline crosses
    itself all over it (each point on the box's left or right edge in turn, at a random height)."""
    points = []
    for k in range(count):
        x = left + (width if k % 2 else 0.0) + rng.uniform(-0.01, 0.01) * width
        points.append((min(left + width, max(left, x)), top + rng.uniform(0, height)))
    return points


def star(cx: float, cy: float, inner: float, outer: float, count: int) -> list:
    """A simple polygon of `count` points with a spike at every other one: no crossing, yet
    every row of pixels through it meets hundreds of its edges."""
    return [
        (
            cx + (outer if k % 2 else inner) * math.cos(2 * math.pi * k / count),
            cy + (outer if k % 2 else inner) * math.sin(2 * math.pi * k / count),
        )
        for k in range(count)
    ]


def worst_map(zones: int = 10_000, seed: int = 1) -> Map:
    rng = random.Random(seed)
    base = zone_map(zones, seed)
    xs = [x for zone in base.zones for x, _ in zone.shape.points]
    ys = [y for zone in base.zones for _, y in zone.shape.points]
    left, top, right, bottom = min(xs), min(ys), max(xs), max(ys)
    world = WORLD_ZONES * MAX_POINTS
    each = min(MAX_POINTS, (MAX_MAP_POINTS - world) // len(base.zones))
    description, notes = "A long description.\n" * (MAX_TEXT // 20), "Notes\tand more.\n" * (MAX_TEXT // 16)
    aspects = [Aspect(name=_line(f"Aspect {k}")) for k in range(MAX_ASPECTS)]
    scene = [Aspect(name=_line(f"Scene aspect {k}"), free_invokes=3) for k in range(MAX_ASPECTS)]
    made = []
    for k, zone in enumerate(base.zones):
        x0, y0 = zone.shape.points[0]
        made.append(
            zone.model_copy(
                update={
                    "name": _line(f"Zone {k}"),
                    "description": description[:MAX_TEXT],
                    "gm_notes": notes[:MAX_TEXT],
                    "aspects": aspects,
                    "shape": PolygonShape(points=tangled(rng, x0, y0, BRICK_W, BRICK_H, each)),
                }
            )
        )
    for k in range(WORLD_ZONES):
        if k % 2:
            points = star((left + right) / 2, (top + bottom) / 2, 50.0, min(right - left, bottom - top) / 2, MAX_POINTS)
        else:
            points = tangled(rng, left, top, right - left, bottom - top, MAX_POINTS)
        made.append(Zone(id=f"world{k}", name=_line(f"World {k}"), shape=PolygonShape(points=points)))
    tokens = [
        Token(
            id=f"t{k}",
            name=_line(f"Token {k}"),
            side=_line("Side"),
            aspects=aspects,
            location=ZoneLocation(zone=made[rng.randrange(len(base.zones))].id),
        )
        for k in range(TOKENS)
    ]
    story = ("What happened, told at length. " * (MAX_TEXT // 30))[:MAX_TEXT]
    conflict = Conflict(
        system="edgerunner",
        scene_aspects=scene,
        story=story,
        log=[LogEntry(exchange=1, actor=_line("Actor"), action=_line("Action"), story=story)] * 100,
    )
    return Map(
        title=_line("The worst map"),
        notes=description[:MAX_TEXT],
        zones=made,
        borders=base.borders,
        tokens=tokens,
        conflict=conflict,
    )
