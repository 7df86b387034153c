"""Runs many `tabletop` command lines in one process, as `python -m tests.fuzz.batch JOB REPORT`,
so a family of a thousand command runs pays for one start (Python, Qt, the rules), not one each.

JOB is a JSON list of runs, {"argv": [...], "folder": F, "output": OUT or null}; REPORT gets one
JSON line per run as it ends, {"argv", "code", "err", "out_bytes", "new", "changed"}: the exit
code, what reached the error stream (Qt's own messages too: the streams are caught at the file
descriptors), the new files in F (the output of a successful export is expected, and taken away
after), and the files in F whose bytes changed. A run that hangs or kills the process leaves
the report short: the parent names the first run without its line.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path


def _listing(folder: Path) -> dict[str, tuple[int, int]]:
    return {p.name: (p.lstat().st_size, p.lstat().st_mtime_ns) for p in folder.iterdir()}


def _caught(argv: list[str]) -> tuple[int, bytes, bytes]:
    """Run main(argv) with fds 1 and 2 going to files: (code, out, err)."""
    from tabletop.cli import main

    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        sys.stdout.flush()
        sys.stderr.flush()
        saved = os.dup(1), os.dup(2)
        os.dup2(out.fileno(), 1)
        os.dup2(err.fileno(), 2)
        try:
            code = main(argv)
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])
        out.seek(0)
        err.seek(0)
        return code, out.read(), err.read()


def run(job: list[dict], report_path: Path) -> None:
    with open(report_path, "a", encoding="utf-8") as report:
        for item in job:
            folder = Path(item["folder"])
            before = _listing(folder)
            code, out, err = _caught(item["argv"])
            after = _listing(folder)
            new = sorted(set(after) - set(before))
            changed = sorted(name for name in before if name in after and after[name] != before[name])
            output = item.get("output")
            if output and Path(output).exists() and code == 0:
                size = Path(output).stat().st_size
                Path(output).unlink()
            else:
                size = None
            line = {
                "argv": item["argv"],
                "code": code,
                "err": err.decode("utf-8", "backslashreplace"),
                "out_bytes": len(out),
                "new": new,
                "changed": changed,
                "output_size": size,
            }
            report.write(json.dumps(line) + "\n")
            report.flush()


if __name__ == "__main__":
    sys.stdout.reconfigure(errors="backslashreplace")
    sys.stderr.reconfigure(errors="backslashreplace")
    run(json.loads(Path(sys.argv[1]).read_text(encoding="utf-8")), Path(sys.argv[2]))
    sys.stdout.flush()
    os._exit(0)  # as run_program ends a headless command: no teardown of what was read
