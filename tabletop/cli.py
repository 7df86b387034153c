"""The `tabletop` command: open the map window, or work headless on map files.

Every command prints a result or one error line; usage errors exit 2, bad input exits 1,
and no traceback ever reaches the user (TABLETOP_DEBUG=1 shows it for a developer).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import traceback
from collections.abc import Callable, Sequence

from tabletop import __version__
from tabletop.cli_movement import add_movement_commands, run_path, run_range, run_reach
from tabletop.cli_text import describe_map, map_summary
from tabletop.io import MapFileError, load_map, map_schema_text
from tabletop.rules.movement import NoWayThrough

COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {"reach": run_reach, "path": run_path, "range": run_range}


class UsageError(Exception):
    """A command line that names something the map does not have; exits 2 like argparse."""


def command(
    name: str,
) -> Callable[[Callable[[argparse.Namespace], int]], Callable[[argparse.Namespace], int]]:
    def register(run: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
        COMMANDS[name] = run
        return run

    return register


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tabletop", description="Zone maps and encounter grids for the table.")
    parser.add_argument("--version", action="version", version=f"tabletop {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    p = sub.add_parser("open", help="open a map in the window (the default: `tabletop FILE`)")
    p.add_argument("file", nargs="?", help="the map file; none opens an empty map")
    p = sub.add_parser("check", help="load each file; one line per bad file")
    p.add_argument("files", nargs="+", metavar="FILE")
    p = sub.add_parser("info", help="what a map holds")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    sub.add_parser("schema", help="print the JSON Schema of map files")
    p = sub.add_parser("export", help="draw a map to PNG, SVG or PDF, as the window shows it")
    p.add_argument("file", metavar="MAP")
    p.add_argument("-o", "--output", required=True, metavar="OUT", help="OUT.png, OUT.svg or OUT.pdf")
    p.add_argument("--width", type=int, default=1920, metavar="PX", help="width in pixels (default 1920)")
    add_movement_commands(sub)
    return parser


def _with_default_command(argv: list[str]) -> list[str]:
    """`tabletop FILE` means `tabletop open FILE`."""
    if argv and not argv[0].startswith("-") and argv[0] not in COMMANDS:
        return ["open", *argv]
    return argv


@command("check")
def run_check(args: argparse.Namespace) -> int:
    bad = 0
    for path in args.files:
        try:
            load_map(path)
        except MapFileError as error:
            print(error, file=sys.stderr)
            bad += 1
    return 1 if bad else 0


@command("info")
def run_info(args: argparse.Namespace) -> int:
    map_ = load_map(args.file)
    if args.json:
        print(json.dumps(map_summary(map_), indent=2, ensure_ascii=False))
    else:
        print(describe_map(map_, args.file))
    return 0


@command("schema")
def run_schema(args: argparse.Namespace) -> int:
    sys.stdout.write(map_schema_text())
    return 0


@command("export")
def run_export(args: argparse.Namespace) -> int:
    from tabletop.render.export import export_map

    export_map(load_map(args.file), args.output, args.width)
    return 0


@command("open")
def run_open(args: argparse.Namespace) -> int:
    from tabletop.ui.app import run

    return run(args.file)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    try:
        args = parser.parse_args(_with_default_command(argv))
    except SystemExit as done:  # argparse: --help, --version (0) and usage errors (2)
        return done.code if isinstance(done.code, int) else 2
    if args.command is None:
        args = parser.parse_args(["open"])
    try:
        return COMMANDS[args.command](args)
    except UsageError as error:
        print(f"tabletop: {error}", file=sys.stderr)
        return 2
    except (MapFileError, NoWayThrough) as error:
        print(error, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as error:  # the last guard: a one-line report instead of a traceback
        if os.environ.get("TABLETOP_DEBUG"):
            traceback.print_exc()
        print(
            f"tabletop: internal error ({type(error).__name__}: {error}); "
            "please report it with TABLETOP_DEBUG=1 output",
            file=sys.stderr,
        )
        return 1
