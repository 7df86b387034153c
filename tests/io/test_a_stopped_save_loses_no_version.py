"""A save stopped at any step (an interrupt raised there, or the process killed) loses no version:
the map is the old version with its backup untouched, or the new one with the old one as its
backup (put in place by the next save when the stop came between the two), and the map and its
backup are never one file."""

from __future__ import annotations

import errno
import os
import random
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from tabletop.io import BACKUP_SUFFIX, load_map, save_map
from tabletop.io import write as write_module
from tabletop.io.write import clear_dead_saves, map_to_bytes
from tabletop.samples import warehouse

STEPS = ("fsync", "link", "replace")
"""The calls a save's steps turn on: the new file synced, the backup staged, the swaps."""


def versions(base=None):
    """Three versions of one map: the backup's, the map's, and the one being saved."""
    base = base or warehouse()
    return [base.model_copy(update={"title": f"Version {n}"}) for n in (1, 2, 3)]


def _start(folder, base=None):
    before, current, _ = versions(base)
    path = folder / "w.tabletop"
    save_map(before, path)
    save_map(current, path)
    return path


def _backup(path):
    return path.with_name(path.name + BACKUP_SUFFIX)


def check_nothing_lost(path, base=None):
    """The state a stopped save may leave, then the state once the next save tidied it; the
    version a file holds, told by its bytes (a whole file of one of the versions, or none)."""
    before, current, new = (map_to_bytes(version) for version in versions(base))
    backup = _backup(path)
    assert not os.path.samestat(os.stat(path), os.stat(backup)), "the map and its backup are one file"
    on_disk = path.read_bytes()
    assert on_disk in (current, new), "the map is whole, old or new"
    if on_disk == current:
        assert backup.read_bytes() == before, "a save that never replaced the map left its backup as it was"
    else:
        assert backup.read_bytes() in (before, current)
    clear_dead_saves(path)  # as the next save begins
    assert backup.read_bytes() == (before if on_disk == current else current)
    assert sorted(p.name for p in path.parent.iterdir()) == ["w.tabletop", "w.tabletop.bak"]
    return load_map(path)


def _stop_at(monkeypatch, step, copying):
    """Raise SystemExit at the `step`th call of the save's steps (counting from 1)."""
    calls = [0]

    def counted(name):
        real = getattr(os, name)

        def call(*args, **kwargs):
            if copying and name == "link":
                raise OSError(errno.EPERM, "no hard links on this disk")
            calls[0] += 1
            if calls[0] == step:
                raise SystemExit(f"stopped at {name}")
            return real(*args, **kwargs)

        return call

    for name in STEPS:
        monkeypatch.setattr(write_module.os, name, counted(name))
    return calls


@pytest.mark.parametrize("copying", [False, True], ids=["linked backup", "copied backup (no hard links)"])
def test_a_save_stopped_at_any_step_loses_no_version(tmp_path, monkeypatch, copying):
    outcomes = set()
    for step in range(1, 20):
        folder = tmp_path / f"step{step}"
        folder.mkdir()
        path = _start(folder)
        with monkeypatch.context() as patch:
            calls = _stop_at(patch, step, copying)
            try:
                save_map(versions()[2], path)
            except SystemExit:
                pass
            else:
                break
        outcomes.add(check_nothing_lost(path).title)
    else:
        raise AssertionError("the save never got past its steps")
    assert calls[0] == step - 1 >= 4 + copying, "every step of the save was stopped once"
    assert outcomes == {"Version 2", "Version 3"}, "stopped before and after the map was replaced"
    assert load_map(path).title == "Version 3" and load_map(_backup(path)).title == "Version 2"


def test_a_backup_left_as_one_file_with_the_map_is_parted_by_the_next_save(tmp_path):
    """What an earlier Tabletop could leave: FILE.bak a second name of FILE."""
    path = _start(tmp_path)
    _backup(path).unlink()
    os.link(path, _backup(path))
    save_map(versions()[2], path)
    assert check_nothing_lost(path).title == "Version 3"
    assert load_map(_backup(path)).title == "Version 2"


def test_a_stale_staged_backup_never_replaces_a_newer_backup(tmp_path):
    """A staged backup left by a process whose number was then another's, which ran past
    later saves: the later saves' backup is kept."""
    path = _start(tmp_path)
    stale = tmp_path / f".w.tabletop.bak.{os.getpid()}.tmp"
    os.link(_backup(path), stale)  # version 1, older than the backup of the next save
    os.utime(stale, ns=(1, 1))
    save_map(versions()[2], path)
    assert load_map(_backup(path)).title == "Version 2"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["w.tabletop", "w.tabletop.bak"]


KILLED = textwrap.dedent("""
    import errno, os, sys
    from tabletop.io import load_map, save_map

    target, new, how, copying = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] == "copy"
    kind, _, count = how.partition(":")
    count = int(count or 0)
    steps = [0]

    def pause():
        print("paused", flush=True)
        os.read(0, 1)  # until the test kills this process

    def counted(name):
        real = getattr(os, name)

        def call(*args, **kwargs):
            if copying and name == "link":
                raise OSError(errno.EPERM, "no hard links on this disk")
            steps[0] += 1
            if kind == "step" and steps[0] == count:
                pause()
            return real(*args, **kwargs)

        return call

    for name in ("fsync", "link", "replace"):
        setattr(os, name, counted(name))
    real_write, written = os.write, [0]

    def write(fd, data):
        if kind == "bytes" and written[0] < count <= written[0] + len(data):
            real_write(fd, bytes(data[: count - written[0]]))
            pause()
        done = real_write(fd, data)
        written[0] += done
        return done

    os.write = write
    map_ = load_map(new)
    print("saving", flush=True)
    save_map(map_, target)
    print("saved", flush=True)
""")


def _killed_save(tmp_path, base, how, copying=False, when=None):
    """Save the newest version over the map in a child, kill it (-9) when it pauses at `how`
    (step:K, before its Kth step; bytes:N, once N bytes of the new file are written) or, for
    `run`, as soon as `when(folder)` holds; then check that nothing was lost."""
    folder = tmp_path / "maps"
    folder.mkdir(parents=True)
    path = _start(folder, base)
    new = tmp_path / "new.tabletop"
    save_map(versions(base)[2], new, backup=False)
    mode = "copy" if copying else "link"
    with subprocess.Popen(
        [sys.executable, "-c", KILLED, str(path), str(new), how, mode],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    ) as child:
        assert child.stdout.readline().strip() == "saving"
        if when is None:
            said = child.stdout.readline().strip()
            assert said in ("paused", "saved")
        else:
            while child.poll() is None and not when(folder):
                time.sleep(0.001)  # until the moment comes, or the save is done
        child.send_signal(signal.SIGKILL)
        child.wait()
    return check_nothing_lost(path, base).title, said if when is None else None


@pytest.fixture(scope="module")
def big_map():
    """A map of some 3,000 zones, each with a description: about 2 MB, written in more than one piece."""
    from tests.maps import zone_map

    map_ = zone_map(3000)
    told = [zone.model_copy(update={"description": f"The room {zone.id}. " * 40}) for zone in map_.zones]
    return map_.model_copy(update={"zones": told})


@pytest.mark.parametrize(
    ("how", "after"),
    [
        ("bytes:1000000", "Version 2"),  # mid-write of the new file
        ("step:2", "Version 2"),  # the new file synced, the backup not yet staged
        ("step:3", "Version 2"),  # the backup staged, the map not yet replaced
        ("step:4", "Version 3"),  # the map replaced, the backup not yet renamed
        ("step:5", "Version 3"),  # all renamed, the folder not yet synced
    ],
)
def test_a_save_killed_at_a_chosen_moment_loses_no_version(tmp_path, big_map, how, after):
    assert _killed_save(tmp_path, big_map, how) == (after, "paused")


@pytest.mark.family
@pytest.mark.parametrize("copying", [False, True], ids=["linked backup", "copied backup (no hard links)"])
def test_a_save_killed_at_any_step_loses_no_version(tmp_path, big_map, copying):
    step, said = 1, "paused"
    while said == "paused":
        _, said = _killed_save(tmp_path / f"step{step}", big_map, f"step:{step}", copying)
        step += 1
    assert step > 6 + copying, "the save ran past all its steps before it ended by itself"
    for share in range(1, 5):
        _killed_save(tmp_path / f"bytes{share}", big_map, f"bytes:{share * 400_000}", copying)


RANDOM_KILLS = 20


def _moment(kind, size):
    """Whether a kill's moment came, looking at the map's folder: the new file has reached
    `size` bytes, a backup is staged, or the map was replaced (its inode is another)."""
    first = []

    def came(folder):
        try:
            inode = os.stat(folder / "w.tabletop").st_ino
            first[:] = first or [inode]
            if kind == "replaced":
                return inode != first[0]
            temps = [p for p in folder.iterdir() if p.name.endswith(".tmp")]
            if kind == "staged":
                return any(".bak." in p.name for p in temps)
            return any(p.stat().st_size >= size for p in temps)
        except FileNotFoundError:
            return False

    return came


@pytest.mark.family
def test_a_save_killed_at_random_moments_loses_no_version(tmp_path, big_map):
    rng = random.Random(31)
    outcomes = set()
    for run in range(RANDOM_KILLS):
        came = _moment(rng.choice(("size", "size", "staged", "replaced")), rng.randrange(0, 2_000_000))
        outcomes.add(_killed_save(tmp_path / f"run{run}", big_map, "run", rng.random() < 0.3, when=came)[0])
    assert outcomes == {"Version 2", "Version 3"}, "killed before and after the map was replaced"
