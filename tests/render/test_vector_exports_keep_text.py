"""A vector export (SVG, PDF) can be zoomed and printed large: the pass values on its borders are
text a GM reads there, even where they are a few pixels tall at the picture's nominal size."""

from __future__ import annotations

import re

from tabletop.geometry.single.shapes import map_bounds
from tabletop.render.badge_paint import BADGE_TEXT
from tabletop.render.export import export_map
from tabletop.render.style import gm_style
from tests.maps import zone_map


def test_an_svg_keeps_pass_values_too_small_to_read_unzoomed(qapp, tmp_path):
    map_ = zone_map(60)
    style = gm_style()
    _, _, width, _ = map_bounds(map_)
    scale = 3.2 / (BADGE_TEXT * style.text_scale)  # badges 3.2 px tall at the nominal size
    out = tmp_path / "small.svg"
    export_map(map_, out, width=round(width * scale))
    numbers = re.findall(r">(\d+)</text>", out.read_text(encoding="utf-8"))
    assert len(numbers) > len(map_.borders) // 2  # most badges are one number (the others, "1/3" and such)


def test_a_pdf_painter_reads_every_size_and_a_picture_does_not(qapp, tmp_path):
    from PySide6.QtGui import QImage, QPainter, QPdfWriter

    from tabletop.render.text import readable

    writer = QPdfWriter(str(tmp_path / "tiny.pdf"))
    pdf = QPainter(writer)
    image = QImage(10, 10, QImage.Format.Format_ARGB32)
    picture = QPainter(image)
    try:
        assert readable(pdf, 0.01)
        assert not readable(picture, 0.01) and readable(picture, 12)
    finally:
        pdf.end()
        picture.end()
