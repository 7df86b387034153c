"""An export's area coordinates are the areas' names as the window and the command line say
them: A1 in the grid's top-left area, column letters across, row numbers down, whatever way
the grid has grown."""

from __future__ import annotations

import math
import re

from tabletop.render.export import ExportOptions, svg_bytes
from tabletop.rules.growth import grow
from tabletop.samples import af_encounter

COLUMNS = "ABCDEFGHIJKLMNO"
"""The creek's fifteen columns, as a GM reads them."""
DRAWN = re.compile(r'<text[^>]*\bx="([-\d.]+)" y="([-\d.]+)"[^>]*>\s*([A-Z]{1,2})(\d{1,3})\s*</text>')


def test_each_area_is_labelled_by_its_name_in_its_own_square(qapp):
    map_ = af_encounter()
    grown = grow(map_.grids[0], map_.tile_sets[0], "north")  # 20 rows of areas now, from global row -5
    map_ = map_.model_copy(update={"grids": [grown]})
    svg = svg_bytes(map_, 800, options=ExportOptions(area_coordinates=True)).decode()
    drawn = {(letters, int(number)): (float(x), float(y)) for x, y, letters, number in DRAWN.findall(svg)}
    assert len(drawn) == 15 * 20, "one name per area"
    assert not re.search(r">\s*-?\d+,-?\d+\s*<", svg), "no row,col pairs left"
    left, top = drawn[("A", 1)]
    assert (left, top) == (min(x for x, _ in drawn.values()), min(y for _, y in drawn.values())), "A1 is top-left"
    size = grown.area_size
    for (letters, number), (x, y) in drawn.items():
        col, row = math.floor((x - left) / size + 0.5), math.floor((y - top) / size + 0.5)
        assert (letters, number) == (COLUMNS[col], row + 1), f"{letters}{number} drawn in the square of another"
