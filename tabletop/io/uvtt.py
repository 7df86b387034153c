"""Universal VTT files (`.dd2vtt`, `.uvtt`, `.df2vtt`): a battle map drawn elsewhere
(Dungeondraft, DungeonFog, Dungeon Alchemist, Arkenforge), read into plain data.

The file is JSON: `resolution` (the map's origin and size in grid squares, and the picture's
pixels a square), `line_of_sight` (the walls, each a polyline in grid squares),
`objects_line_of_sight` (the outlines of things that block sight: pillars, trees), `portals`
(doors and windows: a centre, a span of two points, whether it is closed, whether it stands
free of any wall), `lights`, `environment` and `image` (the picture, a base64 PNG or WebP).
It is read by the one careful reader (io/json_file.py) and checked here field by field, so a
damaged file is refused in one line naming the file and the field. What the walls enclose is
geometry's (geometry/whole/rooms.py); this module only reads, and keeps the picture beside
the map. Qt-free.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import math
import os
import struct
import tempfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.io.errors import MapFileError, printable_line
from tabletop.io.json_file import read_json_file
from tabletop.io.limits import MAX_FILE_BYTES
from tabletop.io.pictures import ASSETS, MAX_PICTURE_PIXELS, PictureRefused, copy_beside

EXTENSIONS = (".dd2vtt", ".uvtt", ".df2vtt")
"""The names the drawing programs give a Universal VTT file."""
WHAT = "Universal VTT file"

MAX_MAP_SQUARES = 1_000
"""The widest map, in grid squares a side: at a map's 40 units a square that is 40,000 units,
well within the map's bounds, and a battle map past it is a continent."""
MAX_WALLS = 100_000
"""The most wall lines: a big Dungeondraft city exports a few thousand."""
MAX_WALL_POINTS = 1_000_000
"""The most points of all walls together: a cave's curved walls are many short segments."""
MAX_PORTALS = 20_000
MAX_LIGHTS = 100_000
MAX_COORDINATE_SQUARES = 100_000.0
"""How far from the origin, in squares, a point may lie: past the map it is clipped away, but
a number far past any map is damage, not drawing."""


Point = tuple[float, float]


@dataclass(frozen=True)
class Portal:
    """A door (or window) across a wall: its two ends in grid squares, as the file has them."""

    ends: tuple[Point, Point]
    closed: bool
    freestanding: bool


@dataclass(frozen=True)
class Picture:
    """The map's picture as the file holds it: its bytes, their kind (png or webp), its size."""

    raw: bytes
    kind: str
    width: int
    height: int


@dataclass(frozen=True)
class UniversalVtt:
    """What a Universal VTT file holds, in grid squares (the file's own unit)."""

    origin: Point
    size: Point
    pixels_per_square: float
    walls: list[list[Point]]
    object_outlines: int
    portals: list[Portal]
    lights: int
    picture: Picture | None

    @property
    def frame(self) -> tuple[float, float, float, float]:
        """The map's edge (x0, y0, x1, y1) in grid squares."""
        (x, y), (width, height) = self.origin, self.size
        return x, y, x + width, y + height


def read_universal_vtt(path: str | os.PathLike[str]) -> UniversalVtt:
    """The file read and checked; MapFileError names the file and the first problem."""
    document = read_json_file(path, MAX_FILE_BYTES, WHAT, shape=f"a {WHAT} (the top level is not an object)")
    return _checked(document, path)


def _checked(document: dict[str, Any], path: str | os.PathLike[str]) -> UniversalVtt:
    def refuse(problem: str) -> MapFileError:
        return MapFileError(path, problem)

    version = document.get("format")
    if version is None:
        raise refuse("has no 'format': not a Universal VTT file")
    if not _number(version):
        raise refuse("'format' is not a number: not a Universal VTT file")
    resolution = _field(document, "resolution", dict, refuse)
    origin = _point(_field(resolution, "map_origin", dict, refuse, "resolution."), "resolution.map_origin", refuse)
    size = _point(_field(resolution, "map_size", dict, refuse, "resolution."), "resolution.map_size", refuse)
    if not (1 <= size[0] <= MAX_MAP_SQUARES and 1 <= size[1] <= MAX_MAP_SQUARES):
        raise refuse(
            f"resolution.map_size is {size[0]:g} x {size[1]:g} squares: a map is from 1 to "
            f"{MAX_MAP_SQUARES:,} squares a side"
        )
    ppg = resolution.get("pixels_per_grid")
    if not _number(ppg) or not 1 <= ppg <= 10_000:
        raise refuse("resolution.pixels_per_grid must be a number of pixels from 1 to 10,000")
    walls = _walls(document.get("line_of_sight", []), refuse)
    objects = document.get("objects_line_of_sight", [])
    if not isinstance(objects, list) or len(objects) > MAX_WALLS:
        raise refuse(f"objects_line_of_sight must be a list of at most {MAX_WALLS:,} lines")
    portals = _portals(document.get("portals", []), refuse)
    lights = document.get("lights", [])
    if not isinstance(lights, list) or len(lights) > MAX_LIGHTS:
        raise refuse(f"lights must be a list of at most {MAX_LIGHTS:,} lights")
    picture = _picture(document.get("image"), refuse)
    if picture is not None:
        expected = (round(size[0] * ppg), round(size[1] * ppg))
        if abs(picture.width - expected[0]) > ppg or abs(picture.height - expected[1]) > ppg:
            raise refuse(
                f"its picture is {picture.width} x {picture.height} pixels, not the map's "
                f"{expected[0]} x {expected[1]} ({size[0]:g} x {size[1]:g} squares of {ppg:g} pixels)"
            )
    return UniversalVtt(origin, size, float(ppg), walls, len(objects), portals, len(lights), picture)


def _number(value: Any) -> bool:
    return type(value) in (int, float) and math.isfinite(value)


def _field(holder: dict, name: str, kind: type, refuse, where: str = "") -> Any:
    value = holder.get(name)
    if value is None:
        raise refuse(f"has no '{where}{name}': not a Universal VTT file")
    if not isinstance(value, kind):
        raise refuse(f"'{where}{name}' is not {'an object' if kind is dict else 'a list'}")
    return value


def _point(value: Any, where: str, refuse) -> Point:
    if not isinstance(value, dict) or not _number(value.get("x")) or not _number(value.get("y")):
        raise refuse(f"{where} is not a point: it needs numbers x and y")
    x, y = float(value["x"]), float(value["y"])
    if abs(x) > MAX_COORDINATE_SQUARES or abs(y) > MAX_COORDINATE_SQUARES:
        raise refuse(f"{where} lies {max(abs(x), abs(y)):.3g} squares away: far past any map")
    return x, y


def _walls(lines: Any, refuse) -> list[list[Point]]:
    if not isinstance(lines, list):
        raise refuse("line_of_sight is not a list of walls")
    if len(lines) > MAX_WALLS:
        raise refuse(f"has {len(lines):,} walls; a Universal VTT file may have at most {MAX_WALLS:,}")
    walls, total = [], 0
    for n, line in enumerate(lines):
        if not isinstance(line, list):
            raise refuse(f"line_of_sight[{n}] is not a list of points")
        total += len(line)
        if total > MAX_WALL_POINTS:
            raise refuse(f"its walls have more than {MAX_WALL_POINTS:,} points in all")
        walls.append([_point(p, f"line_of_sight[{n}][{k}]", refuse) for k, p in enumerate(line)])
    return walls


def _portals(portals: Any, refuse) -> list[Portal]:
    if not isinstance(portals, list):
        raise refuse("portals is not a list of doors")
    if len(portals) > MAX_PORTALS:
        raise refuse(f"has {len(portals):,} portals; a Universal VTT file may have at most {MAX_PORTALS:,}")
    found = []
    for n, portal in enumerate(portals):
        where = f"portals[{n}]"
        if not isinstance(portal, dict):
            raise refuse(f"{where} is not an object")
        bounds = portal.get("bounds")
        if not isinstance(bounds, list) or len(bounds) != 2:
            raise refuse(f"{where}.bounds must be a list of two points (the door's ends)")
        ends = (_point(bounds[0], f"{where}.bounds[0]", refuse), _point(bounds[1], f"{where}.bounds[1]", refuse))
        closed, free = portal.get("closed", True), portal.get("freestanding", False)
        if type(closed) is not bool or type(free) is not bool:
            raise refuse(f"{where}: closed and freestanding must be true or false")
        found.append(Portal(ends, closed, free))
    return found


def _picture(image: Any, refuse) -> Picture | None:
    """The picture's bytes from base64, checked to be a PNG or a WebP of at most
    MAX_PICTURE_PIXELS by its header, so a bomb of a picture is never decoded."""
    if image is None or image == "":
        return None
    if not isinstance(image, str):
        raise refuse("'image' is not a text (a base64 picture)")
    if image.startswith("data:"):  # a data: address, its picture after the comma
        if "," not in image:
            raise refuse("'image' is a data: address with no picture after it: the picture is missing")
        image = image.split(",", 1)[1]
    try:
        raw = base64.b64decode("".join(image.split()), validate=True)
    except (binascii.Error, ValueError):
        raise refuse("'image' is not base64 text: the picture is damaged") from None
    size = _png_size(raw) or _webp_size(raw)
    if size is None:
        raise refuse("'image' is not a PNG or WebP picture")
    width, height = size
    if width * height > MAX_PICTURE_PIXELS:
        raise refuse(f"its picture is {width} x {height} pixels; at most {MAX_PICTURE_PIXELS / 1e6:g} megapixels")
    if raw.startswith(PNG) and not _png_whole(raw):
        raise refuse("its PNG picture is cut short or damaged")
    return Picture(raw, "png" if raw.startswith(PNG) else "webp", width, height)


PNG = b"\x89PNG\r\n\x1a\n"


def _png_size(raw: bytes) -> tuple[int, int] | None:
    if not raw.startswith(PNG) or raw[12:16] != b"IHDR" or len(raw) < 24:
        return None
    width, height = struct.unpack(">II", raw[16:24])
    return (width, height) if width and height else None


def _png_whole(raw: bytes) -> bool:
    """Whether the PNG's chunks are all there, each its checksum right, up to its end chunk: a
    picture cut short, or with bytes changed, is refused before any decoder sees it."""
    at = len(PNG)
    while at + 12 <= len(raw):
        (length,) = struct.unpack(">I", raw[at : at + 4])
        kind_and_data = raw[at + 4 : at + 8 + length]
        if at + 12 + length > len(raw) or struct.unpack(">I", raw[at + 8 + length : at + 12 + length])[0] != (
            zlib.crc32(kind_and_data)
        ):
            return False
        if kind_and_data[:4] == b"IEND":
            return True
        at += 12 + length
    return False


def _webp_size(raw: bytes) -> tuple[int, int] | None:
    """A WebP's size from its first chunk: lossy (VP8), lossless (VP8L) or extended (VP8X)."""
    if len(raw) < 30 or raw[:4] != b"RIFF" or raw[8:12] != b"WEBP":
        return None
    chunk = raw[12:16]
    if chunk == b"VP8 " and raw[23:26] == b"\x9d\x01\x2a":
        width, height = struct.unpack("<HH", raw[26:30])
        return (width & 0x3FFF, height & 0x3FFF) if width & 0x3FFF and height & 0x3FFF else None
    if chunk == b"VP8L" and raw[20] == 0x2F:
        bits = int.from_bytes(raw[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8X":
        return int.from_bytes(raw[24:27], "little") + 1, int.from_bytes(raw[27:30], "little") + 1
    return None


def keep_picture(picture: Picture, map_path: str | os.PathLike[str]) -> tuple[str, bool]:
    """Write the picture into the map's `assets/` folder, named after the map, and give the
    path the map writes for it and whether a file was made (False: the same picture was there
    already, and is used as it is; another picture there gets a new name), as every picture
    copied beside a map. MapFileError says why it could not be written."""
    target = Path(map_path)
    folder = target.parent
    assets = folder / ASSETS
    if assets.exists() and not assets.is_dir():
        raise MapFileError(
            map_path,
            f"its picture is kept in a folder '{ASSETS}' beside it, but '{ASSETS}' there is a file: "
            "rename that file, or save the map in another folder",
        )
    name = "".join(c if printable_line(c) else "_" for c in target.stem) or "map"
    wanted = f"{ASSETS}/{name}.{picture.kind}"
    made = not assets.exists()
    handle, temporary = tempfile.mkstemp(suffix=f".{picture.kind}")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(picture.raw)
        assets.mkdir(parents=True, exist_ok=True)
        return copy_beside(temporary, folder, wanted)
    except PictureRefused as error:
        leave_no_folder(assets, made)
        raise MapFileError(map_path, f"its picture could not be kept beside it: {error}") from None
    except OSError as error:
        leave_no_folder(assets, made)
        raise MapFileError(map_path, f"its picture could not be kept beside it: {error.strerror or error}") from None
    finally:
        os.unlink(temporary)


def leave_no_folder(assets: Path, made: bool) -> None:
    """Take away the pictures' folder an import `made`, when nothing is left in it: a refused
    import leaves the map's folder as it found it."""
    if made:
        with contextlib.suppress(OSError):  # not empty (or gone): left as it is
            assets.rmdir()
