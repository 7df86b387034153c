"""A PNG too big to hold is painted in bands and streamed: the same picture as one image,
progress told band by band, and a cancel leaves nothing behind."""

from __future__ import annotations

import io
import zlib

import numpy as np
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage

from tabletop.geometry.whole.layout import zone_box
from tabletop.io import MapFileError
from tabletop.model import Token, ZoneLocation
from tabletop.render import paint
from tabletop.render.export import ExportCancelled, ExportOptions, Scale, ScaleKind, export_map, files, render_image
from tabletop.render.png_stream import PngStream
from tabletop.samples import af_encounter, warehouse
from tests.maps import zone_map
from tests.render.test_export_options import pixels


def crowded_bricks():
    """Six hundred brick zones, every seventh with a token of a long name: labels, badges and
    name plates cross the seams between bands."""
    map_ = zone_map(600)
    tokens = [
        Token(id=f"t{k}", name=f"Token with a long name {k}", location=ZoneLocation(zone=zone.id))
        for k, zone in enumerate(map_.zones[::7])
    ]
    return map_.model_copy(update={"tokens": tokens})


@pytest.fixture
def small_bands(monkeypatch):
    """Stream every PNG, 40 rows a band."""
    monkeypatch.setattr(files, "STREAM_FROM", 0)
    monkeypatch.setattr(files, "band_rows", lambda width: 40)


def test_the_png_writer_makes_a_png_qt_reads_back():
    rgb = np.random.default_rng(3).integers(0, 256, size=(37, 23, 3), dtype=np.uint8)
    out = io.BytesIO()
    stream = PngStream(out, 23, 37, dpi=150)
    stream.add_rows(rgb[:20])
    stream.add_rows(rgb[20:])
    stream.finish()
    image = QImage.fromData(out.getvalue(), "PNG")
    assert (image.width(), image.height()) == (23, 37)
    assert np.array_equal(pixels(image), rgb)
    assert round(image.dotsPerMeterX() * 0.0254) == 150


def test_a_png_missing_rows_is_refused():
    stream = PngStream(io.BytesIO(), 4, 4)
    stream.add_rows(np.zeros((3, 4, 3), np.uint8))
    with pytest.raises(ValueError, match="3 of its 4 rows"):
        stream.finish()
    with pytest.raises(ValueError, match="wrong size"):
        stream.add_rows(np.zeros((2, 5, 3), np.uint8))


@pytest.mark.parametrize(
    ("make", "width"), [(warehouse, 500), (af_encounter, 500), (crowded_bricks, 2400), (crowded_bricks, 400)]
)
def test_bands_make_the_same_picture_as_one_image(qapp, tmp_path, small_bands, make, width):
    map_ = make()
    out = tmp_path / "banded.png"
    told = []
    export_map(map_, out, width, progress=lambda done, total: told.append((done, total)))
    whole = pixels(render_image(map_, width))
    banded = pixels(QImage(str(out)))
    assert banded.shape == whole.shape
    differ = np.abs(banded.astype(int) - whole.astype(int)).max(axis=2) > 16
    # the same picture, but for a few pixels where a badge image lands a rounding away; a zone,
    # label or token missing from a band would be hundreds
    assert differ.sum() <= max(8, differ.size // 10_000)
    total = told[-1][1]
    assert total == -(-whole.shape[0] // 40) and told == [(k, total) for k in range(total + 1)]


def test_cancel_leaves_no_partial_file_and_keeps_the_old_one(qapp, tmp_path, small_bands):
    out = tmp_path / "map.png"
    out.write_bytes(b"the old picture")
    with pytest.raises(ExportCancelled):
        export_map(warehouse(), out, 500, progress=lambda done, total: done < 2)
    assert out.read_bytes() == b"the old picture"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["map.png"]


def test_a_failed_band_leaves_no_partial_file(qapp, tmp_path, small_bands, monkeypatch):
    def full_disk(self, rgb):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(PngStream, "add_rows", full_disk)
    out = tmp_path / "map.png"
    with pytest.raises(MapFileError, match="could not be exported: No space left on device"):
        export_map(warehouse(), out, 500)
    assert list(tmp_path.iterdir()) == []


def test_a_streamed_png_may_be_larger_than_one_image_may(qapp, monkeypatch):
    """The caps of a streamed PNG are its own; SVG and PDF keep theirs."""
    map_ = warehouse()
    options = ExportOptions(scale=Scale(ScaleKind.PX_PER_UNIT, 30.0))  # 26,400 pixels wide
    seen = {}

    def keep(picture, out, progress=None):
        seen["size"] = (picture.width, picture.height)

    monkeypatch.setattr(files, "stream_png", keep)
    export_map(map_, "big.png", options=options)
    assert seen["size"][0] > files.MAX_SIDE
    with pytest.raises(MapFileError, match="choose a smaller scale"):
        export_map(map_, "big.svg", options=options)


def test_idat_holds_every_row(qapp, tmp_path, small_bands):
    out = tmp_path / "map.png"
    export_map(warehouse(), out, 320)
    data = out.read_bytes()
    chunks, k = [], 8
    while k < len(data):
        length = int.from_bytes(data[k : k + 4], "big")
        chunks.append((data[k + 4 : k + 8], data[k + 8 : k + 8 + length]))
        k += 12 + length
    assert chunks[0][0] == b"IHDR" and chunks[-1][0] == b"IEND"
    height = int.from_bytes(chunks[0][1][4:8], "big")
    raw = zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT"))
    assert len(raw) == height * (1 + 320 * 3)


def test_each_band_draws_only_the_zones_that_can_show_in_it(qapp, tmp_path, small_bands, monkeypatch):
    """A zone is in a band's part of the map for the lines of its borders, but only the zones
    whose box meets the band are drawn there: not every object again per band."""
    map_ = zone_map(600)
    drawn: list[tuple[QRectF, dict, int]] = []
    real = paint.paint_region

    def spy(p, layout, zone_ids, border_ids, *args, **kwargs):
        clip = p.clipBoundingRect()  # the band, in map units
        drawn.append((clip, {z: zone_box(layout.zone(z)) for z in zone_ids}, len(layout.zone_ids())))
        real(p, layout, zone_ids, border_ids, *args, **kwargs)

    monkeypatch.setattr(paint, "paint_region", spy)
    export_map(map_, tmp_path / "banded.png", 1200)
    assert len(drawn) > 5
    for clip, boxes, _ in drawn:
        for left, top, right, bottom in boxes.values():
            assert left <= clip.right() + 1.5 and right >= clip.left() - 1.5
            assert top <= clip.bottom() + 1.5 and bottom >= clip.top() - 1.5
    assert sum(len(boxes) for _, boxes, _ in drawn) < 0.75 * sum(held for _, _, held in drawn)
