"""The players' window's controls, the fog's and the physical scale's are given what they use
(the document, the canvas, the settings, the action registry, the status bar), not the map
window: made on a bare window, they run the table. A tool is given a way to say a line, and
says it there whatever window, if any, holds its canvas. The fog staged before the players' window
opens is what it shows from its first frame, and a locked scale is on it once it has its screen."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMainWindow

from tabletop.document import MapDocument
from tabletop.samples import warehouse
from tabletop.ui.menus import MENU_BAR, MENUS
from tabletop.ui.player import PlayerControls
from tabletop.ui.player.calibration import PPMM_KEY, UNITS_PER_INCH_KEY
from tabletop.ui.player.fog import FogControls
from tabletop.ui.player.scale import ScaleControls
from tabletop.ui.player.table import TableParts
from tabletop.ui.registry import Act, ActionRegistry
from tabletop.ui.scene.editor_scene import EditorScene
from tabletop.ui.tools.draw import PolygonTool
from tabletop.ui.tools.reach import ReachSettings
from tabletop.ui.tools.select import SelectTool
from tabletop.ui.view import MapView


def _table(qtbot, tmp_path):
    frame = QMainWindow()  # no menus of its own, no docks, no parts: only what the controls are given
    qtbot.addWidget(frame)
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    document = MapDocument(warehouse(), parent=frame)
    scene = EditorScene(document)
    view = MapView(scene)
    frame.setCentralWidget(view)
    registry = ActionRegistry(frame, view)
    registry.menu_bar(frame.menuBar(), MENU_BAR, MENUS, lambda: None)
    registry.register(Act("view.legend", "Show &Legend", checkable=True))
    select = SelectTool(document, scene, view, frame.statusBar().showMessage, ReachSettings())
    players = PlayerControls(document, scene, view, settings, registry)
    table = TableParts(document, settings, registry, players, frame.statusBar())
    fog = FogControls(table, select)
    scale = ScaleControls(table)
    return frame, document, settings, players, fog, scale


def test_fog_staged_before_the_players_window_opens_is_what_it_shows(qtbot, tmp_path):
    frame, document, _settings, players, fog, _scale = _table(qtbot, tmp_path)
    frame.show()
    fog.stage_action.trigger()
    fog.fog_all_action.trigger()
    assert all(zone.fogged for zone in document.map.zones)
    assert "staged" in frame.statusBar().currentMessage()
    players.open_action.trigger()
    player = players.player
    assert player is not None and player.scene.fog is fog.held, "the players keep the fog they were sent"
    assert not any(player.scene.fog.zone_fogged(zone) for zone in document.map.zones)
    fog.send_action.trigger()
    assert all(player.scene.fog.zone_fogged(zone) for zone in document.map.zones)
    assert frame.statusBar().currentMessage() == "Fog sent to the players"
    player.close()
    assert players.player is None


def test_a_locked_scale_is_on_the_players_window_once_it_has_its_screen(qtbot, tmp_path):
    frame, document, settings, players, _fog, scale = _table(qtbot, tmp_path)
    frame.show()
    scale.lock_action.setChecked(True)
    players.open_action.trigger()
    player = players.player
    assert player.view.locked_scale is None, "no ruler laid on this screen yet"
    settings.setValue(PPMM_KEY + player.screen().name(), "4")
    settings.setValue(UNITS_PER_INCH_KEY, "50.8")
    player.close()
    players.open_action.trigger()
    assert players.player.view.locked_scale == 4 * 25.4 / 50.8, "a zone map: 50.8 map units to the inch"
    assert not document.map.grids
    players.player.close()


def test_a_tool_says_why_a_gesture_did_nothing_through_what_it_was_given(qtbot):
    document = MapDocument(warehouse())
    scene = EditorScene(document)
    view = MapView(scene)  # a canvas in no window: nothing to find a status bar in
    qtbot.addWidget(view)
    said: list[str] = []
    draw = PolygonTool(document, scene, view, said.append)
    draw.points = [(0.0, 0.0), (40.0, 0.0)]
    assert draw.finish() is None
    assert said == ["A zone needs at least three points; nothing was drawn"]
    document.map_locked = True
    assert draw.locked("the zone")
    assert said[-1] == "The map is locked while you play: the zone stays put (Edit ▸ Lock Map to unlock)"
