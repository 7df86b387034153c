"""What the players' map layer leaves out: hidden zones and the borders the players may not
see (to a hidden or fogged zone). Kept as one set, updated per edit, so a tile of a big
map filters its thousands of objects with one set difference instead of one question each."""

from __future__ import annotations

from collections.abc import Callable

from tabletop.document import MapDocument
from tabletop.document.changes import Change
from tabletop.model.kinds import Kind
from tabletop.rules.visibility import Fog, border_shown, zone_shown

REBUILD_SHARE = 50
"""A change of more than one object in this many of the map's zones and borders rebuilds the
set: asking one edited zone and its borders costs about what rebuilding costs for fifty objects."""


class Unseen:
    def __init__(self, document: MapDocument, fog: Callable[[], Fog]) -> None:
        self.document, self.fog = document, fog
        self.keys: set[tuple[str, str]] = set()
        """Filled by rebuild(), which the scene calls when it builds itself."""

    def rebuild(self) -> None:
        """Every zone asked once, then every border by its two zones' ids: what border_shown
        asks (both zones clear), read from one set instead of a zone lookup per border."""
        fog = self.fog()
        map_ = self.document.map
        clear = set()
        keys = set()
        for zone in map_.zones:
            if not zone_shown(zone):
                keys.add((Kind.ZONE, zone.id))
            elif not fog.zone_fogged(zone):
                clear.add(zone.id)
        keys.update((Kind.BORDER, b.id) for b in map_.borders if b.a not in clear or b.b not in clear)
        self.keys = keys

    def update(self, change: Change) -> None:
        """Object by object, or all again when the change is a large share of the map (Fog All
        on a big map asked every zone and its borders' ends one by one, for seconds)."""
        if change.kind not in (Kind.ZONE, Kind.BORDER):
            return
        map_ = self.document.map
        if len(change.object_ids) * REBUILD_SHARE > len(map_.zones) + len(map_.borders):
            self.rebuild()
        elif change.kind is Kind.ZONE:
            for zone_id in change.object_ids:
                self._zone(zone_id)
        else:
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
