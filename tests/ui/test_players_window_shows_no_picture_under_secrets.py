"""The players' window draws the background picture with nothing of it under hidden zones,
fogged zones and fogged grid areas (the same masked copy the exports draw), follows the GM's
edits, and keeps to the fog the players were last sent while the GM stages changes."""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage, QPainter

from tabletop.document import MapDocument
from tabletop.document.commands import EditObject
from tabletop.io import save_map
from tabletop.model.kinds import Kind
from tabletop.render.style import players_style
from tabletop.rules.visibility import HeldFog
from tabletop.ui.scene.map_scene import MapScene
from tests.render.test_players_outputs_hold_no_pixel_of_the_picture_under_secrets import SECRET, SEEN, _plan


def _drawn(scene: MapScene) -> QImage:
    """The background item alone, one pixel a map unit."""
    image = QImage(1000, 200, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    scene.background.paint(painter, None)
    painter.end()
    return image


def _shows(image: QImage, x: int, colour: QColor) -> bool:
    found = image.pixelColor(x, 100)
    return found.alpha() == 255 and found.rgb() == colour.rgb()


def _players(tmp_path, qapp) -> tuple[MapDocument, MapScene]:
    map_ = _plan(tmp_path)
    save_map(map_, tmp_path / "plan.tabletop")
    document = MapDocument(map_, path=tmp_path / "plan.tabletop")
    return document, MapScene(document, players_style())


def _edit(document: MapDocument, zone_id: str, **change) -> None:
    zone = document.get(Kind.ZONE, zone_id)
    document.undo_stack.push(EditObject(document, Kind.ZONE, zone.model_copy(update=change)))


def test_the_players_window_draws_no_picture_under_hidden_or_fogged_places(tmp_path, qapp):
    document, players = _players(tmp_path, qapp)
    image = _drawn(players)
    assert _shows(image, 100, SEEN) and _shows(image, 900, SEEN), "the hall and the yard show the plan"
    for x, place in ((300, "hidden vault"), (500, "fogged cellar"), (700, "fogged grid")):
        assert image.pixelColor(x, 100).alpha() == 0, f"nothing of the plan under the {place}"
    gm = MapScene(document)
    assert _shows(_drawn(gm), 300, SECRET) and _shows(_drawn(gm), 500, SECRET), "the GM sees the whole plan"


def test_the_players_picture_follows_fog_lifted_and_dropped(tmp_path, qapp):
    document, players = _players(tmp_path, qapp)
    _drawn(players)  # masked once before the edits
    _edit(document, "cellar", fogged=False)
    _edit(document, "hall", fogged=True)
    image = _drawn(players)
    assert _shows(image, 500, SECRET), "the cellar revealed shows its part of the plan"
    assert image.pixelColor(100, 100).alpha() == 0, "the hall fogged shows none"


def test_staged_fog_keeps_the_picture_masked_as_last_sent(tmp_path, qapp):
    document, players = _players(tmp_path, qapp)
    players.set_fog(HeldFog.of(document.map))  # the GM stages fog changes
    _edit(document, "cellar", fogged=False)
    assert _drawn(players).pixelColor(500, 100).alpha() == 0, "the players still have the cellar fogged"
    players.set_fog(HeldFog.of(document.map))  # sent
    assert _shows(_drawn(players), 500, SECRET)


def test_the_players_picture_is_painted_again_when_fog_is_sent_or_grid_areas_change(tmp_path, qapp, monkeypatch):
    """The item caches its picture: a fog sent (Ctrl+Return) or a grid's fog changed must ask
    for a new paint, or a revealed place stays blank until the next zoom."""
    document, players = _players(tmp_path, qapp)
    asked = []
    monkeypatch.setattr(players.background, "update", lambda *args: asked.append("update"))
    players.set_fog(HeldFog())
    assert asked, "the fog sent paints the picture again"
    asked.clear()
    grid = document.map.grids[0]
    document.undo_stack.push(EditObject(document, Kind.GRID, grid.model_copy(update={"fogged_areas": []})))
    assert asked, "a grid's fog changed paints the picture again"
