"""A `tabletop` command run in a process of its own under a cap on its address space, as a
computer with little memory free would run it: its exit code and every line it printed."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_capped(
    command: str, path: Path, cap_mb: int, timeout: float = 300, options: tuple[str, ...] = ()
) -> tuple[int, list[str]]:
    cap = cap_mb * 2**20

    def capped() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "tabletop", command, *options, str(path)],
        cwd=ROOT,
        env=env,
        preexec_fn=capped,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    return done.returncode, done.stderr.splitlines() + done.stdout.splitlines()
