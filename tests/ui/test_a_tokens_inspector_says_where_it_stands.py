"""A token's Inspector page names where it stands, read-only: a grid's area as the status bar
names it under the mouse ("area D8"), with the grid's name, or the zone by its name; the line
follows a move, a zone renamed and a grid grown north."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt

from tabletop.document.commands import EditObject, MoveToken
from tabletop.document.commands.growth import grow_grid
from tabletop.geometry.single.shapes import area_rect
from tabletop.model import AreaLocation
from tabletop.samples import af_encounter, warehouse
from tests.ui.conftest import at


def _hovered_area(qtbot, window, grid_id: str, row: int, col: int) -> str:
    """The status bar's words for the area under the mouse, as a GM reads them: "area D8"."""
    qtbot.mouseMove(window, QPoint(-200, -200))  # off the map first: the line is cleared
    qtbot.waitUntil(lambda: window.hover_label.text() == "")
    x, y, w, h = area_rect(window.document.get("grid", grid_id), row, col)
    window.view.centerOn(x + w / 2, y + h / 2)
    qtbot.mouseMove(window.view.viewport(), pos=at(window, x + w / 2, y + h / 2))
    qtbot.waitUntil(lambda: window.hover_label.text().startswith("area "))
    return window.hover_label.text().split("   ")[0]


def test_a_token_on_a_grid_names_its_area_as_the_status_bar_does(qtbot, window):
    window.document.replace_map(af_encounter(), None)
    token = window.document.map.tokens[0]
    where = token.location
    assert isinstance(where, AreaLocation)
    window.document.select([("token", token.id)])
    line = window.inspector.token_place
    assert line.isVisibleTo(window.inspector)
    named = _hovered_area(qtbot, window, where.grid, where.row, where.col)
    assert line.text() == f"{named} on The creek"

    window.document.undo_stack.push(
        MoveToken(window.document, token.id, where.model_copy(update={"col": where.col + 2}))
    )
    moved = _hovered_area(qtbot, window, where.grid, where.row, where.col + 2)
    assert moved != named and line.text() == f"{moved} on The creek", "the line follows the move"

    window.document.undo_stack.push(grow_grid(window.document, where.grid, "north"))
    grown = _hovered_area(qtbot, window, where.grid, where.row, where.col + 2)
    assert grown != moved and line.text() == f"{grown} on The creek", "the rows are counted from the new top"
    qtbot.mouseMove(window, QPoint(-200, -200))


def test_a_token_in_a_zone_names_the_zone_and_follows_its_rename(qtbot, window):
    window.document.replace_map(warehouse(), None)
    token = window.document.map.tokens[0]
    zone = window.document.get("zone", token.location.zone)
    window.document.select([("token", token.id)])
    line = window.inspector.token_place
    assert line.text() == f"zone {zone.name}"
    renamed = zone.model_copy(update={"name": "Loading <b>bay</b>"})
    window.document.undo_stack.push(EditObject(window.document, "zone", renamed, "name"))
    assert line.text() == "zone Loading <b>bay</b>", "the new name"
    assert line.textFormat() == Qt.TextFormat.PlainText, "shown as typed, never as markup"
    window.document.undo_stack.push(MoveToken(window.document, token.id, None))
    window.document.select([("token", token.id)])  # off the map, chosen in the Tokens list
    assert line.text() == "not placed on the map"
