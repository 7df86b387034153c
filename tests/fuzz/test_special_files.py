"""Special files where a JSON file is expected: a named pipe, /dev/zero, a folder, a link to a
file that is gone, an unreadable file, an empty file and a file of NUL bytes, given to every
reader (map, tile set, confrontation spec, play steps) and to every command that takes a file
(`tabletop FILE`, check, info, export, reach, path, range, play, confront): each is refused at
once in one line naming it, with nothing written; no read hangs or fills memory. The commands
run in one process (tests/fuzz/batch.py), 13 command lines for each kind of file (78 runs as
root, who cannot be refused a file, 91 otherwise), in the default run.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tabletop.cli.conflicts import load_confrontation
from tabletop.io import MapFileError, load_map, load_tile_set
from tabletop.io.errors import printable_line
from tabletop.io.play_steps import read_steps
from tests.fuzz.commands import ROOT, failures, run_batch

ROOTED = os.geteuid() == 0
SAID = {
    "pipe": "is not a regular file (a device or a pipe)",
    "zero": "is not a regular file (a device or a pipe)",
    "folder": "is a folder, not a",
    "gone": "is a link to a file that is not there",
    "locked": "cannot be read: Permission denied",
    "empty": "is empty",
    "nuls": "is not text: it holds a NUL byte at line 1, column 1",
}
"""What each special file is refused with, whichever reader or command meets it."""
READERS = {"map": load_map, "tile set": load_tile_set, "spec": load_confrontation, "steps": read_steps}


def _specials(folder: Path) -> dict[str, Path]:
    """One of each special file, in `folder`; the unreadable one only when it can be (not as root)."""
    pipe, gone, empty, nuls = folder / "pipe.json", folder / "gone.json", folder / "empty.json", folder / "nuls.json"
    os.mkfifo(pipe)
    gone.symlink_to(folder / "deleted.json")
    empty.write_bytes(b"")
    nuls.write_bytes(b"\0" * 4096)
    (folder / "folder.json").mkdir()
    found = {"pipe": pipe, "zero": Path("/dev/zero"), "folder": folder / "folder.json", "gone": gone}
    found |= {"empty": empty, "nuls": nuls}
    if not ROOTED:
        locked = folder / "locked.json"
        locked.write_text("[]")
        locked.chmod(0)
        found["locked"] = locked
    return found


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("special", SAID)
def test_every_reader_refuses_every_special_file_in_one_line(tmp_path, reader, special):
    if special == "locked" and ROOTED:
        pytest.skip("run as root: root reads a file whatever its permissions")
    path = _specials(tmp_path)[special]
    with pytest.raises(MapFileError) as caught:
        READERS[reader](str(path))
    said = str(caught.value)
    assert said.startswith(f"{path}: {SAID[special]}") and printable_line(said), said


def _runs(specials: dict[str, Path], folder: Path) -> list[dict]:
    """Every command that takes a file, given each special file in turn."""
    good_map = str(ROOT / "maps" / "warehouse.tabletop")
    runs = []
    for path in specials.values():
        f = str(path)
        out = folder / "out.png"
        argvs = [
            (["open", f], None),
            (["check", f], None),
            (["check", "--lint", f], None),
            (["info", f], None),
            (["info", "--json", f], None),
            (["export", f, "-o", str(out), "--width", "120"], out),
            (["export", f, "-o", str(out), "--width", "120", "--player"], out),
            (["reach", f, "--from", "z1", "--budget", "3"], None),
            (["path", f, "--from", "z1", "--to", "z3"], None),
            (["range", f, "--from", "z1"], None),
            (["play", f], None),
            (["play", good_map, f], None),
            (["confront", f], None),
        ]
        runs += [{"argv": argv, "folder": str(folder), "output": str(o) if o else None} for argv, o in argvs]
    return runs


def test_every_command_refuses_every_special_file_in_one_line_and_writes_nothing(tmp_path):
    folder = tmp_path / "files"
    folder.mkdir()
    specials = _specials(folder)
    job = _runs(specials, folder)
    lines = run_batch(job, tmp_path, timeout=120)
    bad = failures(job, lines, {str(folder): "a special file"})
    assert not bad, "\n".join(bad)
    named = {str(path): kind for kind, path in specials.items()}
    for line in lines:
        special = next(a for a in line["argv"] if a in named)
        assert line["code"] == 1, line
        assert line["err"].startswith(f"{special}: {SAID[named[special]]}"), line
    assert len(job) == 13 * len(specials)
