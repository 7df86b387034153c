"""The empty window's start against a bare window's: `tabletop` with no map, from a fresh process
to its first painted frame, beside a bare PySide6 QMainWindow with the same docks (empty dock
widgets of the same titles, in the same places, the hidden ones hidden) to its first frame.

    python -m tests.benchmarks.start [--runs 21]

prints both medians and their ratio for docs/SPEED.md (test_the_empty_window_starts_near_a_bare_window.py
runs the same under pytest-benchmark). Each run is a fresh process with Python's bytecode cached,
as installed (tests/benchmarks/scaling.py's `run`); the two kinds take turns, so a slow minute of
a shared machine falls on both. CPU is the process's user and system time to the frame, steadier
than the wall clock; the wall time is from the parent's start of the process.

The frame: both windows are shown at the size a 1920x1080 screen gives Tabletop's first window,
then grabbed whole (every dock, menu and toolbar painted): offscreen, a window paints nothing until
the platform exposes it, and a grab paints what the screen would show.
"""

from __future__ import annotations

import argparse
import importlib.abc
import importlib.util
import json
import os
import statistics
import sys
import time

from tests.benchmarks.scaling import Run, run

TABLETOP = ["-m", "tests.benchmarks.start", "tabletop"]


def bare_argv(docks: list[dict]) -> list[str]:
    """The bare window's run, with the docks Tabletop's window had at its first frame."""
    return ["-m", "tests.benchmarks.start", "bare", json.dumps(docks)]


# -- drivers, run in the child process ------------------------------------------------------


def tabletop_first_frame() -> None:
    """`tabletop` with no map, as the command runs it (the command line read, the display
    checked, the window built and shown), to the frame it paints as its event loop starts.

    PySide6 is left for the program to import when it does: once loaded, PySide reads the source
    of every module imported after it (to learn whether the module uses PySide), so a driver that
    imported it first would charge the program for modules it loads before Qt."""

    def first_frame(app) -> int:
        window = next(w for w in app.topLevelWidgets() if w.isVisible())
        _report(window)
        return 0

    sys.meta_path.insert(0, _ExecPatch(first_frame))  # the event loop's start is the frame: measured, then gone
    sys.argv = ["tabletop"]
    from tabletop.cli import run_program

    run_program()


class _ExecPatch(importlib.abc.MetaPathFinder):
    """Puts `first_frame` in place of QApplication.exec as PySide6.QtWidgets is imported."""

    def __init__(self, first_frame) -> None:
        self.first_frame = first_frame

    def find_spec(self, name, path, target=None):
        if name != "PySide6.QtWidgets":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        load = spec.loader.exec_module

        def exec_module(module) -> None:
            load(module)
            module.QApplication.exec = self.first_frame

        spec.loader.exec_module = exec_module
        return spec


def bare_first_frame(docks: list[dict]) -> None:
    """A bare QMainWindow with the docks given, styled as Tabletop's (Fusion), to its first frame."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow

    app = QApplication(sys.argv[:1])
    app.setStyle("Fusion")
    window = QMainWindow()
    for dock in docks:
        widget = QDockWidget(dock["title"], window)
        widget.setObjectName(dock["title"])
        window.addDockWidget(Qt.DockWidgetArea(dock["area"]), widget)
        if not dock["shown"]:
            widget.hide()
    if docks:
        window.resize(*docks[0]["window"])
    window.show()
    _report(window)


def _report(window) -> None:
    """The window's first frame, painted whole; then the process's CPU and wall time to it, the
    docks it shows and the modules loaded by then, as the last line, and the process ends
    (nothing after the frame counts)."""
    from PySide6.QtWidgets import QDockWidget

    frame = window.grab()
    cpu = time.process_time()
    wall = time.time() - float(os.environ.get("TABLETOP_STARTED", "nan"))
    if os.environ.get("TABLETOP_FRAME"):  # where to keep the frame, to look at it
        frame.save(os.environ["TABLETOP_FRAME"])
    size = [window.width(), window.height()]
    docks = [
        {"title": d.windowTitle(), "area": window.dockWidgetArea(d).value, "shown": d.isVisible(), "window": size}
        for d in window.findChildren(QDockWidget)
    ]
    size = [frame.width(), frame.height()]
    print(json.dumps({"cpu": cpu, "seconds": wall, "docks": docks, "frame": size, "modules": sorted(sys.modules)}))
    sys.stdout.flush()
    os._exit(0)


# -- the comparison, in the parent ----------------------------------------------------------


def compared(runs: int) -> dict[str, list[Run]]:
    """`runs` fresh starts of each, taking turns, after one of each that fills the bytecode cache
    and tells the docks Tabletop's window shows."""
    docks = run(TABLETOP).extra["docks"]
    bare = bare_argv(docks)
    run(bare)
    found: dict[str, list[Run]] = {"tabletop": [], "bare": []}
    for _ in range(runs):
        found["tabletop"].append(run(TABLETOP))
        found["bare"].append(run(bare))
    return found


def medians(runs: list[Run]) -> tuple[float, float, float]:
    """Median CPU, wall time and peak memory of the runs."""
    return (
        statistics.median(r.cpu for r in runs),
        statistics.median(r.seconds for r in runs),
        statistics.median(r.peak_mb for r in runs),
    )


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "tabletop":
        tabletop_first_frame()
        return
    if len(sys.argv) > 1 and sys.argv[1] == "bare":
        bare_first_frame(json.loads(sys.argv[2]))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="fresh starts of each; medians are shown")
    args = parser.parse_args()
    found = compared(args.runs)
    tabletop, bare = medians(found["tabletop"]), medians(found["bare"])
    print("| to the first painted frame | CPU (median) | wall time (median) | peak memory |")
    print("| --- | --- | --- | --- |")
    for name, (cpu, wall, peak) in (("`tabletop`, the empty window", tabletop), ("a bare QMainWindow", bare)):
        print(f"| {name} | {cpu * 1000:.0f} ms | {wall * 1000:.0f} ms | {peak:.0f} MB |")
    print(f"| ratio | {tabletop[0] / bare[0]:.2f}x | {tabletop[1] / bare[1]:.2f}x | {tabletop[2] / bare[2]:.2f}x |")


if __name__ == "__main__":
    main()
