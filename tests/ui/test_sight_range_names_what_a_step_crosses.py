"""Map ▸ Fog ▸ Sight Range counts its steps in the map's own words: borders on a zone map,
areas on a map of grids alone, borders or areas on a map of both; map units as they are."""

from __future__ import annotations

from tabletop.model import EncounterGrid, Map, Tile
from tabletop.rules.sight import SightRange
from tabletop.samples import warehouse


def _ranges(window, map_: Map) -> list[str]:
    window.document.replace_map(map_, None)
    window.later.finish()
    menu = window.fog.range_menu
    menu.aboutToShow.emit()
    return [act.text() for act in menu.actions() if not act.isSeparator()]


def _grid() -> EncounterGrid:
    return EncounterGrid(id="yard", name="Yard", origin=(2000.0, 0.0), tiles=[Tile(row=0, col=0)])


def test_a_zone_map_counts_borders(qtbot, window):
    texts = _ranges(window, warehouse())
    assert texts[:3] == ["1 border", "2 borders", "3 borders"]
    assert "400 map units" in texts


def test_a_map_of_grids_alone_counts_areas(qtbot, window):
    texts = _ranges(window, Map(title="Yard", grids=[_grid()]))
    assert texts[:3] == ["1 area", "2 areas", "3 areas"]
    assert not any("border" in text for text in texts)
    assert "400 map units" in texts


def test_a_map_of_both_counts_borders_or_areas(qtbot, window):
    texts = _ranges(window, warehouse().model_copy(update={"grids": [_grid()]}))
    assert texts[:3] == ["1 border or area", "2 borders or areas", "3 borders or areas"]


def test_the_range_in_words_without_a_window():
    assert SightRange(4).words() == "4 borders"
    assert SightRange(1).words(("area",)) == "1 area"
    assert SightRange(4, 250.0).words(("area",)) == "250 map units"
