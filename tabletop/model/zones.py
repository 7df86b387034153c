"""Zones: physical spaces drawn as polygons, or abstract nodes for moods, circles and nets."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from tabletop.model.base import (
    MAX_ASPECTS,
    MAX_POINTS,
    MAX_RADIUS,
    Aspect,
    AtMost,
    Colour,
    Coordinate,
    Id,
    Line,
    Point,
    Text,
)
from tabletop.model.record import Record, record

# Smallest area a polygon zone may enclose, in map units squared; below it the zone cannot
# be seen or clicked, which is what a GM means by a degenerate polygon.
MIN_POLYGON_AREA = 1e-6


def polygon_area(points: list[Point]) -> float:
    """The unsigned area by the shoelace formula, in one plain loop: it runs for every
    polygon of every map opened (100k of them in a city map)."""
    total = 0.0
    x0, y0 = points[0]
    for x1, y1 in points[1:]:  # the terms in the order they always were added, then the closing edge
        total += x0 * y1 - x1 * y0
        x0, y0 = x1, y1
    x1, y1 = points[0]
    total += x0 * y1 - x1 * y0
    return abs(total) / 2


@record
class PolygonShape(Record):
    """A zone of physical space, drawn as a closed polygon in map units."""

    kind: Literal["polygon"] = "polygon"
    points: Annotated[list[Point], AtMost(MAX_POINTS)] = Field(min_length=3, fail_fast=True)

    @model_validator(mode="after")
    def _not_degenerate(self) -> PolygonShape:
        # a polygon with an area has three distinct points, so only a flat one needs counting
        if polygon_area(self.points) < MIN_POLYGON_AREA:
            if len(set(self.points)) < 3:
                raise ValueError("a polygon zone needs at least three distinct points")
            raise ValueError("a polygon zone has no area (its points lie on one line)")
        return self

    def centre(self) -> Point:
        """The mean of the vertices: where labels and token positions are anchored."""
        n = len(self.points)
        return (sum(p[0] for p in self.points) / n, sum(p[1] for p in self.points) / n)


@record
class NodeShape(Record):
    """A zone of abstract space (a mood, a social circle, a network node), drawn as a disc."""

    kind: Literal["node"] = "node"
    x: Coordinate
    y: Coordinate
    radius: Annotated[float, Field(gt=0, le=MAX_RADIUS)] = 40.0

    def centre(self) -> Point:
        return (self.x, self.y)


Shape = Annotated[PolygonShape | NodeShape, Field(discriminator="kind")]


@record
class FillStyle(Record):
    """How a zone is filled on the map; the map palette is kept apart from the UI's."""

    colour: Colour = "#d8cfb8"
    pattern: Literal["solid", "hatch", "cross", "dots", "none"] = "solid"
    opacity: Annotated[float, Field(ge=0, le=1)] = 1.0


@record
class Zone(Record):
    """A discrete space on the map: if it matters whether you are there or not, it is a zone."""

    id: Id
    name: Line = ""
    description: Text = ""
    aspects: Annotated[list[Aspect], AtMost(MAX_ASPECTS)] = Field(default_factory=list, fail_fast=True)
    gm_notes: Text = ""
    hidden: bool = False
    fogged: bool = False
    """Under the fog of war: the players see its place as fog, nothing of what is in it."""
    fill: FillStyle = Field(default_factory=FillStyle)
    shape: Shape

    @property
    def label(self) -> str:
        """What a GM sees: the name, or the id when the zone has no name."""
        return self.name or self.id
