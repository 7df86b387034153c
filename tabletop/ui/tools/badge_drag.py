"""A border's badge dragged along its border with the Select tool: the badge follows the cursor
along the border's line (the nearest point of the line to it), and the place it is let go is
the place of the passage it stands for (model.borders: the border's first passage with a
place, else its first passage), so a door's badge can stand at the door. The whole drag is one
undo step; Badge at the Middle (the border's menu) puts it back."""

from __future__ import annotations

import itertools
import math

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QGraphicsView

from tabletop.document import MapDocument
from tabletop.document.commands import EditObject
from tabletop.geometry.single.shapes import placed
from tabletop.model import Border
from tabletop.model.kinds import Kind
from tabletop.ui.scene.editor_scene import badges_seen

_drags = itertools.count(1)


def with_badge_at(border: Border, place: tuple[float, float] | None) -> Border | None:
    """The border with its badge at `place` (None: every passage's place cleared, the badge back
    at its line's middle); None when nothing changes or it has no passage to carry a place."""
    passages = list(border.passages)
    if not passages:
        return None
    if place is None:
        passages = [p.model_copy(update={"place": None}) if p.place is not None else p for p in passages]
    else:
        carrier = next((k for k, p in enumerate(passages) if p.place is not None), 0)
        passages[carrier] = passages[carrier].model_copy(update={"place": place})
    if passages == border.passages:
        return None
    return border.model_copy(update={"passages": passages})


def set_badge_place(document: MapDocument, border_id: str, place: tuple[float, float] | None, merge: str = "") -> bool:
    """One undo step putting the border's badge at `place` on its line (None: at the middle);
    steps with the same `merge` (one drag) are one undo step. False when nothing changes."""
    border = document.get(Kind.BORDER, border_id)
    after = with_badge_at(border, place) if border is not None else None
    if after is None:
        return False
    words = "Badge at the Middle" if place is None else "Move Badge"
    text = f"{words} ({document.label(Kind.BORDER, border_id)})"
    document.undo_stack.push(EditObject(document, Kind.BORDER, after, "passages", merge=merge, text=text))
    return True


class BadgeDrag:
    """The Select tool's drag of a badge: started by a press on a badge, not on the bare line
    (a press there chooses the border, as before)."""

    def __init__(self, document: MapDocument, scene, view: QGraphicsView) -> None:
        self.document, self.scene, self.view = document, scene, view
        self.border_id: str | None = None
        self._merge = ""
        self._grip = (0.0, 0.0)
        """Where the badge's anchor stood from the cursor when the drag began: the badge does not
        jump to put its centre under the cursor."""

    def start(self, border_id: str, pos: QPointF) -> bool:
        """Begin a drag when `pos` is on the border's badge as drawn."""
        if not badges_seen(self.view) or not self.scene.arrangement.badge_shown(border_id):
            return False
        left, top, right, bottom = self.scene.arrangement.badge(border_id).box
        if not (left <= pos.x() <= right and top <= pos.y() <= bottom):
            return False
        ax, ay = self.document.layout.lines[border_id].anchor
        self.border_id, self._merge = border_id, f"badge-{next(_drags)}"
        self._grip = (ax - pos.x(), ay - pos.y())
        return True

    def follow(self, pos: QPointF) -> bool:
        """The badge to the point of its line nearest the cursor; False when no drag is on."""
        if self.border_id is None:
            return False
        if self.document.get(Kind.BORDER, self.border_id) is None:  # removed or undone mid-drag
            self.border_id = None
            return True
        line = self.document.layout.lines[self.border_id]
        wanted = (pos.x() + self._grip[0], pos.y() + self._grip[1])
        x, y = placed(line, wanted).anchor
        spot = (round(x, 3), round(y, 3))
        if math.dist(spot, line.anchor) > 0.0005:
            set_badge_place(self.document, self.border_id, spot, merge=self._merge)
        return True

    def end(self) -> bool:
        """The drag let go; False when none was on."""
        dragging, self.border_id = self.border_id is not None, None
        return dragging
