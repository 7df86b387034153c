"""The lower layers and their tests need no Qt: with PySide6 made missing, every module of
model, geometry, rules, io and cli imports, and their tests are collected without an error.
`.ci/run` runs those tests in full the same way."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WITHOUT_QT = ROOT / "tests" / "without_qt"
LOWER = ["model", "geometry", "rules", "io"]


def _without_qt(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(WITHOUT_QT), str(ROOT)])}
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, check=False)


def test_qt_is_missing_where_the_blocker_is_on_the_path():
    done = _without_qt("-c", "import PySide6")
    assert done.returncode != 0 and "No module named 'PySide6'" in done.stderr


def test_every_module_of_the_lower_layers_imports_without_qt():
    code = (
        "import importlib, pkgutil, tabletop\n"
        "for layer in ('model', 'geometry', 'rules', 'io', 'cli'):\n"
        "    package = importlib.import_module('tabletop.' + layer)\n"
        "    for found in pkgutil.walk_packages(package.__path__, package.__name__ + '.'):\n"
        "        importlib.import_module(found.name)\n"
        "        print(found.name)\n"
    )
    done = _without_qt("-c", code)
    assert done.returncode == 0, done.stderr
    assert "tabletop.geometry.single.labels" in done.stdout.split()


def test_the_lower_layers_tests_are_collected_without_qt():
    folders = [f"tests/{layer}" for layer in LOWER]
    done = _without_qt("-m", "pytest", "--collect-only", "-q", "-p", "no:pytest-qt", "-p", "no:cacheprovider", *folders)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    collected = re.search(r"(\d+) tests collected", done.stdout)
    assert collected and int(collected.group(1)) > 0, done.stdout[-3000:]
