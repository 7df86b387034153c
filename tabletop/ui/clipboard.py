"""Edit ▸ Copy, Cut, Paste and Duplicate: zones with the borders among them, tokens and grids,
through the system clipboard as the map format, within a map and across maps (and Tabletops).

What is pasted is read as carefully as a map file, and lands under the cursor when it is on the
map, else where it was copied from (one lattice step across and down when that spot is taken by
the copied objects themselves). One undo step each; the pasted objects are selected."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from pydantic import TypeAdapter, ValidationError
from PySide6.QtCore import QMimeData, QPointF
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
    from tabletop.ui.main_window import MainWindow

MIME = "application/x-tabletop-map"
"""The clipboard's own format: the map file's bytes (plain text is offered beside it)."""
HOMES_MIME = "application/x-tabletop-homes"
"""Beside it, where the copied tokens stood whose zone or grid was not copied (fragments.Homes)."""
HOMES_BYTES = 2**20
LOCATION = TypeAdapter(Location)
SHIFT_STEPS = 2
"""A piece pasted or duplicated where it already stands moves this many lattice steps across and down."""


def copy(window: MainWindow) -> bool:
    """The selection onto the clipboard; False (and a word why) when nothing there copies."""
    found = piece_of(window.document.map, window.document.selection)
    if found is None:
        window.statusBar().showMessage("Select zones, tokens or grids to copy", 6000)
        return False
    piece, homes = found
    text = map_to_text(piece)
    data = QMimeData()
    data.setData(MIME, text.encode("utf-8"))
    data.setData(HOMES_MIME, json.dumps({i: where.model_dump() for i, where in homes.items()}).encode("utf-8"))
    data.setText(text)
    QGuiApplication.clipboard().setMimeData(data)
    window.statusBar().showMessage(f"Copied {_counted(piece)}", 6000)
    return True


def cut(window: MainWindow) -> None:
    if window.document.map_locked:
        window.statusBar().showMessage("The map is locked while you play: nothing is cut (Edit ▸ Lock Map)", 6000)
        return
    if copy(window):
        command = remove(window.document, list(window.document.selection))
        if command is not None:
            command.setText(command.text().replace("Remove", "Cut", 1).replace("Delete", "Cut", 1))
            window.document.undo_stack.push(command)


def paste(window: MainWindow) -> None:
    """What the clipboard holds, if it is a piece of a map, onto this map."""
    data = QGuiApplication.clipboard().mimeData()
    raw = bytes(data.data(MIME)) if data is not None and data.hasFormat(MIME) else None
    if raw is None and data is not None and data.hasText():
        raw = data.text().encode("utf-8")
    if not raw or not raw.lstrip().startswith(b"{"):
        window.statusBar().showMessage("The clipboard holds no zones, tokens or grids to paste", 6000)
        return
    try:
        piece = map_from_bytes(raw, "the clipboard")
    except MapFileError as error:
        window.statusBar().showMessage(f"Nothing pasted: {error}", 8000)
        return
    _put(window, piece, _homes(data), _where(window, piece), "Paste")


def _homes(data: QMimeData) -> Homes:
    """The copied tokens' homes, read as carefully as the map; none where anything is amiss
    (the tokens then wait off the map)."""
    if not data.hasFormat(HOMES_MIME):
        return {}
    raw = bytes(data.data(HOMES_MIME))
    try:
        found = parse_json(raw[: HOMES_BYTES + 1], "the clipboard", "piece of a map") if len(raw) <= HOMES_BYTES else {}
        return {str(i): LOCATION.validate_python(where) for i, where in dict(found).items()}
    except (MapFileError, ValidationError, TypeError, ValueError):
        return {}


def duplicate(window: MainWindow) -> None:
    """The selection again, beside itself; the clipboard is left as it was."""
    found = piece_of(window.document.map, window.document.selection)
    if found is None:
        window.statusBar().showMessage("Select zones, tokens or grids to duplicate", 6000)
        return
    step = window.view.snapping.step * SHIFT_STEPS
    _put(window, *found, (step, step), "Duplicate")


def _where(window: MainWindow, piece: Map) -> tuple[float, float]:
    """How far the piece moves: its middle to the cursor when the cursor is on the map; else
    nowhere, or a step aside when its own copies stand there."""
    view = window.view
    cursor = view.viewport().mapFromGlobal(QCursor.pos())
    box = piece_box(piece)
    if box is not None and view.viewport().rect().contains(cursor) and view.underMouse():
        at = view.mapToScene(cursor)
        middle = QPointF((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        dx, dy = at.x() - middle.x(), at.y() - middle.y()
        return view.snapping.on_lattice(dx, dy) if view.snapping.lattice else (dx, dy)
    document = window.document
    here = any(document.get(Kind.ZONE, z.id) is not None for z in piece.zones)
    here |= any(document.get(Kind.GRID, g.id) is not None for g in piece.grids)
    step = view.snapping.step * SHIFT_STEPS
    return (step, step) if here else (0.0, 0.0)


def _put(window: MainWindow, piece: Map, homes: Homes, offset: tuple[float, float], verb: str) -> None:
    document = window.document
    if document.map_locked and (piece.zones or piece.grids):
        window.statusBar().showMessage(
            f"The map is locked while you play: nothing to {verb.lower()} (Edit ▸ Lock Map)", 6000
        )
        return
    ready = placed(piece, homes, document.map, lambda kind, i: document.get(kind, i) is not None, offset)
    document.undo_stack.push(Batch(f"{verb} {_counted(ready)}", _parts(document, ready)))
    document.select(ready.chosen)


def _parts(document, ready: Placed) -> list:
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
