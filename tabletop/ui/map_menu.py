"""The Map menu: what a GM does to the map as a whole while preparing it: check it for
places nobody can reach, one-way traps and choke borders, and set the picture to trace."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QRect, QRectF, QTimer

from tabletop.document import MapDocument
from tabletop.document.changes import Part
from tabletop.document.commands import SetBackground
from tabletop.geometry.whole.tables import Box, union_of
from tabletop.render.background import background_problem
from tabletop.render.token_art import art_problems
from tabletop.ui.registry import ActionRegistry
from tabletop.ui.scene.finding_mark import FindingMark
from tabletop.ui.view import MapView

if TYPE_CHECKING:  # the Check Map dialog's module is imported when first opened
    from tabletop.ui.dialogs.map_check import MapCheckDialog

RECHECK_MS = 400


SPOT_ROOM = 60
"""Pixels kept between the Check Map dialog and what a finding shows."""
FINDING_SHARE = 0.6
"""A finding's zones fill at most this share of the view's part clear of the dialog, across or
down: whole, with the rooms round them in sight."""


class MapMenu:
    """What the Map menu's actions do; holds the one Check Map dialog it reuses. `save_as` saves a
    map never saved (its picture is kept in its folder); `say` is a passing line in the status bar.
    The actions themselves are the window's, there with their keys in its first frame, before
    this is made (ui/window_actions.py)."""

    def __init__(
        self,
        document: MapDocument,
        view: MapView,
        actions: ActionRegistry,
        save_as: Callable[[], bool],
        say: Callable[[str], None],
    ) -> None:
        self.document, self.view, self.save_as, self.say = document, view, save_as, say
        self.check_dialog: MapCheckDialog | None = None
        self.ring: FindingMark | None = None
        """Round the place a finding's two zones both cover, while the GM looks at it."""
        self._recheck = QTimer(view)
        self._recheck.setSingleShot(True)
        self._recheck.setInterval(RECHECK_MS)
        self._recheck.timeout.connect(self._check_again)
        self.menu = actions.menu("map")
        self.check_action, self.background_action = actions["map.check"], actions["map.background"]
        self.remove_background_action = actions["map.remove_background"]
        self.document.reset.connect(self.say_background_problem)
        self.document.reset.connect(self.hide_ring)
        self.document.edited.connect(lambda change: change.kind is Part.BACKGROUND and self.say_background_problem())
        self.menu.aboutToShow.connect(self._enable)
        self._enable()  # made as the menu opens, in the empty window's first moment

    def _enable(self) -> None:
        self.remove_background_action.setEnabled(self.document.map.background is not None)

    def check_map(self) -> MapCheckDialog:
        """The findings, checked with the busy cursor (a big map's check is felt)."""
        from tabletop.ui.opening import busy  # deferred: the reading's module, loaded after the first frame

        with busy():
            if self.check_dialog is None:
                from tabletop.ui.dialogs.map_check import MapCheckDialog  # deferred: networkx and the checks

                self.check_dialog = MapCheckDialog(self.document, self.show_finding, parent=self.view.window())
                self.check_dialog.finished.connect(self.hide_ring)
                self.document.edited.connect(self._edited)
            else:
                self.check_dialog.refresh()
        self.check_dialog.show()
        self.check_dialog.raise_()
        return self.check_dialog

    def show_finding(self, objects: str, ids: tuple[str, ...]) -> None:
        """A finding's zones or border selected and brought into sight whole (a border with its
        two zones) in the part of the view clear of the dialog, the place two of its zones both
        cover ringed. The dialog, if it covers the view's middle, is first moved beside it (to
        its left, else to its right)."""
        self.document.select([(objects, object_id) for object_id in ids])
        self._move_dialog_off()
        box = self._finding_box(objects, ids)
        if box is None:  # nothing of it drawn: centred on its spot
            self.view.centre_on(objects, ids[0])
        else:
            left, top, right, bottom = box
            rect, view = QRectF(left, top, right - left, bottom - top), self.view
            view.bring_into_sight(rect, self._clear_part(rect), FINDING_SHARE)
            shown = view.viewportTransform().mapRect(rect).toAlignedRect()  # where the canvas's edge let it go
            self._move_dialog_beside(shown.translated(view.viewport().mapToGlobal(QPoint(0, 0))))
        self._ring_overlap(objects, ids)

    def _finding_box(self, objects: str, ids: tuple[str, ...]) -> Box | None:
        """The box round what a finding is about as drawn (with the labels): its zones, or its
        border's line and badge with the border's two zones, so a border between rooms that no
        longer touch is seen with both."""
        keys = [(objects, object_id) for object_id in ids]
        if objects == "border":
            border = self.document.get("border", ids[0])
            keys += [("zone", border.a), ("zone", border.b)] if border is not None else []
        boxes = self.document.layout.boxes
        drawn = [boxes[key] for key in keys if key in boxes]
        return union_of(drawn) if drawn else None

    def _ring_overlap(self, objects: str, ids: tuple[str, ...]) -> None:
        """The ring round the place a finding's two zones both cover, else no ring."""
        from tabletop.geometry.whole.overlaps import overlap_box

        zones = [self.document.get("zone", z) for z in ids] if objects == "zone" and len(ids) == 2 else []
        box = overlap_box(*zones) if len(zones) == 2 and None not in zones else None
        if box is None:
            self.hide_ring()
            return
        if self.ring is None:
            self.ring = FindingMark()
            self.view.scene().addItem(self.ring)
        self.ring.show_at(box)

    def hide_ring(self) -> None:
        if self.ring is not None:
            self.ring.setVisible(False)

    def _move_dialog_off(self) -> None:
        """The dialog, if it covers the view's middle, moved beside it: to its left when the
        screen has room, else to its right."""
        dialog, viewport = self.check_dialog, self.view.viewport()
        spot = viewport.mapToGlobal(viewport.rect().center())
        frame = dialog.frameGeometry()
        if frame.adjusted(-SPOT_ROOM, -SPOT_ROOM, SPOT_ROOM, SPOT_ROOM).contains(spot):
            screen = (dialog.screen() or viewport.screen()).availableGeometry()
            left = spot.x() - SPOT_ROOM - frame.width()
            x = left if left >= screen.left() else spot.x() + SPOT_ROOM
            dialog.move(min(x, screen.right() - frame.width()), frame.top())

    def _move_dialog_beside(self, shown: QRect) -> None:
        """The dialog, if it still covers what a finding shows (`shown`, on screen: near the
        canvas's edge the view cannot centre it where asked), moved to its left, right, below or
        above, the first that keeps both on screen, else where it covers least of it."""
        dialog = self.check_dialog
        frame = dialog.frameGeometry()
        if not frame.adjusted(-SPOT_ROOM, -SPOT_ROOM, SPOT_ROOM, SPOT_ROOM).intersects(shown):
            return
        screen = (dialog.screen() or self.view.screen()).availableGeometry()
        places = [
            QPoint(shown.left() - SPOT_ROOM - frame.width(), frame.top()),
            QPoint(shown.right() + SPOT_ROOM, frame.top()),
            QPoint(frame.left(), shown.bottom() + SPOT_ROOM),
            QPoint(frame.left(), shown.top() - SPOT_ROOM - frame.height()),
        ]

        def on_screen(at: QPoint) -> QPoint:
            x = max(screen.left(), min(at.x(), screen.right() - frame.width()))
            return QPoint(x, max(screen.top(), min(at.y(), screen.bottom() - frame.height())))

        def covered(at: QPoint) -> int:
            common = QRect(at, frame.size()).intersected(shown)
            return common.width() * common.height() if not common.isEmpty() else 0

        dialog.move(min((on_screen(at) for at in places), key=covered))

    def _clear_part(self, rect: QRectF) -> QRect:
        """The part of the view (in its pixels) a finding's `rect` is shown in: the view on screen,
        or, when the dialog covers some of it, the strip beside the dialog that shows `rect`
        largest, unless that is under a third of the whole (a dialog over most of a small view)."""
        viewport = self.view.viewport()
        origin = viewport.mapToGlobal(QPoint(0, 0))
        seen = viewport.rect()
        on_screen = seen.intersected(viewport.screen().availableGeometry().translated(-origin))
        seen = on_screen if not on_screen.isEmpty() else seen
        frame = self.check_dialog.frameGeometry().translated(-origin)
        covered = frame.adjusted(-SPOT_ROOM, -SPOT_ROOM, SPOT_ROOM, SPOT_ROOM)
        if not self.check_dialog.isVisible() or not covered.intersects(seen):
            return seen
        strips = [
            QRect(QPoint(seen.left(), seen.top()), QPoint(covered.left() - 1, seen.bottom())),
            QRect(QPoint(covered.right() + 1, seen.top()), QPoint(seen.right(), seen.bottom())),
            QRect(QPoint(seen.left(), seen.top()), QPoint(seen.right(), covered.top() - 1)),
            QRect(QPoint(seen.left(), covered.bottom() + 1), QPoint(seen.right(), seen.bottom())),
        ]

        def fits(part: QRect) -> float:
            part = part.intersected(seen)
            return min(part.width() / max(rect.width(), 1e-9), part.height() / max(rect.height(), 1e-9))

        best = max(strips, key=fits)
        return best.intersected(seen) if fits(best) >= fits(seen) / 3 else seen

    def _edited(self, _change) -> None:
        """Check again once the edits rest (a drag is many edits; a big map's check
        is felt), and only while the findings are shown: a token or a grid changes none."""
        if _change.kind not in ("zone", "border"):
            return
        self.hide_ring()  # the overlap it rang may be mended or moved: the next finding rings afresh
        if self.check_dialog is not None and self.check_dialog.isVisible():
            self._recheck.start()

    def _check_again(self) -> None:
        from tabletop.ui.opening import busy  # deferred: the reading's module, loaded after the first frame

        with busy():
            self.check_dialog.refresh()

    def set_background(self) -> None:
        from tabletop.ui.dialogs.background import choose_background  # deferred: the dialog's module

        def saved():
            """A map never saved is saved first: its picture is kept in its folder."""
            return self.document.path if self.save_as() else None

        picture = self.view.map_scene.background
        chosen = choose_background(
            self.view.window(),
            self.document.path,
            self.document.map.background,
            save=saved,
            preview=picture.show_preview,  # the dialog's fields shown on the map at once
        )
        if chosen is not None and chosen != self.document.map.background:
            self.document.undo_stack.push(SetBackground(self.document, chosen))
            view = self.view
            seen = view.mapToScene(view.viewport().rect()).boundingRect()
            if not seen.intersects(picture.boundingRect()):
                view.fit_map()  # a picture placed out of sight is brought into it

    def remove_background(self) -> None:
        if self.document.map.background is not None:
            self.document.undo_stack.push(SetBackground(self.document, None))

    def say_background_problem(self) -> None:
        """A missing picture is said at once, in the status bar, not found out at the table."""
        base = self.document.path.parent if self.document.path else None
        problem = background_problem(self.document.map, base)
        problems = ([] if problem is None else [problem]) + art_problems(self.document.map, base)
        if problems:
            more = f" (and {len(problems) - 1} more pictures that cannot be drawn)" if len(problems) > 1 else ""
            self.say(problems[0][0].upper() + problems[0][1:] + more)
