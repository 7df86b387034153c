"""The README's `tabletop import` example, run as written on the sample drawing (in a folder of
its own, as it writes a map and its picture): it prints what the page shows, and the map it
writes is what docs/COMMAND-LINE.md says of it."""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

from tabletop.cli import main
from tabletop.io import load_map

ROOT = Path(__file__).resolve().parents[2]


def test_the_readme_import_example_prints_what_it_shows(capsys, monkeypatch, tmp_path):
    page = (ROOT / "README.md").read_text(encoding="utf-8")
    command, shown = re.search(r"^\$ (tabletop import .*)\n(.*)\n", page, re.M).groups()
    argv = shlex.split(command)[1:]
    (tmp_path / "docs" / "samples").mkdir(parents=True)
    shutil.copy(ROOT / "docs" / "samples" / "crypt.dd2vtt", tmp_path / "docs" / "samples")
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 0
    assert capsys.readouterr().out.rstrip() == shown
    said = (ROOT / "docs" / "COMMAND-LINE.md").read_text(encoding="utf-8")
    assert " ".join(shown.split()) in " ".join(said.split())
    map_ = load_map(tmp_path / "crypt.tabletop")
    assert map_.background.path == "assets/crypt.png" and (tmp_path / "assets" / "crypt.png").is_file()
