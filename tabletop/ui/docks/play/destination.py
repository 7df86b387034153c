"""Where a move in the form goes, and the facing after it. While the form's move takes a place
(an AF maneuver or hustle), the next click on the map (or the drop of the actor's token) fills
it; the system's helper says what the rules make of it (within the speed, slippery ground) and
the facing picker offers the direction of travel, so the move and the facing are one step, as
the AF text wants ("after you are finished with your maneuver or hustle you need to pick a
facing")."""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QButtonGroup, QGridLayout, QHBoxLayout, QLabel, QPushButton, QToolButton, QWidget

from tabletop.document import MapDocument
from tabletop.model import AreaLocation, Location, Token, ZoneLocation
from tabletop.rules import systems
from tabletop.rules.area_names import area_words
from tabletop.ui.docks.play import keys

COMPASS = [("NW", 315), ("N", 0), ("NE", 45), ("W", 270), (None, None), ("E", 90), ("SW", 225), ("S", 180), ("SE", 135)]


def travel_facing(start: tuple[int, int], to: tuple[int, int]) -> float | None:
    """The compass facing (0 up, 90 right) of the way from `start` to `to`, to the nearest of
    the picker's eight; None when the token stays where it is."""
    drow, dcol = to[0] - start[0], to[1] - start[1]
    if (drow, dcol) == (0, 0):
        return None
    return (round(math.degrees(math.atan2(dcol, -drow)) / 45) * 45) % 360


class FacingPicker(QWidget):
    """Eight buttons round the token, one per compass point; none checked means the facing
    stays as it was (the rules then remind the GM to pick one)."""

    def __init__(self) -> None:
        super().__init__()
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(2)
        self.group = QButtonGroup(self)
        self.buttons: dict[float, QToolButton] = {}
        for at, (name, degrees) in enumerate(COMPASS):
            if name is None:
                grid.addWidget(QLabel("●"), 1, 1)
                continue
            button = QToolButton()
            button.setText(name)
            button.setCheckable(True)
            button.setToolTip(f"face {name} ({degrees}°)")
            self.group.addButton(button)
            self.buttons[float(degrees)] = button
            grid.addWidget(button, at // 3, at % 3)

    def value(self) -> float | None:
        for degrees, button in self.buttons.items():
            if button.isChecked():
                return degrees
        return None

    def set_value(self, degrees: float | None) -> None:
        if degrees is None or float(degrees) % 360 not in self.buttons:
            self.group.setExclusive(False)
            for button in self.buttons.values():
                button.setChecked(False)
            self.group.setExclusive(True)
            return
        self.buttons[float(degrees) % 360].setChecked(True)


class Destination(QWidget):
    """The destination row. `moving()` says who moves by which move ((actor, word) or None);
    the select tool asks `budget`, `take_click` and `take_drop` (ui/tools/reach.py's
    PlacePicker) so the map feeds it. `picked` fires with the facing to offer."""

    picked = Signal(object)
    said = Signal(str)
    """What became of the destination, for the dock's line: a drop leaves the token where it
    stood, so the GM is told where the move will go (and no drag is told of as undone)."""

    def __init__(self, document: MapDocument, moving: Callable[[], tuple[str, str] | None], move: Callable[[], str]):
        super().__init__()
        self.document, self.moving, self.move = document, moving, move
        self.place: str | tuple[int, int] | None = None
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.again = QPushButton("Pick again")
        self.again.setToolTip("forget the destination: the next click on the map picks another")
        self.again.clicked.connect(self._forget)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.label, 1)
        row.addWidget(self.again)
        self.clear()

    def clear(self) -> None:
        self.place = None
        self.label.setText("click a place on the map, or drop the token there")
        self.again.setEnabled(False)
        self.picked.emit(None)

    def _forget(self) -> None:
        """Pick again: the place is dropped before the move used it, and the GM is told so."""
        moving = self.moving()
        self.clear()
        if moving is not None:
            self.said.emit(f"{self._whose(moving)} has no destination now: {self.label.text()}")

    def _whose(self, moving: tuple[str, str]) -> str:
        return f"{self.document.label('token', moving[0])}'s {moving[1]}"

    # -- asked by the select tool -----------------------------------------------------------

    def budget(self, token: Token) -> int | None:
        """What the system lets the actor cover in this move while it is dragged (a hustle's
        half speed), for the reach overlay; None leaves the overlay as it was."""
        moving = self.moving()
        conflict = self.document.map.conflict
        if moving is None or moving[0] != token.id or conflict is None:
            return None
        return systems.of(conflict).move_budget(self.document.map, conflict, token.id, moving[1], self.move())

    def take_click(self, where: Location | None) -> bool:
        """A click on a place while a move waits for its destination fills it (and is used up)."""
        if self.moving() is None or self.place is not None or where is None:
            return False
        return self.fill(where)

    def wants_drop(self, token_id: str) -> bool:
        """The actor's token dropped while a move is in the form: the drop is the destination
        (the token goes back where it stood; the step moves it, with its facing)."""
        moving = self.moving()
        return moving is not None and moving[0] == token_id

    def take_drop(self, token_id: str, where: Location | None) -> bool:
        return where is not None and self.wants_drop(token_id) and self.fill(where)

    def set_place(self, place) -> None:
        """A place given by hand (a question's answer, a test): shown as if clicked."""
        if isinstance(place, str):
            self.fill(ZoneLocation(zone=place))
        elif place is not None:
            moving = self.moving()
            token = self.document.get("token", moving[0]) if moving else None
            grid = token.location.grid if token is not None and isinstance(token.location, AreaLocation) else ""
            self.fill(AreaLocation(grid=grid, row=place[0], col=place[1])) if grid else None

    # -- the destination --------------------------------------------------------------------

    def fill(self, where: Location) -> bool:
        """Take the place; offer the direction of travel as the facing."""
        moving = self.moving()
        token = self.document.get("token", moving[0]) if moving else None
        if token is None:
            return False
        start = token.location
        if isinstance(where, AreaLocation):
            if not isinstance(start, AreaLocation) or start.grid != where.grid:
                self.label.setText(f"{token.label} stands on another grid: move it there by hand")
                self.said.emit(f"{self._whose(moving)} has no destination: {self.label.text()}")
                return True
            self.place = (where.row, where.col)
            self.label.setText(area_words(self.document.get("grid", where.grid), where.row, where.col))
            facing = travel_facing((start.row, start.col), self.place)
        elif isinstance(where, ZoneLocation):
            self.place = where.zone
            self.label.setText(self.document.label("zone", where.zone))
            facing = None
        else:
            return False
        self.again.setEnabled(True)
        self.picked.emit(facing)
        do_it = f"Do it ({keys.key_words(keys.DO_KEY)})"  # the Play menu's key, however it is set
        self.said.emit(f"{self._whose(moving)} is headed to {self.label.text()}: {do_it} makes it")
        return True
