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


def tabletop_process(*args: str, cwd=None, stdin: bytes | None = None, env: dict[str, str] | None = None) -> Result:
    """The command as the shell runs it; `env` adds to this process's environment."""
    import os

    done = subprocess.run(
        [sys.executable, "-m", "tabletop", *args],
        capture_output=True,
        input=stdin,
        cwd=cwd,
        env={**os.environ, **env} if env else None,
        timeout=120,
        check=False,
    )
    return Result(done.returncode, done.stdout.decode(errors="replace"), done.stderr.decode(errors="replace"))
