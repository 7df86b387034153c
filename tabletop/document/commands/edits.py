"""The edits a GM makes: add, change, move and remove map objects, and the map's own text."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QUndoCommand

from tabletop.document.commands.put import PutCommand
from tabletop.document.map_document import MapDocument
from tabletop.model import AreaLocation, Location, ZoneLocation

MOVE_TOKEN_ID = 1001


class AddObject(PutCommand):
    def __init__(self, document: MapDocument, kind: str, obj: Any) -> None:
        super().__init__(document, kind, None, obj, f"Add {kind} {getattr(obj, 'label', obj.id)}")


class EditObject(PutCommand):
    """Change one object. Edits of the same field of the same object in a row merge (typing
    a name, dragging a vertex), so undo takes back the whole gesture."""

    def __init__(self, document: MapDocument, kind: str, after: Any, what: str = "", merge: str = "") -> None:
        before = document.get(kind, after.id)
        super().__init__(document, kind, before, after, f"Change {kind} {what}".strip())
        self.merge = merge

    def id(self) -> int:
        return 1000 if self.merge else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, EditObject) or (other.kind, other.after.id, other.merge) != (
            self.kind,
            self.after.id,
            self.merge,
        ):
            return False
        self.after = other.after
        return True


class MoveToken(PutCommand):
    """Move a token to a zone or grid area. Every step of one drag merges into one undo step."""

    def __init__(self, document: MapDocument, token_id: str, location: Location | None, drag: int = 0) -> None:
        before = document.get("token", token_id)
        after = before.model_copy(update={"location": location})
        where = (
            location.zone
            if isinstance(location, ZoneLocation)
            else (f"{location.row},{location.col}" if isinstance(location, AreaLocation) else "off the map")
        )
        super().__init__(document, "token", before, after, f"Move {before.label} to {where}")
        self.drag = drag

    def id(self) -> int:
        return MOVE_TOKEN_ID if self.drag else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, MoveToken) or other.drag != self.drag or other.after.id != self.after.id:
            return False
        self.after = other.after
        self.setText(other.text())
        return True


class RemoveObject(PutCommand):
    def __init__(self, document: MapDocument, kind: str, object_id: str) -> None:
        before = document.get(kind, object_id)
        super().__init__(document, kind, before, None, f"Remove {kind} {getattr(before, 'label', object_id)}")


class RemoveZone(QUndoCommand):
    """Remove a zone with the borders that touch it and the tokens standing in it.

    The parts are plain Python objects run in order (and undone in reverse), not Qt child
    commands: a child owned both by its Qt parent and by a Python list is freed twice.
    """

    def __init__(self, document: MapDocument, zone_id: str) -> None:
        zone = document.get("zone", zone_id)
        super().__init__(f"Remove zone {zone.label}")
        self.parts = [RemoveObject(document, "border", border.id) for border in document.borders_of(zone_id)]
        self.parts += [
            RemoveObject(document, "token", token.id)
            for token in document.map.tokens
            if isinstance(token.location, ZoneLocation) and token.location.zone == zone_id
        ]
        self.parts.append(RemoveObject(document, "zone", zone_id))

    def redo(self) -> None:
        for part in self.parts:
            part.redo()

    def undo(self) -> None:
        for part in reversed(self.parts):
            part.undo()


class EditMap(QUndoCommand):
    """Change the map's title and notes."""

    def __init__(self, document: MapDocument, title: str, notes: str) -> None:
        super().__init__("Change map title and notes")
        self.document = document
        self.before = (document.map.title, document.map.notes)
        self.after = (title, notes)

    def redo(self) -> None:
        self.document.set_meta(*self.after)

    def undo(self) -> None:
        self.document.set_meta(*self.before)
