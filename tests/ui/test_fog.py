"""Fog of war at the table: the players' window shows fogged places as fog and says nothing
of them; the GM reveals and fogs with the Reveal tool and the Fog menu, as undoable edits;
staged fog reaches the players only when sent; a players' token reveals the zone it enters."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage

from tabletop.document.commands.fog import SetFog
from tabletop.io import load_map, save_map
from tabletop.model import AreaLocation, EncounterGrid, FillStyle, Map, Tile, Token, ZoneLocation
from tabletop.render.fog_paint import FOG_BASE
from tabletop.samples import warehouse
from tests.render.recording import record_texts
from tests.ui.conftest import at, click, drag

MIDDLE = (300.0, 100.0)
"""The middle of the warehouse's middle zone (z2); the west end (z1) and east end (z3) flank it."""


def _fogged_warehouse(*zone_ids: str) -> Map:
    map_ = warehouse()
    zones = [z.model_copy(update={"fogged": z.id in zone_ids}) for z in map_.zones]
    middle = next(z for z in zones if z.id == "z2")
    zones[zones.index(middle)] = middle.model_copy(update={"fill": FillStyle(colour="#ff00ff")})
    return map_.model_copy(update={"zones": zones})


def _open_players(qtbot, window, map_: Map):
    window.document.replace_map(map_, None)
    window.players.open_action.trigger()
    player = window.players.player
    qtbot.waitUntil(lambda: not player.view.covered)
    return player


def _frame(view) -> QImage:
    return view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def _pixels(image: QImage) -> np.ndarray:
    data = np.frombuffer(image.constBits(), dtype=np.uint8, count=image.width() * image.height() * 4)
    return data.reshape(image.height(), image.width(), 4)[:, :, :3].astype(int)  # B, G, R


def _fog_pixels(image: QImage) -> int:
    """Pixels of the fog's dark, cold cloud (its base colour and the lighter swirls over it)."""
    bgr = _pixels(image)
    b, g, r = bgr[:, :, 0], bgr[:, :, 1], bgr[:, :, 2]
    base = QColor(FOG_BASE)
    return int(np.count_nonzero((r >= base.red() - 4) & (r < 110) & (b > r) & (b - r < 40) & (g >= r)))


def _magenta(image: QImage) -> int:
    bgr = _pixels(image)
    return int(np.count_nonzero((bgr[:, :, 2] == 255) & (bgr[:, :, 0] == 255) & (bgr[:, :, 1] == 0)))


def _dim_magenta(image: QImage) -> int:
    bgr = _pixels(image)
    b, g, r = bgr[:, :, 0], bgr[:, :, 1], bgr[:, :, 2]
    return int(np.count_nonzero((r > 120) & (r < 250) & (abs(r - b) < 30) & (g < 80)))


def _words_painted_afresh(player, drawn) -> set[str]:
    drawn.clear()
    player.view.show_rect(player.view.shown_rect.adjusted(-30, -30, 30, 30))  # a new zoom paints every tile
    _frame(player.view)
    return {d.text for d in drawn}


def test_a_fogged_zone_is_fog_for_the_players_and_dimmed_for_the_gm(qtbot, window, monkeypatch):
    drawn = record_texts(monkeypatch)
    player = _open_players(qtbot, window, warehouse())
    clear = _frame(player.view)
    assert _fog_pixels(clear) < 50
    assert {"Middle", "West end", "Gatto"} <= _words_painted_afresh(player, drawn)
    window.document.replace_map(_fogged_warehouse("z1", "z2"), None)
    fogged = _frame(player.view)
    assert _fog_pixels(fogged) > fogged.width() * fogged.height() // 5
    assert _magenta(fogged) == 0, "nothing of the fogged zone's own fill shows"
    words = _words_painted_afresh(player, drawn)
    assert not {"Middle", "West end", "Gatto"} & words, "no name or token of a fogged zone"
    assert "East end" in words and "Hargan" in words
    window.view.fit_map()
    gm = _frame(window.view)
    assert _fog_pixels(gm) < gm.width() * gm.height() // 100, "the GM's fogged zone is dimmed, not fog"
    assert _magenta(gm) == 0 and _dim_magenta(gm) > 5000, "its own fill shows through, dimmed"
    assert sum(1 for d in drawn if d.text == "Middle") >= 1, "the GM still reads its name"
    player.close()


def test_the_reveal_tool_reveals_by_click_and_drag_and_fogs_with_the_right_button(qtbot, window):
    window.document.replace_map(_fogged_warehouse("z1", "z2", "z3"), None)
    window.view.fit_map()
    window.tool_actions["R"].trigger()
    document = window.document
    fogged = lambda: [z.id for z in document.map.zones if z.fogged]  # noqa: E731
    click(qtbot, window, *MIDDLE)
    assert fogged() == ["z1", "z3"]
    assert document.undo_stack.undoText() == "Reveal Middle"
    drag(qtbot, window, (100, 100), (500, 100))
    assert fogged() == []
    document.undo_stack.undo()  # the whole drag is one step
    assert fogged() == ["z1", "z3"]
    document.undo_stack.undo()
    assert fogged() == ["z1", "z2", "z3"]
    document.undo_stack.redo()
    click(qtbot, window, 500, 100, Qt.MouseButton.RightButton)
    assert fogged() == ["z1", "z3"], "the right button fogs again"


def test_the_reveal_tool_reveals_grid_areas_and_ctrl_takes_a_whole_tile(qtbot, window):
    grid = EncounterGrid(
        id="g", name="Creek", tiles=[Tile(row=0, col=c) for c in range(2)], origin=(0, 400), area_size=40
    )
    grid = grid.model_copy(update={"fogged_areas": [(r, c) for r in range(5) for c in range(10)]})
    map_ = warehouse().model_copy(update={"grids": [grid]})
    window.document.replace_map(map_, None)
    window.view.fit_map()
    window.tool_actions["R"].trigger()
    click(qtbot, window, 60, 460)  # area (1, 1)
    assert (1, 1) not in window.document.get("grid", "g").fogged_areas
    assert len(window.document.get("grid", "g").fogged_areas) == 49
    qtbot.mouseClick(
        window.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ControlModifier, at(window, 300, 500)
    )
    left = window.document.get("grid", "g").fogged_areas
    assert len(left) == 24 and all(c < 5 for _, c in left), "the second tile is clear"
    window.document.undo_stack.undo()
    assert len(window.document.get("grid", "g").fogged_areas) == 49


def test_tokens_on_fogged_areas_are_not_shown_to_the_players(qtbot, window):
    grid = EncounterGrid(id="g", tiles=[Tile(row=0, col=0)], origin=(0, 400), area_size=40, fogged_areas=[(2, 2)])
    lurker = Token(id="lurker", name="Lurker", location=AreaLocation(grid="g", row=2, col=2))
    seen = Token(id="seen", name="Seen", location=AreaLocation(grid="g", row=0, col=0))
    map_ = warehouse().model_copy(update={"grids": [grid], "tokens": [lurker, seen]})
    player = _open_players(qtbot, window, map_)
    items = player.scene.items_by_key
    assert not items[("token", "lurker")].isVisible() and items[("token", "seen")].isVisible()
    window.fog.fog_all(False)
    assert items[("token", "lurker")].isVisible()
    player.close()


def test_fog_all_and_reveal_all_are_one_step_each(qtbot, window):
    window.document.replace_map(warehouse(), None)
    window.fog.fog_all_action.trigger()
    assert all(z.fogged for z in window.document.map.zones)
    assert window.document.undo_stack.undoText() == "Fog All"
    window.fog.reveal_all_action.trigger()
    assert not any(z.fogged for z in window.document.map.zones)
    window.document.undo_stack.undo()
    assert all(z.fogged for z in window.document.map.zones)


def test_staged_fog_reaches_the_players_only_when_sent(qtbot, window):
    player = _open_players(qtbot, window, _fogged_warehouse("z2"))
    window.fog.stage_action.trigger()
    window.fog.reveal_all_action.trigger()
    assert not window.document.get("zone", "z2").fogged
    assert _magenta(_frame(player.view)) == 0, "the players keep the fog they were sent"
    assert window.scene.fog.zone_fogged(window.document.get("zone", "z2")) is False
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert _magenta(_frame(player.view)) > 500, "sent: the middle zone is theirs to see"
    window.fog.fog_all_action.trigger()
    assert _magenta(_frame(player.view)) > 500
    window.fog.stage_action.trigger()  # staging off: the players see the map's own fog again
    assert _magenta(_frame(player.view)) == 0
    player.close()


def test_a_players_token_reveals_the_zone_it_enters_in_the_same_step(qtbot, window):
    window.document.replace_map(_fogged_warehouse("z2", "z3"), None)
    window.fog.reveal_on_enter_action.setChecked(True)
    assert window.fog.players_side in ("runners", "corp")
    window.fog.set_players_side("runners")
    window.view.fit_map()
    start = window.scene.items_by_key[("token", "gatto")].pos()
    drag(qtbot, window, (start.x(), start.y()), MIDDLE)
    document = window.document
    assert document.get("token", "gatto").location == ZoneLocation(zone="z2")
    assert not document.get("zone", "z2").fogged and document.get("zone", "z3").fogged
    document.undo_stack.undo()
    assert document.get("token", "gatto").location == ZoneLocation(zone="z1")
    assert document.get("zone", "z2").fogged, "one undo takes back the move and the reveal"
    window.fog.set_players_side("corp")  # Gatto is not the players' now
    drag(qtbot, window, (start.x(), start.y()), MIDDLE)
    assert document.get("token", "gatto").location == ZoneLocation(zone="z2")
    assert document.get("zone", "z2").fogged


def test_fog_survives_a_save_and_open(qtbot, window, tmp_path):
    window.document.replace_map(_fogged_warehouse("z3"), None)
    path = tmp_path / "fogged.tabletop"
    save_map(window.document.map, path)
    assert [z.id for z in load_map(path).zones if z.fogged] == ["z3"]


def test_fogging_and_revealing_one_zone_hides_and_shows_its_borders_for_the_players(qtbot, window, monkeypatch):
    drawn = record_texts(monkeypatch)
    player = _open_players(qtbot, window, warehouse())
    unseen = player.scene.unseen.keys
    assert not unseen
    window.fog.fog_all(True)
    assert {("border", "b12"), ("border", "b23")} <= player.scene.unseen.keys
    window.document.undo_stack.push(SetFog(window.document, ["z1", "z2"], None, False))
    assert ("border", "b12") not in player.scene.unseen.keys, "the border between two clear zones"
    assert ("border", "b23") in player.scene.unseen.keys
    words = _words_painted_afresh(player, drawn)
    assert {"West end", "Middle", "Gatto"} <= words and not {"East end", "Hargan"} & words
    window.document.undo_stack.push(SetFog(window.document, ["z2"], None, True))
    assert {("border", "b12"), ("border", "b23")} <= player.scene.unseen.keys
    words = _words_painted_afresh(player, drawn)
    assert "Middle" not in words and "West end" in words
    keys = set(player.scene.unseen.keys)
    player.scene.unseen.rebuild()
    assert player.scene.unseen.keys == keys, "kept per edit as built afresh"
    player.close()


def test_ctrl_return_resolves_in_the_reserve_pane_and_sends_fog_on_the_map(qtbot, window):
    """Both answer to Ctrl+Return; as two window-wide keys Qt found them ambiguous and did neither."""
    player = _open_players(qtbot, window, _fogged_warehouse("z2"))
    window.fog.stage_action.trigger()
    window.fog.reveal_all_action.trigger()
    pane = window.panes["Reserve"]
    resolved = []
    pane.resolve_button.clicked.connect(lambda: resolved.append(True))
    pane.add_button.click()
    pane.add_button.click()
    window.docks["Reserve"].show()
    window.docks["Reserve"].raise_()
    assert pane.resolve_button.isEnabled()
    window.activateWindow()
    pane.attack.setFocus()
    qtbot.keyClick(pane.attack, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert resolved == [True], "typing the rolls, Ctrl+Return resolves"
    assert _magenta(_frame(player.view)) == 0, "and sends no fog"
    window.view.setFocus()
    qtbot.keyClick(window.view.viewport(), Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert _magenta(_frame(player.view)) > 500, "on the map, Ctrl+Return sends the staged fog"
    assert resolved == [True]
    player.close()


def test_a_map_with_every_new_kind_of_edit_opens_for_the_players(qtbot, window, tmp_path):
    from tests.test_invariant import _every_new_kind_of_edit

    path = tmp_path / "all.tabletop"
    save_map(_every_new_kind_of_edit(), path)
    player = _open_players(qtbot, window, load_map(path))
    assert _fog_pixels(_frame(player.view)) > 500, "the fogged zone and areas are fog"
    window.fog.fog_all_action.trigger()
    window.document.undo_stack.undo()
    window.document.undo_stack.redo()
    assert all(z.fogged for z in window.document.map.zones)
    player.close()
