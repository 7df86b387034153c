"""The Map menu: what a GM does to the map as a whole while preparing it: check it for
places nobody can reach, one-way traps and choke borders, and set the picture to trace."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow

from tabletop.document.changes import Part
from tabletop.document.commands import SetBackground
from tabletop.render.background import background_problem
from tabletop.ui.actions import action, say

if TYPE_CHECKING:  # the dialogs' modules are imported when first opened: the window starts ~2 ms sooner
    from tabletop.ui.dialogs.map_check import MapCheckDialog

RECHECK_MS = 400


SPOT_ROOM = 60
"""Pixels kept between the Check Map dialog and the spot a finding is centred on."""


class MapMenu:
    """Installed on the main window; holds the one Check Map dialog it reuses."""

    def __init__(self, window: QMainWindow) -> None:
        self.window, self.document = window, window.document
        self.check_dialog: MapCheckDialog | None = None
        self._recheck = QTimer(window)
        self._recheck.setSingleShot(True)
        self._recheck.setInterval(RECHECK_MS)
        self._recheck.timeout.connect(self._check_again)
        self.menu = menu = window.menuBar().addMenu("&Map")
        self.check_action = action(window, "&Check Map…", self.check_map, "Ctrl+Shift+K")
        self.background_action = action(window, "Set &Background Image…", self.set_background)
        self.remove_background_action = action(window, "&Remove Background Image", self.remove_background)
        for act in (self.check_action, self.background_action, self.remove_background_action):
            menu.addAction(act)
        self.document.reset.connect(self.say_background_problem)
        self.document.edited.connect(lambda change: change.kind is Part.BACKGROUND and self.say_background_problem())
        menu.aboutToShow.connect(self._enable)

    def adjust_with(self, act: QAction) -> None:
        """The Tools menu's Adjust Background mode, here too, beside the picture's dialog: a
        GM looks for it where the picture is set."""
        self.menu.insertAction(self.remove_background_action, act)

    def _enable(self) -> None:
        self.remove_background_action.setEnabled(self.document.map.background is not None)

    def check_map(self) -> MapCheckDialog:
        """The findings, checked with the busy cursor (a 100k-zone map takes about a third of a second)."""
        from tabletop.ui.opening import busy  # the reading's module: loaded after the first frame

        with busy():
            if self.check_dialog is None:
                from tabletop.ui.dialogs.map_check import MapCheckDialog

                self.check_dialog = MapCheckDialog(self.document, self.show_finding, parent=self.window)
                self.document.edited.connect(self._edited)
            else:
                self.check_dialog.refresh()
        self.check_dialog.show()
        self.check_dialog.raise_()
        return self.check_dialog

    def show_finding(self, objects: str, ids: tuple[str, ...]) -> None:
        """A finding's zones or border selected and centred in the view; the dialog, if it
        covers the spot, moved beside it (to the left of the spot, else to its right)."""
        self.document.select([(objects, object_id) for object_id in ids])
        self.window.centre_on(objects, ids[0])
        dialog, view = self.check_dialog, self.window.view
        spot = view.viewport().mapToGlobal(view.viewport().rect().center())
        frame = dialog.frameGeometry()
        if frame.adjusted(-SPOT_ROOM, -SPOT_ROOM, SPOT_ROOM, SPOT_ROOM).contains(spot):
            left = spot.x() - SPOT_ROOM - frame.width()
            screen = (dialog.screen() or view.screen()).availableGeometry()
            x = left if left >= screen.left() else spot.x() + SPOT_ROOM
            dialog.move(min(x, screen.right() - frame.width()), frame.top())

    def _edited(self, _change) -> None:
        """Check again once the edits rest (a drag is many edits; a check of a 100k-zone map takes
        a third of a second), and only while the findings are shown: a token or a grid changes none."""
        if self.check_dialog is not None and self.check_dialog.isVisible() and _change.kind in ("zone", "border"):
            self._recheck.start()

    def _check_again(self) -> None:
        from tabletop.ui.opening import busy

        with busy():
            self.check_dialog.refresh()

    def set_background(self) -> None:
        from tabletop.ui.dialogs.background import choose_background

        def saved():
            """A map never saved is saved first: its picture is kept in its folder."""
            return self.document.path if self.window.files.save_as() else None

        chosen = choose_background(
            self.window,
            self.document.path,
            self.document.map.background,
            save=saved,
            preview=self.window.scene.background.show_preview,  # the dialog's fields shown on the map at once
        )
        if chosen is not None and chosen != self.document.map.background:
            self.document.undo_stack.push(SetBackground(self.document, chosen))
            view = self.window.view
            seen = view.mapToScene(view.viewport().rect()).boundingRect()
            if not seen.intersects(self.window.scene.background.boundingRect()):
                view.fit_map()  # a picture placed out of sight is brought into it

    def remove_background(self) -> None:
        if self.document.map.background is not None:
            self.document.undo_stack.push(SetBackground(self.document, None))

    def say_background_problem(self) -> None:
        """A missing picture is said at once, in the status bar, not found out at the table."""
        base = self.document.path.parent if self.document.path else None
        problem = background_problem(self.document.map, base)
        if problem is not None:
            say(self.window, problem[0].upper() + problem[1:])
