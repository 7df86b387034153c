"""Run the `tabletop` command in-process or as a real subprocess, for the CLI tests."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass

from tabletop.cli import main


@dataclass
class Result:
    code: int
    out: str
    err: str


def tabletop(capsys, *args: str) -> Result:
    code = main(list(args))
    captured = capsys.readouterr()
    return Result(code, captured.out, captured.err)


def tabletop_process(*args: str, cwd=None) -> Result:
    done = subprocess.run(
        [sys.executable, "-m", "tabletop", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
        check=False,
    )
    return Result(done.returncode, done.stdout, done.stderr)
