"""The model refuses broken maps with messages a GM understands, and expresses the texts' maps."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from tabletop.model import (
    AreaLocation,
    Border,
    Door,
    EncounterGrid,
    Map,
    NodeShape,
    Passage,
    PolygonShape,
    Segment,
    StressTrack,
    Tile,
    Token,
    Zone,
    ZoneLocation,
)


def _zone(zone_id: str) -> Zone:
    return Zone(id=zone_id, shape=NodeShape(x=0, y=0))


def _grid() -> EncounterGrid:
    return EncounterGrid(id="g", tiles=[Tile(row=r, col=c) for r in range(3) for c in range(3)])


def _message(build) -> str:
    with pytest.raises(ValidationError) as caught:
        build()
    return str(caught.value)


def test_border_naming_a_missing_zone_is_refused_by_name():
    message = _message(lambda: Map(zones=[_zone("hall")], borders=[Border(id="door", a="hall", b="cellar")]))
    assert "border 'door' names zone 'cellar', which is not on the map" in message


def test_duplicate_zone_ids_are_refused():
    assert "two zones have the id 'hall'" in _message(lambda: Map(zones=[_zone("hall"), _zone("hall")]))


def test_duplicate_token_ids_are_refused():
    tokens = [Token(id="gatto"), Token(id="gatto")]
    assert "two tokens have the id 'gatto'" in _message(lambda: Map(tokens=tokens))


def test_negative_pass_value_is_refused():
    assert "greater than or equal to 0" in _message(lambda: Passage(cost_from_a=-1))


def test_polygon_on_a_line_is_refused():
    message = _message(lambda: PolygonShape(points=[(0, 0), (1, 1), (2, 2)]))
    assert "has no area" in message


def test_polygon_with_repeated_points_is_refused():
    assert "three distinct points" in _message(lambda: PolygonShape(points=[(0, 0), (0, 0), (1, 1)]))


def test_token_on_a_missing_zone_is_refused():
    token = Token(id="t", location=ZoneLocation(zone="nowhere"))
    assert "token 't' stands in zone 'nowhere'" in _message(lambda: Map(zones=[_zone("a")], tokens=[token]))


def test_token_outside_the_grid_is_refused():
    token = Token(id="t", location=AreaLocation(grid="g", row=15, col=0))
    assert "stands outside grid 'g' (row 15, column 0 in the map file)" in _message(
        lambda: Map(grids=[_grid()], tokens=[token])
    )


def test_token_in_the_last_area_of_the_grid_is_accepted():
    token = Token(id="t", location=AreaLocation(grid="g", row=14, col=14))
    assert Map(grids=[_grid()], tokens=[token]).tokens[0].location.row == 14


def test_grid_with_a_gap_is_refused():
    tiles = [Tile(row=0, col=0), Tile(row=0, col=2)]
    assert "do not form a rectangle" in _message(lambda: EncounterGrid(id="g", tiles=tiles))


def test_segment_area_off_its_tile_is_refused():
    assert "less than 5" in _message(lambda: Segment(areas=[(5, 0)]))


def test_border_to_itself_is_refused():
    assert "joins zone 'a' to itself" in _message(lambda: Border(id="b", a="a", b="a"))


def test_unknown_field_is_refused_so_typos_are_not_lost():
    assert "colour\n  Unexpected keyword argument" in _message(
        lambda: Zone(id="a", shape=NodeShape(x=0, y=0), colour="red")
    )


def test_marked_box_beyond_the_track_is_refused():
    assert "marks box 6 but has only 5 boxes" in _message(lambda: StressTrack(name="health", boxes=5, marked=[6]))


def test_grid_referring_to_missing_tile_set_is_refused():
    grid = _grid().model_copy(update={"tile_set": "jungle"})
    assert "tile set 'jungle', which is not on the map" in _message(lambda: Map(grids=[grid]))


def test_several_problems_are_counted():
    borders = [Border(id="x", a="a", b="q"), Border(id="y", a="a", b="r")]
    assert "and 1 more problem)" in _message(lambda: Map(zones=[_zone("a")], borders=borders))


def test_facing_any_angle_is_kept_on_the_compass():
    assert Token(id="t", facing=-90).facing == 270
    assert Token(id="t", facing=725.5).facing == pytest.approx(5.5)


def test_the_default_border_has_pass_value_one_both_ways():
    border = Border(id="b", a="x", b="y")
    assert [(p.cost_from_a, p.cost_from_b) for p in border.passages] == [(1, 1)]


def test_the_wall_with_a_door_is_expressible():
    wall = Border(
        id="w",
        a="hall",
        b="office",
        passages=[
            Passage(label="through the door", door=Door(state="locked")),
            Passage(label="break the door", cost_from_a=4, cost_from_b=4),
            Passage(label="break through the wall", cost_from_a=7, cost_from_b=7),
        ],
    )
    assert wall.passages[0].door.state == "locked"
    assert wall.other("hall") == "office"
    with pytest.raises(KeyError):
        wall.side_of("cellar")


def test_a_one_way_passage_is_expressible():
    vent = Passage(label="vent", cost_from_a=2, cost_from_b=None)
    assert vent.cost_from_b is None


def test_assignment_is_validated_so_edits_cannot_break_the_model():
    zone = _zone("a")
    with pytest.raises(ValidationError):
        zone.fill.opacity = 2


def test_non_finite_coordinates_are_refused():
    with pytest.raises(ValidationError):
        NodeShape(x=float("inf"), y=0)
