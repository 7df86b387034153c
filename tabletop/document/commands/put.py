"""The one mechanism behind every edit: put an object (add or replace) or drop it, and back.

Because the document notifies, a command is only its before and after state.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QUndoCommand

from tabletop.document.commands.merge import MergeId
from tabletop.document.commands.refusal import obsolete_when_refused
from tabletop.document.map_document import MapDocument
from tabletop.model.kinds import Kind


class PutCommand(QUndoCommand):
    """Replace `before` by `after` (either may be None: an add or a removal)."""

    def __init__(
        self,
        document: MapDocument,
        kind: str,
        before: Any | None,
        after: Any | None,
        text: str,
    ) -> None:
        super().__init__(text)
        self.document, self.kind = document, Kind(kind)
        self.before, self.after = before, after
        self.position: int | None = None

    @obsolete_when_refused
    def redo(self) -> None:
        self._apply(self.before, self.after)

    def undo(self) -> None:
        self._apply(self.after, self.before)

    def _apply(self, old: Any | None, new: Any | None) -> None:
        if new is not None:
            self.document.put(self.kind, new, position=self.position)
        elif old is not None:
            self.position = self.document.drop(self.kind, old.id)


class AddMany(QUndoCommand):
    """Add many objects of one kind as one change (and take them away again on undo)."""

    def __init__(self, document: MapDocument, kind: str, objs: list[Any], text: str) -> None:
        super().__init__(text)
        self.document, self.kind, self.objs = document, Kind(kind), list(objs)
        self.positions: list[int] | None = None

    @obsolete_when_refused
    def redo(self) -> None:
        self.document.put_many(self.kind, self.objs, self.positions)

    def undo(self) -> None:
        self.positions = self.document.drop_many(self.kind, [obj.id for obj in self.objs])


class EditMany(QUndoCommand):
    """Change many objects of one kind as one change (hide 2000 zones at once): the views
    hear of it once, not once per object. Changes of the same objects under one `merge` key
    in a row (the steps of one drag) merge, so undo takes back the whole gesture."""

    def __init__(self, document: MapDocument, kind: str, afters: list[Any], text: str, merge: str = "") -> None:
        super().__init__(text)
        self.document, self.kind = document, Kind(kind)
        self.befores = [document.get(kind, obj.id) for obj in afters]
        self.afters = list(afters)
        self.merge = merge

    def id(self) -> int:
        return MergeId.EDIT_MANY if self.merge else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, EditMany) or (other.kind, other.merge) != (self.kind, self.merge):
            return False
        if [obj.id for obj in other.afters] != [obj.id for obj in self.afters]:
            return False
        self.afters = other.afters
        return True

    @obsolete_when_refused
    def redo(self) -> None:
        self.document.put_many(self.kind, self.afters)

    def undo(self) -> None:
        self.document.put_many(self.kind, self.befores)


class RemoveMany(QUndoCommand):
    """Remove many objects of one kind as one change (a selection of a thousand zones), and
    put them back where they stood on undo."""

    def __init__(self, document: MapDocument, kind: str, object_ids: list[str]) -> None:
        super().__init__("")
        self.document, self.kind = document, Kind(kind)
        self.objs = [document.get(kind, object_id) for object_id in object_ids]
        self.positions: list[int] = []

    @obsolete_when_refused
    def redo(self) -> None:
        self.positions = self.document.drop_many(self.kind, [obj.id for obj in self.objs])

    def undo(self) -> None:
        self.document.put_many(self.kind, self.objs, self.positions)
