"""Join Touching Zones names its undo step in good English: "Join 1 pair of touching zones",
"Join 3 pairs of touching zones"."""

from __future__ import annotations

from tabletop.document import MapDocument
from tabletop.model import Map, PolygonShape, Zone
from tabletop.ui.tools.connect import join_touching_zones


def _row_of_rooms(count: int) -> Map:
    """Square rooms side by side in a row: each touches the next along one wall."""
    zones = [
        Zone(
            id=f"r{k}",
            name=f"Room {k}",
            shape=PolygonShape(points=[(k * 100, 0), (k * 100 + 100, 0), (k * 100 + 100, 100), (k * 100, 100)]),
        )
        for k in range(count)
    ]
    return Map(title="Rooms", zones=zones)


def test_one_pair_is_a_pair_and_three_are_pairs(qapp):
    for rooms, said in ((2, "Join 1 pair of touching zones"), (4, "Join 3 pairs of touching zones")):
        document = MapDocument(_row_of_rooms(rooms))
        assert join_touching_zones(document) == rooms - 1
        assert document.undo_stack.undoText() == said
