"""A door opened or shut from the map in play: a right click on a border with a door opens a
menu of what can be done to it now (Open Door, Close Door, Lock Door, Unlock Door; and Badge at
the Middle where its badge was moved along the border to a passage's place), and a double
click on the border with the Select tool opens or closes it. Each is one undo step, the same edit
of the border's passages the Inspector's door box makes, so whatever follows an opened door
(fog by sight lifting what comes into view, in the same step) follows here too.

The zone's menu (ui/zone_menu.py) asks this module first: over a border with a door, or with its
badge moved, the border's menu opens instead of the zone's."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QPoint, QPointF
from PySide6.QtWidgets import QGraphicsView, QMenu

from tabletop.document import MapDocument
from tabletop.document.commands import EditObject
from tabletop.model import Border, DoorState
from tabletop.model.kinds import Kind
from tabletop.ui.plain import set_action_text
from tabletop.ui.scene.editor_scene import badges_seen
from tabletop.ui.tools.badge_drag import set_badge_place

DOOR_STEPS: dict[str, tuple[tuple[str, DoorState], ...]] = {
    "closed": (("Open Door", "open"), ("Lock Door", "locked")),
    "open": (("Close Door", "closed"), ("Close and Lock Door", "locked")),
    "locked": (("Unlock Door", "closed"), ("Open Door", "open")),
    "broken": (),
}
"""What a GM may do to a door in each state, and the state it leaves the door in. A locked door
opens at once when the players force or pick it; a broken door stays open."""
DOOR_WORDS = {"open": "Open Door", "closed": "Close Door", "locked": "Lock Door"}


def doors_of(border: Border | None) -> list[int]:
    """The places in the border's passages of those with a door."""
    if border is None:
        return []
    return [index for index, passage in enumerate(border.passages) if passage.door is not None]


def set_doors(
    document: MapDocument, border_id: str, state: DoorState, which: list[int] | None = None, words: str = ""
) -> bool:
    """The border's doors (`which`: places in its passages; all its doors when None) set to
    `state`, a broken door left as it is, as one undo step named `words` ("Open Door"); False
    when nothing changes."""
    border = document.get(Kind.BORDER, border_id)
    if border is None:
        return False
    passages = list(border.passages)
    for index in doors_of(border) if which is None else which:
        door = passages[index].door
        if door is not None and door.state not in ("broken", state):
            passages[index] = passages[index].model_copy(update={"door": door.model_copy(update={"state": state})})
    if passages == border.passages:
        return False
    after = border.model_copy(update={"passages": passages})
    text = f"{words or DOOR_WORDS[state]} ({document.label(Kind.BORDER, border_id)})"
    document.undo_stack.push(EditObject(document, Kind.BORDER, after, "passages", text=text))
    return True


def toggle_door(document: MapDocument, border_id: str) -> bool:
    """A double click on a door: open when its first door that is not broken is shut (closed or
    locked), else closed; every door of the border the same way. False when it has none to turn."""
    border = document.get(Kind.BORDER, border_id)
    states = [border.passages[i].door.state for i in doors_of(border)]
    states = [state for state in states if state != "broken"]
    if not states:
        return False
    return set_doors(document, border_id, "closed" if states[0] == "open" else "open")


class BorderMenu(QObject):
    """The door's menu on the map's canvas; one menu filled again at each opening."""

    def __init__(self, document: MapDocument, view: QGraphicsView) -> None:
        super().__init__(view)
        self.document, self.view = document, view
        self.menu: QMenu | None = None

    def open_at(self, pos: QPoint | None) -> QMenu | None:
        """The door's menu, its border chosen: the border under `pos` on the canvas, or the one
        border chosen already (None); no menu where there is no border with a door."""
        border_id = self._border(pos)
        border = self.document.get(Kind.BORDER, border_id) if border_id is not None else None
        doors = doors_of(border)
        if not doors and (border is None or border.place is None):
            return None
        if self.document.selection != [(Kind.BORDER, border_id)]:
            self.document.select([(Kind.BORDER, border_id)])
        menu = self.menu
        if menu is None:  # one menu for every right click: each new one would stay a child of the view
            menu = self.menu = QMenu(self.view)
        for act in menu.actions():
            menu.removeAction(act)
            act.deleteLater()
        set_action_text(menu.addAction(""), self.document.label(Kind.BORDER, border_id)).setEnabled(False)
        menu.addSeparator()
        for index in doors:
            passage = border.passages[index]
            named = f" ({passage.label})" if len(doors) > 1 and passage.label else ""
            if len(doors) > 1 and not named:
                named = f" (passage {index + 1})"
            steps = DOOR_STEPS[passage.door.state]
            if not steps:
                set_action_text(menu.addAction(""), f"Door Broken{named}").setEnabled(False)
            for words, state in steps:
                act = menu.addAction("", self._doing(border_id, state, index, words))
                set_action_text(act, words + named)
        if border.place is not None:
            if doors:
                menu.addSeparator()
            middle = menu.addAction("", lambda: set_badge_place(self.document, border_id, None))
            set_action_text(middle, "Badge at the Middle")
        return menu

    def _doing(self, border_id: str, state: DoorState, index: int, words: str) -> Callable[[], bool]:
        return lambda: set_doors(self.document, border_id, state, [index], words)

    def _border(self, pos: QPoint | None) -> str | None:
        if pos is None:
            chosen = [key for key in self.document.selection if key[0] == Kind.BORDER]
            return chosen[0][1] if len(chosen) == 1 else None
        at = self.view.viewportTransform().inverted()[0].map(QPointF(pos))
        hit = self.view.scene().hit(at, (Kind.BORDER,), badges_seen(self.view))  # a badge where one is drawn
        return hit[1] if hit is not None else None
