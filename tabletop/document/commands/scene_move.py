"""Tokens moved from the scene the GM edits to another scene of the session (the party leaves the
road for the ambush): one undo step that changes both scenes together, and undone puts both back.

The step lives on the edited scene's undo stack. The other scene is reached through a document
the session hands over each time (the players' document when the other scene is live, so their
window follows; else one made over that scene's map for the step), so its map changes through a
document's checks as any edit does."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QUndoCommand

from tabletop.document.commands.refusal import obsolete_when_refused
from tabletop.document.integrity import IntegrityError
from tabletop.document.map_document import MapDocument
from tabletop.model import TILE_AREAS, AreaLocation, Token, ZoneLocation
from tabletop.model.kinds import Kind


class MoveToScene(QUndoCommand):
    """`token_ids` taken off the document's map and put on the scene `other()` reaches. Each keeps
    its place where that scene has the same zone or grid area, else it waits off the map for the
    GM to place it; an id the other scene uses already is made new there."""

    def __init__(
        self, document: MapDocument, token_ids: list[str], other: Callable[[], MapDocument], scene_name: str
    ) -> None:
        count = len(token_ids)
        super().__init__(f"Move {count} token{'' if count == 1 else 's'} to {scene_name}")
        self.document, self.other = document, other
        playing = {p.token for p in document.map.conflict.participants} if document.map.conflict else set()
        if playing & set(token_ids):
            raise IntegrityError("a token in the conflict cannot leave the scene until the conflict ends")
        self.tokens: list[Token] = [document.get(Kind.TOKEN, token_id) for token_id in token_ids]
        self.arrived = _arrivals(self.tokens, other())
        self.positions: list[int] | None = None

    @obsolete_when_refused
    def redo(self) -> None:
        other = self.other()
        other.put_many(Kind.TOKEN, self.arrived)
        try:
            self.positions = self.document.drop_many(Kind.TOKEN, [t.id for t in self.tokens])
        except IntegrityError:
            other.drop_many(Kind.TOKEN, [t.id for t in self.arrived])  # both scenes as they were
            raise

    def undo(self) -> None:
        self.other().drop_many(Kind.TOKEN, [t.id for t in self.arrived])
        self.document.put_many(Kind.TOKEN, self.tokens, self.positions)


def _arrivals(tokens: list[Token], other: MapDocument) -> list[Token]:
    """The tokens as they stand on the other scene: their place if it has it, ids of their own."""
    taken = {t.id for t in other.map.tokens}
    zones = {z.id for z in other.map.zones}
    areas = {g.id: g for g in other.map.grids}
    arrived = []
    for token in tokens:
        location = token.location
        if isinstance(location, ZoneLocation) and location.zone not in zones:
            location = None
        elif isinstance(location, AreaLocation):
            grid = areas.get(location.grid)
            if grid is None or not _has_area(grid, location):
                location = None
        token_id = token.id
        n = 2
        while token_id in taken:
            token_id, n = f"{token.id}-{n}", n + 1
        taken.add(token_id)
        arrived.append(token.model_copy(update={"id": token_id, "location": location}))
    return arrived


def _has_area(grid, location: AreaLocation) -> bool:
    """Whether the grid holds the area: one of its tiles covers it (a grid of another shape may not)."""
    tile = (location.row // TILE_AREAS, location.col // TILE_AREAS)
    return any((t.row, t.col) == tile for t in grid.tiles)
