"""`tabletop import`: a battle map drawn elsewhere (a Universal VTT file) made a zone map."""

from __future__ import annotations

import argparse
from pathlib import Path

from tabletop.cli.errors import UsageError


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


def run_import(args: argparse.Namespace) -> int:
    from tabletop.io import MapFileError, save_map
    from tabletop.ui.drawn_maps import map_drawn, picture_kept, target_problem

    target = Path(args.output)
    if target.suffix.lower() != ".tabletop":
        raise UsageError(f"{args.output}: the map to write must end in .tabletop")
    if args.gap is not None and not 0 <= args.gap <= 5:
        raise UsageError("--gap must be from 0 to 5 squares")
    problem = target_problem(target)
    if problem is not None:
        raise MapFileError(target, problem)
    if (target.exists() or target.is_symlink()) and not args.overwrite:
        raise MapFileError(target, "is there already: not replaced without --overwrite")
    made = map_drawn(args.file, break_door=args.break_door, break_wall=args.break_wall, gap=args.gap, grid=args.grid)
    with picture_kept(made, target) as background:  # the picture last: taken away if the map is not written
        save_map(made.map.model_copy(update={"background": background}), target)
    print(f"{target}: {made.summary}")
    return 0


IMPORT_COMMANDS = {"import": run_import}
