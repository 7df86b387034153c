"""The status bar's lines: the tool's hint, and where the mouse rests (the zone's name, its
place, the grid area by its name, C5, and the range to it from the one selected token, as a GM
asks at the table), and the zoom."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QTimer
from PySide6.QtWidgets import QStatusBar

from tabletop.heap import collector_paused
from tabletop.ui.plain import plain_label

if TYPE_CHECKING:  # the labels are in the empty window's first frame, before the model is loaded
    from tabletop.document import MapDocument
    from tabletop.ui.view import MapView

RANGE_WAITS_FROM = 5_000
"""Zones from which the range on the hover line waits for the zone graph, built a slice an event
(below this the whole graph is built quicker than a GM notices)."""


class StatusLine:
    """The labels in the window's status bar, kept current from the view and the document."""

    def __init__(self, status: QStatusBar, view: MapView) -> None:
        self.document: MapDocument | None = None
        """The map the hover line names what is in: told by `follow`, after the first frame."""
        self.view = view
        self.tool_hint = plain_label()
        status.addWidget(self.tool_hint, 1)  # under passing messages, back when they clear
        self.hover_label = plain_label()  # names a zone and a token
        self.zoom_label = plain_label()
        status.addPermanentWidget(self.hover_label)
        status.addPermanentWidget(self.zoom_label)
        self._hover_at: QPointF | None = None
        self._ranges: tuple[object, object] = (None, None)
        view.zoomed.connect(lambda s: self.zoom_label.setText(f"{s * 100:.0f}%"))

    def follow(self, document: MapDocument) -> None:
        """Name what lies under the mouse on this document's map, kept current with it."""
        self.document = document
        self.view.hovered.connect(self._hovered)
        self.view.left.connect(self._left)
        for signal in (document.selectionChanged, document.edited, document.reset):
            signal.connect(self._hover_again)

    def _hovered(self, pos: QPointF) -> None:
        from tabletop.rules.area_names import area_name  # deferred: the rules, after the first frame

        self._hover_at = QPointF(pos)
        text = f"{pos.x():.0f}, {pos.y():.0f}"
        zone_id = self.document.zone_at(pos.x(), pos.y())
        if zone_id:
            text = f"{self.document.get('zone', zone_id).label}   {text}"
            text += self._range_note(zone_id)
        area = self.document.area_at(pos.x(), pos.y())
        if area:
            grid_id, (row, col) = area
            text = f"area {area_name(self.document.get('grid', grid_id), row, col)}   {text}"
        self.hover_label.setText(text)

    def _left(self) -> None:
        """The mouse left the map: the hover line no longer names what was under it."""
        self._hover_at = None
        self.hover_label.clear()

    def _hover_again(self, *_) -> None:
        """The hover line names what is under the resting mouse now: a new selection or an
        edit (a token moved by undo) changes the range it shows without a mouse move."""
        if self._hover_at is not None:
            self._hovered(self._hover_at)

    def _range_note(self, zone_id: str) -> str:
        """Range from the selected token to the hovered zone, as the GM asks at the table."""
        from tabletop.model import ZoneLocation  # deferred: the model, after the first frame

        tokens = [i for k, i in self.document.selection if k == "token"]
        if len(tokens) != 1:
            return ""
        token = self.document.get("token", tokens[0])
        if not isinstance(token.location, ZoneLocation):
            return ""
        key = (self.document.revision, token.location.zone)
        if self._ranges[0] != key and not self._graph_ready():
            return f"   range from {token.label}: working it out…"
        if self._ranges[0] != key:  # one search per token and edit, not per mouse move
            from tabletop.rules.ranges import range_field  # deferred: numpy, loaded for the first range asked

            self._ranges = (key, range_field(self.document.graph(), token.location.zone))
        found = self._ranges[1][zone_id]
        return f"   range from {token.label}: {'out of reach' if found is None else found}"

    def _graph_ready(self) -> bool:
        """Whether the zone graph is whole for a range; on a big map, if not, one slice of it is
        built and the hover line asked again after the next events. Asked whole at once, it held
        the window for seconds when a token was selected on a big map just opened."""
        graph = self.document.graph()
        if graph.prepared or len(self.document.map.zones) < RANGE_WAITS_FROM:
            return True
        with collector_paused():  # what it builds is kept
            graph.prepare_step()
        QTimer.singleShot(0, self.hover_label, self._hover_again)
        return False
