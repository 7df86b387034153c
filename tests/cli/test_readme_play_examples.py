"""The `tabletop play` examples of the README and docs/COMMAND-LINE.md, one per system from the
texts' own examples, run as written: each console block's steps give exactly the output shown,
exit 0."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop.cli import main

ROOT = Path(__file__).resolve().parents[2]
BLOCK = re.compile(r"```console\n\$ tabletop play (\S+) - <<'EOF'\n(.*?)\nEOF\n(.*?)```", re.S)


def _examples() -> list[tuple[str, str, str]]:
    pages = [ROOT / "README.md", ROOT / "docs" / "COMMAND-LINE.md"]
    return [found for page in pages for found in BLOCK.findall(page.read_text(encoding="utf-8"))]


def test_the_readme_and_the_command_line_page_play_every_system():
    from tabletop.rules import systems

    shown = " ".join(steps for _, steps, _ in _examples())
    for rules in systems.every():
        assert f'"system": "{rules.name}"' in shown, f"no example plays {rules.title}"


@pytest.mark.parametrize("example", _examples(), ids=lambda e: re.search(r'"system": "(\w+)"', e[1]).group(1))
def test_a_play_example_prints_what_its_page_shows(capsys, monkeypatch, example):
    import io
    import sys

    map_path, steps, shown = example
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(steps.encode("utf-8")), encoding="utf-8"))
    monkeypatch.chdir(ROOT)
    assert main(["play", map_path, "-"]) == 0
    assert capsys.readouterr().out.rstrip() == shown.rstrip()


@pytest.mark.parametrize("example", _examples(), ids=lambda e: re.search(r'"system": "(\w+)"', e[1]).group(1))
def test_a_readme_play_example_is_valid_by_the_play_schema(example):
    """The schema takes every step a system plays, though a move's name may mean other fields
    in another system."""
    import json

    import jsonschema

    from tabletop.rules.step_schema import play_schema

    jsonschema.validate(json.loads(example[1]), play_schema())
