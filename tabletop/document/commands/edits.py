"""The edits a GM makes: add, change, move and remove map objects, and the map's own text and
settings. Each says what it did in the GM's words, as the Edit menu shows it ("Undo Move Gatto
to Loading Bay")."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from PySide6.QtGui import QUndoCommand

from tabletop.document.commands.batch import Batch
from tabletop.document.commands.merge import MergeId
from tabletop.document.commands.put import PutCommand, RemoveMany
from tabletop.document.commands.refusal import obsolete_when_refused
from tabletop.document.map_document import MapDocument
from tabletop.model import AreaLocation, Location, ZoneLocation
from tabletop.model.kinds import KIND_OF, Key, Kind, kind_runs
from tabletop.rules.area_names import area_words
from tabletop.rules.names import BORDER_DASH
from tabletop.rules.play import leave


def named(document: MapDocument, kind: str, obj: Any) -> str:
    """An object as the GM knows it: "zone Cellar", "border Cellar – Stairs", "grid Creek" (the
    object as given, which may not be in the document yet)."""
    if kind == Kind.BORDER and not obj.label:
        return "border " + BORDER_DASH.join(document.label(Kind.ZONE, end) for end in (obj.a, obj.b))
    name = getattr(obj, "label", None) or getattr(obj, "name", "") or obj.id
    return f"{kind} {name}"


def place_name(document: MapDocument, location: Location | None) -> str:
    """Where a token stands, in words: a zone's name, or an area of a grid as the grid names it
    ("area C5 of The creek")."""
    if isinstance(location, ZoneLocation):
        return document.label(Kind.ZONE, location.zone)
    if isinstance(location, AreaLocation):
        grid = document.get(Kind.GRID, location.grid)
        if grid is None:
            return f"an area of grid {location.grid}"
        on = f" of {grid.name}" if grid.name else ""
        return f"{area_words(grid, location.row, location.col)}{on}"
    return "off the map"


class AddObject(PutCommand):
    def __init__(self, document: MapDocument, kind: str, obj: Any) -> None:
        super().__init__(document, kind, None, obj, f"Add {named(document, kind, obj)}")


class EditObject(PutCommand):
    """Change one object. Edits of the same field of the same object in a row merge (typing
    a name, dragging a vertex), so undo takes back the whole gesture."""

    def __init__(
        self, document: MapDocument, kind: str, after: Any, what: str = "", merge: str = "", text: str = ""
    ) -> None:
        before = document.get(kind, after.id)
        label = named(document, kind, before)
        super().__init__(document, kind, before, after, text or f"Change {what + ' of ' if what else ''}{label}")
        self.merge = merge

    def id(self) -> int:
        return MergeId.EDIT if self.merge else -1

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
        before = document.get(Kind.TOKEN, token_id)
        after = before.model_copy(update={"location": location})
        text = f"Move {before.label} to {place_name(document, location)}"
        if location is None:
            text = f"Move {before.label} off the map"
        super().__init__(document, Kind.TOKEN, before, after, text)
        self.drag = drag

    def id(self) -> int:
        return MergeId.MOVE_TOKEN if self.drag else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, MoveToken) or other.drag != self.drag or other.after.id != self.after.id:
            return False
        self.after = other.after
        self.setText(other.text())
        self.setObsolete(self.after == self.before)  # dropped where it started: not an edit
        return True


def _counted(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


BULK_ZONES = 1000
"""Past this many zones removed, the borders touching them are found in one pass over the
map's borders (asked zone by zone, a whole big map's took far longer)."""


def removal_parts(document: MapDocument, keys: list[tuple[str, str]]) -> list[RemoveMany]:
    """The removals that take these objects off the map with everything standing on them:
    a zone's borders and tokens, a grid's tokens. One part per kind, tokens first, then
    borders, then zones and grids, each object once: a thousand zones are four changes."""
    return _removal(document, keys)[0]


def _removal(document: MapDocument, keys: list[tuple[str, str]]) -> tuple[list[RemoveMany], list[Key]]:
    """(removal_parts, the keys of the objects on the map, in their order): each asked once."""
    wanted: dict[Kind, dict[str, None]] = {kind: {} for kind in (Kind.TOKEN, Kind.BORDER, Kind.ZONE, Kind.GRID)}
    normal = [(KIND_OF.get(kind) or Kind(kind), object_id) for kind, object_id in keys]
    chosen: list[Key] = [key for key, obj in zip(normal, document.get_many(normal), strict=True) if obj is not None]
    zones, held = wanted[Kind.ZONE], document.integrity.tokens_on
    bulk = sum(1 for kind, _ in normal if kind is Kind.ZONE) > BULK_ZONES
    for kind, ids in kind_runs(chosen):  # a run of one kind at a time, in order
        if kind in (Kind.ZONE, Kind.GRID) and held:  # the tokens standing there, place by place
            for object_id in ids:
                if (kind, object_id) in held:
                    wanted[Kind.TOKEN].update(dict.fromkeys(document.tokens_on(kind, object_id)))
        if kind is Kind.ZONE and not bulk:
            for object_id in ids:
                wanted[Kind.BORDER].update(dict.fromkeys(b.id for b in document.borders_of(object_id)))
        wanted[kind].update(dict.fromkeys(ids))
    if bulk:
        wanted[Kind.BORDER].update(dict.fromkeys(document.borders_touching_all(zones)))
    return [RemoveMany(document, kind, list(ids)) for kind, ids in wanted.items() if ids], chosen


class LeaveConflict:
    """A batch part: removed tokens leave the conflict first (a token taking part cannot be
    removed), and removed grids take their encounter starts with them, so removing a fighter or
    a grid mid-conflict is still one undo step."""

    def __init__(self, document: MapDocument, gone: set[str], grids_gone: Collection[str] = ()) -> None:
        self.document, self.before = document, document.map.conflict
        self.after = leave(self.before, gone, grids_gone)  # the last one leaving ends it

    @obsolete_when_refused
    def redo(self) -> None:
        self.document.set_conflict(self.after)

    def undo(self) -> None:
        self.document.set_conflict(self.before)


def remove(document: MapDocument, keys: list[tuple[str, str]]) -> Batch | None:
    """One undo step removing these objects and what stands on them; None when nothing is left."""
    parts, chosen = _removal(document, keys)
    if not parts:
        return None
    conflict = document.map.conflict
    gone = {obj.id for p in parts if p.kind is Kind.TOKEN for obj in p.objs}
    grids_gone = {obj.id for p in parts if p.kind is Kind.GRID for obj in p.objs}
    touched = conflict and (
        gone & {p.token for p in conflict.participants} or grids_gone & {s.grid for s in conflict.grids_at_start}
    )
    leave = [LeaveConflict(document, gone, grids_gone)] if touched else []
    if len(chosen) == 1:
        kind, object_id = chosen[0]
        what = named(document, kind, document.get(kind, object_id))
        tokens = sum(len(p.objs) for p in parts if p.kind is Kind.TOKEN and kind is not Kind.TOKEN)
        borders = sum(len(p.objs) for p in parts if p.kind is Kind.BORDER and kind is not Kind.BORDER)
        extra = [_counted(borders, "border")] if borders else []
        extra += [_counted(tokens, "token")] if tokens else []
        if extra:
            what += " with " + " and ".join(extra)
        return Batch(f"Remove {what}{_ends(leave)}", [*leave, *parts])
    return Batch(f"Delete {_counted(len(chosen), 'object')}{_ends(leave)}", [*leave, *parts])


def _ends(leave: list[LeaveConflict]) -> str:
    """The Edit menu says when a removal ends the conflict (nobody left to act)."""
    ends = leave and leave[0].before.ended is None and leave[0].after.ended is not None
    return "; the conflict ends" if ends else ""


def remove_zone(document: MapDocument, zone_id: str) -> Batch:
    """Remove a zone with the borders that touch it and the tokens standing in it."""
    return remove(document, [(Kind.ZONE, zone_id)])


def remove_grid(document: MapDocument, grid_id: str) -> Batch:
    """Remove an encounter grid with the tokens standing on it."""
    return remove(document, [(Kind.GRID, grid_id)])


class EditMap(QUndoCommand):
    """Change the map's title and notes."""

    def __init__(self, document: MapDocument, title: str, notes: str) -> None:
        super().__init__("Change map title and notes")
        self.document = document
        self.before = (document.map.title, document.map.notes)
        self.after = (title, notes)

    def id(self) -> int:
        return MergeId.EDIT_MAP

    def mergeWith(self, other: QUndoCommand) -> bool:
        """Typing a title or notes is one step, as typing a zone's name is."""
        if not isinstance(other, EditMap):
            return False
        self.after = other.after
        self.setObsolete(self.after == self.before)
        return True

    @obsolete_when_refused
    def redo(self) -> None:
        self.document.set_meta(title=self.after[0], notes=self.after[1])

    def undo(self) -> None:
        self.document.set_meta(title=self.before[0], notes=self.before[1])


class SetLatticeStep(QUndoCommand):
    """Choose the map's lattice step. Steps taken one after another in the toolbar's box (its
    arrows held: one `run`) are one undo step; each choice from the dialog is one of its own."""

    def __init__(self, document: MapDocument, step: float, *, stepping: bool = False, run: int = 0) -> None:
        super().__init__()
        self.document, self.before, self.after, self.stepping = document, document.map.lattice_step, step, stepping
        self.run = run
        self._name()

    def _name(self) -> None:
        self.setText(f"Set the lattice step to {self.after:g}")

    def id(self) -> int:
        return MergeId.LATTICE_STEP if self.stepping else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SetLatticeStep) or not other.stepping or other.run != self.run:
            return False
        self.after = other.after
        self._name()
        self.setObsolete(self.after == self.before)
        return True

    @obsolete_when_refused
    def redo(self) -> None:
        self.document.set_meta(lattice_step=self.after)

    def undo(self) -> None:
        self.document.set_meta(lattice_step=self.before)


class SetBackground(QUndoCommand):
    """Set, move, rescale or remove the picture the GM traces zones over."""

    def __init__(self, document: MapDocument, background) -> None:
        super().__init__("Remove the background picture" if background is None else "Set the background picture")
        self.document, self.before, self.after = document, document.map.background, background

    @obsolete_when_refused
    def redo(self) -> None:
        self.document.set_background(self.after)

    def undo(self) -> None:
        self.document.set_background(self.before)
