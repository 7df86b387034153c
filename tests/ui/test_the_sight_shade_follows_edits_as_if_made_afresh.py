"""The players' shade over what is out of sight follows each edit by asking only the zones that
came into sight or went out of it and those the edit touched; after every edit of a walk
(moves, a door shut and opened, a zone hidden and shown, fog dropped and lifted, undo and redo)
it shades exactly what a shade made afresh shades. The Sight Range menu offers map units."""

from __future__ import annotations

from tabletop.document.commands import EditObject
from tabletop.document.commands.fog import SetFog
from tabletop.model import Door, Passage, ZoneLocation
from tabletop.model.kinds import Kind
from tabletop.rules.sight import SightRange
from tabletop.samples import warehouse
from tabletop.ui.player.sight import SightShade


def _afresh(window) -> frozenset[str]:
    shade = SightShade()
    shade.follow(window.document, window.players.player.scene.fog)
    return shade.dimmed


def test_each_edit_leaves_the_shade_as_one_made_afresh(qtbot, window):
    document = window.document
    document.replace_map(warehouse(), None)
    window.players.open_action.trigger()
    player = window.players.player
    qtbot.waitUntil(lambda: not player.view.covered)
    window.fog.set_players_side("runners")
    window.fog.set_sight_range(1)
    window.fog.by_sight_action.setChecked(True)
    stack = document.undo_stack

    def move(zone_id):
        stack.push(window.tools["S"].moves(document, "gatto", ZoneLocation(zone=zone_id)))

    def door(state):
        border = document.get(Kind.BORDER, "b23")
        stack.push(
            EditObject(document, Kind.BORDER, border.model_copy(update={"passages": [Passage(door=Door(state=state))]}))
        )

    def hide(zone_id, hidden):
        zone = document.get(Kind.ZONE, zone_id)
        stack.push(EditObject(document, Kind.ZONE, zone.model_copy(update={"hidden": hidden}), "hidden"))

    edits = [
        lambda: move("z2"),
        lambda: move("z3"),
        lambda: door("closed"),
        lambda: move("z2"),
        lambda: hide("z1", True),
        lambda: stack.push(SetFog(document, ["z3"], None, True)),
        lambda: move("z1"),
        lambda: door("open"),
        lambda: hide("z1", False),
        stack.undo,
        stack.undo,
        stack.redo,
        lambda: move("z3"),
    ]
    shades = []
    for edit in edits:
        edit()
        shade = window.fog.shade
        assert shade.dimmed == _afresh(window), f"after edit {len(shades) + 1}"
        shades.append(shade.dimmed)
    assert any(shades) and len(set(shades)) > 2, "the walk dimmed different places as it went"
    player.close()


def test_the_sight_range_menu_offers_borders_and_map_units(qtbot, window):
    menu = window.fog.range_menu
    menu.aboutToShow.emit()
    words = [a.text() for a in menu.actions() if not a.isSeparator()]
    assert "3 borders" in words and "400 map units" in words
    next(a for a in menu.actions() if a.text() == "400 map units").trigger()
    assert window.fog.sight_range == SightRange(window.fog.sight_range.borders, 400.0)
    menu.aboutToShow.emit()
    assert next(a for a in menu.actions() if a.text() == "400 map units").isChecked()
    next(a for a in menu.actions() if a.text() == "5 borders").trigger()
    assert window.fog.sight_range == SightRange(5)
