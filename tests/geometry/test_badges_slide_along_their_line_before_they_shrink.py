"""A badge whose middle is covered slides along its border's line, then shrinks; badges that
must move together settle clear of each other and of what their zones hold (Qt-free)."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from tabletop.geometry.single.clearing import SMALLEST, BadgeLine, BadgeRoom, badge_scales, badge_spots, overlaps

WIDE = (-35.0, -10.0, 35.0, 10.0)
"""A badge's box around its centre: "→1 ←3" and a door, at the GM's size."""
FAR = (-1e9, -1e9, 1e9, 1e9)


def test_the_middle_first_then_steps_along_the_line_nearest_first_then_smaller():
    piece = ((80.0, 0.0), (80.0, 80.0))  # a wall between two rooms, up and down
    spots = badge_spots(piece, (80.0, 40.0), WIDE, FAR, badge_scales(1.0))
    assert (spots[0].x, spots[0].y, spots[0].scale) == (80.0, 40.0, 1.0)
    assert all(spot.x == 80.0 for spot in spots), "on the line"
    assert all(spot.box[1] >= 0.0 and spot.box[3] <= 80.0 for spot in spots), "along the line, never past its ends"
    scales = [spot.scale for spot in spots]
    assert scales == sorted(scales, reverse=True) and scales[-1] == SMALLEST
    full = [abs(spot.y - 40.0) for spot in spots if spot.scale == 1.0]
    assert full == sorted(full) and max(full) == 30.0, "nearest first, as far as the line goes"


def test_a_badge_longer_than_its_line_stays_in_the_middle_at_every_size():
    piece = ((0.0, 0.0), (40.0, 0.0))  # a short wall, the badge along it
    spots = badge_spots(piece, (20.0, 0.0), WIDE, FAR, badge_scales(1.0))
    assert {(spot.x, spot.y) for spot in spots} == {(20.0, 0.0)}
    assert len(spots) == len(badge_scales(1.0))


def test_the_players_larger_badges_shrink_as_far_as_the_gms():
    assert badge_scales(1.35)[-1] * 1.35 == SMALLEST
    assert badge_scales(1.0)[0] == badge_scales(1.35)[0] == 1.0


def _room(walls: dict, obstacles: dict, near: dict) -> BadgeRoom:
    def line(b: str) -> BadgeLine:
        (x1, y1), (x2, y2) = piece = walls[b]
        return BadgeLine(piece, ((x1 + x2) / 2, (y1 + y2) / 2), WIDE, FAR, badge_scales(1.0))

    return BadgeRoom(line, lambda b: obstacles.get(b, []), lambda b: near[b])


def test_a_badge_slides_off_a_token_and_keeps_clear_of_the_badges_around():
    """Two walls of a room meet at its corner; a token stands where the first wall's badge would."""
    walls = {"left": ((0.0, 0.0), (0.0, 80.0)), "bottom": ((0.0, 80.0), (80.0, 80.0))}
    disc = (10.0, 24.0, 42.0, 56.0)
    room = _room(walls, {"left": [disc], "bottom": [disc]}, {"left": ["bottom"], "bottom": ["left"]})
    left, bottom = room.place("left"), room.place("bottom")
    assert bottom == room.home("bottom"), "nothing covers its middle"
    assert (left.x, left.scale) == (0.0, 1.0) and left.y != 40.0, "slid along its line, its size kept"
    assert not overlaps(left.box, disc, 1.0) and not overlaps(left.box, bottom.box)


@given(st.lists(st.tuples(st.floats(5, 75), st.floats(5, 75)), min_size=1, max_size=3))
def test_badges_settled_together_never_cover_each_other_where_their_lines_have_room(discs):
    """Four long walls of a square room, the room's tokens anywhere: whenever every badge finds a
    clear spot, none covers another or a token."""
    walls = {
        "top": ((0.0, 0.0), (200.0, 0.0)),
        "bottom": ((0.0, 200.0), (200.0, 200.0)),
        "left": ((0.0, 0.0), (0.0, 200.0)),
        "right": ((200.0, 0.0), (200.0, 200.0)),
    }
    boxes = [(x - 16, y - 16, x + 16, y + 16) for x, y in discs]
    near = {b: [other for other in walls if other != b] for b in walls}
    room = _room(walls, dict.fromkeys(walls, boxes), near)
    placed = {b: room.place(b) for b in walls}
    clear = [b for b, spot in placed.items() if not any(overlaps(spot.box, box, 1.0) for box in boxes)]
    assert len(clear) == len(walls), "every wall has room"
    for a, b in itertools.combinations(walls, 2):
        assert not overlaps(placed[a].box, placed[b].box), (a, b)


def test_forgetting_a_token_puts_the_badge_back_in_its_middle():
    walls = {"left": ((0.0, 0.0), (0.0, 80.0)), "bottom": ((0.0, 80.0), (80.0, 80.0))}
    obstacles = {"left": [(10.0, 24.0, 42.0, 56.0)]}
    room = _room(walls, obstacles, {"left": ["bottom"], "bottom": ["left"]})
    moved = room.place("left")
    assert moved != room.home("left")
    obstacles.clear()
    was = room.forget(["left", "bottom"])
    assert was["left"] == moved, "where it stood, to be painted again"
    assert room.place("left") == room.home("left")
