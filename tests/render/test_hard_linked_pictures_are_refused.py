"""A map's picture that is a hard link is refused in one line: it is the same file as another
name that may be anywhere (a map sent as an archive can carry a hard link to any file of the
GM's it names, and unpacking makes it), so the picture might not be one that came with the map.
A picture from elsewhere with other names may still be copied beside the map: the copy is a
file of its own."""

from __future__ import annotations

import io
import os
import tarfile

import pytest
from PySide6.QtGui import QColor, QImage

from tabletop.io import map_to_text
from tabletop.io.pictures import HARD_LINK, PictureRefused, copy_beside, picture_bytes, picture_file
from tabletop.model import Background
from tabletop.render.background import background_image, background_problem
from tabletop.render.pictures import picture_at
from tabletop.samples import warehouse


@pytest.fixture
def secret(tmp_path, qapp):
    (tmp_path / "gm").mkdir()
    picture = QImage(20, 10, QImage.Format.Format_RGB32)
    picture.fill(QColor("#00c800"))
    assert picture.save(str(tmp_path / "gm" / "secret.png"))
    return tmp_path / "gm" / "secret.png"


def _map_with(path: str):
    return warehouse().model_copy(update={"background": Background(path=path)})


def test_a_hard_link_in_the_map_folder_is_refused_in_one_line(tmp_path, secret, qapp):
    (tmp_path / "maps").mkdir()
    os.link(secret, tmp_path / "maps" / "hard.png")
    with pytest.raises(PictureRefused, match=r"'hard\.png' is a hard link: the same file may be elsewhere too"):
        picture_file("hard.png", tmp_path / "maps")
    with pytest.raises(PictureRefused, match="is a hard link"):
        picture_bytes(tmp_path / "maps" / "hard.png")
    map_ = _map_with("hard.png")
    assert background_image(map_, tmp_path / "maps") is None
    problem = background_problem(map_, tmp_path / "maps")
    assert problem == f"background picture 'hard.png' {HARD_LINK}"
    image, said = picture_at(tmp_path / "maps" / "hard.png", "background picture")
    assert image is None and "hard link" in said


def test_a_hard_link_unpacked_from_a_sent_archive_is_refused(tmp_path, secret, qapp):
    sent = io.BytesIO()
    with tarfile.open(fileobj=sent, mode="w") as archive:
        text = map_to_text(_map_with("plan.png")).encode()
        member = tarfile.TarInfo("camp/map.tabletop")
        member.size = len(text)
        archive.addfile(member, io.BytesIO(text))
        link = tarfile.TarInfo("camp/plan.png")
        link.type, link.linkname = tarfile.LNKTYPE, str(secret)
        archive.addfile(link)
    sent.seek(0)
    with tarfile.open(fileobj=sent) as archive:
        archive.extractall(tmp_path / "out", filter="fully_trusted")  # as an unpacker that trusts it does
    camp = tmp_path / "out" / "camp"
    assert os.path.samefile(camp / "plan.png", secret), "the archive made a hard link to the GM's file"
    assert background_image(_map_with("plan.png"), camp) is None
    assert "hard link" in background_problem(_map_with("plan.png"), camp)


def test_a_hard_linked_picture_from_elsewhere_is_copied_as_a_file_of_its_own(tmp_path, secret, qapp):
    os.link(secret, tmp_path / "gm" / "also.png")
    (tmp_path / "maps").mkdir()
    image, said = picture_at(secret, "The picture", hard_links=True)
    assert image is not None and said is None, "the dialog may show a picture it will copy"
    assert copy_beside(secret, tmp_path / "maps") == ("secret.png", True)
    assert os.stat(tmp_path / "maps" / "secret.png").st_nlink == 1
    assert background_image(_map_with("secret.png"), tmp_path / "maps") is not None
