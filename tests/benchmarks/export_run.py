"""Run one big export in a fresh process and print its time and peak memory as JSON:
`python -m tests.benchmarks.export_run ZONES WIDTH OUT.png`. The peak resident memory is
read before the export (the map, built) and after it, so the difference is the export's own."""

from __future__ import annotations

import json
import resource
import sys
import time

from tabletop.render.export import ExportOptions, Scale, ScaleKind, Scope, ensure_gui_app, export_map
from tabletop.render.export.options import ScopeKind
from tabletop.render.export.parts import MapParts
from tests.maps import zone_map


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    zones, width, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    ensure_gui_app()
    map_ = zone_map(zones)
    MapParts(map_)  # the numpy index is built and dropped: its peak is the map's, not the bands'
    from tabletop.render.background import bounds_with_background

    x, y, w, h = bounds_with_background(map_, None)
    side = max(w, h)  # a square picture: the whole map in it, paper below
    options = ExportOptions(scope=Scope(ScopeKind.VIEW, rect=(x, y, side, side)), scale=Scale(ScaleKind.WIDTH, width))
    before = peak_mb()
    bands = []
    start, cpu = time.perf_counter(), time.process_time()
    export_map(map_, out, options=options, progress=lambda done, total: bands.append(total) and None)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(
        json.dumps(
            {
                "zones": len(map_.zones),
                "pixels": [width, width],
                "seconds": round(seconds, 1),
                "cpu_seconds": round(cpu, 1),
                "peak_mb_before": round(before),
                "peak_mb_after": round(peak_mb()),
                "bands": bands[-1] if bands else 0,
            }
        )
    )


if __name__ == "__main__":
    main()
