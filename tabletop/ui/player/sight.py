"""Fog by sight on the players' window: the zones the players have seen and do not see now,
shaded over the map (their names and fills still read through), under the tokens and marks.
The fog itself stays the map's: a zone out of sight is never fogged again."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem

from tabletop.document import MapDocument
from tabletop.model.kinds import Kind
from tabletop.render.fog_paint import OUT_OF_SIGHT
from tabletop.render.paint import fog_path
from tabletop.rules.sight import seers, zones_in_sight
from tabletop.rules.visibility import Fog, zone_shown

SHADE_Z = 1.0
"""Over the map layer (zones, names, borders), under the turn mark (2.5) and the tokens (3)."""


class PartySight:
    """What the players' tokens see now, worked out from the document's indexes once per edit
    (the document's revision) and only when asked."""

    def __init__(self, document: MapDocument, players_side: Callable[[], str], reach: Callable[[], int]) -> None:
        self.document, self.players_side, self.reach = document, players_side, reach
        self._held: tuple[tuple, frozenset[str]] | None = None

    def __call__(self) -> frozenset[str]:
        key = (self.document.revision, self.players_side(), self.reach())
        if self._held is None or self._held[0] != key:
            get = self.document.get
            seen = zones_in_sight(
                seers(self.document.map.tokens, key[1]),
                self.document.layout.borders_at,
                lambda b: get(Kind.BORDER, b),
                lambda z: get(Kind.ZONE, z),
                key[2],
            )
            self._held = (key, frozenset(seen))
        return self._held[1]


class SightShade(QGraphicsPathItem):
    """The shade over the zones out of the players' sight (dimmed, not fogged)."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(SHADE_Z)
        self.setPen(QPen(OUT_OF_SIGHT.darker(), 0))
        self.setBrush(OUT_OF_SIGHT)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.dimmed: frozenset[str] = frozenset()

    def follow(self, document: MapDocument, fog: Fog) -> None:
        """Shade the zones this fog dims; nothing when it dims none (fog by sight off)."""
        zones = [zone for zone in document.map.zones if zone_shown(zone) and fog.zone_dimmed(zone)]
        dimmed = frozenset(zone.id for zone in zones)
        if dimmed == self.dimmed:
            return
        self.dimmed = dimmed
        self.setPath(fog_path(document.layout, zones) if zones else QPainterPath())
