"""A map holding more of a thing than the reader takes (tokens, grids, zones, all the polygons'
points) is refused by a save before a byte is written, in one line naming the file and the cap:
the reader counts each list before an item is read and refuses the whole file, so a save that
went through left a map that would not open, while the GM's window still held it. Each map here
is built as the document builds one, its lists added to after the map was checked."""

from __future__ import annotations

import pytest

from tabletop.io import MapFileError, load_map
from tabletop.io.write import save_map
from tabletop.model import EncounterGrid, Map, PolygonShape, Tile, Token, Zone
from tabletop.model.base import MAX_GRIDS, MAX_MAP_POINTS, MAX_POINTS, MAX_TOKENS


def _tokens(count: int) -> list[Token]:
    return [Token(id=f"t{n}", name="Raider") for n in range(count)]


def _grids(count: int) -> list[EncounterGrid]:
    return [EncounterGrid(id=f"g{n}", tiles=[Tile(row=0, col=0)]) for n in range(count)]


def _zones(count: int) -> list[Zone]:
    """`count` zones of one polygon of the most points a polygon has (one shape, shared)."""
    ring = [(float(n % 100), float(n // 100 + (n % 100) % 2)) for n in range(MAX_POINTS - 2)] + [(0, 500), (-5, 0)]
    shape = PolygonShape(points=ring)
    return [Zone(id=f"z{n}", shape=shape) for n in range(count)]


PAST = {
    "tokens": (
        lambda m: m.tokens.extend(_tokens(MAX_TOKENS + 1)),
        f"the map has {MAX_TOKENS + 1:,} tokens; a map has at most {MAX_TOKENS:,}",
    ),
    "encounter grids": (
        lambda m: m.grids.extend(_grids(MAX_GRIDS + 1)),
        f"the map has {MAX_GRIDS + 1} grids; a map has at most {MAX_GRIDS}",
    ),
    "points of all polygons": (
        lambda m: m.zones.extend(_zones(MAX_MAP_POINTS // MAX_POINTS + 1)),
        f"the map's polygons have {MAX_MAP_POINTS + MAX_POINTS:,} points together; a map has at most "
        f"{MAX_MAP_POINTS:,}",
    ),
}


@pytest.mark.parametrize(("grow", "said"), PAST.values(), ids=PAST.keys())
def test_a_map_past_a_cap_is_refused_by_a_save_and_the_file_on_disk_still_opens(tmp_path, grow, said):
    path = tmp_path / "crowd.tabletop"
    save_map(Map(title="Before"), path)
    grown = Map(title="After")
    grow(grown)
    with pytest.raises(MapFileError) as caught:
        save_map(grown, path)
    assert str(caught.value) == f"{path}: could not be saved: {said} (the file would not open)"
    assert load_map(path).title == "Before"


@pytest.mark.parametrize(("grow", "said"), PAST.values(), ids=PAST.keys())
def test_a_map_at_its_caps_saves_and_opens(tmp_path, grow, said):
    """One fewer of the thing counted: saved, and read back whole."""
    path = tmp_path / "full.tabletop"
    grown = Map()
    grow(grown)
    for name in ("tokens", "grids", "zones"):
        getattr(grown, name)[1:2] = []
    save_map(grown, path)
    back = load_map(path)
    assert (len(back.tokens), len(back.grids), len(back.zones)) == tuple(
        len(getattr(grown, name)) for name in ("tokens", "grids", "zones")
    )
