"""What saving promises beyond atomicity: links are followed, permissions and owner kept,
read-only files refused, another program's change noticed (also one that put back the file's
size and time), and dead saves' temporary files cleared."""

from __future__ import annotations

import errno
import os
import shutil
import stat
import subprocess
import sys
from dataclasses import replace
from threading import Thread
from types import SimpleNamespace

import pytest

from tabletop.io import BACKUP_SUFFIX, FileChangedError, MapFileError, load_map, load_map_stamped, save_map
from tabletop.io.stamp import changed_since
from tabletop.samples import SAMPLES


@pytest.fixture
def saved(tmp_path):
    path = tmp_path / "w.tabletop"
    save_map(SAMPLES["warehouse"](), path)
    return path


def test_saving_through_a_link_writes_the_links_target(tmp_path, saved):
    link = tmp_path / "link.tabletop"
    link.symlink_to(saved)
    renamed = SAMPLES["warehouse"]().model_copy(update={"title": "Through the link"})
    save_map(renamed, link)
    assert link.is_symlink() and link.resolve() == saved
    assert load_map(saved).title == "Through the link"
    backup = saved.with_name(saved.name + BACKUP_SUFFIX)
    assert not backup.is_symlink() and load_map(backup) == SAMPLES["warehouse"]()
    assert not (tmp_path / ("link.tabletop" + BACKUP_SUFFIX)).exists()


def test_save_keeps_the_files_permissions(saved):
    saved.chmod(0o600)
    save_map(SAMPLES["hillside"](), saved)
    assert stat.S_IMODE(saved.stat().st_mode) == 0o600


@pytest.mark.parametrize("linked", [True, False], ids=["linked backup", "copied backup (no hard links)"])
def test_the_map_and_its_backup_keep_the_files_permissions(saved, monkeypatch, linked):
    if not linked:
        monkeypatch.setattr("tabletop.io.write.os.link", _no_hard_links)
    saved.chmod(0o640)
    save_map(SAMPLES["hillside"](), saved)
    backup = saved.with_name(saved.name + BACKUP_SUFFIX)
    assert [stat.S_IMODE(p.stat().st_mode) for p in (saved, backup)] == [0o640, 0o640]


def _no_hard_links(*args, **kwargs):
    raise OSError(errno.EPERM, "no hard links on this disk")


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root may give a file to another")
@pytest.mark.parametrize("linked", [True, False], ids=["linked backup", "copied backup (no hard links)"])
def test_a_players_map_saved_by_root_stays_the_players(saved, monkeypatch, linked):
    if not linked:
        monkeypatch.setattr("tabletop.io.write.os.link", _no_hard_links)
    os.chown(saved, 12345, 12346)
    saved.chmod(0o600)
    save_map(SAMPLES["hillside"](), saved)
    save_map(SAMPLES["warehouse"](), saved)
    for path in (saved, saved.with_name(saved.name + BACKUP_SUFFIX)):
        info = path.stat()
        assert (info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)) == (12345, 12346, 0o600)


def test_a_read_only_file_is_refused_in_one_line_and_kept(saved):
    saved.chmod(0o444)
    with pytest.raises(MapFileError, match=r"w\.tabletop: could not be saved: the file is read-only"):
        save_map(SAMPLES["hillside"](), saved)
    assert load_map(saved) == SAMPLES["warehouse"]()


def test_a_file_changed_on_disk_since_it_was_read_is_noticed(saved):
    map_, stamp = load_map_stamped(saved)
    other = map_.model_copy(update={"title": "Another window's save"})
    save_map(other, saved)
    with pytest.raises(FileChangedError, match="was changed on disk by another program since it was opened"):
        save_map(map_.model_copy(update={"title": "Mine"}), saved, expected=stamp)
    assert load_map(saved).title == "Another window's save", "nothing is written until the GM chooses"
    save_map(map_.model_copy(update={"title": "Mine"}), saved)  # the GM chose to overwrite
    assert load_map(saved).title == "Mine"


def test_a_file_rewritten_with_the_same_bytes_is_no_conflict(saved):
    map_, stamp = load_map_stamped(saved)
    data = saved.read_bytes()
    saved.unlink()
    saved.write_bytes(data)  # a new inode and time, the same map
    new_stamp = save_map(map_.model_copy(update={"title": "Mine"}), saved, expected=stamp)
    assert load_map(saved).title == "Mine"
    save_map(map_, saved, expected=new_stamp)  # the stamp a save returns is the next save's


def _same_size_edit(saved):
    """Another program's edit of the map that keeps its size (a title's letter changed)."""
    data = saved.read_bytes()
    edited = data.replace(b"The warehouse", b"The Warehouse", 1)
    assert edited != data and len(edited) == len(data)
    return edited


def _edit_in_place_keeping_time(saved):
    before = saved.stat()
    with open(saved, "r+b") as file:  # in place: the inode stays
        file.write(_same_size_edit(saved))
    os.utime(saved, ns=(before.st_atime_ns, before.st_mtime_ns))


def test_an_edit_in_place_that_puts_back_the_files_time_is_noticed(saved):
    """As an editor that keeps times, or cp -p over the file, would leave it: the same inode,
    size and modification time, other bytes."""
    map_, stamp = load_map_stamped(saved)
    before = saved.stat()
    _edit_in_place_keeping_time(saved)
    after = saved.stat()
    assert (after.st_ino, after.st_size, after.st_mtime_ns) == (before.st_ino, before.st_size, before.st_mtime_ns)
    with pytest.raises(FileChangedError, match="was changed on disk by another program"):
        save_map(map_.model_copy(update={"title": "Mine"}), saved, expected=stamp)
    assert load_map(saved).title == "The Warehouse", "nothing is written until the GM chooses"


@pytest.mark.skipif(shutil.which("cp") is None, reason="needs cp")
def test_a_copy_over_the_map_with_its_time_kept_is_noticed(saved, tmp_path):
    """`cp -p` of another version of the map, of the same size and time, over it."""
    map_, stamp = load_map_stamped(saved)
    other = tmp_path / "other.tabletop"
    other.write_bytes(_same_size_edit(saved))
    before = saved.stat()
    os.utime(other, ns=(before.st_atime_ns, before.st_mtime_ns))
    subprocess.run(["cp", "-p", str(other), str(saved)], check=True)
    assert saved.stat().st_mtime_ns == before.st_mtime_ns and saved.stat().st_size == before.st_size
    with pytest.raises(FileChangedError):
        save_map(map_, saved, expected=stamp)


def test_a_file_whose_mode_changed_with_the_same_bytes_is_no_conflict(saved):
    map_, stamp = load_map_stamped(saved)
    saved.chmod(0o640)  # its ctime changes, its bytes do not
    save_map(map_.model_copy(update={"title": "Mine"}), saved, expected=stamp)
    assert load_map(saved).title == "Mine"


def test_an_older_notes_stamp_without_a_change_time_compares_the_bytes(saved):
    """A recovery note of an older Tabletop kept no ctime: its file's bytes decide."""
    map_, stamp = load_map_stamped(saved)
    older = replace(stamp, changed_ns=None)
    assert not changed_since(saved, older)
    _edit_in_place_keeping_time(saved)
    assert changed_since(saved, older)
    with pytest.raises(FileChangedError):
        save_map(map_, saved, expected=older)


@pytest.mark.parametrize("beside", [False, True], ids=["hashed in the read", "hashed beside it"])
def test_the_stamp_of_a_save_is_the_stamp_of_the_next_read(saved, monkeypatch, beside):
    """A big file's hash is worked out on a thread of its own while the map is read: the same stamp."""
    from tabletop.io import stamp as stamp_module

    monkeypatch.setattr(stamp_module, "BESIDE_BYTES", 0 if beside else 1 << 40)
    threads = []
    counted = SimpleNamespace(Thread=lambda **kwargs: threads.append(1) or Thread(**kwargs))
    monkeypatch.setattr(stamp_module, "threading", counted)  # this module's threads alone
    stamp = save_map(SAMPLES["hillside"](), saved)
    assert load_map_stamped(saved)[1] == stamp and len(threads) == beside
    saved.write_bytes(saved.read_bytes().replace(b"The hillside", b"The hillsid3"))
    assert load_map_stamped(saved)[1].digest != stamp.digest


def test_a_dead_saves_backup_staging_file_is_cleared(tmp_path, saved):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    pid = int(dead.stdout)
    for name in (f".w.tabletop.bak.{pid}.tmp", f".w.tabletop.{pid}.tmp"):
        (tmp_path / name).write_text("half")
    alive = tmp_path / f".w.tabletop.bak.{os.getppid()}.tmp"
    alive.write_text("a running save's")
    save_map(SAMPLES["hillside"](), saved)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["w.tabletop", "w.tabletop.bak", alive.name])
