"""Each command imports only what it needs, so the quick ones start quickly: `--version` and
`schema` without pydantic, `check` without the rules, numpy or Qt (start-up is measured in
tests/benchmarks/test_scaling.py; here only what is imported is checked)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tabletop.cli.files import shipped_schema_text
from tabletop.io import map_schema_text
from tests.cli.run import tabletop_process

REPORT = """
import json, sys
from tabletop.cli import main
seen = {}
for name, argv in [("version", ["--version"]), ("schema", ["schema"]), ("check", ["check", sys.argv[1]])]:
    main(argv)
    seen[name] = sorted(m for m in sys.modules if m.split(".")[0] in ("pydantic", "numpy", "networkx", "PySide6")
                        or m.startswith(("tabletop.rules", "tabletop.model")))
print(json.dumps(seen), file=sys.stderr)
"""


def test_quick_commands_import_only_what_they_need(maps_dir):
    done = subprocess.run(
        [sys.executable, "-c", REPORT, str(maps_dir / "warehouse.tabletop")],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    seen = json.loads(done.stderr.splitlines()[-1])
    assert seen["version"] == []
    assert seen["schema"] == []
    assert "tabletop.model" in seen["check"]
    assert not [m for m in seen["check"] if m.startswith(("numpy", "networkx", "PySide6", "tabletop.rules"))]


THREADS = """
import os
{setting}
import tabletop, numpy
print(len(os.listdir("/proc/self/task")), os.environ["OPENBLAS_NUM_THREADS"])
"""


def _threads(setting: str) -> list[str]:
    """A fresh process's thread count once tabletop and numpy are imported, and OpenBLAS's setting."""
    script = THREADS.format(setting=setting)
    return subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
    ).stdout.split()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="threads counted in /proc")
def test_numpy_starts_no_worker_threads_for_tabletop():
    """OpenBLAS's workers spin at numpy's import (0.09 s CPU of every map open) and Tabletop
    does no matrix algebra: one thread, unless the GM's own setting says otherwise."""
    assert _threads('os.environ.pop("OPENBLAS_NUM_THREADS", None)') == ["1", "1"]
    assert _threads('os.environ["OPENBLAS_NUM_THREADS"] = "2"')[1] == "2"


def test_building_the_models_looks_for_no_pydantic_plugins():
    script = (
        "import os; os.environ.pop('PYDANTIC_DISABLE_PLUGINS', None)\n"
        "import tabletop.model, pydantic.plugin._loader as loader\n"
        "tabletop.model.Map(title='x'); print(loader._plugins)"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.split() == ["None"]  # never looked: no scan of the installed packages


def test_the_shipped_schema_is_the_models():
    assert shipped_schema_text() == map_schema_text(), (
        "tabletop/cli/map-schema.json is stale: rewrite it with python -c 'from tabletop.io import "
        'map_schema_text as t; open("tabletop/cli/map-schema.json", "w").write(t())\''
    )


def test_a_headless_command_ends_with_its_output_whole_and_its_exit_code(tmp_path, maps_dir):
    """run_program ends a headless command without Python's teardown: nothing printed is lost."""
    info = tabletop_process("info", "--json", str(maps_dir / "warehouse.tabletop"))
    assert info.code == 0
    assert json.loads(info.out)["zones"]
    (tmp_path / "cut.tabletop").write_text('{"format_version": 3, "zones": [')
    check = tabletop_process("check", str(tmp_path / "cut.tabletop"))
    assert check.code == 1
    assert check.err.startswith(f"{tmp_path / 'cut.tabletop'}: is not valid JSON")
