"""Saving never loses a map: atomic replace, a backup, and a kill mid-write leaves a whole file."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import textwrap

import pytest

from tabletop.io import BACKUP_SUFFIX, MapFileError, load_map, save_map
from tabletop.samples import SAMPLES


def test_saving_over_a_file_keeps_the_previous_version_as_backup(tmp_path):
    path = tmp_path / "w.tabletop"
    first = SAMPLES["warehouse"]()
    save_map(first, path)
    second = first.model_copy(update={"title": "Renamed"})
    save_map(second, path)
    assert load_map(path).title == "Renamed"
    assert load_map(path.with_name(path.name + BACKUP_SUFFIX)) == first


def test_no_temporary_file_is_left_behind(tmp_path):
    path = tmp_path / "w.tabletop"
    save_map(SAMPLES["hillside"](), path)
    save_map(SAMPLES["hillside"](), path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["w.tabletop", "w.tabletop.bak"]


def test_a_full_disk_raises_one_line_and_keeps_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "w.tabletop"
    save_map(SAMPLES["warehouse"](), path)

    def disk_full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("tabletop.io.write.os.fsync", disk_full)
    with pytest.raises(MapFileError, match="could not be saved: No space left on device"):
        save_map(SAMPLES["hillside"](), path)
    assert load_map(path) == SAMPLES["warehouse"]()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["w.tabletop"]


def test_a_save_into_a_missing_folder_raises_one_line(tmp_path):
    with pytest.raises(MapFileError, match="could not be saved: No such file"):
        save_map(SAMPLES["warehouse"](), tmp_path / "absent" / "w.tabletop")


def test_a_save_onto_a_folder_keeps_the_folder(tmp_path):
    (tmp_path / "w.tabletop").mkdir()
    with pytest.raises(MapFileError, match="could not be saved"):
        save_map(SAMPLES["warehouse"](), tmp_path / "w.tabletop")
    assert (tmp_path / "w.tabletop").is_dir()
    assert [p.name for p in tmp_path.iterdir()] == ["w.tabletop"]


SAVER = textwrap.dedent("""
    import os, sys, time
    import tabletop.io.write as write
    from tabletop.model import Map, NodeShape, Zone

    real_write = os.write

    def half_then_stall(fd, data):
        written = real_write(fd, bytes(data[: len(data) // 2]))
        print("mid-write", flush=True)
        time.sleep(60)
        return written

    write.os.write = half_then_stall
    zones = [Zone(id=f"z{i}", name="x" * 40, shape=NodeShape(x=i, y=i)) for i in range(2000)]
    write.save_map(Map(title="half", zones=zones), sys.argv[1])
""")


@pytest.mark.slow
def test_killing_a_save_mid_write_leaves_the_old_map(tmp_path):
    path = tmp_path / "kept.tabletop"
    original = SAMPLES["warehouse"]()
    save_map(original, path)
    with subprocess.Popen([sys.executable, "-c", SAVER, str(path)], stdout=subprocess.PIPE, text=True) as child:
        assert child.stdout.readline().strip() == "mid-write"
        temps = list(tmp_path.glob(".kept.tabletop.*.tmp"))
        assert len(temps) == 1 and temps[0].stat().st_size > 0
        child.send_signal(signal.SIGKILL)
        child.wait()
    assert load_map(path) == original
    save_map(original, path)
    assert not list(tmp_path.glob("*.tmp")), "the next save clears the dead save's temporary file"
