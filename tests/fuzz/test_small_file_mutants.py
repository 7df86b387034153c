"""Mutants of the other JSON files Tabletop takes, made as map mutants are (tests/fuzz/mutants.py):
the two tile sets that ship with Tabletop, read as the Tile Sets dock reads a folder of them; a
confrontation spec, through `tabletop confront`; and a steps file, through `tabletop play` on
the warehouse mid-conflict. A tile set is read or refused in one MapFileError line naming its
file; each command run is held to what every map command is (tests/fuzz/commands.py).

The default run takes 12 mutants of each kind of file (36 files). The full family (marked `family`)
is every mutation kind with seeds 0-15: 384 tile sets, 192 specs and 192 steps files (768
files; `pytest -m family tests/fuzz`).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tabletop.io import tile_sets_in
from tabletop.io.errors import printable_line
from tabletop.resources import bundled_tile_sets_dir
from tests.fuzz.commands import ROOT, failures, run_batch
from tests.fuzz.mutants import KINDS, Mutant, mutant

FILES = Path(__file__).with_name("files")
SPEC, STEPS = FILES / "confrontation.json", FILES / "steps.json"
PLAYED_ON = ROOT / "maps" / "warehouse-conflict.tabletop"
TILE_SETS = sorted(Path(bundled_tile_sets_dir()).glob("*.tabletop-tiles"))
SAMPLE_SEED, FULL_SEEDS = 5, 16


def _mutants(source: Path, seeds: range) -> list[Mutant]:
    return [mutant(source, kind, seed) for kind in KINDS for seed in seeds]


def _sample(source: Path, count: int = 12, first: int = 0) -> list[Mutant]:
    """`count` mutants, the kinds taken in turn from the `first`."""
    return [mutant(source, KINDS[i % len(KINDS)], SAMPLE_SEED * 1000 + i) for i in range(first, first + count)]


def _tile_sets_read_or_refused(mutants: list[Mutant], folder: Path) -> int:
    """Every mutant in one folder, read as the Tile Sets dock reads it; how many were read."""
    folder.mkdir()
    for m in mutants:
        (folder / f"{m.name}.tabletop-tiles").write_bytes(m.raw)
    found = tile_sets_in(folder)
    assert len(found) == len(mutants)
    for each in found:
        assert (each.tile_set is None) == bool(each.problem), each
        if each.problem:
            assert each.problem.startswith(f"{each.path}: ") and printable_line(each.problem), each.problem
            assert len(each.problem) < 600
    return sum(each.tile_set is not None for each in found)


def _through_their_commands(specs: list[Mutant], steps: list[Mutant], work: Path) -> list[dict]:
    folder = work / "files"
    folder.mkdir()
    job, names = [], {}
    for m in specs + steps:
        path = folder / f"{m.name}.json"
        path.write_bytes(m.raw)
        argv = ["confront", str(path)] if m.source == SPEC else ["play", str(PLAYED_ON), str(path)]
        job.append({"argv": argv, "folder": str(folder), "output": None})
    names[str(folder)] = "a spec or steps mutant"
    lines = run_batch(job, work, timeout=600)
    bad = failures(job, lines, names)
    assert not bad, f"{len(bad)} of {len(job)} runs went wrong:\n" + "\n".join(bad[:40])
    return lines


def test_the_sources_are_good_files(tmp_path):
    folder = tmp_path / "sets"
    folder.mkdir()
    for path in TILE_SETS:
        shutil.copy(path, folder)
    assert all(each.tile_set is not None for each in tile_sets_in(folder)) and len(TILE_SETS) == 2
    job = [
        {"argv": ["confront", str(SPEC)], "folder": str(tmp_path), "output": None},
        {"argv": ["play", str(PLAYED_ON), str(STEPS)], "folder": str(tmp_path), "output": None},
    ]
    assert [line["code"] for line in run_batch(job, tmp_path, timeout=120)] == [0, 0]


def test_a_sample_of_tile_set_spec_and_steps_mutants_is_read_or_refused_in_one_line(tmp_path):
    sets = [m for n, source in enumerate(TILE_SETS) for m in _sample(source, 6, 6 * n)]
    assert 0 < _tile_sets_read_or_refused(sets, tmp_path / "sets") < len(sets)
    lines = _through_their_commands(_sample(SPEC), _sample(STEPS), tmp_path)
    assert {line["code"] for line in lines} <= {0, 1}, "a bad spec or steps file is bad input, exit 1"


@pytest.mark.family
def test_every_tile_set_spec_and_steps_mutant_is_read_or_refused_in_one_line(tmp_path):
    seeds = range(FULL_SEEDS)
    sets = [m for source in TILE_SETS for m in _mutants(source, seeds)]
    read = _tile_sets_read_or_refused(sets, tmp_path / "sets")
    specs, steps = _mutants(SPEC, seeds), _mutants(STEPS, seeds)
    lines = _through_their_commands(specs, steps, tmp_path)
    played = sum(line["code"] == 0 for line in lines)
    print(f"{len(sets)} tile sets ({read} read), {len(specs) + len(steps)} specs and steps files ({played} played)")
