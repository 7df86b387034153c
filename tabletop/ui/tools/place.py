"""Placing tokens: click in a zone or on a grid area to drop a new token there."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QMouseEvent

from tabletop.document.commands import AddObject
from tabletop.model import AreaLocation, Token, ZoneLocation
from tabletop.rules.sides import side_colour
from tabletop.ui.tools.base import Tool
from tabletop.ui.tools.names import TOOL_WORDS


class TokenTool(Tool):
    shortcut = "T"
    name, status = TOOL_WORDS[shortcut]

    def __init__(self, document, scene, view, say) -> None:
        super().__init__(document, scene, view, say)
        self.side = "players"
        """The side of the last token placed: a GM places a band, then its foes, in runs."""

    def _side_and_colour(self, number: str) -> tuple[str, str]:
        """A new token joins the side of the token selected (else of the last one placed) and
        wears that side's colour (rules/sides.py), so the raiders placed one after another are
        raiders."""
        chosen = [self.document.get("token", i) for k, i in self.document.selection if k == "token"]
        side = chosen[0].side if chosen and chosen[0] is not None else self.side
        return side, side_colour(self.document.map.tokens, side, int(number) if number.isdigit() else 1)

    def press(self, event: QMouseEvent, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        area = self.document.area_at(pos.x(), pos.y())
        zone_id = None if area else self.document.zone_at(pos.x(), pos.y())
        if area is None and zone_id is None:
            return True
        where = AreaLocation(grid=area[0], row=area[1][0], col=area[1][1]) if area else ZoneLocation(zone=zone_id)
        token_id = self.document.new_id("token", "token")
        number = token_id.split("-")[-1]
        side, colour = self._side_and_colour(number)
        self.side = side
        token = Token(id=token_id, name=f"Token {number}", side=side, colour=colour, location=where)
        self.document.undo_stack.push(AddObject(self.document, "token", token))
        self.document.select([("token", token_id)])
        return True
