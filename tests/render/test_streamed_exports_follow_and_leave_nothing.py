"""A PNG streamed in bands goes to a file made afresh beside the target: a link planted at its
name is never written through, and what an export killed while it streamed left there is
removed by the next export to that name (only once its process is gone)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

import pytest
from PySide6.QtGui import QImage

from tabletop.io import MapFileError, save_map
from tabletop.io import write as write_module
from tabletop.render.export import export_map, files
from tabletop.samples import warehouse

VICTIM_TEXT = "the GM's own file\n"


@pytest.fixture
def small_bands(monkeypatch):
    """Stream every PNG, 40 rows a band."""
    monkeypatch.setattr(files, "STREAM_FROM", 0)
    monkeypatch.setattr(files, "band_rows", lambda width: 40)


def _dead_pid() -> int:
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(done.stdout)


def test_a_streamed_export_never_writes_through_a_link_at_its_temporary_name(qapp, tmp_path, small_bands, monkeypatch):
    victim = tmp_path / "victim.txt"
    victim.write_text(VICTIM_TEXT)
    folder = tmp_path / "campaign"
    folder.mkdir()
    planted = folder / f".out.png.{os.getpid()}.0badcafe.tmp"
    by_pid = folder / f".out.png.{os.getpid()}.tmp"  # the name made of the process id alone
    by_pid.symlink_to(victim)
    tags = iter(["0badcafe", "1111aaaa"])

    def tag():
        handed = next(tags)
        if handed == "0badcafe":
            planted.symlink_to(victim)  # put there just as the export picks its name
        return handed

    monkeypatch.setattr(write_module, "temporary_tag", tag)
    export_map(warehouse(), folder / "out.png", 500)
    assert victim.read_text() == VICTIM_TEXT
    assert QImage(str(folder / "out.png")).width() == 500
    assert sorted(p.name for p in folder.iterdir()) == sorted(["out.png", planted.name, by_pid.name])


KILLED = textwrap.dedent("""
    import os, signal, sys
    from tabletop.io import load_map
    from tabletop.render.export import export_map, files
    files.STREAM_FROM = 0
    files.band_rows = lambda width: 40

    def tell(done, total):
        if done == 2:  # two bands written: the temporary file is there, half full
            os.kill(os.getpid(), signal.SIGKILL)
        return True

    export_map(load_map(sys.argv[1]), sys.argv[2], 500, progress=tell)
""")


def test_the_next_export_removes_what_a_killed_streamed_export_left(qapp, tmp_path, small_bands):
    save_map(warehouse(), tmp_path / "w.tabletop")
    out = tmp_path / "out.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    killed = subprocess.run(
        [sys.executable, "-c", KILLED, str(tmp_path / "w.tabletop"), str(out)], env=env, check=False
    )
    assert killed.returncode == -signal.SIGKILL
    left = [p.name for p in tmp_path.iterdir() if p.name.startswith(".out.png.")]
    assert len(left) == 1 and left[0].endswith(".tmp"), "the killed export left its half-written file"
    running = tmp_path / f".out.png.{os.getppid()}.2222bbbb.tmp"  # a running export's: kept
    running.write_bytes(b"being written")
    export_map(warehouse(), out, 500)
    assert QImage(str(out)).width() == 500
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["w.tabletop", "out.png", running.name])


def test_a_dead_exports_leftover_link_is_removed_and_never_followed(qapp, tmp_path, small_bands):
    victim = tmp_path / "victim.txt"
    victim.write_text(VICTIM_TEXT)
    folder = tmp_path / "campaign"
    folder.mkdir()
    planted = folder / f".out.png.{_dead_pid()}.tmp"
    planted.symlink_to(victim)
    export_map(warehouse(), folder / "out.png", 500)
    assert victim.read_text() == VICTIM_TEXT
    assert sorted(p.name for p in folder.iterdir()) == ["out.png"]


def test_a_streamed_export_never_replaces_a_pipe_a_link_leads_to(qapp, tmp_path, small_bands):
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    link = tmp_path / "out.png"
    link.symlink_to(pipe)
    with pytest.raises(MapFileError, match=r"out\.png: could not be exported: it is not a regular file$"):
        export_map(warehouse(), link, 500)
    assert not pipe.is_file() and pipe.exists() and link.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.png", "pipe"]
