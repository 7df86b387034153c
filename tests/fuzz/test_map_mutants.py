"""Map mutants through every read-only command: each sample map in maps/ changed in one way
(tests/fuzz/mutants.py: a key dropped or written twice, a value retyped, a number huge,
negative or NaN, a text long, a value nested deep, an id wrong, a value at the edge of what a
map holds, the file cut short or its bits flipped; saved as now, a zone or border column changed
or the coordinates encoded wrong) is refused in one line or works, by check,
check --lint, info (text and JSON), export to PNG, SVG and PDF for the GM and the players,
reach, path, range, and play with and without a small steps file. Each family runs in one
process (tests/fuzz/batch.py).

The default run takes a sample: 36 mutants, every kind and every map among them (540 command
runs). The full family (marked `family`) is every kind of every map with seeds 0-7: 784 mutants,
11,760 command runs (`pytest -m family tests/fuzz`).
"""

from __future__ import annotations

import pytest

from tests.fuzz.commands import failures, run_batch, runs_for, source
from tests.fuzz.mutants import MAP_KINDS, MAPS, Mutant, family, sample

SAMPLE, SAMPLE_SEED = 36, 31
FULL_SEEDS = 8


def _through_every_command(mutants: list[Mutant], tmp_path, timeout: float) -> list[dict]:
    job, names = [], {}
    for number, mutant in enumerate(mutants):
        folder = tmp_path / f"m{number}"
        folder.mkdir()
        map_file = folder / "map.tabletop"
        map_file.write_bytes(mutant.raw)
        names[str(folder)] = mutant.name
        job += runs_for(source(mutant.source), folder, map_file)
    lines = run_batch(job, tmp_path, timeout)
    bad = failures(job, lines, names)
    assert not bad, f"{len(bad)} of {len(job)} runs went wrong:\n" + "\n".join(bad[:40])
    return lines


def test_the_sample_holds_every_kind_and_every_map():
    chosen = sample(SAMPLE, SAMPLE_SEED)
    assert {m.kind for m in chosen} == set(MAP_KINDS) and {m.source for m in chosen} == set(MAPS)
    assert [m.raw for m in sample(SAMPLE, SAMPLE_SEED)] == [m.raw for m in chosen], "made again from the seed"


def test_a_sample_of_mutants_is_refused_in_one_line_or_works_by_every_command(tmp_path):
    lines = _through_every_command(sample(SAMPLE, SAMPLE_SEED), tmp_path, timeout=300)
    codes = {line["code"] for line in lines}
    assert 0 in codes and 1 in codes, "some mutants load and some are refused"


@pytest.mark.family
def test_every_mutant_of_every_map_is_refused_in_one_line_or_works_by_every_command(tmp_path):
    mutants = family(FULL_SEEDS)
    assert len(mutants) == len(MAPS) * len(MAP_KINDS) * FULL_SEEDS
    _through_every_command(mutants, tmp_path, timeout=3600)
