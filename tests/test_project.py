"""The project's shape: layers and Qt boundary, the samples, the README's two commands."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.io import load_map
from tabletop.samples import SAMPLES

ROOT = Path(__file__).resolve().parents[1]


def test_import_linter_contracts_are_kept():
    lint = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run([str(lint)], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Contracts: 2 kept, 0 broken" in done.stdout


@pytest.mark.parametrize(
    "layer", ["tabletop.model", "tabletop.geometry", "tabletop.rules", "tabletop.io", "tabletop.cli"]
)
def test_headless_layers_load_no_qt(layer):
    code = f"import sys, {layer}; print(sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("layer", ["tabletop.document", "tabletop.render.export", "tabletop.document.commands"])
def test_document_and_render_use_no_widgets(layer):
    """QtCore and QtGui only (import-linter cannot name a part of an external package)."""
    code = f"import sys, {layer}; print('PySide6.QtWidgets' in sys.modules, 'PySide6.QtGui' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "True"]


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_sample_map_files_match_their_builders(name):
    assert load_map(ROOT / "maps" / f"{name}.tabletop") == SAMPLES[name]()


def test_readme_holds_two_commands_and_ci_runs_the_test_one():
    readme = (ROOT / "README.md").read_text()
    commands = re.findall(r"```sh\n(.*?)\n```", readme, flags=re.S)
    assert len(commands) == 2, commands
    run_command, test_command = commands
    assert "maps/" in run_command
    assert "pytest" in test_command
    assert test_command.strip() in (ROOT / ".ci" / "run").read_text()


def test_ruff_finds_nothing_to_lint_or_format():
    ruff = str(Path(sys.executable).with_name("ruff"))
    lint = subprocess.run([ruff, "check", "."], cwd=ROOT, capture_output=True, text=True, check=False)
    assert lint.returncode == 0, lint.stdout
    formatted = subprocess.run([ruff, "format", "--check", "."], cwd=ROOT, capture_output=True, text=True, check=False)
    assert formatted.returncode == 0, formatted.stdout
