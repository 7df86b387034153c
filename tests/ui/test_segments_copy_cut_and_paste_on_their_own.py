"""With the Segment tool, Copy and Cut take the chosen segment alone (not its grid), as the map
format; Paste puts segments on the grid under the cursor (held inside the tile pointed at), else
on their own grid one area across and down, and refuses in one line where they do not fit."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QGuiApplication

from tabletop.document.commands.grid_edits import SegmentKey
from tabletop.io import map_from_bytes
from tabletop.model.kinds import Kind
from tabletop.samples import af_encounter, warehouse
from tests.ui.conftest import at


@pytest.fixture(autouse=True)
def mouse_off_the_map(qtbot, window):
    qtbot.mouseMove(window, QPoint(-200, -200))


def _choose(qtbot, window, row: int, col: int) -> None:
    """A click with the Segment tool on an area of the creek (40 map units an area)."""
    window.set_tool("A")
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at(window, col * 40 + 20, row * 40 + 20))


def _open_creek(qtbot, window) -> None:
    window.document.replace_map(af_encounter(), None)
    _choose(qtbot, window, 1, 1)  # the thicket, on tile (0, 0)
    assert window.tools["A"].chosen()[1].name == "thicket"


def _tile(window, tile):
    grid = window.document.get(Kind.GRID, "creek")
    return next(t for t in grid.tiles if (t.row, t.col) == tile).segments


def _areas(segment) -> list[tuple[int, int]]:
    return sorted(segment.areas)


def _said(window) -> str:
    return window.statusBar().currentMessage()


def test_copy_takes_the_chosen_segment_alone_as_a_map(qtbot, window):
    _open_creek(qtbot, window)
    window.clipboard_actions[1].trigger()
    piece = map_from_bytes(QGuiApplication.clipboard().text().encode("utf-8"))
    assert piece.zones == [] and piece.tokens == [] and len(piece.grids) == 1
    [tile] = piece.grids[0].tiles
    assert (tile.row, tile.col) == (0, 0)
    assert [s.name for s in tile.segments] == ["thicket"], "the segment, not the grid's other segments"
    assert _said(window) == "Copied 1 segment (thicket) of grid The creek"


def test_pasted_off_the_cursor_each_copy_lands_one_area_past_the_last_until_it_would_leave_its_tile(qtbot, window):
    _open_creek(qtbot, window)
    window.clipboard_actions[1].trigger()
    stack = window.document.undo_stack
    grids_before = len(window.document.map.grids)
    window.clipboard_actions[2].trigger()
    assert len(window.document.map.grids) == grids_before, "no grid is added"
    thicket, copy = _tile(window, (0, 0))
    assert _areas(copy) == [(2, 2), (2, 3), (3, 2), (3, 3)]
    assert copy.name == "thicket 2" and copy.properties == thicket.properties
    assert stack.undoText() == "Paste 1 segment"
    assert _said(window) == "Pasted 1 segment on grid The creek"
    assert window.tools["A"].choice.key == SegmentKey("creek", (0, 0), 1), "the pasted segment is chosen"
    window.clipboard_actions[2].trigger()
    assert _areas(_tile(window, (0, 0))[2]) == [(3, 3), (3, 4), (4, 3), (4, 4)]
    count = stack.count()
    window.clipboard_actions[2].trigger()
    assert stack.count() == count and len(_tile(window, (0, 0))) == 3, "refused: nothing changes"
    assert _said(window) == (
        "Nothing pasted: segment thicket would reach over its tile's edge there: a segment lies on one tile"
    )
    stack.undo()
    stack.undo()
    assert [s.name for s in _tile(window, (0, 0))] == ["thicket"], "each paste is one undo step"


def test_cut_takes_the_segment_out_and_paste_brings_it_back_where_it_was(qtbot, window):
    _open_creek(qtbot, window)
    _choose(qtbot, window, 12, 12)  # the mud, on tile (2, 2)
    mud = _tile(window, (2, 2))[0]
    window.clipboard_actions[0].trigger()
    assert _tile(window, (2, 2)) == [] and window.document.get(Kind.GRID, "creek") is not None
    assert _said(window) == "Cut 1 segment (mud) of grid The creek"
    assert window.document.undo_stack.undoText() == "Cut mud"
    window.clipboard_actions[2].trigger()
    assert _tile(window, (2, 2)) == [mud], "back on its own areas, with its own name"


def test_pasted_under_the_cursor_it_lands_there_held_inside_the_tile_pointed_at(qtbot, window):
    _open_creek(qtbot, window)
    window.clipboard_actions[1].trigger()
    window.clipboard.paste(QPointF(7 * 40 + 20, 7 * 40 + 20))  # area (7, 7), on tile (1, 1)
    assert _areas(_tile(window, (1, 1))[-1]) == [(2, 2), (2, 3), (3, 2), (3, 3)], "its middle under the cursor"
    window.clipboard.paste(QPointF(9 * 40 + 20, 9 * 40 + 20))  # area (9, 9): the tile's last
    assert _areas(_tile(window, (1, 1))[-1]) == [(3, 3), (3, 4), (4, 3), (4, 4)], "held inside the tile"


def test_on_another_map_segments_need_a_grid_under_the_cursor(qtbot, window):
    _open_creek(qtbot, window)
    window.clipboard_actions[1].trigger()
    window.document.replace_map(warehouse(), None)
    before = window.document.map
    window.clipboard_actions[2].trigger()
    assert window.document.map == before
    assert _said(window) == "Nothing pasted: point at an encounter grid to paste the segments onto it"


def test_with_another_tool_copy_still_takes_the_whole_grid(qtbot, window):
    _open_creek(qtbot, window)
    window.set_tool("S")
    window.document.select([("grid", "creek")])
    window.clipboard_actions[1].trigger()
    piece = map_from_bytes(QGuiApplication.clipboard().text().encode("utf-8"))
    assert len(piece.grids[0].tiles) == 9 and _said(window) == "Copied 1 grid"


def test_duplicate_with_the_segment_tool_copies_the_chosen_segment_beside_itself_not_the_grid(qtbot, window):
    _open_creek(qtbot, window)
    grids_before = len(window.document.map.grids)
    window.clipboard_actions[3].trigger()
    assert len(window.document.map.grids) == grids_before, "no grid is added"
    thicket, copy = _tile(window, (0, 0))
    assert _areas(copy) == [(2, 2), (2, 3), (3, 2), (3, 3)] and copy.properties == thicket.properties
    assert window.document.undo_stack.undoText() == "Duplicate 1 segment"
    assert _said(window) == "Duplicated 1 segment on grid The creek"
    window.document.undo_stack.undo()
    assert len(_tile(window, (0, 0))) == 1
