"""A save never writes through a name someone else put beside the map: a link planted at the
name of its temporary file, of its staged backup or of a backup's copy is left alone, and the
file it points to keeps its bytes and its owner (a map saved by root keeps its player's owner,
which through a planted link would hand the linked file to the player)."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from collections.abc import Iterator

import pytest

from tabletop.io import BACKUP_SUFFIX, MapFileError, load_map, save_map
from tabletop.io import write as write_module
from tabletop.samples import SAMPLES

VICTIM_TEXT = "the GM's own file\n"


@pytest.fixture
def folder(tmp_path):
    """A map, and a victim file outside the map's folder that a planted link points at."""
    (tmp_path / "campaign").mkdir()
    save_map(SAMPLES["warehouse"](), tmp_path / "campaign" / "m.tabletop")
    victim = tmp_path / "victim.txt"
    victim.write_text(VICTIM_TEXT)
    return tmp_path / "campaign"


def _victim(folder):
    return folder.parent / "victim.txt"


def _planting(folder, tags: list[str], planted: set[str]) -> Iterator[str]:
    """Random parts handed out in order; before each planted one is handed out, a link to the
    victim is put at every name it could give (as another user watching the folder would)."""
    for tag in tags:
        if tag in planted:
            pid = os.getpid()
            for name in (
                f".m.tabletop.{pid}.{tag}.tmp",
                f".m.tabletop.bak.{pid}.{tag}.tmp",
                f".m.tabletop.bak.{pid}.{tag}.copy.tmp",
            ):
                if not os.path.lexists(folder / name):
                    (folder / name).symlink_to(_victim(folder))
        yield tag


def _tags(monkeypatch, folder, tags, planted):
    handed = _planting(folder, tags, planted)
    monkeypatch.setattr(write_module, "temporary_tag", lambda: next(handed))


def _no_hard_links(*args, **kwargs):
    raise OSError(errno.EPERM, "no hard links on this disk")


@pytest.mark.parametrize("linked", [True, False], ids=["linked backup", "copied backup (no hard links)"])
def test_a_save_takes_another_name_when_its_temporary_name_is_taken(folder, monkeypatch, linked):
    if not linked:
        monkeypatch.setattr("tabletop.io.write.os.link", _no_hard_links)
    _tags(monkeypatch, folder, ["0badcafe", "1111aaaa", "0badf00d", "2222bbbb"], {"0badcafe", "0badf00d"})
    save_map(SAMPLES["hillside"](), folder / "m.tabletop")
    assert _victim(folder).read_text() == VICTIM_TEXT
    assert load_map(folder / "m.tabletop") == SAMPLES["hillside"]()
    backup = folder / ("m.tabletop" + BACKUP_SUFFIX)
    assert not backup.is_symlink() and load_map(backup) == SAMPLES["warehouse"]()


def test_a_save_whose_every_name_is_taken_fails_in_one_line_and_changes_nothing(folder, monkeypatch):
    before = (folder / "m.tabletop").read_bytes()
    _tags(monkeypatch, folder, ["0badcafe"] * write_module.TRIES, {"0badcafe"})
    with pytest.raises(MapFileError) as raised:
        save_map(SAMPLES["hillside"](), folder / "m.tabletop")
    assert "\n" not in str(raised.value) and "temporary name" in str(raised.value)
    assert str(raised.value).startswith(str(folder / "m.tabletop"))
    assert _victim(folder).read_text() == VICTIM_TEXT
    assert (folder / "m.tabletop").read_bytes() == before


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root may give a file to another")
def test_a_players_map_saved_by_root_never_gives_the_player_a_linked_file(folder, monkeypatch):
    path = folder / "m.tabletop"
    os.chown(path, 12345, 12346)
    victim_owner = (os.stat(_victim(folder)).st_uid, os.stat(_victim(folder)).st_gid)
    _tags(monkeypatch, folder, ["0badcafe", "1111aaaa", "0badf00d", "2222bbbb"], {"0badcafe", "0badf00d"})
    save_map(SAMPLES["hillside"](), path)
    info = os.stat(_victim(folder))
    assert (info.st_uid, info.st_gid) == victim_owner and _victim(folder).read_text() == VICTIM_TEXT
    assert (os.stat(path).st_uid, os.stat(path).st_gid) == (12345, 12346)


def test_a_link_left_at_a_dead_saves_backup_name_never_becomes_the_backup(folder):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    planted = folder / f".m.tabletop.bak.{int(dead.stdout)}.tmp"
    planted.symlink_to(_victim(folder))
    save_map(SAMPLES["hillside"](), folder / "m.tabletop", backup=False)
    assert not os.path.lexists(folder / ("m.tabletop" + BACKUP_SUFFIX))
    assert not os.path.lexists(planted) and _victim(folder).read_text() == VICTIM_TEXT
