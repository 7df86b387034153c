"""Where an AF maneuver or hustle goes, and the facing after it. While the form's action is a
maneuver or a hustle, the next click on an area of the map (or the drop of the actor's token)
fills the destination; the rules check it against the speed (hustle: half of it, at least 1
after a maneuver) and the facing picker offers the direction of travel, so the move and the
facing are one step, as the text wants ("after you are finished with your maneuver or hustle
you need to pick a facing")."""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QButtonGroup, QGridLayout, QHBoxLayout, QLabel, QPushButton, QToolButton, QWidget

from tabletop.document import MapDocument
from tabletop.model import AreaLocation, Location, Token, ZoneLocation

MOVING = {"maneuver", "hustle"}
"""The AF steps that move the actor: the destination and facing rows show for them."""

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
    """The destination row. `moving()` says who moves how ((actor, "maneuver"|"hustle") or
    None); the select tool asks `budget`, `take_click` and `take_drop` (ui/tools/reach.py's
    PlacePicker) so the map feeds it. `picked` fires with the facing to offer."""

    picked = Signal(object)

    def __init__(self, document: MapDocument, moving: Callable[[], tuple[str, str] | None], move: Callable[[], str]):
        super().__init__()
        self.document, self.moving, self.move = document, moving, move
        self.place: str | tuple[int, int] | None = None
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.again = QPushButton("Pick again")
        self.again.setToolTip("forget the destination: the next click on the map picks another")
        self.again.clicked.connect(self.clear)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.label, 1)
        row.addWidget(self.again)
        self.clear()

    def clear(self) -> None:
        self.place = None
        self.label.setText("click an area on the map, or drop the token there")
        self.again.setEnabled(False)

    # -- asked by the select tool -----------------------------------------------------------

    def budget(self, token: Token) -> int | None:
        """Hustle's areas while the actor is dragged in a hustle (the reach overlay shows them,
        not the run speed); None leaves the overlay as it was."""
        from tabletop.rules import af

        moving = self.moving()
        conflict = self.document.map.conflict
        if moving is None or moving != (token.id, "hustle") or conflict is None:
            return None
        return af.hustle_areas(token, af.turn_of(conflict, token.id).moved, self.move())

    def take_click(self, where: Location | None) -> bool:
        """A click on an area while a move waits for its destination fills it (and is used up)."""
        moving = self.moving()
        if moving is None or self.place is not None or not isinstance(where, AreaLocation):
            return False
        return self.fill(where)

    def wants_drop(self, token_id: str) -> bool:
        """The actor's token dropped while a move is in the form: the drop is the destination
        (the token goes back where it stood; the step moves it, with its facing)."""
        moving = self.moving()
        return moving is not None and moving[0] == token_id

    def take_drop(self, token_id: str, where: Location | None) -> bool:
        return where is not None and self.wants_drop(token_id) and self.fill(where)

    # -- the destination --------------------------------------------------------------------

    def fill(self, where: Location) -> bool:
        """Check the place against the speed through the rules and offer the direction of travel."""
        from tabletop.rules.af_actions import moved

        moving = self.moving()
        token = self.document.get("token", moving[0]) if moving else None
        conflict = self.document.map.conflict
        if token is None or conflict is None:
            return False
        start = token.location
        if isinstance(where, AreaLocation):
            if not isinstance(start, AreaLocation) or start.grid != where.grid:
                self.label.setText(f"{token.label} stands on another grid: move it there by hand")
                return True
            place: str | tuple[int, int] = (where.row, where.col)
            named = f"area {where.row},{where.col}"
            facing = travel_facing((start.row, start.col), place)
        elif isinstance(where, ZoneLocation):
            place, named, facing = where.zone, self.document.label("zone", where.zone), None
        else:
            return False
        speed = self.budget(token) if moving[1] == "hustle" else token.speeds.of(self.move())
        try:
            _, notes = moved(self.document.map, token, place, token.facing, speed, self.move())
        except (KeyError, ValueError) as error:
            self.label.setText(f"Not there: {error.args[0] if error.args else error}")
            return True
        self.place = place
        within = (
            f"beyond {speed} areas: on the GM's word"
            if any("beyond" in n for n in notes)
            else f"within {speed} area{'s' if speed != 1 else ''}"
        )
        others = [n for n in notes if "beyond" not in n and n != "pick a facing"]
        self.label.setText(" · ".join([named, within, *others]))
        self.again.setEnabled(True)
        self.picked.emit(facing)
        return True
