"""Export speed and memory: a 4K PNG of 10k zones (one image, the old budget of 1 s), and a
20000x20000 PNG of the 100k-zone map painted in bands, its peak memory read in a fresh process.

Run: python -m pytest -o addopts="" --benchmark-only tests/benchmarks/test_export_speed.py
"""

from __future__ import annotations

import json
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.render.export import ExportOptions, Scale, ScaleKind, export_map
from tabletop.render.export.files import BAND_BYTES
from tests.maps import zone_map

ROOT = Path(__file__).resolve().parents[2]
BAND_ALLOWANCE_MB = 4 * BAND_BYTES / 2**20
"""What the bands may add to the peak: the band, its rows for zlib, one band's sub-map and slack."""


def test_export_4k_png_of_10k_zones(benchmark, maps_by_size, tmp_path, qapp):
    map_ = maps_by_size.get(10_000) or maps_by_size.setdefault(10_000, zone_map(10_000))
    out = tmp_path / "4k.png"
    options = ExportOptions(scale=Scale(ScaleKind.WIDTH, 3840))
    benchmark.pedantic(lambda: export_map(map_, out, options=options), rounds=5)
    assert out.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.slow
def test_export_20000_square_png_of_100k_zones_in_bands(benchmark, tmp_path):
    out = tmp_path / "huge.png"

    def run():
        done = subprocess.run(
            [sys.executable, "-m", "tests.benchmarks.export_run", "100000", "20000", str(out)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        return json.loads(done.stdout)

    figures = benchmark.pedantic(run, rounds=1, iterations=1)
    benchmark.extra_info.update(figures)
    header = out.read_bytes()[:24]
    assert header[12:16] == b"IHDR" and struct.unpack(">II", header[16:24]) == (20000, 20000)
    grown = figures["peak_mb_after"] - figures["peak_mb_before"]
    assert grown < BAND_ALLOWANCE_MB, f"the export added {grown} MB to the peak: more than a few bands"
