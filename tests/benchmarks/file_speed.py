"""A map file's speed beside its peers: reading, `check`, `info`, saving, opening to the first
frame and a loaded map's memory, at 1k, 10k and 100k zones, each in a fresh process.

    python -m tests.benchmarks.file_speed [--sizes 1000,10000,100000] [--runs 3] [--folder DIR]

prints the table in Markdown. The peers work on the same map written one object per zone and
border (the file's shape before format 6), as a program of their kind would keep it:
msgspec's typed decode into Structs that the collector never tracks (and the collector off), orjson.dumps and a write,
and a bare viewer (orjson and one QPainter pass over every polygon into a picture of the view's
size). CPU is the process's user and system time (steadier than the wall clock on a shared
machine); `read` and `save` are the CPU of the work alone in a process that imported what it
needs first, the rest the whole process's. msgspec and orjson are benchmark extras only
(pyproject.toml: bench).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from tests.benchmarks.scaling import SIZES, run

VIEW = (1061, 876)
"""The view a GM's window paints beside its docks (tests/benchmarks/scaling.py: open)."""


def make_files(folder: Path, sizes: tuple[int, ...]) -> dict[int, tuple[Path, Path]]:
    """Each size's map as Tabletop saves it, and as one JSON object per zone and border; made in
    a process of their own (a child forked from a parent that held a big map would count its
    pages in its own peak memory)."""
    files = {}
    for size in sizes:
        ours, objects = folder / f"bricks-{size}.tabletop", folder / f"bricks-{size}.json"
        if not ours.exists() or not objects.exists():
            run(["-m", "tests.benchmarks.file_speed", "make", str(folder), "--sizes", str(size)])
        files[size] = (ours, objects)
    return files


def make(folder: str, size: int) -> None:
    import orjson

    from tabletop.io import save_map
    from tests.maps import zone_map

    map_ = zone_map(size)
    save_map(map_, Path(folder) / f"bricks-{size}.tabletop", backup=False)
    (Path(folder) / f"bricks-{size}.json").write_bytes(orjson.dumps(map_.model_dump(mode="json")))
    _say(0.0)


def rows(files: dict[int, tuple[Path, Path]]) -> list[tuple[str, str, list[str]]]:
    """(work, size, argv) for every measure."""
    me = ["-m", "tests.benchmarks.file_speed"]
    found = []
    for size, (ours, objects) in files.items():
        name = f"{size // 1000}k"
        found += [
            ("read (in-process CPU)", name, [*me, "read", str(ours)]),
            ("peer: msgspec typed decode (in-process CPU)", name, [*me, "decode", str(objects)]),
            ("check", name, ["-m", "tabletop", "check", str(ours)]),
            ("info", name, ["-m", "tabletop", "info", str(ours)]),
            ("peer: msgspec typed decode (process)", name, [*me, "decode", str(objects), "--process"]),
            ("save (in-process CPU)", name, [*me, "save", str(ours)]),
            ("peer: orjson.dumps and write (in-process CPU)", name, [*me, "dump", str(objects)]),
            ("open to the first frame", name, ["-m", "tests.benchmarks.scaling", "open", str(ours)]),
            ("peer: bare viewer (process)", name, [*me, "view", str(objects)]),
            ("loaded map's memory / file size", name, [*me, "memory", str(ours)]),
        ]
    return found


# -- drivers, run in the child process ------------------------------------------------------


def _resident() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def _say(seconds: float, **extra: object) -> None:
    print(json.dumps({"seconds": seconds, "cpu": seconds, **extra}), flush=True)
    os._exit(0)


def read(path: str) -> None:
    from tabletop.io import load_map

    load_map(Path(__file__).parents[2] / "maps" / "warehouse.tabletop")  # what a read imports, imported
    began = time.process_time()
    load_map(path)
    _say(time.process_time() - began)


def memory(path: str) -> None:
    from tabletop.io import load_map

    load_map(Path(__file__).parents[2] / "maps" / "warehouse.tabletop")
    before = _resident()
    map_ = load_map(path)
    ratio = (_resident() - before) / os.stat(path).st_size
    _say(ratio, map_zones=len(map_.zones))


def save(path: str) -> None:
    from tabletop.io import load_map, save_map

    map_ = load_map(path)
    target = Path(tempfile.mkdtemp(prefix="tabletop-file-speed-")) / "saved.tabletop"
    began = time.process_time()
    save_map(map_, target, backup=False)
    _say(time.process_time() - began)


def decode(path: str, process: bool = False) -> None:
    import gc

    from tests.benchmarks.peer_structs import DECODER

    raw = Path(path).read_bytes()
    gc.disable()  # as the peer was first measured: the collector off, besides Structs it never tracks
    began = time.process_time()
    DECODER.decode(raw)
    _say(time.process_time() if process else time.process_time() - began)


def dump(path: str) -> None:
    import orjson

    document = orjson.loads(Path(path).read_bytes())
    target = Path(tempfile.mkdtemp(prefix="tabletop-file-speed-")) / "saved.json"
    began = time.process_time()
    with open(target, "wb") as out:
        out.write(orjson.dumps(document))
        out.flush()
        os.fsync(out.fileno())
    _say(time.process_time() - began)


def view(path: str) -> None:
    """The bare viewer: the file read with orjson, every polygon painted once, fitted to the view."""
    import orjson
    from PySide6.QtCore import QPointF, Qt
    from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QPolygonF

    document = orjson.loads(Path(path).read_bytes())
    app = QGuiApplication([])  # noqa: F841 - Qt's painting needs it
    polygons = [zone["shape"]["points"] for zone in document["zones"] if zone["shape"]["kind"] == "polygon"]
    xs = [x for points in polygons for x, _ in points]
    ys = [y for points in polygons for _, y in points]
    left, top = min(xs), min(ys)
    scale = min(VIEW[0] / (max(xs) - left), VIEW[1] / (max(ys) - top))
    image = QImage(*VIEW, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setBrush(QColor("#d8cfb8"))
    painter.setPen(Qt.PenStyle.SolidLine)
    for points in polygons:
        painter.drawPolygon(QPolygonF([QPointF((x - left) * scale, (y - top) * scale) for x, y in points]))
    painter.end()
    _say(time.process_time())


DRIVERS = {"make": make, "read": read, "memory": memory, "save": save, "decode": decode, "dump": dump, "view": view}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("driver", nargs="?", choices=sorted(DRIVERS))
    parser.add_argument("path", nargs="?")
    parser.add_argument("--process", action="store_true")
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--folder", type=Path)
    args = parser.parse_args()
    if args.driver == "make":
        make(args.path, int(args.sizes))
    elif args.driver == "decode":
        decode(args.path, args.process)
    elif args.driver:
        DRIVERS[args.driver](args.path)
        return
    folder = args.folder or Path(tempfile.mkdtemp(prefix="tabletop-file-speed-"))
    files = make_files(folder, tuple(int(size) for size in args.sizes.split(",")))
    table: dict[str, dict[str, str]] = {}
    for work, size, argv in rows(files):
        figures = [run(argv) for _ in range(args.runs)]
        cpu = statistics.median(figure.cpu for figure in figures)
        peak = statistics.median(figure.peak_mb for figure in figures)
        shown = f"{cpu:.2f}x" if work.startswith("loaded") else f"{cpu:.3f} s CPU, {peak:.0f} MB"
        table.setdefault(work, {})[size] = shown
        print(f"{work}, {size}: {shown}", file=sys.stderr, flush=True)
    sizes = [f"{size // 1000}k" for size in files]
    print("| work | " + " | ".join(f"{size} zones" for size in sizes) + " |")
    print("| --- |" + " --- |" * len(sizes))
    for work, found in table.items():
        print(f"| {work} | " + " | ".join(found.get(size, "") for size in sizes) + " |")
    for size, (ours, objects) in files.items():
        mb = ours.stat().st_size / 2**20, objects.stat().st_size / 2**20
        print(f"\n{size // 1000}k zones: the file {mb[0]:.1f} MB, as objects {mb[1]:.1f} MB")


if __name__ == "__main__":
    main()
