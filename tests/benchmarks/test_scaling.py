"""The scaling table and the start-up figures under pytest-benchmark: every row in a fresh
process (see tests/benchmarks/scaling.py, which also prints the table for docs/SPEED.md).

Run with: .venv/bin/python -m pytest tests/benchmarks/test_scaling.py -o addopts="" --benchmark-only
"""

from __future__ import annotations

import pytest

from tests.benchmarks.scaling import make_maps, rows, run


@pytest.fixture(scope="session")
def scaling_rows(tmp_path_factory):
    folder = tmp_path_factory.mktemp("scaling")
    return dict(rows(make_maps(folder), folder / "export.png"))


WORK = [
    "`tabletop --version`",
    "`tabletop schema`",
    "`tabletop check` on a sample map",
    "the window, empty, to its first frame",
    *(
        f"{work}, {size}k zones"
        for size in (1, 10, 100)
        for work in ("check", "info", "export 3840 px PNG", "open to the first frame", "save")
    ),
]


@pytest.mark.parametrize("work", WORK)
def test_scaling(benchmark, scaling_rows, work):
    argv = scaling_rows[work]
    last = {}

    def once():
        last["run"] = run(argv)

    benchmark.pedantic(once, rounds=1 if "100k" in work else 3, iterations=1)
    benchmark.extra_info["peak MB"] = round(last["run"].peak_mb)
    benchmark.extra_info["CPU s"] = round(last["run"].cpu, 2)
    # a driver's figures are numbers, but for the view it painted ("1061x876")
    benchmark.extra_info.update({key: _shown(value) for key, value in last["run"].extra.items()})
    assert last["run"].peak_mb > 0


def _shown(value):
    return round(value, 2) if isinstance(value, float) else value
