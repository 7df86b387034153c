"""Started where no display can be found (over SSH), the window command says so in one line."""

from __future__ import annotations

import os
import subprocess
import sys

from tabletop.ui.app import display_problem


def test_no_display_is_one_line_naming_the_headless_commands(maps_dir, tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["TABLETOP_RECOVERY_DIR"] = str(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "tabletop", str(maps_dir / "room-with-door.tabletop")],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    if not sys.platform.startswith("linux"):
        return
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 1, done.stderr
    assert len(lines) == 1 and "no display" in lines[0]
    assert all(f"`tabletop {name}`" in lines[0] for name in ("export", "check", "info"))
    assert "xcb" not in done.stderr


def test_a_display_or_a_headless_platform_lets_the_window_start():
    linux = "linux"
    assert display_problem({}, linux) is not None
    assert display_problem({"QT_QPA_PLATFORM": "xcb"}, linux) is not None
    assert display_problem({"DISPLAY": ":0"}, linux) is None
    assert display_problem({"WAYLAND_DISPLAY": "wayland-0"}, linux) is None
    assert display_problem({"QT_QPA_PLATFORM": "offscreen"}, linux) is None
    assert display_problem({}, "darwin") is None
