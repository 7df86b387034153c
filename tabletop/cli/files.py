"""`tabletop open`, `check`, `info` and `schema`: the commands on whole map files (export: cli/export.py)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletop.cli.counts import holds as _holds
from tabletop.cli.ending import load_kept
from tabletop.cli.errors import UsageError

if TYPE_CHECKING:  # each command imports what it needs when it runs: `schema` never loads the rules
    from tabletop.model import Map
    from tabletop.rules.checks import Finding


def add_file_commands(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("open", help="open a map in the window (the default: `tabletop FILE`)")
    p.add_argument("file", nargs="?", help="the map file; none opens an empty map")
    p = sub.add_parser("check", help="load each file: one line each, saying it is fine or what is wrong")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument(
        "--lint",
        action="store_true",
        help="also warn of zones nobody can reach, one-way traps and choke borders (still exit 0)",
    )
    p.add_argument(
        "--from", dest="start", metavar="ZONE", help="with --lint: reach from this zone (default: the first)"
    )
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p = sub.add_parser("info", help="what a map holds, or a session's scenes")
    p.add_argument("file", metavar="FILE", help="a map, or a session (.tabletop-session): its scenes listed")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p = sub.add_parser("schema", help="print the JSON Schema of map files (or, with --play, of play steps)")
    p.add_argument("--play", action="store_true", help="the JSON Schema of `tabletop play` steps files")


def run_check(args: argparse.Namespace) -> int:
    """Load each file; with --lint, print the map check's warnings. Only a file that does
    not load makes the exit code 1: the warnings are for the GM to judge. Without --lint a file
    is checked whole as a load checks it, its zones and borders never made into records."""
    from tabletop.cli.sessions import is_session_name, session_held
    from tabletop.io import MapFileError

    bad, report = 0, []
    for path in args.files:
        try:
            session = is_session_name(path)
            map_ = load_kept(path) if args.lint and not session else None
            held = session_held(path) if session else _held(map_) if map_ is not None else _held_in_columns(path)
        except MapFileError as error:
            print(error, file=sys.stderr)
            report.append({"file": path, "error": str(error), "findings": []})
            bad += 1
            continue
        findings = _lint(map_, path, args.start) if map_ is not None else []
        report.append({"file": path, "error": None, "findings": [_finding_data(f) for f in findings]})
        if not args.json:
            for finding in findings:
                print(f"{path}: warning: {finding.message}")
            if not findings:
                print(f"{path}: fine ({held}{', no warnings' if args.lint else ''})")
    if args.json:
        print(json.dumps({"files": report}, indent=2, ensure_ascii=False))
    return 1 if bad else 0


def _held(map_: Map) -> str:
    return _holds(len(map_.zones), len(map_.borders), len(map_.grids), len(map_.tokens))


def _held_in_columns(path: str) -> str:
    """What a file holds, checked whole as a load checks it, and kept until the process ends."""
    from tabletop.cli.ending import keep
    from tabletop.heap import collector_paused
    from tabletop.io import check_map_file

    with collector_paused():
        checked = keep(check_map_file(path))
    rest = checked.rest
    return _holds(len(checked.zones["id"]), len(checked.borders["id"]), len(rest.grids), len(rest.tokens))


def _lint(map_: Map, path: str, start: str | None) -> list[Finding]:
    from tabletop.geometry.whole.overlaps import borders_apart, overlapping_pairs
    from tabletop.rules.checks import check_map, drawing_findings
    from tabletop.rules.zone_graph import ZoneGraph

    zone = None if start is None else map_.find_zone(start)
    if start is not None and zone is None:
        raise UsageError(f"no single zone '{start}' on {path}")
    graph = ZoneGraph(map_)
    found = check_map(graph, zone.id if zone else None)
    return found + drawing_findings(graph, overlapping_pairs(map_.zones), borders_apart(map_))


def _finding_data(finding: Finding) -> dict[str, Any]:
    return {"kind": str(finding.kind), "objects": finding.objects, "ids": list(finding.ids), "message": finding.message}


def run_info(args: argparse.Namespace) -> int:
    """What a map holds, from the file's checked columns as `check` reads it: a big map's zones
    and borders are never made into records, only their text, written a piece at a time. A
    session: its scenes, each with what its map holds."""
    from tabletop.cli.ending import keep
    from tabletop.cli.sessions import is_session_name, run_session_info
    from tabletop.cli.text import describe_map, map_summary
    from tabletop.heap import collector_paused
    from tabletop.io import MapFileError, check_map_file_versioned

    if is_session_name(args.file):
        return run_session_info(args.file, args.json)
    with collector_paused():
        checked, version = keep(check_map_file_versioned(args.file))
    try:
        if args.json:  # as json.dumps(..., indent=2, ensure_ascii=False) made it, several times quicker and leaner
            from tabletop.cli.json_text import write_indented

            write_indented(map_summary(checked, version), sys.stdout)
            sys.stdout.write("\n")
        else:
            sys.stdout.writelines(describe_map(checked, args.file, version))
    except MemoryError:  # a file the reader took whole, of lines too many or too long for the memory left
        size = os.stat(args.file).st_size
        held = f"{size / 2**20:,.0f} MB" if size >= 2**20 else f"{size:,} bytes"
        why = f"needs more memory than this computer has free to describe it (a file of {held})"
        raise MapFileError(args.file, why) from None
    return 0


SCHEMA_FILE = "map-schema.json"
"""The schema as `tabletop schema` prints it, shipped beside this module: building it from the
model would cost pydantic a felt moment at every start. tests/cli keeps it equal to the model's."""


def shipped_schema_text() -> str | None:
    from importlib.resources import files

    try:
        return files("tabletop.cli").joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
    except OSError:
        return None


def run_schema(args: argparse.Namespace) -> int:
    if args.play:
        from tabletop.cli.play import run_play_schema

        return run_play_schema()
    text = shipped_schema_text()
    if text is None:  # an install without the data file: build it from the model
        from tabletop.io import map_schema_text

        text = map_schema_text()
    sys.stdout.write(text)
    return 0


def run_open(args: argparse.Namespace) -> int:
    from tabletop.ui.app import run

    return run(args.file)


FILE_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "open": run_open,
    "check": run_check,
    "info": run_info,
    "schema": run_schema,
}
