"""What the players' map layer leaves out: hidden zones and the borders the players may not
see (to a hidden or fogged zone). Kept as one set, updated per edit, so a tile of a 10k-zone
map filters its thousands of objects with one set difference instead of one question each."""

from __future__ import annotations

from collections.abc import Callable

from tabletop.document import MapDocument
from tabletop.document.changes import Change
from tabletop.model.kinds import Kind
from tabletop.rules.visibility import Fog, border_shown, zone_shown


class Unseen:
    def __init__(self, document: MapDocument, fog: Callable[[], Fog]) -> None:
        self.document, self.fog = document, fog
        self.keys: set[tuple[str, str]] = set()
        """Filled by rebuild(), which the scene calls when it builds itself."""

    def rebuild(self) -> None:
        """Every zone asked once; only the borders of the few hidden or fogged ones after it."""
        self.keys = set()
        fog = self.fog()
        for zone in self.document.map.zones:
            if not zone_shown(zone) or fog.zone_fogged(zone):
                self._zone(zone.id)

    def update(self, change: Change) -> None:
        if change.kind is Kind.ZONE:
            for zone_id in change.object_ids:
                self._zone(zone_id)
        elif change.kind is Kind.BORDER:
            for border_id in change.object_ids:
                self._border(border_id)

    def _zone(self, zone_id: str) -> None:
        key = (Kind.ZONE, zone_id)
        self.keys.discard(key)
        if not zone_shown(self.document.get(Kind.ZONE, zone_id)):
            self.keys.add(key)
        for border_id in self.document.layout.borders_at.get(zone_id, ()):
            self._border(border_id)

    def _border(self, border_id: str) -> None:
        key = (Kind.BORDER, border_id)
        self.keys.discard(key)
        border = self.document.get(Kind.BORDER, border_id)
        find_zone = self.document.get
        if border is not None and not border_shown(border, lambda z: find_zone(Kind.ZONE, z), self.fog()):
            self.keys.add(key)
