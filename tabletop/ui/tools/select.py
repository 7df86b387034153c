"""Select and move: click or rubber-band to select; drag zones, tokens and badges (along their
border: ui/tools/badge_drag.py); arrow keys nudge,
[ and ] turn tokens, Delete removes. While a token is dragged, what it can reach lights up."""

from __future__ import annotations

import itertools

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QGraphicsView

from tabletop.document.commands import Batch, EditObject, MoveToken, remove
from tabletop.document.commands.put import EditMany
from tabletop.geometry.single.shapes import area_at
from tabletop.model import AreaLocation, NodeShape, PolygonShape, Zone, ZoneLocation
from tabletop.model.base import MAX_COORDINATE
from tabletop.model.kinds import Kind
from tabletop.ui.border_menu import toggle_door
from tabletop.ui.scene.editor_scene import badges_seen
from tabletop.ui.tools.badge_drag import BadgeDrag
from tabletop.ui.tools.base import Tool
from tabletop.ui.tools.names import TOOL_WORDS
from tabletop.ui.tools.reach import ReachSettings, token_reach

_drags = itertools.count(1)
TURN_STEP = 15.0


def moved_zone(zone: Zone, dx: float, dy: float) -> Zone:
    """The zone moved by (dx, dy), as far as the map's bounds allow."""
    shape = zone.shape
    if isinstance(shape, NodeShape):
        xs, ys = [shape.x], [shape.y]
    else:
        xs, ys = [x for x, _ in shape.points], [y for _, y in shape.points]
    dx = max(-MAX_COORDINATE - min(xs), min(MAX_COORDINATE - max(xs), dx))
    dy = max(-MAX_COORDINATE - min(ys), min(MAX_COORDINATE - max(ys), dy))
    if isinstance(shape, NodeShape):
        moved = shape.model_copy(update={"x": shape.x + dx, "y": shape.y + dy})
    else:
        moved = PolygonShape(points=[(x + dx, y + dy) for x, y in shape.points])
    return zone.model_copy(update={"shape": moved})


class SelectTool(Tool):
    shortcut = "S"
    name, status = TOOL_WORDS[shortcut]

    def __init__(self, document, scene, view, say, settings: ReachSettings) -> None:
        super().__init__(document, scene, view, say)
        self.settings = settings
        self._token: str | None = None
        """The token being dragged: it follows the cursor until released (the tool's state,
        not the item's: the scene places every token where the document says)."""
        self._zone: tuple[str, Zone, QPointF] | None = None
        self._told_locked = False
        """Whether this zone drag already said the map is locked (once a drag, not per move)."""
        self._drag = 0
        self.badge = BadgeDrag(document, scene, view)
        self.moves = MoveToken
        """Makes a drag's move step (the fog controls swap in a move that also reveals)."""

    def activate(self) -> None:
        self.view.setDragMode(QGraphicsView.DragMode.RubberBandDrag)
        self.view.rubberBandChanged.connect(self._band)

    def deactivate(self) -> None:
        """Another tool chosen mid-gesture ends the gesture: a drag left open would move the
        token on every later hover."""
        self.end_drag()
        self.view.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.view.rubberBandChanged.disconnect(self._band)

    def end_drag(self) -> None:
        token_id, self._token, self._zone = self._token, None, None
        self.badge.end()
        self.scene.overlay.clear()
        item = self.scene.items_by_key.get((Kind.TOKEN, token_id)) if token_id else None
        if item is not None:
            item.sync()

    def delete(self) -> bool:
        self.delete_selection()
        return True

    def press(self, event: QMouseEvent, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        adding = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        hit = self.scene.hit(pos, (Kind.TOKEN, Kind.BORDER, Kind.ZONE, Kind.GRID), badges_seen(self.view))
        picker = self.settings.picker
        open_ground = hit is None or hit[0] in (Kind.GRID, Kind.ZONE)
        if open_ground and picker is not None and picker.take_click(self._place_at(pos)):
            return True  # the play dock's move took the place as its destination
        if hit is None:
            if not adding:
                self.document.select([])
            return False  # the view starts a rubber band
        if adding and hit not in self.document.selection:
            self.document.select([*self.document.selection, hit])
        elif hit not in self.document.selection:
            self.document.select([hit])
        self._drag = next(_drags)
        kind, object_id = hit
        if kind is Kind.TOKEN:
            self.start_token_drag(object_id)
        elif kind is Kind.ZONE:
            self._zone = (object_id, self.document.get(Kind.ZONE, object_id), pos)
            self._told_locked = False
        elif kind is Kind.BORDER and not adding:
            self.badge.start(object_id, pos)
        return True

    def double_click(self, event: QMouseEvent, pos: QPointF) -> bool:
        """A double click on a border with a door (the first click chose it) opens or shuts the door."""
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        hit = self.scene.hit(pos, (Kind.TOKEN, Kind.BORDER), badges_seen(self.view))
        return hit is not None and hit[0] is Kind.BORDER and toggle_door(self.document, hit[1])

    def _band(self, rect, from_scene: QPointF, to_scene: QPointF) -> None:
        """While the rubber band is dragged, what it touches is the selection."""
        if not rect.isNull():
            self.document.select(self.scene.in_band(QRectF(from_scene, to_scene).normalized()))

    def start_token_drag(self, token_id: str) -> None:
        """Light up what the token can reach from where it stands now: worked out once per
        drag, since the reach is measured from where the move starts."""
        self._token = token_id
        self._show_reach(self.document.get(Kind.TOKEN, token_id))

    def _show_reach(self, token) -> None:
        found = token_reach(self.document, token, token.location, self.settings)
        overlay = self.scene.overlay
        if found is None:
            overlay.clear()
        elif found[0] == "zones":
            overlay.show_zones(found[1])
        else:
            overlay.show_areas(found[1], found[2])

    def move(self, event: QMouseEvent, pos: QPointF) -> bool:
        gone = (self._token is not None and self.document.get(Kind.TOKEN, self._token) is None) or (
            self._zone is not None and self.document.get(Kind.ZONE, self._zone[0]) is None
        )
        if gone:  # removed or undone while the button was held
            self.end_drag()
            return True
        if self._token is not None:
            self.drag_token_to(pos)
            return True
        if self.badge.follow(pos):
            return True
        if self._zone is not None:
            zone_id, start_zone, start = self._zone
            dx, dy = self.moved_by(start, pos)
            if (dx, dy) != (0, 0) and self.document.map_locked:  # locked before or during the drag
                if not self._told_locked:
                    self._told_locked = self.locked("every zone")
                return True
            if (dx, dy) != (0, 0) or self.document.get("zone", zone_id) != start_zone:
                moved = moved_zone(start_zone, dx, dy)
                self.document.undo_stack.push(
                    EditObject(
                        self.document, "zone", moved, merge=f"move-{self._drag}", text=f"Move {start_zone.label}"
                    )
                )
            return True
        return False

    def drag_token_to(self, pos: QPointF) -> None:
        """Follow the cursor; the token's location changes with the zone or area under it, as
        one undo step for the whole drag."""
        where = self._location_at(pos)
        token = self.document.get(Kind.TOKEN, self._token)
        if where is not None and where != token.location:
            self.document.undo_stack.push(self.moves(self.document, self._token, where, drag=self._drag))
        item = self.scene.items_by_key[(Kind.TOKEN, self._token)]
        item.setVisible(True)
        item.setPos(pos)  # after the move: the scene placed it in its new zone, the cursor holds it

    def _location_at(self, pos: QPointF):
        area = self.document.area_at(pos.x(), pos.y())
        if area is not None:
            return AreaLocation(grid=area[0], row=area[1][0], col=area[1][1])
        zone_id = self.document.zone_at(pos.x(), pos.y())
        return ZoneLocation(zone=zone_id) if zone_id else None

    def _place_at(self, pos: QPointF):
        """Where a move waiting in the play dock would go: the place under the cursor, or the
        area just past the edge of the mover's grid (the rules then ask: grow, or exit?)."""
        where = self._location_at(pos)
        moving = self.settings.picker.moving() if self.settings.picker is not None else None
        token = self.document.get(Kind.TOKEN, moving[0]) if moving else None
        if where is None and token is not None and isinstance(token.location, AreaLocation):
            row, col = area_at(self.document.get(Kind.GRID, token.location.grid), pos.x(), pos.y())
            where = AreaLocation(grid=token.location.grid, row=row, col=col)
        return where

    def release(self, event: QMouseEvent, pos: QPointF) -> bool:
        picker = self.settings.picker
        if self._token is not None and picker is not None and picker.wants_drop(self._token):
            token_id, where = self._token, self._place_at(pos)
            self.cancel_token_drag()  # back where it stood: the play step moves it, with its facing, as one undo step
            picker.take_drop(token_id, where)
            return True
        if self._token is not None:
            from tabletop.ui.grid_menu import offer_growth  # deferred: the Grid menu's tile sets

            offer_growth(self.view, self.document, self._token, pos)  # dropped off a grid's edge
            item = self.scene.items_by_key.get((Kind.TOKEN, self._token))
            if item is not None:
                item.sync()
            self.scene.overlay.clear()
            self._token = None
            return True
        if self._zone is not None:
            self._zone = None
            return True
        return self.badge.end()

    def key(self, event: QKeyEvent) -> bool:
        key = event.key()
        if key == Qt.Key.Key_Escape and self._token is not None:
            self.cancel_token_drag()
            return True
        if key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.delete_selection()
            return True
        steps = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1), Qt.Key.Key_Down: (0, 1)}
        if key in steps:
            dx, dy = steps[key]
            fine = 0.25 if event.modifiers() & Qt.KeyboardModifier.ShiftModifier else 1.0
            step = self.view.snapping.step * fine  # the map's own lattice step, a quarter of it with Shift
            self.nudge(dx * step, dy * step)
            return True
        if key in (Qt.Key.Key_BracketLeft, Qt.Key.Key_BracketRight):
            self.turn(-TURN_STEP if key == Qt.Key.Key_BracketLeft else TURN_STEP)
            return True
        return False

    def cancel_token_drag(self) -> None:
        """Esc while dragging: the token goes back where it stood, and the drag leaves no step."""
        stack = self.document.undo_stack
        last = stack.command(stack.index() - 1) if stack.index() > 0 else None
        if isinstance(last, MoveToken) and last.drag == self._drag and last.after.id == self._token:
            stack.undo()
            last.setObsolete(True)  # a redo of an obsolete step only drops it: nothing left to redo
            stack.redo()
        token_id, self._token = self._token, None
        self.scene.overlay.clear()
        item = self.scene.items_by_key.get((Kind.TOKEN, token_id))
        if item is not None:
            item.sync()

    def nudge(self, dx: float, dy: float) -> None:
        zones = [i for k, i in self.document.selection if k is Kind.ZONE]
        if not zones or self.locked("every zone"):
            return
        moved = [moved_zone(zone, dx, dy) for zone in self.document.get_many([(Kind.ZONE, i) for i in zones])]
        what = self.document.label(Kind.ZONE, zones[0]) if len(zones) == 1 else f"{len(zones):,} zones"
        # many zones as one change: an edit per zone would repaint the marks and ask the whole
        # selection's borders each time, for every zone of a whole map selected
        move = (
            EditObject(self.document, Kind.ZONE, moved[0])
            if len(moved) == 1
            else EditMany(self.document, Kind.ZONE, moved, "")
        )
        self.document.undo_stack.push(Batch(f"Nudge {what}", [move]))

    def turn(self, degrees: float) -> None:
        for kind, token_id in self.document.selection:
            if kind == "token":
                token = self.document.get("token", token_id)
                turned = token.model_copy(update={"facing": (token.facing + degrees) % 360})
                self.document.undo_stack.push(
                    EditObject(self.document, "token", turned, merge=f"turn-{token_id}", text=f"Turn {token.label}")
                )

    def delete_selection(self) -> None:
        """One undo step removing the selection with what stands on it (a zone's borders and
        tokens, a grid's tokens). While the map is locked only tokens go."""
        chosen = list(self.document.selection)
        if self.document.map_locked:
            tokens = [key for key in chosen if key[0] is Kind.TOKEN]
            if len(tokens) < len(chosen):
                self.locked("every zone, border and grid")
            chosen = tokens
        command = remove(self.document, chosen)
        if command is not None:
            self.document.undo_stack.push(command)
