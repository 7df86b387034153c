"""Universal VTT files written by hand for the import's tests, from the format's public
description: JSON with the resolution, walls as polylines in grid squares, portals, lights and
a base64 picture (here a small PNG made without Qt, so the tests run where Qt is missing)."""

from __future__ import annotations

import base64
import json
import math
import struct
import zlib
from pathlib import Path
from typing import Any


def png(width: int, height: int, colour: tuple[int, int, int] = (200, 190, 170)) -> bytes:
    """A plain PNG of one colour with a darker line every 10 pixels, so a picture drawn under a
    map shows where it lies."""
    rows = []
    for y in range(height):
        row = bytearray([0])
        for x in range(width):
            line = x % 10 == 0 or y % 10 == 0
            row += bytes(c // 2 if line else c for c in colour)
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows)))
        + chunk(b"IEND", b"")
    )


def point(x: float, y: float) -> dict[str, float]:
    return {"x": x, "y": y}


def wall(*points: tuple[float, float]) -> list[dict[str, float]]:
    return [point(x, y) for x, y in points]


def portal(a: tuple[float, float], b: tuple[float, float], closed: bool = True, freestanding: bool = False) -> dict:
    centre = point((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    rotation = math.atan2(b[1] - a[1], b[0] - a[0])
    return {
        "position": centre,
        "bounds": [point(*a), point(*b)],
        "rotation": rotation,
        "closed": closed,
        "freestanding": freestanding,
    }


def drawing(
    size: tuple[int, int],
    walls: list[list[dict]],
    portals: list[dict] = (),
    lights: int = 0,
    pixels_per_grid: int = 10,
    picture: bool = True,
) -> dict[str, Any]:
    """A Universal VTT document of `size` squares with its picture at `pixels_per_grid`."""
    document = {
        "format": 0.3,
        "resolution": {"map_origin": point(0, 0), "map_size": point(*size), "pixels_per_grid": pixels_per_grid},
        "line_of_sight": list(walls),
        "objects_line_of_sight": [],
        "portals": list(portals),
        "environment": {"baked_lighting": True, "ambient_light": "ffffffff"},
        "lights": [{"position": point(1, 1), "range": 4, "intensity": 1, "color": "ffffeecc", "shadows": True}]
        * lights,
    }
    if picture:
        raw = png(size[0] * pixels_per_grid, size[1] * pixels_per_grid)
        document["image"] = base64.b64encode(raw).decode("ascii")
    return document


def written(folder: Path, name: str, document: dict | str | bytes) -> Path:
    path = folder / name
    if isinstance(document, dict):
        document = json.dumps(document)
    path.write_bytes(document if isinstance(document, bytes) else document.encode("utf-8"))
    return path


def two_rooms(closed: bool = True) -> dict:
    """Two rooms of 4 x 4 squares side by side, a door in the wall between them."""
    return drawing(
        (8, 4),
        [wall((0, 0), (8, 0), (8, 4), (0, 4), (0, 0)), wall((4, 0), (4, 1.5)), wall((4, 2.5), (4, 4))],
        [portal((4, 1.5), (4, 2.5), closed=closed)],
        lights=2,
    )


def corridor() -> dict:
    """Two rooms joined by a corridor a square wide, a door at each end (one open), with
    rock (the ground outside) all round."""
    return drawing(
        (16, 6),
        [
            wall((1, 1), (5, 1), (5, 2.5)),
            wall((5, 3.5), (5, 5), (1, 5), (1, 1)),
            wall((5, 2.5), (11, 2.5)),
            wall((5, 3.5), (11, 3.5)),
            wall((11, 2.5), (11, 1), (15, 1), (15, 5), (11, 5), (11, 3.5)),
        ],
        [portal((5, 2.5), (5, 3.5), closed=True), portal((11, 2.5), (11, 3.5), closed=False)],
    )


def circle(cx: float, cy: float, r: float, segments: int, start: float = 0, end: float = 2 * math.pi) -> list:
    return [
        (
            cx + r * math.cos(start + (end - start) * k / segments),
            cy + r * math.sin(start + (end - start) * k / segments),
        )
        for k in range(segments + 1)
    ]
