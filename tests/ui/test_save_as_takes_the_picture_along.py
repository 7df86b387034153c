"""Save As into another folder takes a copy of the background picture along, so the new map's
picture path stays in its own folder: a file there is never replaced (the same picture is
used as it is, another gets a new name), a save that fails leaves no copy behind, and a copy
that cannot be written is said in one line with nothing saved."""

from __future__ import annotations

import errno

from PySide6.QtGui import QColor, QImage

from tabletop.io import MapFileError, load_map
from tabletop.model import Background
from tabletop.samples import warehouse


def _picture(path, colour: str = "#00ff00") -> None:
    image = QImage(10, 10, QImage.Format.Format_RGB32)
    image.fill(QColor(colour))
    assert image.save(str(path))


def _opened(window, folder, path: str = "scan.png") -> None:
    map_ = warehouse().model_copy(update={"background": Background(path=path, scale=3)})
    window.document.replace_map(map_, folder / "map.tabletop")


def test_save_as_in_another_folder_copies_the_picture_beside_the_new_map(qtbot, window, tmp_path):
    (tmp_path / "maps" / "assets").mkdir(parents=True)
    (tmp_path / "moved").mkdir()
    _picture(tmp_path / "maps" / "assets" / "scan.png")
    _opened(window, tmp_path / "maps", "assets/scan.png")
    assert window.files.save_as(tmp_path / "moved" / "moved.tabletop")
    copied = tmp_path / "moved" / "assets" / "scan.png"
    assert copied.read_bytes() == (tmp_path / "maps" / "assets" / "scan.png").read_bytes()
    assert load_map(tmp_path / "moved" / "moved.tabletop").background == Background(path="assets/scan.png", scale=3)
    assert window.statusBar().currentMessage() == "Copied the background picture assets/scan.png beside moved.tabletop"
    assert not window.document.modified and window.document.map.background.path == "assets/scan.png"


def test_save_as_never_replaces_a_picture_already_in_the_new_folder(qtbot, window, tmp_path):
    (tmp_path / "maps").mkdir()
    (tmp_path / "moved").mkdir()
    _picture(tmp_path / "maps" / "scan.png")
    _picture(tmp_path / "moved" / "scan.png", "#ff0000")
    theirs = (tmp_path / "moved" / "scan.png").read_bytes()
    _opened(window, tmp_path / "maps")
    assert window.files.save_as(tmp_path / "moved" / "moved.tabletop")
    assert (tmp_path / "moved" / "scan.png").read_bytes() == theirs
    assert load_map(tmp_path / "moved" / "moved.tabletop").background.path == "scan-2.png"
    assert window.document.map.background.path == "scan-2.png" and not window.document.modified
    window.document.undo_stack.undo()
    assert window.document.map.background.path == "scan.png", "taking the copy is one undo step"


def test_save_as_beside_the_same_picture_uses_it_as_it_is(qtbot, window, tmp_path):
    (tmp_path / "maps").mkdir()
    (tmp_path / "moved").mkdir()
    _picture(tmp_path / "maps" / "scan.png")
    _picture(tmp_path / "moved" / "scan.png")
    _opened(window, tmp_path / "maps")
    assert window.files.save_as(tmp_path / "moved" / "moved.tabletop")
    assert sorted(p.name for p in (tmp_path / "moved").iterdir()) == ["moved.tabletop", "scan.png"]
    assert window.statusBar().currentMessage() == ""


def test_a_failed_save_as_leaves_no_copy_behind(qtbot, window, tmp_path, answers, monkeypatch):
    (tmp_path / "maps").mkdir()
    (tmp_path / "moved").mkdir()
    _picture(tmp_path / "maps" / "scan.png")
    _opened(window, tmp_path / "maps")

    def full(map_, path, **kwargs):
        raise MapFileError(path, "could not be saved: No space left on device")

    monkeypatch.setattr("tabletop.ui.files.save_map", full)
    assert not window.files.save_as(tmp_path / "moved" / "moved.tabletop")
    assert list((tmp_path / "moved").iterdir()) == []
    assert (
        window.document.path == tmp_path / "maps" / "map.tabletop" and window.document.map.background.path == "scan.png"
    )


def test_a_copy_that_cannot_be_written_is_said_in_one_line_and_nothing_saved(
    qtbot, window, tmp_path, answers, monkeypatch
):
    (tmp_path / "maps").mkdir()
    (tmp_path / "moved").mkdir()
    _picture(tmp_path / "maps" / "scan.png")
    _opened(window, tmp_path / "maps")

    def full(target, raw):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("tabletop.io.pictures._write_new", full)
    target = tmp_path / "moved" / "moved.tabletop"
    assert not window.files.save_as(target)
    assert not target.exists()
    assert answers["warned"] == [
        f"{target}: cannot take its background picture along: the picture '{tmp_path / 'moved' / 'scan.png'}' "
        "could not be written: No space left on device"
    ]


def test_a_picture_that_cannot_be_found_keeps_its_path_as_written(qtbot, window, tmp_path):
    (tmp_path / "maps").mkdir()
    (tmp_path / "moved").mkdir()
    _opened(window, tmp_path / "maps", "assets/gone.png")
    assert window.files.save_as(tmp_path / "moved" / "moved.tabletop")
    assert load_map(tmp_path / "moved" / "moved.tabletop").background.path == "assets/gone.png"
    assert sorted(p.name for p in (tmp_path / "moved").iterdir()) == ["moved.tabletop"]
