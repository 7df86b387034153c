"""`tabletop export` never replaces what is not its own: an output that is a symbolic link, or
not a file of the export's kind, is refused in one line and left as it was, unless --overwrite
is given; an earlier export of the same kind is replaced as before."""

from __future__ import annotations

import os

import pytest
from PySide6.QtGui import QImage

from tabletop.io import save_map
from tabletop.samples import hillside, warehouse
from tests.cli.run import tabletop


@pytest.fixture
def map_file(tmp_path):
    path = tmp_path / "warehouse.tabletop"
    save_map(warehouse(), path)
    return str(path)


def test_an_output_linked_to_another_file_is_refused_and_that_file_kept(capsys, tmp_path, map_file, qapp):
    notes = tmp_path / "notes.txt"
    notes.write_text("Session 4: the raiders hold the creek.\n")
    link = tmp_path / "out.png"
    link.symlink_to(notes)
    result = tabletop(capsys, "export", map_file, "-o", str(link), "--width", "400")
    assert result.code == 1
    assert result.err == f"{link}: is a symbolic link to {notes}: not replaced without --overwrite\n"
    assert link.is_symlink() and notes.read_text() == "Session 4: the raiders hold the creek.\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt", "out.png", "warehouse.tabletop"]


@pytest.mark.parametrize(
    ("name", "held", "said"),
    [
        ("out.png", b'{"format_version": 9}', "is not a PNG picture"),
        ("out.png", b"%PDF-1.7\n", "is a PDF, not a PNG picture"),
        ("out.svg", b"\x89PNG\r\n\x1a\n", "is a PNG picture, not an SVG picture"),
        ("out.pdf", b"notes", "is not a PDF"),
    ],
)
def test_an_output_of_another_kind_is_refused_and_kept(capsys, tmp_path, map_file, qapp, name, held, said):
    out = tmp_path / name
    out.write_bytes(held)
    result = tabletop(capsys, "export", map_file, "-o", str(out), "--width", "400")
    assert (result.code, result.err) == (1, f"{out}: {said}: not replaced without --overwrite\n")
    assert out.read_bytes() == held


def test_an_output_that_is_a_pipe_is_refused_without_waiting(capsys, tmp_path, map_file, qapp):
    pipe = tmp_path / "out.png"
    os.mkfifo(pipe)
    result = tabletop(capsys, "export", map_file, "-o", str(pipe), "--width", "400")
    assert (result.code, result.err) == (
        1,
        f"{pipe}: is not a regular file (a device or a pipe): not replaced without --overwrite\n",
    )


@pytest.mark.parametrize("suffix", ["png", "svg", "pdf"])
def test_an_earlier_export_of_the_same_kind_is_replaced(capsys, tmp_path, map_file, qapp, suffix):
    out = tmp_path / f"out.{suffix}"
    assert tabletop(capsys, "export", map_file, "-o", str(out), "--width", "300").code == 0
    first = out.read_bytes()
    result = tabletop(capsys, "export", map_file, "-o", str(out), "--width", "400", "--title")
    assert (result.code, result.err) == (0, "")
    assert out.read_bytes() != first


def test_overwrite_replaces_what_the_link_points_to(capsys, tmp_path, map_file, qapp):
    notes = tmp_path / "notes.txt"
    notes.write_text("old notes")
    link = tmp_path / "out.png"
    link.symlink_to(notes)
    result = tabletop(capsys, "export", map_file, "-o", str(link), "--width", "400", "--overwrite")
    assert (result.code, result.err) == (0, "")
    assert link.is_symlink() and QImage(str(notes)).width() == 400


def test_in_a_folder_a_refused_output_is_named_and_the_others_written(capsys, tmp_path, map_file, qapp):
    other = tmp_path / "hillside.tabletop"
    save_map(hillside(), other)
    out = tmp_path / "out"
    out.mkdir()
    (out / "warehouse.svg").write_text("<html>the GM's page</html>")
    result = tabletop(capsys, "export", map_file, str(other), "-o", str(out), "--format", "svg")
    assert result.code == 1
    assert result.err.splitlines() == [
        f"{out / 'warehouse.svg'}: is not an SVG picture: not replaced without --overwrite",
        f"tabletop: 1 of 2 maps failed: {map_file}",
    ]
    assert (out / "warehouse.svg").read_text() == "<html>the GM's page</html>"
    assert (out / "hillside.svg").read_bytes().startswith(b"<?xml")


def test_a_link_put_in_place_while_a_big_png_is_painted_is_not_replaced(capsys, tmp_path, qapp, monkeypatch):
    """A PNG painted in bands takes long: what the GM puts at its name meanwhile is kept."""
    from tabletop.cli import export as export_command

    path = tmp_path / "hillside.tabletop"
    save_map(hillside(), path)
    notes = tmp_path / "notes.txt"
    notes.write_text("kept")
    out = tmp_path / "big.png"
    told = []

    def meanwhile(progress, done, total):
        told.append(done)
        if done == 1:
            out.symlink_to(notes)  # after the first band

    monkeypatch.setattr(export_command._Progress, "__call__", meanwhile)
    result = tabletop(capsys, "export", str(path), "-o", str(out), "--width", "4096")
    assert len(told) > 2, "painted in bands"
    assert (result.code, result.err) == (
        1,
        f"{out}: is a symbolic link to {notes} (since the export began): not replaced\n",
    )
    assert notes.read_text() == "kept" and not list(tmp_path.glob(".*.tmp"))
