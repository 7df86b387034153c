"""Every read-only `tabletop` command on a map file, run for a family of files in one process
(tests/fuzz/batch.py), and what each run must show: an exit code of 0, 1 or 2; at most one
error line, escaped, short, never a traceback or an internal error; nothing written on a
refusal, and the map file never changed."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from tabletop.io import load_map
from tabletop.io.errors import printable_line

ROOT = Path(__file__).resolve().parents[2]
EXPORT_WIDTH = "160"
MAX_ERROR = 600
"""The longest error line a run may print: a file's name (a long temporary path) and its problem."""
EXPORTS = [(suffix, who) for who in ((), ("--player",)) for suffix in ("png", "svg", "pdf")]


@dataclass(frozen=True)
class Source:
    """What a sample map offers the commands: zones to reach from, a grid's areas, a conflict."""

    zones: tuple[str, ...]
    grid: tuple[str, str, str] | None  # id, first area, last area
    tokens: tuple[str, ...]
    in_play: bool


@cache
def source(path: Path) -> Source:
    map_ = load_map(path)
    grid = None
    if map_.grids:
        r0, c0, r1, c1 = map_.grids[0].area_bounds()
        grid = (map_.grids[0].id, f"{r0},{c0}", f"{r1},{c1}")
    tokens = tuple(t.label for t in map_.tokens)
    return Source(tuple(z.id for z in map_.zones), grid, tokens, map_.conflict is not None)


def steps_for(origin: Source) -> list[dict]:
    """A small steps file the map's own conflict (or a new one) takes."""
    if origin.in_play:
        return [{"do": "close"}]
    system = "edgerunner" if origin.zones else "af"
    return [{"do": "start", "system": system, "tokens": list(origin.tokens)}]


def runs_for(origin: Source, folder: Path, map_file: Path) -> list[dict]:
    """Every read-only command on `map_file`, with its arguments from the map it came from."""
    m = str(map_file)
    steps = folder / "steps.json"
    steps.write_text(json.dumps(steps_for(origin)), encoding="utf-8")
    argvs: list[tuple[list[str], Path | None]] = [
        (["check", m], None),
        (["check", "--lint", m], None),
        (["info", m], None),
        (["info", "--json", m], None),
        (["play", m], None),
        (["play", m, str(steps)], None),
    ]
    for suffix, who in EXPORTS:
        out = folder / f"out.{suffix}"
        argvs.append((["export", m, "-o", str(out), "--width", EXPORT_WIDTH, *who], out))
    if origin.zones:
        first, last = origin.zones[0], origin.zones[-1]
        argvs += [
            (["reach", m, "--from", first, "--budget", "3"], None),
            (["path", m, "--from", first, "--to", last], None),
            (["range", m, "--from", first], None),
        ]
    if origin.grid is not None:
        grid, start, end = origin.grid
        common = ["--grid", grid, "--from-area", start]
        argvs += [
            (["reach", m, *common, "--speed", "3"], None),
            (["path", m, *common, "--to-area", end, "--speed", "8"], None),
            (["range", m, *common], None),
        ]
    return [{"argv": argv, "folder": str(folder), "output": str(out) if out else None} for argv, out in argvs]


class BatchDied(AssertionError):
    """The batch process hung or died: the run it was on is named."""


def run_batch(job: list[dict], work: Path, timeout: float) -> list[dict]:
    """Run a job in one child process; each run's report line, in order."""
    job_file, report = work / "job.json", work / "report.jsonl"
    job_file.write_text(json.dumps(job), encoding="utf-8")
    report.write_text("")
    try:
        done = subprocess.run(
            [sys.executable, "-m", "tests.fuzz.batch", str(job_file), str(report)],
            cwd=ROOT,
            capture_output=True,
            timeout=timeout,
            check=False,
        )
        ending = f"exit {done.returncode}: {done.stderr.decode(errors='replace')[-2000:]}"
    except subprocess.TimeoutExpired:
        ending = f"no end after {timeout:.0f} s"
    lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    if len(lines) < len(job):
        raise BatchDied(f"{ending}; the run that never ended: {job[len(lines)]['argv']}")
    return lines


def problems(line: dict) -> list[str]:
    """What is wrong with one run's report line (nothing, for a good run)."""
    found = []
    err, code = line["err"], line["code"]
    if code not in (0, 1, 2):
        found.append(f"exit code {code}")
    if "Traceback" in err or "internal error" in err:
        found.append("a traceback or an internal error")
    said = err.rstrip("\n").split("\n") if err.strip() else []
    if code == 2 and said and said[0].startswith("usage: "):  # argparse's own: the usage, then one line
        said = said[-1:]
    if len(said) > 1:
        found.append(f"{len(said)} error lines")
    if any(not printable_line(text) or len(text) > MAX_ERROR for text in said):
        found.append("an error line the terminal cannot show as it is, or too long")
    if code == 0 and said:
        found.append("an error line on success")
    if line["changed"]:
        found.append(f"changed {line['changed']}")
    expected_new = [Path(line["argv"][3]).name] if line["argv"][0] == "export" and code == 0 else []
    if line["new"] and line["new"] != expected_new:
        found.append(f"wrote {line['new']}")
    if line["argv"][0] == "export" and code == 0 and not line["output_size"]:
        found.append("an export that says it succeeded but wrote nothing")
    return found


def failures(job: list[dict], lines: list[dict], names: dict[str, str]) -> list[str]:
    """Each bad run, as one line naming the file (by `names`: folder to mutant name) and command."""
    bad = []
    for item, line in zip(job, lines, strict=True):
        found = problems(line)
        if found:
            shown = line["err"][:300].replace("\n", "\\n")
            argv = " ".join(Path(a).name if "/" in a else a for a in line["argv"])
            bad.append(f"{names[item['folder']]}: tabletop {argv}: {'; '.join(found)}: {shown}")
    return bad
