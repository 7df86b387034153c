"""What an export may replace unasked: nothing, an empty file, or a file of its own kind, told
by its first bytes; a link, a folder, a device or pipe, or a file of another kind is refused
with what it is."""

from __future__ import annotations

import os

import pytest

from tabletop.io.outputs import replace_refusal

PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"
PDF = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"
SVG = b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<svg width="10" height="10"/>\n'


@pytest.mark.parametrize(
    ("kind", "head"),
    [
        ("png", PNG),
        ("pdf", PDF),
        ("svg", SVG),
        ("svg", b"\xef\xbb\xbf  <!-- drawn by hand -->\n<svg xmlns='http://www.w3.org/2000/svg'/>"),
        ("svg", b"<svg/>"),
        (".PNG", PNG),
    ],
)
def test_a_file_of_the_exports_own_kind_may_be_replaced(tmp_path, kind, head):
    out = tmp_path / "out"
    out.write_bytes(head + b"rest of the file")
    assert replace_refusal(out, kind) is None


def test_nothing_there_or_an_empty_file_may_be_replaced(tmp_path):
    assert replace_refusal(tmp_path / "absent.png", "png") is None
    assert replace_refusal(tmp_path / "no folder" / "absent.png", "png") is None
    (tmp_path / "empty.png").touch()
    assert replace_refusal(tmp_path / "empty.png", "png") is None


@pytest.mark.parametrize(
    ("kind", "head", "said"),
    [
        ("png", PDF, "is a PDF, not a PNG picture"),
        ("pdf", SVG, "is an SVG picture, not a PDF"),
        ("svg", PNG, "is a PNG picture, not an SVG picture"),
        ("png", b'{\n "format_version": 9,\n "title": "The warehouse"', "is not a PNG picture"),
        ("svg", b'<?xml version="1.0"?>\n<html><body>notes</body></html>', "is not an SVG picture"),
        ("pdf", b"Session notes: the PDF is on the table", "is not a PDF"),
    ],
)
def test_a_file_of_another_kind_is_refused_saying_what_it_is(tmp_path, kind, head, said):
    out = tmp_path / f"out.{kind}"
    out.write_bytes(head)
    assert replace_refusal(out, kind) == said


def test_a_link_is_refused_even_to_a_file_of_the_exports_kind(tmp_path):
    (tmp_path / "earlier.png").write_bytes(PNG)
    for name, to in (("link.png", "earlier.png"), ("dangling.png", "nowhere.png")):
        (tmp_path / name).symlink_to(to)
        assert replace_refusal(tmp_path / name, "png") == f"is a symbolic link to {to}"


def test_a_folder_a_pipe_and_a_device_are_refused(tmp_path):
    (tmp_path / "folder.png").mkdir()
    assert replace_refusal(tmp_path / "folder.png", "png") == "is a folder"
    os.mkfifo(tmp_path / "pipe.png")  # never opened: nothing waits for a writer
    assert replace_refusal(tmp_path / "pipe.png", "png") == "is not a regular file (a device or a pipe)"
    assert replace_refusal("/dev/null", "png") == "is not a regular file (a device or a pipe)"


def test_a_kind_no_export_makes_is_a_mistake_of_the_caller(tmp_path):
    with pytest.raises(ValueError, match="no export makes 'jpg' files"):
        replace_refusal(tmp_path / "out.jpg", "jpg")
