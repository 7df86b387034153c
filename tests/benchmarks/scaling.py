"""The scaling table: check, info, export, open and save at 1k, 10k and 100k zones, and the
start-up of the quick commands, each in a fresh process, with its time and peak memory.

    python -m tests.benchmarks.scaling [--sizes 1000,10000,100000] [--folder DIR]

prints the table in Markdown (tests/benchmarks/test_scaling.py runs the same rows under
pytest-benchmark). CPU is the process's user and system time, steadier than the wall clock
on a machine shared with other work. Peak memory is the child's maximum resident set (getrusage), so it counts
the interpreter, Qt and the map together. `open` is the window from the command to its first
painted frame, every tile of the fitted map painted (figures before November 2026 painted none:
offscreen, the frame was asked for before the window was exposed), its CPU also given by part
(Python's start and reading the file, Qt and the empty window, the map to its first frame); `save` is save_map alone
(time and CPU) in a process that loaded the map first, its peak the whole process's and, beside
it, the most the save held above the loaded map.
Children run with Python's bytecode cached (in a folder of their own), as an installed Tabletop does.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

SIZES = (1_000, 10_000, 100_000)
GM_WINDOW = (1728, 972)
"""The window a GM's 1920x1080 laptop opens with (90% of the screen): the size opened and painted."""
ROOT = Path(__file__).resolve().parents[2]
SCREEN = Path(__file__).with_name("gm_screen.json")
"""The offscreen platform's screen, 1920x1080 (its own is 800x800, which clamped the window the
driver asked for: figures before this file painted a view of 133x704 pixels)."""


@dataclass
class Run:
    seconds: float
    peak_mb: float
    extra: dict
    cpu: float = 0.0
    """The whole process's CPU time (user and system): steadier than wall time on a busy machine."""


def run(args: list[str], env: dict[str, str] | None = None) -> Run:
    """Run `python ARGS` in a fresh process; its wall time and peak resident memory. A
    driver that prints one JSON line last may report its own figures (`seconds` replaces
    the process's time)."""
    environment = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={SCREEN}", **(env or {}))
    environment.setdefault("XDG_CONFIG_HOME", tempfile.mkdtemp(prefix="tabletop-scaling-config-"))  # no saved window
    # as installed, with the bytecode cached: kept outside the source tree, so it stays clean
    # (without it, every run compiles all of Tabletop's sources: about 0.25 s CPU of each start)
    environment.pop("PYTHONDONTWRITEBYTECODE", None)
    environment.setdefault("PYTHONPYCACHEPREFIX", str(Path(tempfile.gettempdir()) / "tabletop-scaling-pyc"))
    environment.setdefault("TABLETOP_RECOVERY_DIR", tempfile.mkdtemp(prefix="tabletop-scaling-"))
    start = time.perf_counter()
    environment["TABLETOP_STARTED"] = repr(time.time())  # for a child that reports a moment of its own
    child = subprocess.Popen(
        [sys.executable, *args], cwd=ROOT, env=environment, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    with child.stdout:
        out = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} ended with {child.returncode}")
    extra = {}
    lines = out.decode(errors="replace").strip().splitlines()
    if lines and lines[-1].startswith("{"):
        extra = json.loads(lines[-1])
        seconds = extra.pop("seconds", seconds)
    cpu = extra.pop("cpu", usage.ru_utime + usage.ru_stime)
    return Run(seconds, usage.ru_maxrss / 1024, extra, cpu)


def make_maps(folder: Path, sizes: tuple[int, ...] = SIZES) -> dict[int, Path]:
    """The generated brick maps of tests/maps.py, saved once into `folder`."""
    from tabletop.io import save_map
    from tests.maps import zone_map

    paths = {}
    for size in sizes:
        path = folder / f"bricks-{size}.tabletop"
        if not path.exists():
            save_map(zone_map(size), path, backup=False)
        paths[size] = path
    return paths


def rows(maps: dict[int, Path], out: Path) -> list[tuple[str, list[str]]]:
    """(work, argv) for every row of the table."""
    sample = str(ROOT / "maps" / "warehouse.tabletop")
    found = [
        ("`tabletop --version`", ["-m", "tabletop", "--version"]),
        ("`tabletop schema`", ["-m", "tabletop", "schema"]),
        ("`tabletop check` on a sample map", ["-m", "tabletop", "check", sample]),
        ("the window, empty, to its first frame", ["-m", "tests.benchmarks.scaling", "open"]),
    ]
    for size, path in maps.items():
        name = f"{size // 1000}k zones"
        found += [
            (f"check, {name}", ["-m", "tabletop", "check", str(path)]),
            (f"info, {name}", ["-m", "tabletop", "info", str(path)]),
            (f"export 3840 px PNG, {name}", ["-m", "tabletop", "export", str(path), "-o", str(out), "--width", "3840"]),
            (f"open to the first frame, {name}", ["-m", "tests.benchmarks.scaling", "open", str(path)]),
            (f"save, {name}", ["-m", "tests.benchmarks.scaling", "save", str(path)]),
        ]
    return found


# -- drivers, run in the child process ------------------------------------------------------


def open_first_frame(path: str | None) -> None:
    """What `tabletop [FILE]` does (ui.app.run), up to the first painted frame of the view: a
    file of ui.app.WINDOW_FIRST or more is read once the window shows, with its progress."""
    from tabletop.heap import collector_paused
    from tabletop.io.read import load_map_stamped
    from tabletop.ui.app import WINDOW_FIRST

    big = path is not None and os.stat(path).st_size >= WINDOW_FIRST
    with collector_paused():
        loaded = load_map_stamped(path) if path and not big else None
    read = time.process_time()
    from tabletop.ui.app import _main_window

    with collector_paused():  # as ui.app.run builds it
        app, window = _main_window(whole=True)  # a map given: whole at once, as ui.app.run makes it
    window.resize(*GM_WINDOW)  # what the first window takes of a 1920x1080 screen (SCREEN), as a GM's would
    started = time.process_time()
    parts = {}
    if big:
        window.show()
        window.view.viewport().grab()  # the window's first frame, before its map is read
        parts["window_shown_cpu"] = shown = time.process_time()
        parts["window_shown_seconds"] = time.time() - float(os.environ.get("TABLETOP_STARTED", "nan"))
        window.files.read_and_show(Path(path).resolve())
        parts["read_in_window_cpu"] = time.process_time() - shown
    elif loaded is not None:
        window.files.show_loaded(path, *loaded)
    window.show()
    window.view.fit_map()
    # the frame painted as the event loop would paint it, every tile of the fitted map (offscreen,
    # repaint() paints nothing before the platform exposes the window: it once timed no tiles at all)
    frame = window.view.viewport().grab()
    if os.environ.get("TABLETOP_FRAME"):  # where to keep the frame, to look at it
        frame.save(os.environ["TABLETOP_FRAME"])
    # the first frame is painted: what the event loop does next (the zone graph built ahead of
    # the first drag) and the teardown of a big map at exit are not part of it
    done = time.process_time()  # the wall time is the parent's, to here
    parts["frame_seconds"] = _since_start()  # what the GM waits
    parts["window_peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    parts["view"] = f"{frame.width()}x{frame.height()}"  # the canvas painted, docks beside it
    # CPU by part: the interpreter's start and reading the file, Qt and the empty window, then
    # the map to its first frame (the document, its layout, showing the window, the tiles)
    parts |= {"read_cpu": read, "window_cpu": started - read, "frame_cpu": done - started}
    if path is not None and os.environ.get("TABLETOP_FIRST_REACH"):
        parts |= _first_reach(window, app)
    print(json.dumps({"cpu": done, **parts}), flush=True)
    os._exit(0)


def _since_start() -> float:
    """Seconds since the parent started this process, when it said when; else since the kernel
    started it (Linux, to 10 ms)."""
    if "TABLETOP_STARTED" in os.environ:
        return time.time() - float(os.environ["TABLETOP_STARTED"])
    with open("/proc/self/stat") as stat:
        ticks = int(stat.read().rsplit(")", 1)[1].split()[19])
    return time.clock_gettime(time.CLOCK_BOOTTIME) - ticks / os.sysconf("SC_CLK_TCK")


def _first_reach(window, app) -> dict[str, float]:
    """A reach from the first zone asked right at the first frame, as a drag asks it: the time
    to its answer, the zone graph made then. Then the event loop's preparation of the rest of
    the graph and of the layout's index, a reach from a random zone asked between every two
    events: how long until the graph is all built, the longest event (a reach asked during it
    waits that long) and the slowest of those reaches. TABLETOP_FIRST_REACH=quiet asks none:
    the preparation alone, as for a GM who does not drag at once."""
    import random

    from tabletop.rules.movement import reach

    document = window.document
    ids = [zone.id for zone in document.map.zones]
    asking = os.environ.get("TABLETOP_FIRST_REACH") != "quiet"
    parts = {}
    if asking:
        asked = time.perf_counter()
        reach(document.graph(), ids[0], 20).zones()
        parts["first_reach_ms"] = (time.perf_counter() - asked) * 1000

    def prepared() -> bool:  # main's graph before November 2026 was built whole, then its range adjacency
        graph = document._graph
        return graph is not None and getattr(graph, "prepared", graph._topology is not None)

    pick = random.Random(11)
    longest = slowest = 0.0
    start = time.perf_counter()
    ready = None
    while ready is None or time.perf_counter() - start < 0.5:  # the layout's index is made by then too
        if ready is None and prepared():
            ready = time.perf_counter() - start
        began = time.perf_counter()
        app.processEvents()
        asked = time.perf_counter()
        if asking:
            reach(document.graph(), pick.choice(ids), 20).zones()
        longest, slowest = max(longest, asked - began), max(slowest, time.perf_counter() - asked)
        time.sleep(0.001)
    parts |= {"graph_ready_after_frame_s": ready, "longest_event_ms": longest * 1000}
    return parts | ({"slowest_reach_ms": slowest * 1000} if asking else {})


def save_once(path: str) -> None:
    """Load, then time save_map alone and sample the memory it takes above the loaded map."""
    import ctypes
    import gc

    from tabletop.heap import collector_paused
    from tabletop.io import load_map, save_map

    with collector_paused():
        map_ = load_map(path)
    gc.collect()
    ctypes.CDLL(None).malloc_trim(0)
    loaded = _resident()
    highest = [loaded]
    done = threading.Event()

    def sample() -> None:
        while not done.wait(0.005):
            highest[0] = max(highest[0], _resident())

    watcher = threading.Thread(target=sample)
    watcher.start()
    with tempfile.TemporaryDirectory() as folder:
        start, cpu = time.perf_counter(), time.process_time()
        save_map(map_, Path(folder) / "saved.tabletop", backup=False)
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    done.set()
    watcher.join()
    above = (highest[0] - loaded) / 2**20
    print(json.dumps({"seconds": seconds, "cpu": cpu, "loaded_mb": loaded / 2**20, "save_above_mb": above}))


def _resident() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] in ("open", "save"):
        if sys.argv[1] == "save":
            save_once(sys.argv[2])
        else:
            open_first_frame(sys.argv[2] if len(sys.argv) > 2 else None)
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    parser.add_argument("--folder", type=Path, default=Path(tempfile.gettempdir()) / "tabletop-scaling")
    parser.add_argument("--runs", type=int, default=3, help="runs per row; the median is shown")
    args = parser.parse_args()
    args.folder.mkdir(exist_ok=True)
    maps = make_maps(args.folder, tuple(int(s) for s in args.sizes.split(",")))
    run(["-m", "tests.benchmarks.scaling", "open"])  # fills the bytecode cache before anything is timed
    print("| work | time (median) | CPU | peak memory | file |")
    print("| --- | --- | --- | --- | --- |")
    for work, argv in rows(maps, args.folder / "export.png"):
        runs = sorted((run(argv) for _ in range(args.runs)), key=lambda r: r.seconds)
        middle = runs[len(runs) // 2]
        size = next((p.stat().st_size for p in maps.values() if str(p) in argv), None)
        above = middle.extra.get("save_above_mb")
        note = f" (save: {above:.0f} MB above the loaded map)" if above is not None else ""
        if "window_shown_seconds" in middle.extra:
            note = f" (the window and its progress shown at {middle.extra['window_shown_seconds']:.2f} s)"
        shown = f"{size / 2**20:.0f} MB" if size else ""
        print(
            f"| {work} | {middle.seconds:.2f} s | {middle.cpu:.2f} s | {middle.peak_mb:.0f} MB{note} | {shown} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
