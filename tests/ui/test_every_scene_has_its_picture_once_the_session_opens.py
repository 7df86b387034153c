"""The Scenes dock shows every scene's small picture soon after the session opens, the scenes
never opened too (made while the window is idle, one at a time, written beside each map, the
session not marked unsaved for it, and a scene not opened let go again); a scene saved gets its
picture made again, showing the scene as saved."""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage

from tabletop.document.commands import EditObject
from tabletop.model import FillStyle
from tabletop.model.kinds import Kind
from tests.ui.scenes import ROAD_SEEN, TAVERN_SEEN, open_session

GREEN = "#00c000"


def _count(image: QImage, colour: str) -> int:
    want = QColor(colour)
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    return sum(
        1 for y in range(image.height()) for x in range(image.width()) if QColor(image.pixel(x, y)).rgb() == want.rgb()
    )


def _picture(scenes, scene_id: str) -> QImage:
    return QImage(str(scenes.session.thumbnail_file(scene_id)))


def _icon(scenes, row: int) -> QImage:
    return scenes.pane.list.item(row).icon().pixmap(96, 64).toImage()


def _all_made(scenes) -> bool:
    files = [scenes.session.thumbnail_file(scene.id) for scene in scenes.session.scenes]
    return all(file is not None and file.is_file() for file in files)


def test_every_scene_has_its_picture_soon_after_the_session_opens(qtbot, window, tmp_path):
    _, scenes, _ = open_session(qtbot, window, tmp_path, players=False)
    session = scenes.session
    qtbot.waitUntil(lambda: _all_made(scenes), timeout=5000)
    assert _count(_picture(scenes, "scene-2"), ROAD_SEEN) > 100, "the road, never opened, drawn as it is"
    assert _count(_picture(scenes, "scene-1"), TAVERN_SEEN[0]) > 100
    assert session.states["scene-2"].map is None, "a scene not opened is let go once drawn"
    assert not session.modified and not window.isWindowModified()
    assert _count(_icon(scenes, 1), ROAD_SEEN) > 20, "the dock shows it, not a grey blank"


def test_a_saved_scene_gets_its_picture_again(qtbot, window, tmp_path):
    _, scenes, _ = open_session(qtbot, window, tmp_path, players=False)
    qtbot.waitUntil(lambda: _all_made(scenes), timeout=5000)
    document = window.document
    middle = document.get(Kind.ZONE, "z2")
    painted = middle.model_copy(update={"fill": FillStyle(colour=GREEN)})
    document.undo_stack.push(EditObject(document, Kind.ZONE, painted))
    assert _count(_picture(scenes, "scene-1"), GREEN) == 0
    assert scenes.save()
    picture = _picture(scenes, "scene-1")
    assert _count(picture, GREEN) > 100 and _count(picture, TAVERN_SEEN[0]) == 0
    assert _count(_icon(scenes, 0), GREEN) > 20


def test_a_new_scene_shows_its_picture_before_it_is_saved(qtbot, window, tmp_path):
    _, scenes, _ = open_session(qtbot, window, tmp_path, players=False)
    qtbot.waitUntil(lambda: _all_made(scenes), timeout=5000)
    scene_id = scenes.session.duplicate("scene-2")
    row = [scene.id for scene in scenes.session.scenes].index(scene_id)
    qtbot.waitUntil(lambda: scenes.thumbnails.picture(scene_id) is not None, timeout=5000)
    assert _count(_icon(scenes, row), ROAD_SEEN) > 20
    assert scenes.save()
    assert scenes.thumbnails.picture(scene_id) is None and _count(_picture(scenes, scene_id), ROAD_SEEN) > 100


def test_pictures_made_at_an_opening_are_taken_again_at_the_next(qtbot, window, tmp_path):
    """The session file was not saved after the first opening: the pictures beside the maps are
    newer than the maps, so the next opening names them again rather than drawing them anew."""
    path, scenes, _ = open_session(qtbot, window, tmp_path, players=False)
    qtbot.waitUntil(lambda: _all_made(scenes), timeout=5000)
    files = [scenes.session.thumbnail_file(scene.id) for scene in scenes.session.scenes]
    made = [file.stat().st_mtime_ns for file in files]
    scenes.close_session()
    assert window.files.open(path)
    assert [scenes.session.scene(s.id).thumbnail for s in scenes.session.scenes] == [None, None]
    qtbot.waitUntil(lambda: _all_made(scenes), timeout=5000)
    assert [file.stat().st_mtime_ns for file in files] == made
    assert not scenes.session.modified
