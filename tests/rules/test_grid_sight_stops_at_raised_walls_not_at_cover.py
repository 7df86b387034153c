"""Line of sight on an encounter grid, from area centre to area centre: a raised segment higher
than both ends blocks it, cover does not, a seer standing higher sees over a wall, and the
range counts areas (or map units between centres)."""

from __future__ import annotations

from tabletop.model import AreaLocation, EncounterGrid, Segment, Tile, Token
from tabletop.rules.grid_sight import areas_in_sight, line_blocked, party_grid_sight
from tests.rules.grids import column, terrain


def test_a_raised_wall_hides_what_lies_behind_it():
    ground = terrain(column(2, altitude=2, name="wall"))
    seen = areas_in_sight(ground, [(2, 0)], reach=4)
    assert (2, 1) in seen and (2, 2) in seen  # up to the wall, and the wall's face
    assert not {(r, c) for r in range(5) for c in (3, 4)} & seen  # nothing past it on the tile
    assert line_blocked(ground, (2, 0), (2, 4))


def test_cover_penalises_attacks_but_hides_nothing():
    ground = terrain(column(2, "cover", name="hedge"))
    seen = areas_in_sight(ground, [(2, 0)], reach=4)
    assert {(r, c) for r in range(5) for c in range(5)} <= seen
    assert not line_blocked(ground, (2, 0), (2, 4))


def test_a_seer_higher_than_the_wall_sees_over_it():
    tower = Segment(name="tower", areas=[(2, 0)], altitude=3)
    ground = terrain(column(2, altitude=2, name="wall"), tower)
    seen = areas_in_sight(ground, [(2, 0)], reach=4)
    assert (2, 4) in seen and (0, 4) in seen
    low = areas_in_sight(ground, [(3, 0)], reach=4)  # beside the tower, on the ground
    assert (3, 4) not in low


def test_something_as_high_as_the_wall_shows_over_it():
    roof = Segment(name="roof", areas=[(2, 4)], altitude=2)
    ground = terrain(column(2, altitude=2, name="wall"), roof)
    seen = areas_in_sight(ground, [(2, 0)], reach=4)
    assert (2, 4) in seen  # the roof's top, as high as the wall
    assert (1, 4) not in seen


def test_a_line_through_a_corner_is_blocked_by_either_raised_area_beside_it():
    post = Segment(name="post", areas=[(0, 1)], altitude=1)
    ground = terrain(post)
    # the diagonal from (0,0) to (2,2) passes exactly through the corner (0,1) stands beside
    assert line_blocked(ground, (0, 0), (2, 2))
    assert not line_blocked(ground, (0, 0), (2, 0))


def test_the_range_counts_areas_as_an_attack_does():
    ground = terrain(tiles=3)
    seen = areas_in_sight(ground, [(7, 7)], reach=2)
    assert seen == {(r, c) for r in range(5, 10) for c in range(5, 10)}
    assert areas_in_sight(ground, [(7, 7)], reach=0) == {(7, 7)}


def test_a_range_in_map_units_is_the_distance_between_centres():
    ground = terrain(tiles=3)
    seen = areas_in_sight(ground, [(7, 7)], reach=0, units=80.0, area_size=40.0)
    assert (7, 9) in seen and (5, 7) in seen  # two areas straight: 80 units
    assert (5, 9) not in seen  # two across and two down: about 113 units
    assert (6, 8) in seen


def test_only_the_players_visible_tokens_on_the_grid_look():
    grid = EncounterGrid(id="g", tiles=[Tile(row=0, col=0, segments=[column(2, altitude=2, name="wall")])])
    kell = Token(id="kell", name="Kell", side="runners", location=AreaLocation(grid="g", row=2, col=4))
    scout = Token(id="scout", name="Scout", side="runners", hidden=True, location=AreaLocation(grid="g", row=2, col=0))
    raider = Token(id="raider", name="Raider", side="corp", location=AreaLocation(grid="g", row=0, col=0))
    seen = party_grid_sight(grid, [kell, scout, raider], "runners", reach=5)
    assert (2, 4) in seen and (2, 0) not in seen and (0, 0) not in seen
    assert party_grid_sight(grid, [kell], "", reach=5) == set()
