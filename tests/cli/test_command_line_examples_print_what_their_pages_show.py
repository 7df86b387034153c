"""Every console example of the README and docs/COMMAND-LINE.md other than `tabletop play` (its
own test runs those) is run as written from the repository's root: the output it shows, standard
output then the error line, is what the command prints. A spec file the example names is the
JSON block just above it on the page."""

from __future__ import annotations

import io
import re
import shlex
import sys
from pathlib import Path

import pytest

from tabletop.cli import main

ROOT = Path(__file__).resolve().parents[2]
BLOCK = re.compile(r"(?:```json\n(?P<spec>.*?)```\s*\n(?:[^`\n][^\n]*\n|\n)*?)?```console\n(?P<body>.*?)```", re.S)
PAGES = ("README.md", "docs/COMMAND-LINE.md")


def _examples() -> list[tuple[str, str, str | None, str, str]]:
    """(page, command line, stdin, shown output, spec) for each `$ tabletop` of each console block."""
    found = []
    for page in PAGES:
        for block in BLOCK.finditer((ROOT / page).read_text(encoding="utf-8")):
            for part in re.split(r"^\$ ", block["body"], flags=re.M)[1:]:
                command, _, rest = part.partition("\n")
                stdin = None
                if command.endswith("<<'EOF'"):
                    stdin, _, rest = rest.partition("\nEOF\n")
                    command = command.removesuffix("<<'EOF'").strip()
                found.append((page, command, stdin, rest, block["spec"]))
    return found


def _runs(example) -> bool:
    return not example[1].startswith("tabletop play ")


EXAMPLES = [e for e in _examples() if _runs(e)]


def test_the_pages_show_the_movement_and_calculator_commands():
    shown = {shlex.split(command)[1] for _, command, *_ in EXAMPLES}
    assert {"path", "reach", "range", "reserve-loss", "confront"} <= shown


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: f"{e[0]}: {e[1]}")
def test_an_example_prints_what_its_page_shows(capsys, monkeypatch, tmp_path, example):
    _page, command, stdin, shown, spec = example
    argv = shlex.split(command)[1:]
    for i, word in enumerate(argv):
        if word.endswith(".json") and not (ROOT / word).exists():
            assert spec is not None, f"{word} is neither in the repository nor shown above the example"
            (tmp_path / word).write_text(spec, encoding="utf-8")
            argv[i] = str(tmp_path / word)
    monkeypatch.chdir(ROOT)
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8")), encoding="utf-8"))
    main(argv)
    printed = capsys.readouterr()
    assert (printed.out + printed.err).rstrip() == shown.rstrip()
