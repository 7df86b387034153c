"""`tabletop` opening its empty window, from a fresh process to its first painted frame, beside a
bare PySide6 QMainWindow with the same docks to its first frame (tests/benchmarks/start.py, which
also prints the table for docs/SPEED.md). The goal is at most 1.5 times the bare window's CPU; the
figures are recorded, not asserted (a shared machine's minute would decide such an assertion).

Run with: .venv/bin/python -m pytest tests/benchmarks/test_the_empty_window_starts_near_a_bare_window.py
-o addopts="" --benchmark-only
"""

from __future__ import annotations

from tests.benchmarks.start import compared, medians

RUNS = 11


def test_the_empty_window_to_its_first_frame_beside_a_bare_window(benchmark):
    found = {}
    benchmark.pedantic(lambda: found.update(compared(RUNS)), rounds=1, iterations=1)
    tabletop, bare = medians(found["tabletop"]), medians(found["bare"])
    for name, (cpu, wall, peak) in (("tabletop", tabletop), ("bare", bare)):
        benchmark.extra_info |= {f"{name} CPU ms": round(cpu * 1000), f"{name} ms": round(wall * 1000)}
        benchmark.extra_info[f"{name} peak MB"] = round(peak)
    benchmark.extra_info["CPU ratio"] = round(tabletop[0] / bare[0], 2)
    benchmark.extra_info["wall ratio"] = round(tabletop[1] / bare[1], 2)
    # a fair comparison: every bare window had the docks and the size Tabletop's had
    shown = {repr((r.extra["docks"], r.extra["frame"])) for r in found["tabletop"] + found["bare"]}
    assert len(shown) == 1, shown
    assert [d["title"] for d in found["bare"][0].extra["docks"]][:3] == ["Inspector", "Zones", "Tokens"]
