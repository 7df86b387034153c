"""Edit ▸ Copy, Cut, Paste and Duplicate: zones with the borders among them, tokens and grids,
through the system clipboard as the map format, within a map and across maps (and Tabletops).

What is pasted is read as carefully as a map file, and lands under the cursor when it is on the
map, else where it was copied from, or one lattice step across and down from the copied objects
themselves when they stand there (another step for each copy pasted there before). The view
follows a piece that lands out of sight. One undo step each; the pasted objects are selected,
and the status line says what came.

With the Segment tool chosen, Copy, Cut and Duplicate take its chosen segment alone; pasted, segments land
on the grid under the cursor, else on their own grid one area across and down from themselves,
or are refused in one line where they do not fit."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from pydantic import ConfigDict, TypeAdapter, ValidationError
from PySide6.QtCore import QMimeData, QPointF, QRectF
from PySide6.QtGui import QCursor, QGuiApplication

from tabletop.document.commands import AddMany, Batch, EditObject, remove
from tabletop.document.commands.grid_edits import SegmentKey, edit_segment, segment_label, with_segment
from tabletop.document.commands.growth import SetTileSets
from tabletop.document.fragments import Beside, Placed, piece_box, piece_of, placed
from tabletop.document.segment_pieces import aside, copied_segments, landing, segments_piece, toward
from tabletop.io import MapFileError, map_from_bytes, map_to_text
from tabletop.io.read import parse_json
from tabletop.model import AreaLocation, Border, Map, NodeShape, PolygonShape, Segment, ZoneLocation
from tabletop.model.kinds import Kind
from tabletop.model.tokens import Location

if TYPE_CHECKING:
    from tabletop.document import MapDocument
    from tabletop.ui.tools.segment import SegmentTool
    from tabletop.ui.view import MapView

MIME = "application/x-tabletop-map"
"""The clipboard's own format: the map file's bytes (plain text is offered beside it)."""
BESIDE_MIME = "application/x-tabletop-beside"
"""Beside it, what tied the piece to its map (fragments.Beside): tokens' homes, borders' ties."""
SEGMENTS_MIME = "application/x-tabletop-segments"
"""Beside a piece of segments (document/segment_pieces.py), the map they came from: present,
the piece's grid is only the segments' frame, and they are pasted onto a grid of the map."""
BESIDE_BYTES = 16 * 2**20
LOCATION = TypeAdapter(Location, config=ConfigDict(defer_build=True))
"""A pasted token's home, checked as the map checks it; its checks are built at the first paste
that brings tokens, not while the window starts."""
SHIFT_STEPS = 2
"""A piece duplicated moves this many lattice steps across and down from itself."""
MOST_ASIDE = 64
"""How many lattice steps a piece pasted off the map's canvas goes looking for a spot its own
copies do not take; past that it lands on the last."""
SIGHT_MARGIN = 24
"""Pixels kept round a pasted piece brought into sight."""


class Clipboard:
    """Copy, Cut, Paste and Duplicate for one document in one view; `say` shows a line in the
    status bar."""

    def __init__(
        self,
        document: MapDocument,
        view: MapView,
        say: Callable[[str], None],
        segments: SegmentTool | None = None,
    ) -> None:
        self.document, self.view, self.say = document, view, say
        self.segments = segments
        """The Segment tool: while it is chosen, its chosen segment is what Copy and Cut take."""
        app = QGuiApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(let_go)

    def copy(self) -> bool:
        """The selection onto the clipboard; False (and a word why) when nothing there copies."""
        return self._copy("Copied")

    def _copy(self, verb: str) -> bool:
        """With the Segment tool's chosen segment, that segment alone; else the selection."""
        if self._chosen_segment() is not None:
            return self._copy_segment(verb)
        found = piece_of(self.document.map, self.document.selection)
        if found is None:
            self.say("Select zones, tokens or grids to copy")
            return False
        piece, beside = found
        kept = {
            "source": self._source(),
            "homes": {i: where.model_dump() for i, where in beside.homes.items()},
            "ties": [tie.model_dump(mode="json") for tie in beside.ties],
        }
        _offer(piece, {BESIDE_MIME: kept})
        self.say(f"{verb} {_counted(piece)}")
        return True

    def cut(self) -> None:
        if self.document.map_locked:
            self.say("The map is locked while you play: nothing is cut (Edit ▸ Lock Map)")
            return
        chosen = self._chosen_segment()
        if chosen is not None:
            if self._copy_segment("Cut"):
                key, segment = chosen
                self.document.undo_stack.push(
                    edit_segment(self.document, key, None, f"Cut {segment_label(segment, key.index)}")
                )
                self._choose(None)
            return
        if self._copy("Cut"):
            command = remove(self.document, list(self.document.selection))
            if command is not None:
                command.setText(command.text().replace("Remove", "Cut", 1).replace("Delete", "Cut", 1))
                self.document.undo_stack.push(command)

    def paste(self, at: QPointF | None = None) -> None:
        """What the clipboard holds, if it is a piece of a map, onto this map: under `at` (by
        default the cursor, when it is over the map)."""
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
        at = at if at is not None else self._cursor()
        if data.hasFormat(SEGMENTS_MIME) and copied_segments(piece):
            self._paste_segments(piece, _segments_source(data) == self._source(), at)
            return
        self._put(piece, _beside(data, self._source()), self._where(piece, at), "Paste", at)

    def duplicate(self) -> None:
        """The selection again, beside itself; the clipboard is left as it was. With the Segment
        tool's chosen segment, that segment again beside itself on its grid."""
        chosen = self._chosen_segment()
        if chosen is not None:
            grid = self.document.get(Kind.GRID, chosen[0].grid)
            piece = segments_piece(self.document.map, grid, [(chosen[0].tile, chosen[0].index)])
            self._paste_segments(piece, True, None, "Duplicate")
            return
        found = piece_of(self.document.map, self.document.selection)
        if found is None:
            self.say("Select zones, tokens or grids to duplicate")
            return
        step = self.view.snapping.step * SHIFT_STEPS
        self._put(*found, (step, step), "Duplicate")

    def _chosen_segment(self) -> tuple[SegmentKey, Segment] | None:
        tool = self.segments
        return tool.chosen() if tool is not None and self.view.tool is tool else None

    def _copy_segment(self, verb: str) -> bool:
        key, segment = self._chosen_segment()
        grid = self.document.get(Kind.GRID, key.grid)
        _offer(segments_piece(self.document.map, grid, [(key.tile, key.index)]), {SEGMENTS_MIME: self._source()})
        self.say(f"{verb} 1 segment ({segment_label(segment, key.index)}) of grid {grid.name or grid.id}")
        return True

    def _paste_segments(self, piece: Map, same_map: bool, at: QPointF | None, verb: str = "Paste") -> None:
        """Segments onto the grid under the cursor, else onto the grid they came from (on this
        map) beside themselves; refused in one line where they do not fit."""
        copied = copied_segments(piece)
        hit = self.document.area_at(at.x(), at.y()) if at is not None else None
        home = self.document.get(Kind.GRID, piece.grids[0].id) if same_map else None
        if hit is not None:
            grid = self.document.get(Kind.GRID, hit[0])
            move = toward(copied, hit[1])
        elif home is not None:
            grid, move = home, aside(home, copied)
        else:
            self.say("Nothing pasted: point at an encounter grid to paste the segments onto it")
            return
        landed = landing(grid, copied, move)
        if isinstance(landed, str):
            self.say(f"Nothing {_past(verb)}: {landed}")
            return
        after = grid
        for tile_at, segment in landed:
            after = with_segment(after, tile_at, None, segment)
        words = _counted_word(len(landed), "segment")
        self.document.undo_stack.push(EditObject(self.document, Kind.GRID, after, text=f"{verb} {words}"))
        self.document.select([(Kind.GRID, grid.id)])
        tile_at = landed[-1][0]
        index = len(next(t for t in after.tiles if (t.row, t.col) == tile_at).segments) - 1
        self._choose(SegmentKey(grid.id, tile_at, index))
        self.say(f"{_past(verb).capitalize()} {words} on grid {grid.name or grid.id}")

    def _choose(self, key: SegmentKey | None) -> None:
        if self.segments is not None:
            self.segments.choice.set(key)

    def _source(self) -> str:
        """Which map a piece came from: its ties and homes name that map's zones by id, and
        another map's zones of the same ids are other places."""
        where = str(self.document.path) if self.document.path is not None else "unsaved"
        return f"{os.getpid()}:{id(self.document.map)}:{where}"  # a map opened anew is another map

    def _cursor(self) -> QPointF | None:
        """Where on the map the cursor is, None when it is not over the map."""
        view = self.view
        cursor = view.viewport().mapFromGlobal(QCursor.pos())
        if not view.viewport().rect().contains(cursor) or not view.underMouse():
            return None
        return view.viewportTransform().inverted()[0].map(QPointF(cursor))

    def _where(self, piece: Map, at: QPointF | None) -> tuple[float, float]:
        """How far the piece moves: its middle to `at` (the cursor on the map); else aside."""
        view = self.view
        box = piece_box(piece)
        if box is not None and at is not None:
            dx, dy = at.x() - (box[0] + box[2]) / 2, at.y() - (box[1] + box[3]) / 2
            return view.snapping.on_lattice(dx, dy) if view.snapping.lattice else (dx, dy)
        return self._aside(piece)

    def _aside(self, piece: Map) -> tuple[float, float]:
        """Where it was copied from when nothing of it stands there (it was cut, or came from
        another map), else the first lattice step across and down that no copy of it takes:
        pasted again and again, each copy lands one step past the last."""
        step = self.view.snapping.step
        moved = 0.0
        for k in range(MOST_ASIDE):
            moved = k * step
            if not self._copy_stands(piece, moved):
                break
        return (moved, moved)

    def _copy_stands(self, piece: Map, moved: float) -> bool:
        """Whether a zone or grid of the piece, moved across and down, is there already: only
        the zones the layout's index finds in the moved piece's box are compared, so a paste
        on a big map looks at the few zones where it would land."""
        if piece.grids:
            origins = {_rounded(grid.origin, 0.0) for grid in self.document.map.grids}
            if any(_rounded(grid.origin, moved) in origins for grid in piece.grids):
                return True
        box = piece_box(piece.model_copy(update={"grids": []}))
        if box is None:
            return False
        left, top, right, bottom = (side + moved for side in box)
        found = self.document.layout.find((left, top, right, bottom))
        there = {_footprint(self.document.get(Kind.ZONE, i).shape, 0.0) for kind, i in found if kind == Kind.ZONE}
        return any(_footprint(z.shape, moved) in there for z in piece.zones)

    def _put(
        self, piece: Map, beside: Beside, offset: tuple[float, float], verb: str, cursor: QPointF | None = None
    ) -> None:
        """One undo step adding the piece. Tokens that came without their zone or grid stand
        where the cursor is, when it is over a zone or an area, else at their homes."""
        document = self.document
        if document.map_locked and (piece.zones or piece.grids):
            self.say(f"The map is locked while you play: nothing to {verb.lower()} (Edit ▸ Lock Map)")
            return
        ready = placed(piece, beside, document.map, lambda kind, i: document.get(kind, i) is not None, offset)
        at = self._place_at(cursor) if cursor is not None else None
        if at is not None:
            loose = {i for i, token in enumerate(piece.tokens) if token.location is None}
            ready.tokens = [
                t.model_copy(update={"location": at}) if i in loose else t for i, t in enumerate(ready.tokens)
            ]
        document.undo_stack.push(Batch(f"{verb} {_counted(ready)}", _parts(document, ready)))
        document.select(ready.chosen)
        self._bring_into_sight(ready.chosen)
        said = f"{verb.removesuffix('e')}ed {_listed(ready)}"
        waiting = sum(1 for token in ready.tokens if token.location is None)
        if waiting:
            verb_waits = "waits" if waiting == 1 else "wait"
            said += f"; {_counted_word(waiting, 'token')} {verb_waits} off the map, listed under Tokens"
        self.say(said)

    def _bring_into_sight(self, chosen: list[tuple[Kind, str]]) -> None:
        """Scroll to what was just added when some of it is out of sight, zooming out only when
        it is larger than the view."""
        view = self.view
        scene = view.map_scene
        whole = QRectF()
        for kind, object_id in chosen:
            item = scene.items_by_key.get((kind, object_id))
            box = self.document.layout.boxes.get((kind, object_id))
            if item is not None:
                whole = whole.united(item.sceneBoundingRect())
            elif box is not None:
                whole = whole.united(QRectF(box[0], box[1], box[2] - box[0], box[3] - box[1]))
        if whole.isNull():
            return
        seen = view.mapToScene(view.viewport().rect()).boundingRect()
        if seen.contains(whole):
            return
        room = view.viewport().rect().adjusted(SIGHT_MARGIN, SIGHT_MARGIN, -SIGHT_MARGIN, -SIGHT_MARGIN)
        scale = view.scale_now()
        if whole.width() * scale <= room.width() and whole.height() * scale <= room.height():
            view.centerOn(whole.center())
        else:
            view.bring_into_sight(whole, room, 1.0)

    def _place_at(self, at: QPointF) -> Location | None:
        """The grid area or zone under a map point, as a token's place."""
        area = self.document.area_at(at.x(), at.y())
        if area is not None:
            return AreaLocation(grid=area[0], row=area[1][0], col=area[1][1])
        zone_id = self.document.zone_at(at.x(), at.y())
        return ZoneLocation(zone=zone_id) if zone_id is not None else None


def let_go() -> None:
    """Before Qt goes: a piece of a map on the clipboard is left as its text alone. The
    clipboard holds a QMimeData Python made, and Qt freeing it at exit after Python has crashes
    the interpreter; as text, other programs still paste what was copied."""
    clipboard = QGuiApplication.clipboard()
    data = clipboard.mimeData()
    if data is not None and data.hasFormat(MIME):
        clipboard.setText(data.text())


def _offer(piece: Map, beside: dict) -> None:
    """A piece onto the clipboard as the map format (as text too), with what goes beside it."""
    text = map_to_text(piece)
    data = QMimeData()
    data.setData(MIME, text.encode("utf-8"))
    for mime, kept in beside.items():
        data.setData(mime, json.dumps(kept).encode("utf-8"))
    data.setText(text)
    QGuiApplication.clipboard().setMimeData(data)


def _segments_source(data: QMimeData) -> str | None:
    """The map a piece of segments came from, as `Clipboard._source` names it."""
    raw = bytes(data.data(SEGMENTS_MIME))
    if len(raw) > BESIDE_BYTES:
        return None
    try:
        found = parse_json(raw, "the clipboard", "piece of a map")
    except MapFileError:
        return None
    return found if isinstance(found, str) else None


def _beside(data: QMimeData, source: str) -> Beside:
    """What tied the copied piece to its map, read as carefully as the map, when it came from
    the map named `source`; nothing otherwise, or where anything is amiss (its tokens then wait
    off the map, its ties are not made)."""
    if not data.hasFormat(BESIDE_MIME):
        return Beside()
    raw = bytes(data.data(BESIDE_MIME))
    if len(raw) > BESIDE_BYTES:
        return Beside()
    try:
        found = parse_json(raw, "the clipboard", "piece of a map")
        if found.get("source") != source:
            return Beside()
        homes = {str(i): LOCATION.validate_python(where) for i, where in dict(found.get("homes", {})).items()}
        return Beside(homes, [Border.model_validate(tie) for tie in list(found.get("ties", []))])
    except (MapFileError, ValidationError, TypeError, ValueError, AttributeError):
        return Beside()


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


def _counted_word(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _listed(piece) -> str:
    """Everything a piece adds, borders too: "3 zones, 2 borders, 1 token"."""
    parts = [(piece.zones, "zone"), (piece.borders, "border"), (piece.tokens, "token"), (piece.grids, "grid")]
    return ", ".join(_counted_word(len(objs), word) for objs, word in parts if objs)


def _rounded(point: tuple[float, float], moved: float) -> tuple[float, float]:
    """A point moved across and down, rounded so a copy moved by a step is found again."""
    return (round(point[0] + moved, 6), round(point[1] + moved, 6))


def _footprint(shape, moved: float) -> tuple:
    """A zone's shape moved across and down, as a value equal to an identical shape's there."""
    if isinstance(shape, NodeShape):
        return ("node", *_rounded((shape.x, shape.y), moved), shape.radius)
    if isinstance(shape, PolygonShape):
        return tuple(_rounded(point, moved) for point in shape.points)
    return ("other", id(shape))


def _counted(piece) -> str:
    words = []
    for objs, word in ((piece.zones, "zone"), (piece.tokens, "token"), (piece.grids, "grid")):
        if objs:
            words.append(f"{len(objs)} {word}{'' if len(objs) == 1 else 's'}")
    return " and ".join(words) if len(words) < 3 else f"{words[0]}, {words[1]} and {words[2]}"


def _past(verb: str) -> str:
    """ "Paste" as the status line says what was done: "pasted", "duplicated"."""
    return verb.lower().rstrip("e") + "ed"
