"""Exports never crash, never allocate a giant picture, and never replace a good file with a
broken one: the picture is checked before it is moved over the target."""

from __future__ import annotations

import errno
import os

import pytest
from PySide6.QtCore import QBuffer, QByteArray, QIODevice

from tabletop.io import MapFileError, save_map
from tabletop.model import NodeShape, Zone
from tabletop.model.base import MAX_COORDINATE
from tabletop.render.export import MAX_SIDE, export_map, files, picture
from tabletop.render.export.picture import STREAM_SIDE
from tabletop.samples import warehouse
from tests.cli.run import tabletop

FORMATS = (".png", ".svg", ".pdf")
MAGIC = {".png": b"\x89PNG", ".svg": b"<?xml", ".pdf": b"%PDF"}


def _far_warehouse():
    """The warehouse with one vertex as far as a map may reach: long and thin."""
    map_ = warehouse()
    zone = map_.zones[0]
    points = [(MAX_COORDINATE, zone.shape.points[0][1]), *zone.shape.points[1:]]
    map_.zones[0] = zone.model_copy(update={"shape": zone.shape.model_copy(update={"points": points})})
    return map_


@pytest.mark.parametrize("suffix", FORMATS)
def test_a_map_reaching_the_edge_of_the_bounds_exports(qapp, tmp_path, suffix):
    out = tmp_path / f"far{suffix}"
    export_map(_far_warehouse(), out, 1920)
    assert out.read_bytes().startswith(MAGIC[suffix])


@pytest.mark.parametrize("suffix", FORMATS)
def test_a_tall_map_is_refused_in_one_line_instead_of_a_giant_picture(qapp, tmp_path, suffix):
    map_ = warehouse()
    map_.zones.append(Zone(id="far", shape=NodeShape(x=0, y=1e5)))
    out = tmp_path / f"tall{suffix}"
    with pytest.raises(MapFileError) as caught:
        export_map(map_, out, 1920)
    assert str(caught.value).startswith(f"{out}: could not be exported: a picture 1,920 pixels wide would be ")
    side = STREAM_SIDE if suffix == ".png" else MAX_SIDE  # a PNG streamed in bands may be larger
    what = "a PNG" if suffix == ".png" else "an SVG or PDF"
    assert f"{what} may be at most {side:,} pixels on a side" in str(caught.value)
    assert not out.exists()


@pytest.mark.parametrize("suffix", FORMATS)
def test_a_painting_failure_ends_the_painter_and_leaves_nothing(qapp, tmp_path, monkeypatch, suffix):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug in painting")

    monkeypatch.setattr(picture, "paint_map", broken)
    with pytest.raises(RuntimeError, match="a bug in painting"):
        export_map(warehouse(), tmp_path / f"x{suffix}", 400)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("suffix", FORMATS)
def test_a_full_disk_keeps_the_good_file_and_says_so_in_one_line(qapp, tmp_path, monkeypatch, capsys, suffix):
    good = tmp_path / f"map{suffix}"
    export_map(warehouse(), good, 400)
    before = good.read_bytes()
    source = tmp_path / "w.tabletop"
    save_map(warehouse(), source)

    def disk_full(fd, data):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("tabletop.io.write.os.write", disk_full)
    result = tabletop(capsys, "export", str(source), "-o", str(good), "--width", "500")
    assert result.code == 1
    assert result.err == f"{good}: could not be exported: No space left on device\n"
    assert good.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([good.name, source.name])


@pytest.mark.parametrize("suffix", [".svg", ".pdf"])
def test_a_writer_that_cannot_write_is_noticed(qapp, tmp_path, monkeypatch, suffix):
    """Qt's SVG and PDF writers report no write error: the bytes they made are checked. (A PNG
    is made by render.png_stream, in memory, whose every failure raises.)"""

    def read_only_buffer():
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.ReadOnly)
        return data, buffer

    good = tmp_path / f"map{suffix}"
    good.write_bytes(b"a good picture")
    monkeypatch.setattr(files, "buffer", read_only_buffer)
    with pytest.raises(MapFileError, match=f"^{good}: could not be exported: "):
        export_map(warehouse(), good, 400)
    assert good.read_bytes() == b"a good picture"


def test_exporting_through_a_link_writes_its_target(qapp, tmp_path):
    target = tmp_path / "real.png"
    target.write_bytes(b"old")
    link = tmp_path / "link.png"
    link.symlink_to(target)
    export_map(warehouse(), link, 300)
    assert link.is_symlink() and target.read_bytes().startswith(MAGIC[".png"])
