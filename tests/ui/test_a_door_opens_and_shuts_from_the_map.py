"""A right click on a border with a door opens the door's menu (Open, Close, Lock, Unlock as its
state allows), each one undo step of the border's passages as the Inspector makes it, so fog by
sight lifts what an opened door brings into view in that step; a double click on the door with
the Select tool opens or shuts it. Elsewhere the zone's menu opens as before."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication

from tabletop.document.commands import EditObject
from tabletop.model import Door, Map, Passage
from tabletop.model.kinds import Kind
from tabletop.samples import warehouse


def _door_map(state: str = "closed") -> Map:
    """The warehouse with a door between the west end and the middle, the middle and the east
    end fogged: Gatto (runners) stands in the west end."""
    map_ = warehouse()
    borders = [
        b.model_copy(update={"passages": [Passage(door=Door(state=state))]}) if b.id == "b12" else b
        for b in map_.borders
    ]
    zones = [z.model_copy(update={"fogged": z.id != "z1"}) for z in map_.zones]
    return map_.model_copy(update={"borders": borders, "zones": zones})


def _ready(qtbot, window, state: str = "closed"):
    window.document.replace_map(_door_map(state), None)
    window.later.finish()
    window.fog.set_players_side("runners")
    window.fog.set_sight_range(5)
    window.fog.by_sight_action.setChecked(True)
    window.view.fit_map()
    return window.later.part("handouts").zone_menu


def _badge(window, border_id: str = "b12") -> QPoint:
    """Where the border's badge is drawn, in the viewport."""
    left, top, right, bottom = window.scene.arrangement.badge(border_id).box
    return window.view.viewportTransform().map(QPointF((left + right) / 2, (top + bottom) / 2)).toPoint()


def _right_click(window, where: QPoint) -> None:
    viewport = window.view.viewport()
    QApplication.sendEvent(
        viewport, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, where, viewport.mapToGlobal(where))
    )


def _close_menus() -> None:
    while (popup := QApplication.activePopupWidget()) is not None:
        popup.close()


def _entries(menu) -> list[str]:
    return [act.text() for act in menu.actions() if not act.isSeparator()]


def _state(window) -> str:
    return window.document.get(Kind.BORDER, "b12").passages[0].door.state


def _fogged(window) -> set[str]:
    return {z.id for z in window.document.map.zones if z.fogged}


def test_open_door_from_the_map_lifts_the_fog_in_one_undo_step(qtbot, window):
    zone_menu = _ready(qtbot, window)
    assert _fogged(window) == {"z2", "z3"}, "the shut door keeps the middle out of Gatto's sight"
    _right_click(window, _badge(window))
    menu = zone_menu.doors.menu
    assert menu is not None and menu.isVisible()
    assert window.document.selection == [(Kind.BORDER, "b12")]
    assert _entries(menu) == ["West end – Middle", "Open Door", "Lock Door"]
    steps = window.document.undo_stack.index()
    next(act for act in menu.actions() if act.text() == "Open Door").trigger()
    _close_menus()
    assert _state(window) == "open"
    assert _fogged(window) == set(), "what the open door shows is revealed at once"
    assert window.document.undo_stack.index() == steps + 1, "the door and the fog it lifts: one step"
    assert window.document.undo_stack.undoText() == "Open Door (West end – Middle)"
    window.document.undo_stack.undo()
    assert _state(window) == "closed" and _fogged(window) == {"z2", "z3"}
    window.document.undo_stack.redo()
    assert _state(window) == "open" and _fogged(window) == set()


def test_the_menu_offers_what_the_doors_state_allows(qtbot, window):
    zone_menu = _ready(qtbot, window, "open")
    _right_click(window, _badge(window))
    assert _entries(zone_menu.doors.menu) == ["West end – Middle", "Close Door", "Close and Lock Door"]
    next(act for act in zone_menu.doors.menu.actions() if act.text() == "Close and Lock Door").trigger()
    _close_menus()
    assert _state(window) == "locked"
    _right_click(window, _badge(window))
    assert _entries(zone_menu.doors.menu) == ["West end – Middle", "Unlock Door", "Open Door"]
    next(act for act in zone_menu.doors.menu.actions() if act.text() == "Unlock Door").trigger()
    _close_menus()
    assert _state(window) == "closed"
    assert window.document.undo_stack.undoText() == "Unlock Door (West end – Middle)"


def test_a_border_without_a_door_and_a_zone_keep_the_zones_menu(qtbot, window):
    zone_menu = _ready(qtbot, window)
    _right_click(window, _badge(window, "b23"))  # open aisles between the middle and the east end
    assert zone_menu.doors.menu is None
    assert zone_menu.menu is not None and zone_menu.menu.isVisible()
    assert window.document.selection[0][0] == Kind.ZONE
    _close_menus()


def test_the_inspectors_door_and_the_maps_door_are_the_same_edit(qtbot, window):
    """Opened from the menu, the border is what the Inspector's door box gives: only the door's
    state changed, its cost to open and the passage's sight kept."""
    _ready(qtbot, window)
    before = window.document.get(Kind.BORDER, "b12")
    _right_click(window, _badge(window))
    next(
        act for act in window.later.part("handouts").zone_menu.doors.menu.actions() if act.text() == "Open Door"
    ).trigger()
    _close_menus()
    door = before.passages[0].door.model_copy(update={"state": "open"})
    assert window.document.get(Kind.BORDER, "b12") == before.model_copy(
        update={"passages": [before.passages[0].model_copy(update={"door": door})]}
    )
    command = window.document.undo_stack.command(window.document.undo_stack.index() - 1).child(0)
    assert isinstance(command, EditObject)


def test_a_double_click_on_the_door_opens_and_shuts_it(qtbot, window):
    _ready(qtbot, window)
    window.tool_actions["S"].trigger()
    viewport = window.view.viewport()
    qtbot.mouseDClick(viewport, Qt.MouseButton.LeftButton, pos=_badge(window))
    assert _state(window) == "open" and _fogged(window) == set()
    qtbot.mouseDClick(viewport, Qt.MouseButton.LeftButton, pos=_badge(window))
    assert _state(window) == "closed"
    assert window.document.undo_stack.undoText() == "Close Door (West end – Middle)"
    qtbot.mouseDClick(viewport, Qt.MouseButton.LeftButton, pos=_badge(window, "b23"))
    assert window.document.get(Kind.BORDER, "b23").passages[0].door is None, "no door: nothing to turn"
