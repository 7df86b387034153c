"""Edit ▸ Copy, Cut, Paste and Duplicate: zones with the borders among them, tokens and grids,
through the system clipboard as the map format, within a map and across maps (and Tabletops).

What is pasted is read as carefully as a map file, and lands under the cursor when it is on the
map, else where it was copied from (one lattice step across and down when that spot is taken by
the copied objects themselves). One undo step each; the pasted objects are selected."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING

from pydantic import TypeAdapter, ValidationError
from PySide6.QtCore import QMimeData
from PySide6.QtGui import QCursor, QGuiApplication

from tabletop.document.commands import AddMany, Batch, remove
from tabletop.document.commands.growth import SetTileSets
from tabletop.document.fragments import Homes, Placed, piece_box, piece_of, placed
from tabletop.io import MapFileError, map_from_bytes, map_to_text
from tabletop.io.read import parse_json
from tabletop.model import Map
from tabletop.model.kinds import Kind
from tabletop.model.tokens import Location

if TYPE_CHECKING:
    from tabletop.document import MapDocument
    from tabletop.ui.view import MapView

MIME = "application/x-tabletop-map"
"""The clipboard's own format: the map file's bytes (plain text is offered beside it)."""
HOMES_MIME = "application/x-tabletop-homes"
"""Beside it, where the copied tokens stood whose zone or grid was not copied (fragments.Homes)."""
HOMES_BYTES = 2**20
LOCATION = TypeAdapter(Location)
SHIFT_STEPS = 2
"""A piece pasted or duplicated where it already stands moves this many lattice steps across and down."""


class Clipboard:
    """Copy, Cut, Paste and Duplicate for one document in one view; `say` shows a line in the
    status bar."""

    def __init__(self, document: MapDocument, view: MapView, say: Callable[[str], None]) -> None:
        self.document, self.view, self.say = document, view, say

    def copy(self) -> bool:
        """The selection onto the clipboard; False (and a word why) when nothing there copies."""
        found = piece_of(self.document.map, self.document.selection)
        if found is None:
            self.say("Select zones, tokens or grids to copy")
            return False
        piece, homes = found
        text = map_to_text(piece)
        data = QMimeData()
        data.setData(MIME, text.encode("utf-8"))
        data.setData(HOMES_MIME, json.dumps({i: where.model_dump() for i, where in homes.items()}).encode("utf-8"))
        data.setText(text)
        QGuiApplication.clipboard().setMimeData(data)
        self.say(f"Copied {_counted(piece)}")
        return True

    def cut(self) -> None:
        if self.document.map_locked:
            self.say("The map is locked while you play: nothing is cut (Edit ▸ Lock Map)")
            return
        if self.copy():
            command = remove(self.document, list(self.document.selection))
            if command is not None:
                command.setText(command.text().replace("Remove", "Cut", 1).replace("Delete", "Cut", 1))
                self.document.undo_stack.push(command)

    def paste(self) -> None:
        """What the clipboard holds, if it is a piece of a map, onto this map."""
        data = QGuiApplication.clipboard().mimeData()
        raw = bytes(data.data(MIME)) if data is not None and data.hasFormat(MIME) else None
        if raw is None and data is not None and data.hasText():
            raw = data.text().encode("utf-8")
        if not raw or not raw.lstrip().startswith(b"{"):
            self.say("The clipboard holds no zones, tokens or grids to paste")
            return
        try:
            piece = map_from_bytes(raw, "the clipboard")
        except MapFileError as error:
            self.say(f"Nothing pasted: {error}")
            return
        self._put(piece, _homes(data), self._where(piece), "Paste")

    def duplicate(self) -> None:
        """The selection again, beside itself; the clipboard is left as it was."""
        found = piece_of(self.document.map, self.document.selection)
        if found is None:
            self.say("Select zones, tokens or grids to duplicate")
            return
        step = self.view.snapping.step * SHIFT_STEPS
        self._put(*found, (step, step), "Duplicate")

    def _where(self, piece: Map) -> tuple[float, float]:
        """How far the piece moves: its middle to the cursor when the cursor is on the map; else
        nowhere, or a step aside when its own copies stand there."""
        view = self.view
        cursor = view.viewport().mapFromGlobal(QCursor.pos())
        box = piece_box(piece)
        if box is not None and view.viewport().rect().contains(cursor) and view.underMouse():
            at = view.mapToScene(cursor)
            dx, dy = at.x() - (box[0] + box[2]) / 2, at.y() - (box[1] + box[3]) / 2
            return view.snapping.on_lattice(dx, dy) if view.snapping.lattice else (dx, dy)
        here = any(self.document.get(Kind.ZONE, z.id) is not None for z in piece.zones)
        here |= any(self.document.get(Kind.GRID, g.id) is not None for g in piece.grids)
        step = view.snapping.step * SHIFT_STEPS
        return (step, step) if here else (0.0, 0.0)

    def _put(self, piece: Map, homes: Homes, offset: tuple[float, float], verb: str) -> None:
        document = self.document
        if document.map_locked and (piece.zones or piece.grids):
            self.say(f"The map is locked while you play: nothing to {verb.lower()} (Edit ▸ Lock Map)")
            return
        ready = placed(piece, homes, document.map, lambda kind, i: document.get(kind, i) is not None, offset)
        document.undo_stack.push(Batch(f"{verb} {_counted(ready)}", _parts(document, ready)))
        document.select(ready.chosen)


def _homes(data: QMimeData) -> Homes:
    """The copied tokens' homes, read as carefully as the map; none where anything is amiss
    (the tokens then wait off the map)."""
    if not data.hasFormat(HOMES_MIME):
        return {}
    raw = bytes(data.data(HOMES_MIME))
    if len(raw) > HOMES_BYTES:
        return {}
    try:
        found = parse_json(raw, "the clipboard", "piece of a map")
        return {str(i): LOCATION.validate_python(where) for i, where in dict(found).items()}
    except (MapFileError, ValidationError, TypeError, ValueError):
        return {}


def _parts(document: MapDocument, ready: Placed) -> list:
    parts = []
    if ready.tile_sets:
        parts.append(SetTileSets(document, [*document.map.tile_sets, *ready.tile_sets], ""))
    for kind, objs in (
        (Kind.ZONE, ready.zones),
        (Kind.BORDER, ready.borders),
        (Kind.GRID, ready.grids),
        (Kind.TOKEN, ready.tokens),
    ):
        if objs:
            parts.append(AddMany(document, kind, objs, ""))
    return parts


def _counted(piece) -> str:
    words = []
    for objs, word in ((piece.zones, "zone"), (piece.tokens, "token"), (piece.grids, "grid")):
        if objs:
            words.append(f"{len(objs)} {word}{'' if len(objs) == 1 else 's'}")
    return " and ".join(words) if len(words) < 3 else f"{words[0]}, {words[1]} and {words[2]}"
