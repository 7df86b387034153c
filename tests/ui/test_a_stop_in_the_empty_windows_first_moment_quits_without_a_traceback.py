"""Ctrl+C in the terminal or SIGTERM (a logout) in the first moment of `tabletop` with no map,
while the parts of the window made after its first frame are still being made: the program
quits with the stop's code, as at any other time, and no traceback. The stop is listened for
before the first frame (ui/terminate.py), not once the window is whole."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

import pytest

DRIVER = textwrap.dedent(
    """
    import os, signal, sys
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    from tabletop.ui.app import run
    from tabletop.ui.startup import AfterFirstFrame

    stop = getattr(signal, sys.argv[1])
    app = QApplication(sys.argv[:1])
    made = AfterFirstFrame._run
    count = [0]

    def builder_run(self, builder):
        count[0] += 1
        if count[0] == 2:  # in the middle of the window's later parts
            os.kill(os.getpid(), stop)
        return made(self, builder)

    AfterFirstFrame._run = builder_run
    QTimer.singleShot(30_000, lambda: (print("still up", flush=True), os._exit(3)))  # a bound, not a wait
    print("rc", run(None), flush=True)
    """
)


@pytest.mark.parametrize("stop", ["SIGINT", "SIGTERM"])
def test_a_stop_in_the_first_moment_quits_with_its_code(tmp_path, stop):
    env = {"QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "config")}

    done = subprocess.run(
        [sys.executable, "-c", DRIVER, stop],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **env},
    )
    assert "Traceback" not in done.stderr, done.stderr
    assert f"rc {128 + getattr(signal, stop)}" in done.stdout, (done.stdout, done.stderr)
