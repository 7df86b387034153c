"""A map file's speed beside its peers under pytest-benchmark: every measure in a fresh process
(see tests/benchmarks/file_speed.py, which also prints the table for docs/SPEED.md). Needs the
bench extra (msgspec, orjson).

Run with: .venv/bin/python -m pytest tests/benchmarks/test_file_speed.py -o addopts="" --benchmark-only
"""

from __future__ import annotations

import pytest

from tests.benchmarks.file_speed import make_files, rows
from tests.benchmarks.scaling import run

pytest.importorskip("msgspec")
pytest.importorskip("orjson")


@pytest.fixture(scope="session")
def file_rows(tmp_path_factory):
    files = make_files(tmp_path_factory.mktemp("file-speed"), (1_000, 10_000, 100_000))
    return {f"{work}, {size}": argv for work, size, argv in rows(files)}


WORK = [
    f"{work}, {size}"
    for size in ("1k", "10k", "100k")
    for work in (
        "read (in-process CPU)",
        "peer: msgspec typed decode (in-process CPU)",
        "check",
        "peer: msgspec typed decode (process)",
        "save (in-process CPU)",
        "peer: orjson.dumps and write (in-process CPU)",
        "open to the first frame",
        "peer: bare viewer (process)",
    )
]


@pytest.mark.parametrize("work", WORK)
def test_file_speed(benchmark, file_rows, work):
    """The CPU of each run, as the benchmark's time; every run ends well (run raises otherwise)."""
    cpu: list[float] = []

    def once():
        cpu.append(run(file_rows[work]).cpu)

    benchmark.pedantic(once, rounds=3, iterations=1)
    benchmark.extra_info["cpu_median"] = sorted(cpu)[len(cpu) // 2]
    assert all(seconds > 0 for seconds in cpu)
