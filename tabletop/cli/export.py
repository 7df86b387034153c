"""`tabletop export`: one map to a file, or several maps into a folder, with the export
dialog's options (scope, audience, scale, what is drawn, posters). A map that fails is named
in one line and the others are still written; the exit code is then 1. Qt loads only when
the command runs."""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

from tabletop.cli.errors import UsageError

FORMATS = ("png", "svg", "pdf")


def add_export_command(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "export",
        help="draw maps to PNG, SVG or PDF: all or part, for the GM or the players, at a pixel or print scale",
    )
    p.add_argument("files", nargs="+", metavar="MAP", help="maps, or sessions (.tabletop-session): each scene exported")
    p.add_argument(
        "-o", "--output", required=True, metavar="OUT", help="OUT.png, OUT.svg or OUT.pdf; a folder for several maps"
    )
    p.add_argument("--format", choices=FORMATS, default=None, help="the files' format in an output folder (png)")
    who = p.add_mutually_exclusive_group()
    who.add_argument("--player", action="store_true", help="the players' copy: fog and secrets as they see them")
    who.add_argument("--clean-player", action="store_true", help="the players' copy without tokens")
    p.add_argument(
        "--by-sight",
        metavar="SIDE",
        help="fog by sight for a players' copy: what SIDE's tokens do not see now is dimmed, as on their window",
    )
    sight = p.add_mutually_exclusive_group()
    sight.add_argument("--sight-range", type=int, metavar="BORDERS", help="how far they see, in borders or areas (3)")
    sight.add_argument("--sight-units", type=float, metavar="UNITS", help="how far they see, in map units instead")
    p.add_argument("--scope", default="all", help="all (default), zone:ID or NAME, grid:ID, view:X,Y,W,H (map units)")
    p.add_argument("--margin", type=float, default=40.0, metavar="UNITS", help="around a zone or grid (40)")
    scale = p.add_mutually_exclusive_group()
    scale.add_argument("--width", type=int, metavar="PX", help="width in pixels (default 1920)")
    scale.add_argument("--px-per-unit", type=float, metavar="PX", help="pixels per map unit")
    scale.add_argument("--px-per-area", type=float, metavar="PX", help="pixels per grid area")
    scale.add_argument("--mm-per-area", type=float, metavar="MM", help="millimetres per grid area on paper (25.4)")
    scale.add_argument(
        "--mm-per-unit", type=float, metavar="MM", help="millimetres per map unit on paper (0.635: 40 units an inch)"
    )
    p.add_argument("--dpi", type=float, default=150.0, help="dots per inch of print and of a PDF's page (150)")
    p.add_argument("--no-badges", action="store_true", help="leave off the pass-value badges")
    p.add_argument("--no-token-names", action="store_true", help="leave off the tokens' names")
    p.add_argument("--no-grid-lines", action="store_true", help="leave off an encounter grid's lines")
    p.add_argument("--area-coordinates", action="store_true", help="write each area's name (A1 at a grid's top-left)")
    p.add_argument("--legend", action="store_true", help="add the grids' legend of ground under the map")
    p.add_argument("--title", action="store_true", help="write the map's title at the top")
    p.add_argument("--poster", choices=("a4", "letter", "a3"), help="a PDF poster at true scale over pages")
    p.add_argument("--landscape", action="store_true", help="poster pages turned")
    p.add_argument("--overlap", type=float, default=10.0, metavar="MM", help="poster pages' overlap (10 mm)")
    p.add_argument(
        "--overwrite",
        action="store_true",
        help="replace an output that is a symbolic link (what it points to) or not a file of the export's kind",
    )


def export_options(args: argparse.Namespace):
    """The command line's choices as the export dialog's ExportOptions."""
    from tabletop.render.export import ExportError, ExportOptions, Poster, Scale, ScaleKind, Scope, Who

    numbers = (args.dpi, args.overlap, args.margin, args.px_per_unit, args.px_per_area, args.mm_per_area)
    numbers += (args.mm_per_unit,)
    if not all(math.isfinite(n) for n in numbers if n is not None):
        raise UsageError("--dpi, --margin, --overlap and the scale must be numbers, not inf or nan")
    if args.dpi <= 0 or args.overlap < 0 or args.margin < 0:
        raise UsageError("--dpi must be above 0, --overlap and --margin 0 or more")
    kinds = (
        (args.px_per_unit, ScaleKind.PX_PER_UNIT),
        (args.px_per_area, ScaleKind.PX_PER_AREA),
        (args.mm_per_area, ScaleKind.MM_PER_AREA),
        (args.mm_per_unit, ScaleKind.MM_PER_UNIT),
        (args.width, ScaleKind.WIDTH),
    )
    # with no scale given, a picture is 1920 pixels wide and a poster an inch an area (miniatures'
    # size): poster_scale_of gives a zone map, with no area to measure by, 40 map units an inch
    unset = (MM_PER_INCH, ScaleKind.MM_PER_AREA) if args.poster else (1920, ScaleKind.WIDTH)
    value, kind = next(((v, k) for v, k in kinds if v is not None), unset)
    if value <= 0:
        raise UsageError("a scale must be above 0")
    try:
        scope = Scope.parse(args.scope, args.margin)
    except ExportError as error:
        raise UsageError(str(error)) from None
    who = Who.PLAYERS if args.player else Who.CLEAN if args.clean_player else Who.GM
    return ExportOptions(
        sight=_players_sight(args, who),
        scope=scope,
        who=who,
        scale=Scale(kind, value, args.dpi),
        grid_lines=not args.no_grid_lines,
        area_coordinates=args.area_coordinates,
        badges=not args.no_badges,
        token_names=not args.no_token_names,
        title=args.title,
        legend=args.legend,
        poster=Poster(args.poster, args.landscape, args.overlap) if args.poster else None,
    )


def _players_sight(args: argparse.Namespace, who):
    """--by-sight and its range as the export's PlayersSight; None without --by-sight."""
    from tabletop.render.export import Who
    from tabletop.render.export.options import PlayersSight
    from tabletop.rules.sides import known_side
    from tabletop.rules.sight import DEFAULT_SIGHT_RANGE, MAX_SIGHT_RANGE, MAX_SIGHT_UNITS, SightRange

    if args.by_sight is None:
        if args.sight_range is not None or args.sight_units is not None:
            raise UsageError("--sight-range and --sight-units go with --by-sight SIDE")
        return None
    if who is Who.GM:
        raise UsageError("--by-sight is for a players' copy: add --player or --clean-player")
    if not known_side(args.by_sight):
        raise UsageError(f"--by-sight names no side a token can have: '{args.by_sight}'")
    units = args.sight_units
    if units is not None and not (math.isfinite(units) and 0 < units <= MAX_SIGHT_UNITS):
        raise UsageError(f"--sight-units must be above 0 and at most {MAX_SIGHT_UNITS:,}")
    borders = DEFAULT_SIGHT_RANGE if args.sight_range is None else args.sight_range
    if not 0 <= borders <= MAX_SIGHT_RANGE:
        raise UsageError(f"--sight-range must be 0 to {MAX_SIGHT_RANGE}")
    return PlayersSight(args.by_sight, SightRange(borders, units))


def _targets(args: argparse.Namespace, files: list[str], into_folder: bool = False) -> list[tuple[str, Path]]:
    """Each map with the file it is exported to; `into_folder`: a session was given, whose
    scenes go into the output folder however few they are."""
    out = Path(args.output)
    if len(files) == 1 and not into_folder and not out.is_dir() and not args.output.endswith(("/", "\\")):
        if args.format:
            raise UsageError("--format is for an output folder: name the file OUT.png, OUT.svg or OUT.pdf")
        return [(files[0], out)]
    if out.exists() and not out.is_dir():
        what = "a session's scenes are" if into_folder else "several maps are"
        raise UsageError(f"{out} is a file: {what} exported into a folder")
    suffix = "." + (args.format or ("pdf" if args.poster else "png"))
    targets = [(name, out / (Path(name).stem + suffix)) for name in files]
    names = [target.name for _, target in targets]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise UsageError(f"two maps would be exported to the same file: {', '.join(twice)}")
    return targets


class _Progress:
    """Progress on stderr, on one line redrawn, only when stderr is a terminal."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.shown = sys.stderr.isatty()

    def __call__(self, done: int, total: int) -> None:
        if self.shown and total > 1:
            sys.stderr.write(f"\r{self.name}: {done}/{total}")
            sys.stderr.flush()

    def end(self) -> None:
        if self.shown:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()


def run_export(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from tabletop.cli.sessions import scene_maps
    from tabletop.heap import collector_off
    from tabletop.io import MapFileError, load_map
    from tabletop.render.background import background_problem
    from tabletop.render.export import Scale, ScaleKind, export_map
    from tabletop.render.token_art import art_problems

    options = export_options(args)
    files, sessions = scene_maps(args.files)
    targets = _targets(args, files, sessions)
    if len(targets) > 1 or sessions:
        try:
            Path(args.output).mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise MapFileError(args.output, f"could not be made: {error.strerror or error}") from None
    failed = []
    for name, target in targets:
        progress = _Progress(name)
        try:
            if not args.overwrite:
                _refuse_what_is_not_ours(target)
            # the collector is kept off from reading to the written file: it would walk a big map's
            # million objects (none garbage) once read and again while it is drawn
            with collector_off():
                map_ = load_map(name)
                folder = Path(name).resolve().parent
                used = options
                if args.poster and not _scale_given(args) and not map_.grids:
                    unit = Scale(ScaleKind.MM_PER_UNIT, MM_PER_INCH / UNITS_AN_INCH, args.dpi)
                    used = replace(options, scale=unit)
                problem = background_problem(map_, folder)
                said = [] if problem is None else [f"{problem}; exported without it"]
                said += [f"{problem}; drawn as a question mark" for problem in art_problems(map_, folder)]
                if said:  # one line for the map, however many of its pictures are missing
                    print(f"{name}: warning: {'; '.join(said)}", file=sys.stderr)
                plan = export_map(map_, target, base_dir=folder, options=used, progress=progress)
                del map_  # freed while the collector is off: it never sees the map
        except MapFileError as error:
            progress.end()
            print(error, file=sys.stderr)
            failed.append(name)
            continue
        progress.end()
        if plan is not None:  # a poster: how many sheets to print, and the blank ones left out
            print(f"{target}: {plan.summary()}")
    if failed and len(targets) > 1:
        print(f"tabletop: {len(failed)} of {len(targets)} maps failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


MM_PER_INCH = 25.4
UNITS_AN_INCH = 40.0
"""A zone map's poster with no scale given: 40 map units an inch, a grid area's size at its
default, so a zone map drawn over a grid prints at the same size as the grid."""


def _scale_given(args: argparse.Namespace) -> bool:
    scales = (args.width, args.px_per_unit, args.px_per_area, args.mm_per_area, args.mm_per_unit)
    return any(value is not None for value in scales)


def _refuse_what_is_not_ours(target: Path) -> None:
    """An output that is a link, or a file of another kind than the export's, is left alone
    (before the map is read) unless --overwrite says otherwise."""
    from tabletop.io import MapFileError
    from tabletop.io.outputs import KINDS, replace_refusal

    kind = target.suffix.lower().removeprefix(".")
    refusal = replace_refusal(target, kind) if kind in KINDS else None  # another suffix: export_map says
    if refusal is not None:
        raise MapFileError(target, f"{refusal}: not replaced without --overwrite")


EXPORT_COMMANDS = {"export": run_export}
