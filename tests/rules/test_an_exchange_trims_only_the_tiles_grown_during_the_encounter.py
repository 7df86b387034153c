"""An exchange's end removes the tiles grown during the encounter ("Zone": "At the end of each
exchange tiles should be removed until the zone is a 3x3 grid again ... Some encounter zones may
be pre-configured"): a grid that began at 3x3 is cut back to 3x3 as always, one the GM prepared
larger keeps its prepared tiles, and one grown past them is cut back to them, the window
holding the most tokens as the rule chooses."""

from __future__ import annotations

from tabletop.model import GridAtStart, Map
from tabletop.rules.growth import exchange_window, grow, trim
from tests.rules.af_play import creek
from tests.rules.af_steps import play, standing, take

FOUR = {"Mira": 5, "Raider archer": 4, "Kell": 3, "Raider": 2}
START = {"do": "start", "system": "af", "tokens": list(FOUR), "reflexes": FOUR}
END = {"do": "end_exchange"}
NEXT = {"do": "next"}


def grown(map_: Map, *edges: str) -> Map:
    """The creek's grid with a row or column of tiles added at each edge in turn."""
    grid = map_.grids[0]
    for edge in edges:
        grid = grow(grid, map_.tile_sets[0], edge)
    return map_.model_copy(update={"grids": [grid]})


def prepared_4x4() -> Map:
    """The creek prepared as 4x4 tiles before play, a token on each of its far tiles: the
    archer on the south-east tile, the raider on the east column, Kell on the south row."""
    map_ = grown(creek(), "east", "south")
    map_ = standing(map_, "archer", 17, 17)
    map_ = standing(map_, "raider", 2, 16)
    return standing(map_, "kell", 16, 3)


def places(map_: Map) -> dict[str, tuple[str, int, int] | None]:
    return {
        t.id: None if t.location is None else (t.location.grid, t.location.row, t.location.col) for t in map_.tokens
    }


def test_the_encounter_keeps_each_grid_as_it_began():
    map_ = play(prepared_4x4(), START)
    assert map_.conflict.grids_at_start == [GridAtStart(grid="creek", top=0, left=0, bottom=3, right=3)]


def test_a_prepared_4x4_grid_played_two_exchanges_keeps_its_16_tiles_and_its_tokens():
    map_ = prepared_4x4()
    before = places(map_)
    map_ = play(map_, START)
    first = take(map_, END)
    assert first.grids == () and first.tokens == ()
    assert "trimmed" not in first.text and "exits" not in first.text
    map_ = play(map_, END, NEXT, NEXT, NEXT, NEXT, NEXT)  # exchange 2: round 1 played, then round 2 begins
    assert (map_.conflict.exchange, map_.conflict.round) == (2, 2)
    map_ = play(map_, END)
    assert map_.conflict.exchange == 3 and map_.conflict.ended is None
    assert len(map_.grids[0].tiles) == 16 and map_.grids[0].tile_bounds() == (0, 0, 3, 3)
    assert places(map_) == before
    assert [p.token for p in map_.conflict.participants] == ["kell", "mira", "raider", "archer"]


def test_a_3x3_grid_grown_east_is_cut_back_to_3x3_as_before():
    map_ = grown(play(creek(), START), "east")  # the zone extended as someone moved off its edge
    map_ = standing(map_, "raider", 7, 17)  # on the grown column, alone
    step = take(map_, END)
    (grid,) = step.grids
    assert grid.tile_bounds() == (0, 0, 2, 2)
    assert "The creek trimmed to 3x3 tiles" in step.text and "prepared" not in step.text
    assert "Raider exits the encounter" in step.text
    map_ = play(map_, END)
    assert map_.token("raider").location is None and "raider" not in map_.conflict.order


def test_a_prepared_grid_grown_further_is_cut_back_to_its_prepared_tiles():
    map_ = grown(play(prepared_4x4(), START), "east", "north")  # grown to 5x5 during the exchange
    assert map_.grids[0].tile_bounds() == (-1, 0, 3, 4)
    step = take(map_, END)
    (grid,) = step.grids
    assert grid.tile_bounds() == (0, 0, 3, 3) and len(grid.tiles) == 16
    assert "The creek trimmed to its prepared 4x4 tiles" in step.text
    assert step.tokens == ()


def test_the_kept_window_still_moves_to_hold_the_most_tokens():
    map_ = grown(play(prepared_4x4(), START), "east")
    map_ = standing(map_, "mira", 9, 22)  # Mira runs onto the grown column; Kell stays on the first
    map_ = standing(map_, "raider", 2, 21)
    step = take(map_, END)
    (grid,) = step.grids
    assert grid.tile_bounds() == (0, 1, 3, 4), "the 4x4 window holding three tokens, not Kell's"
    assert "its prepared 4x4 tiles" in step.text and "Kell exits the encounter" in step.text
    assert [t.id for t in step.tokens] == ["kell"]


def test_an_empty_grown_grid_trims_back_to_where_it_began():
    map_ = grown(play(prepared_4x4(), START), "west", "north", "east")
    map_ = map_.model_copy(update={"tokens": [t.model_copy(update={"location": None}) for t in map_.tokens]})
    grid = map_.grids[0]
    (rows, cols), home = exchange_window((0, 0, 3, 3))
    assert trim(grid, [], (rows, cols), home).tile_bounds() == (0, 0, 3, 3)


def test_a_grid_prepared_smaller_than_3x3_is_still_kept_at_3x3():
    assert exchange_window((0, 0, 1, 1)) == ((3, 3), (0, 0))
    assert exchange_window((2, -1, 3, 5)) == ((3, 7), (2, -1))
    assert exchange_window(None) == ((3, 3), (0, 0))


def test_the_window_prefers_the_prepared_place_on_a_tie():
    map_ = grown(creek(), "east", "east", "east")  # 3x6 tiles
    grid = map_.grids[0]
    assert trim(grid, [], 3, (0, 3)).tile_bounds() == (0, 3, 2, 5)
    assert trim(grid, [], 3).tile_bounds() == (0, 0, 2, 2)
