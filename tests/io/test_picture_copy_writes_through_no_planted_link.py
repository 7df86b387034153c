"""A picture copied beside the map is written into a part file made new for it, under a name
no one can foresee, never through a link or a file someone left in the map's folder under the
name it would take (a shared campaign folder: another player's link to the GM's own files)."""

from __future__ import annotations

import os
from itertools import chain, repeat

import pytest

from tabletop.io import pictures
from tabletop.io.pictures import PictureNotCopied, copy_beside

PNG = b"\x89PNG\r\n\x1a\n" + b"picture"


@pytest.fixture
def folders(tmp_path):
    (tmp_path / "maps").mkdir()
    (tmp_path / "pics").mkdir()
    (tmp_path / "pics" / "scan.png").write_bytes(PNG)
    (tmp_path / "gm").mkdir()
    (tmp_path / "gm" / ".bashrc").write_text("the GM's own\n")
    return tmp_path


def test_a_link_planted_at_the_old_part_name_is_not_written_through(folders):
    planted = folders / "maps" / f".scan.png.{os.getpid()}.part"
    os.symlink(folders / "gm" / ".bashrc", planted)
    assert copy_beside(folders / "pics" / "scan.png", folders / "maps") == ("scan.png", True)
    assert (folders / "gm" / ".bashrc").read_text() == "the GM's own\n"
    assert (folders / "maps" / "scan.png").read_bytes() == PNG
    assert os.path.islink(planted), "the planted link is left as it was"


def test_a_part_name_taken_is_passed_over_for_another(folders, monkeypatch):
    names = chain(["taken", "taken", "free"], repeat("spare"))
    monkeypatch.setattr(pictures.secrets, "token_hex", lambda _n: next(names))
    os.symlink(folders / "gm" / ".bashrc", folders / "maps" / ".scan.png.taken.part")
    assert copy_beside(folders / "pics" / "scan.png", folders / "maps") == ("scan.png", True)
    assert (folders / "gm" / ".bashrc").read_text() == "the GM's own\n"
    assert not (folders / "maps" / ".scan.png.free.part").exists(), "the part file goes once linked in"


def test_every_part_name_taken_says_so_in_one_line(folders, monkeypatch):
    monkeypatch.setattr(pictures.secrets, "token_hex", lambda _n: "taken")
    os.symlink(folders / "gm" / ".bashrc", folders / "maps" / ".scan.png.taken.part")
    with pytest.raises(PictureNotCopied) as refused:
        copy_beside(folders / "pics" / "scan.png", folders / "maps")
    assert "could not be written" in str(refused.value) and "\n" not in str(refused.value)
    assert (folders / "gm" / ".bashrc").read_text() == "the GM's own\n"
    assert not (folders / "maps" / "scan.png").exists()
