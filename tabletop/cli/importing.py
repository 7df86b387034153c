"""`tabletop import`: a battle map drawn elsewhere (a Universal VTT file) made a zone map."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TYPE_CHECKING

from tabletop.cli.errors import UsageError

if TYPE_CHECKING:
    from tabletop.model import Map


def add_import_command(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "import",
        help="make a zone map of a Universal VTT file (.dd2vtt, .uvtt, .df2vtt): rooms as zones, doors as passages",
    )
    p.add_argument("file", metavar="FILE", help="the Universal VTT file (Dungeondraft, DungeonFog, Arkenforge…)")
    p.add_argument("-o", "--output", required=True, metavar="MAP", help="the map to write, MAP.tabletop")
    p.add_argument(
        "--break-door", type=_cost, default=4, metavar="N", help="what breaking a door costs (4; none: it cannot be)"
    )
    p.add_argument(
        "--break-wall",
        type=_cost,
        default=7,
        metavar="N",
        help="what breaking through a wall costs (7; none: it cannot be)",
    )
    p.add_argument(
        "--gap", type=float, default=None, metavar="SQUARES", help="close cracks in walls up to this wide (0.3 squares)"
    )
    p.add_argument("--grid", action="store_true", help="lay an encounter grid over the drawing, an area a square of it")
    p.add_argument("--overwrite", action="store_true", help="replace MAP if it is there already")


def _cost(text: str) -> int | None:
    if text.strip().lower() == "none":
        return None
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number or none") from None
    if not 0 <= value <= 99:
        raise argparse.ArgumentTypeError(f"{value} is not a cost from 0 to 99")
    return value


def imported_map(
    source: str | os.PathLike[str],
    target: str | os.PathLike[str],
    break_door: int | None = 4,
    break_wall: int | None = 7,
    gap: float | None = None,
    grid: bool = False,
) -> tuple[Map, str]:
    """The map made of a Universal VTT file, its picture written beside `target` (the map's
    own path, not yet written), and the line that says what was made. A drawing too big for
    the grid asked for is refused (MapFileError) before its picture is written."""
    from tabletop.geometry.whole.room_zones import SQUARE, GridTooBig, covering_grid, drawn_map
    from tabletop.io import MapFileError
    from tabletop.io.uvtt import kept_background, read_universal_vtt

    drawing = read_universal_vtt(source)
    if grid:
        try:
            covering_grid(drawing.frame)
        except GridTooBig as error:
            raise MapFileError(source, str(error)) from None
    background = kept_background(drawing, target, SQUARE)
    title = Path(source).stem[:200]
    return drawn_map(drawing, background, title, break_door=break_door, break_wall=break_wall, gap=gap, grid=grid)


def run_import(args: argparse.Namespace) -> int:
    from tabletop.io import MapFileError, save_map

    target = Path(args.output)
    if target.suffix.lower() != ".tabletop":
        raise UsageError(f"{args.output}: the map to write must end in .tabletop")
    if args.gap is not None and not 0 <= args.gap <= 5:
        raise UsageError("--gap must be from 0 to 5 squares")
    if (target.exists() or target.is_symlink()) and not args.overwrite:
        raise MapFileError(target, "is there already: not replaced without --overwrite")
    map_, summary = imported_map(args.file, target, args.break_door, args.break_wall, args.gap, args.grid)
    save_map(map_, target)
    print(f"{target}: {summary}")
    return 0


IMPORT_COMMANDS = {"import": run_import}
