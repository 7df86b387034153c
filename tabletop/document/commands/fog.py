"""Fog of war edits: reveal or fog zones and grid areas (a click, a drag of the Reveal tool,
Reveal All, Fog All), and a token move that reveals the zone or area it enters (and, with fog
by sight, every zone or area seen from there), all undoable. Fog is part of the map, so it is saved and
undone like any edit."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from PySide6.QtGui import QUndoCommand

from tabletop.document.commands.edits import MoveToken
from tabletop.document.commands.merge import MergeId
from tabletop.document.commands.refusal import obsolete_when_refused
from tabletop.document.map_document import MapDocument
from tabletop.document.sight import areas_seen, zones_seen
from tabletop.model import AreaLocation, EncounterGrid, Location, Token, Zone, ZoneLocation
from tabletop.model.grids import MAX_FOGGED
from tabletop.model.kinds import Kind
from tabletop.model.record import copies_with
from tabletop.rules.sight import SightRange
from tabletop.rules.visibility import Area, fogged_set, on_players_side, token_hidden


def grid_fogged_to(grid: EncounterGrid, areas: Iterable[Area], fogged: bool) -> EncounterGrid:
    """The grid with these areas fogged or revealed (areas off its tiles are left alone)."""
    have = dict.fromkeys(grid.fogged_areas)
    r0, c0, r1, c1 = grid.area_bounds()  # once: Fog All on 250x250 areas asked per area took seconds
    for area in areas:
        if not (r0 <= area[0] <= r1 and c0 <= area[1] <= c1):
            continue
        if fogged:
            have[tuple(area)] = None
        else:
            have.pop(tuple(area), None)
    if len(have) > MAX_FOGGED:  # the fog a trim cut off gives way, so the grid still loads
        have = {a: None for a in have if r0 <= a[0] <= r1 and c0 <= a[1] <= c1}
    return grid.model_copy(update={"fogged_areas": list(have)})


class SetFog(QUndoCommand):
    """Fog or reveal places as one undo step. The steps of one Reveal tool stroke (`stroke`
    above 0) merge, so undo takes back the whole drag."""

    def __init__(
        self,
        document: MapDocument,
        zone_ids: Iterable[str],
        areas: dict[str, Iterable[Area]] | None,
        fogged: bool,
        stroke: int = 0,
        text: str = "",
    ) -> None:
        self.document, self.fogged, self.stroke = document, fogged, stroke
        zones = [document.get(Kind.ZONE, z) for z in dict.fromkeys(zone_ids)]
        self.zones_before = {z.id: z for z in zones if z is not None and z.fogged != fogged}
        after = copies_with(list(self.zones_before.values()), "fogged", fogged)
        self.zones_after = dict(zip(self.zones_before, after, strict=True))
        self.grids_before: dict[str, EncounterGrid] = {}
        self.grids_after: dict[str, EncounterGrid] = {}
        for grid_id, wanted in (areas or {}).items():
            grid = document.get(Kind.GRID, grid_id)
            if grid is None:
                continue
            after = grid_fogged_to(grid, wanted, fogged)
            if after.fogged_areas != grid.fogged_areas:
                self.grids_before[grid_id], self.grids_after[grid_id] = grid, after
        super().__init__(text or self._words())

    @property
    def empty(self) -> bool:
        return not self.zones_after and not self.grids_after

    def _words(self) -> str:
        verb = "Fog" if self.fogged else "Reveal"
        if len(self.zones_after) == 1 and not self.grids_after:
            return f"{verb} {next(iter(self.zones_after.values())).label}"
        if self.grids_after and not self.zones_after:
            return f"{verb} areas of {', '.join(g.name or g.id for g in self.grids_after.values())}"
        n = len(self.zones_after)
        places = f"{n} zone{'s' if n != 1 else ''}" + (" and grid areas" if self.grids_after else "")
        return f"{verb} {places}"

    @obsolete_when_refused
    def redo(self) -> None:
        self._put(self.zones_after, self.grids_after)

    def undo(self) -> None:
        self._put(self.zones_before, self.grids_before)

    def _put(self, zones: dict[str, Zone], grids: dict[str, EncounterGrid]) -> None:
        if zones:
            self.document.put_many(Kind.ZONE, list(zones.values()))
        if grids:
            self.document.put_many(Kind.GRID, list(grids.values()))

    def id(self) -> int:
        return MergeId.FOG if self.stroke else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SetFog) or other.stroke != self.stroke or other.fogged != self.fogged:
            return False
        for mine, theirs in ((self.zones_before, other.zones_before), (self.grids_before, other.grids_before)):
            for key, before in theirs.items():
                mine.setdefault(key, before)
        self.zones_after.update(other.zones_after)
        self.grids_after.update(other.grids_after)
        self.setText(self._words())
        return True


def opens_sight(command: object) -> bool:
    """Whether a step may let sight through where it went nowhere (a door opened, a window
    made, a wall taken out, a hidden zone shown): read from the step's before and after, and
    from those of a batch's parts, before it is done."""
    for kind, before, after in _edits(command):
        if after is None:
            continue
        if kind == Kind.BORDER and not after.blocks_sight and (before is None or before.blocks_sight):
            return True
        if kind == Kind.ZONE and before is not None and before.hidden and not after.hidden:
            return True
    return False


def _edits(command: object) -> Iterator[tuple[object, object, object]]:
    """Each object a step edits, as its kind, before and after: the step's own, then its parts'."""
    for part in [command, *getattr(command, "parts", ())]:
        yield getattr(part, "kind", None), getattr(part, "before", None), getattr(part, "after", None)


def moved_tokens(command: object) -> list[Token]:
    """The tokens a step moves (a play step's moves among its parts), as they stand after it:
    read from the step's before and after, before it is done."""
    moved = []
    for kind, before, after in _edits(command):
        placed = kind == Kind.TOKEN and after is not None and after.location is not None
        if placed and (before is None or before.location != after.location):
            moved.append(after)
    return moved


def fog_everything(document: MapDocument, fogged: bool) -> SetFog | None:
    """Reveal All or Fog All: every zone and every area of every grid; None when nothing changes."""
    map_ = document.map
    areas = {g.id: _all_areas(g) for g in map_.grids}
    command = SetFog(document, [z.id for z in map_.zones], areas, fogged, text="Fog All" if fogged else "Reveal All")
    return None if command.empty else command


def _all_areas(grid: EncounterGrid) -> list[Area]:
    r0, c0, r1, c1 = grid.area_bounds()
    return [(r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]


class MoveRevealing(MoveToken):
    """A token move that also reveals the fogged zone or grid area it enters when the token is
    on the players' side: one undo step for the move and the reveal (and for a whole drag).
    With `sight` (a range: fog by sight), a token the players see also reveals every zone or
    grid area it sees from there (rules/sight.py, rules/grid_sight.py): only what this token
    sees is asked, never the whole map."""

    def __init__(
        self,
        document: MapDocument,
        token_id: str,
        location: Location | None,
        drag: int = 0,
        players_side: str = "",
        sight: int | SightRange | None = None,
    ) -> None:
        super().__init__(document, token_id, location, drag)
        self.revealed: dict[str, Zone] = {}
        self.grids_before: dict[str, EncounterGrid] = {}
        self.grids_after: dict[str, EncounterGrid] = {}
        if not on_players_side(self.before, players_side):
            return
        if isinstance(location, ZoneLocation):
            zone = document.get(Kind.ZONE, location.zone)
            if zone is not None and zone.fogged:
                self.revealed[zone.id] = zone
            if sight is not None and not token_hidden(self.before):
                self._reveal_seen(location.zone, sight)
        elif isinstance(location, AreaLocation):
            grid = document.get(Kind.GRID, location.grid)
            area = (location.row, location.col)
            if grid is None or not grid.fogged_areas:  # nothing left to lift: no sight asked
                return
            lifted = [area]
            if sight is not None and not token_hidden(self.before):
                lifted = areas_seen(document, grid.id, [area], sight) | {area}
            fogged = fogged_set(grid)
            if any(tuple(a) in fogged for a in lifted):
                self.grids_before[grid.id] = grid
                self.grids_after[grid.id] = grid_fogged_to(grid, lifted, False)

    def _reveal_seen(self, zone_id: str, reach: int | SightRange) -> None:
        get = self.document.get
        for seen_id in zones_seen(self.document, [zone_id], reach):
            zone = get(Kind.ZONE, seen_id)
            if zone.fogged:
                self.revealed.setdefault(seen_id, zone)

    @obsolete_when_refused
    def redo(self) -> None:
        super().redo()
        if self.revealed:
            self.document.put_many(Kind.ZONE, copies_with(list(self.revealed.values()), "fogged", False))
        if self.grids_after:
            self.document.put_many(Kind.GRID, list(self.grids_after.values()))

    def undo(self) -> None:
        if self.grids_before:
            self.document.put_many(Kind.GRID, list(self.grids_before.values()))
        if self.revealed:
            self.document.put_many(Kind.ZONE, list(self.revealed.values()))
        super().undo()

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not super().mergeWith(other):
            return False
        for zone_id, zone in getattr(other, "revealed", {}).items():
            self.revealed.setdefault(zone_id, zone)
        for grid_id, grid in getattr(other, "grids_before", {}).items():
            self.grids_before.setdefault(grid_id, grid)
        self.grids_after.update(getattr(other, "grids_after", {}))
        self.setObsolete(self.after == self.before and not self.revealed and not self.grids_after)
        return True
