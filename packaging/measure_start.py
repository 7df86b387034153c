"""Time from launching Tabletop to its main window being shown, as a user waits for it.

    python3 packaging/measure_start.py [--runs N] [--cold] COMMAND... MAP

Qt logs (qt.widgets.showhide) the moment the main window's native window becomes visible, stamped
with the clock since boot; the launch is stamped with the same clock. --cold drops the kernel's page
cache first (root only), so the bundle is read from disk as on a first start after a reboot.
Runs offscreen unless QT_QPA_PLATFORM says otherwise; prints one line per run and the median.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

SHOWN = 'name="MainWindowClassWindow") to true'


def drop_page_cache() -> None:
    os.sync()
    with open("/proc/sys/vm/drop_caches", "w") as caches:
        caches.write("3\n")


def one_start(command: list[str]) -> float:
    env = dict(os.environ, QT_LOGGING_RULES="qt.widgets.showhide=true", QT_MESSAGE_PATTERN="%{time boot}|%{message}")
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    env.setdefault("TABLETOP_RECOVERY_DIR", tempfile.mkdtemp(prefix="tabletop-measure-"))
    start = time.clock_gettime(time.CLOCK_BOOTTIME)
    process = subprocess.Popen(command, env=env, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    try:
        for line in process.stderr:
            if SHOWN in line:
                return float(line.split("|", 1)[0]) - start
        raise SystemExit(f"measure_start: {command[0]} ended (code {process.wait()}) before showing its window")
    finally:
        process.kill()
        process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cold", action="store_true", help="drop the page cache before each run (root)")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the program, its arguments and the map")
    args = parser.parse_args()
    times = []
    for run in range(args.runs):
        if args.cold:
            drop_page_cache()
        times.append(one_start(args.command))
        print(f"run {run + 1}: window shown after {times[-1]:.2f} s", file=sys.stderr)
    print(
        f"{'cold' if args.cold else 'warm'} start to shown window: median {statistics.median(times):.2f} s "
        f"over {len(times)} runs (min {min(times):.2f}, max {max(times):.2f})"
    )


if __name__ == "__main__":
    main()
