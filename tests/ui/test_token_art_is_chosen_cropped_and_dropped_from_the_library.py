"""Token art in the window: the Inspector's Picture… copies a picture from elsewhere into the
map's assets/ folder and sets it in one undo step, the crop follows the boxes and a drag in the
preview (one step per drag), Remove Picture takes it off; the Token Library lists a folder's
pictures with thumbnails made off the window's thread, filters them by name, and a picture
dropped on the map places a token wearing it, dropped on a token gives it the picture."""

from __future__ import annotations

import threading

from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QDragEnterEvent, QDropEvent, QImage
from PySide6.QtWidgets import QApplication

from tabletop.io import save_map
from tabletop.model import Map, NodeShape, Token, TokenPicture, Zone, ZoneLocation
from tabletop.ui.docks.token_library import FOLDER_KEY, MIME, TokenLibrary, token_name


def _picture(path, colour: str = "#2e86c1", size: tuple[int, int] = (80, 60)) -> None:
    image = QImage(*size, QImage.Format.Format_RGB32)
    image.fill(QColor(colour))
    assert image.save(str(path))


def _road(window, tmp_path) -> None:
    """A saved map of two zones, Kell standing in the first."""
    zones = [Zone(id=f"z{i}", name=f"Road {i}", shape=NodeShape(x=300.0 * i, y=0, radius=100)) for i in range(2)]
    kell = Token(id="kell", name="Kell", location=ZoneLocation(zone="z0"))
    path = tmp_path / "map" / "road.tabletop"
    path.parent.mkdir()
    save_map(Map(zones=zones, tokens=[kell]), path)
    window.document.replace_map(Map(zones=zones, tokens=[kell]), path)


def test_picture_copies_a_file_from_elsewhere_into_assets_in_one_step(qtbot, window, tmp_path):
    _road(window, tmp_path)
    (tmp_path / "downloads").mkdir()
    _picture(tmp_path / "downloads" / "kell portrait.png")
    window.document.select([("token", "kell")])
    editor = window.inspector.token_picture
    assert not editor.remove.isEnabled()
    assert editor.choose_file(str(tmp_path / "downloads" / "kell portrait.png"))
    picture = window.document.get("token", "kell").picture
    assert picture == TokenPicture(path="assets/kell portrait.png")
    assert (tmp_path / "map" / "assets" / "kell portrait.png").is_file()
    assert "Copied kell portrait.png" in editor.note.text() and editor.note.isVisibleTo(window)
    assert window.inspector.problem.text() == "", "what went well is not said in the refusals' red line"
    shown = editor.note.grab().toImage()
    reds = [
        (x, y)
        for x in range(shown.width())
        for y in range(shown.height())
        if (c := shown.pixelColor(x, y)).red() > 150 and c.green() < 90 and c.blue() < 90
    ]
    assert not reds, "said in the pane's usual colour"
    assert editor.remove.isEnabled() and editor.preview.isVisibleTo(window)
    window.document.undo_stack.undo()
    assert window.document.get("token", "kell").picture is None


def test_the_crop_follows_the_boxes_and_a_drag_is_one_step(qtbot, window, tmp_path):
    _road(window, tmp_path)
    (tmp_path / "map" / "assets").mkdir()
    _picture(tmp_path / "map" / "assets" / "kell.png", size=(200, 100))
    window.document.select([("token", "kell")])
    editor = window.inspector.token_picture
    assert editor.choose_file(str(tmp_path / "map" / "assets" / "kell.png"))
    assert not (tmp_path / "map" / "assets" / "kell-2.png").exists(), "a picture in the folder is not copied"
    editor.zoom.setValue(2.0)
    assert window.document.get("token", "kell").picture.zoom == 2.0
    steps = window.document.undo_stack.count()
    preview = editor.preview
    qtbot.mousePress(preview, Qt.MouseButton.LeftButton, pos=QPoint(75, 75))
    for x in (70, 60, 50):
        qtbot.mouseMove(preview, QPoint(x, 75))
    qtbot.mouseRelease(preview, Qt.MouseButton.LeftButton, pos=QPoint(50, 75))
    crop = window.document.get("token", "kell").picture
    assert crop.x < 0.5 and crop.y == 0.5, "dragged left: the crop's centre moved left"
    assert window.document.undo_stack.count() == steps + 1, "the drag is one step"
    assert editor.x.value() == round(crop.x * 100, 1), "the boxes show the dragged crop"
    editor.remove.click()
    assert window.document.get("token", "kell").picture is None


def test_a_map_never_saved_asks_to_be_saved_first(qtbot, window, tmp_path):
    window.document.replace_map(Map(tokens=[Token(id="kell")]), None)
    window.document.select([("token", "kell")])
    _picture(tmp_path / "kell.png")
    assert not window.inspector.token_picture.choose_file(str(tmp_path / "kell.png"))
    assert "Save the map first" in window.inspector.problem.text()


def _library(qtbot, window, folder) -> TokenLibrary:
    window.settings.setValue(FOLDER_KEY, str(folder))
    window.registry["dock.token_library"].trigger()
    library = window.docks["Token Library"].pane()
    qtbot.waitUntil(lambda: library.isVisible())
    return library


def test_the_library_shows_a_folders_pictures_and_filters_them_by_name(qtbot, window, tmp_path):
    folder = tmp_path / "art"
    folder.mkdir()
    for name in ("orc-chief.png", "Orc archer.png", "kell.webp", "goblin.jpg"):
        _picture(folder / name)
    (folder / "notes.txt").write_text("not a picture")
    library = _library(qtbot, window, folder)
    assert library.shown_names() == ["goblin.jpg", "kell.webp", "Orc archer.png", "orc-chief.png"]
    library.search.setText("orc")
    assert library.shown_names() == ["Orc archer.png", "orc-chief.png"]
    library.search.clear()

    def thumbnails_made() -> bool:
        icons = [library.model.item(row).icon().pixmap(72, 72).toImage() for row in range(4)]
        centres = [icon.pixelColor(icon.width() // 2, icon.height() // 2) for icon in icons]
        blue = QColor("#2e86c1")
        return all(abs(c.red() - blue.red()) + abs(c.blue() - blue.blue()) < 16 for c in centres)  # JPEG is near

    qtbot.waitUntil(thumbnails_made)


def _drop(window, file, pos: QPointF) -> None:
    """A drag from the library entering the map's view and dropped at `pos` (scene units)."""
    data = QMimeData()
    data.setData(MIME, str(file).encode("utf-8"))
    at = QPointF(window.view.mapFromScene(pos))
    copy, left, plain = Qt.DropAction.CopyAction, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    viewport = window.view.viewport()
    entered = QDragEnterEvent(at.toPoint(), copy, data, left, plain)
    QApplication.sendEvent(viewport, entered)
    assert entered.isAccepted(), "the map takes a library picture"
    QApplication.sendEvent(viewport, QDropEvent(at, copy, data, left, plain))


def test_a_picture_dropped_in_a_zone_places_a_token_wearing_it(qtbot, window, tmp_path):
    _road(window, tmp_path)
    folder = tmp_path / "art"
    folder.mkdir()
    _picture(folder / "orc-chief.png", "#8e44ad")
    _library(qtbot, window, folder)
    window.view.centerOn(300, 0)
    before = {t.id for t in window.document.map.tokens}
    _drop(window, folder / "orc-chief.png", QPointF(300, 40))
    new = [t for t in window.document.map.tokens if t.id not in before]
    assert len(new) == 1
    assert new[0].name == "Orc chief" and new[0].location == ZoneLocation(zone="z1")
    assert new[0].picture == TokenPicture(path="assets/orc-chief.png")
    assert (tmp_path / "map" / "assets" / "orc-chief.png").is_file()
    window.document.undo_stack.undo()
    assert {t.id for t in window.document.map.tokens} == before, "one undo takes it away"


def test_a_picture_dropped_on_a_token_becomes_its_picture(qtbot, window, tmp_path):
    _road(window, tmp_path)
    folder = tmp_path / "art"
    folder.mkdir()
    _picture(folder / "kell.png")
    _library(qtbot, window, folder)
    spot = window.document.token_spots()["kell"]
    window.view.centerOn(*spot)
    count = len(window.document.map.tokens)
    _drop(window, folder / "kell.png", QPointF(*spot))
    assert len(window.document.map.tokens) == count
    assert window.document.get("token", "kell").picture == TokenPicture(path="assets/kell.png")


def test_a_token_is_named_after_its_pictures_file():
    assert token_name("/x/orc-chief_2.png") == "Orc chief 2"
    assert token_name("kell.webp") == "Kell"


def test_thumbnails_are_made_off_the_windows_thread(qtbot, window, tmp_path, monkeypatch):
    from tabletop.ui.docks import token_library

    folder = tmp_path / "art"
    folder.mkdir()
    for n in range(60):
        _picture(folder / f"raider-{n:02}.png")
    threads = []
    made = token_library.thumbnail

    def recorded(file):
        threads.append(threading.current_thread())
        return made(file)

    monkeypatch.setattr(token_library, "thumbnail", recorded)
    library = _library(qtbot, window, folder)
    assert len(library.shown_names()) == 60, "every picture listed at once, before its thumbnail"
    qtbot.waitUntil(lambda: len(threads) == 60)
    assert threading.main_thread() not in threads


def test_an_svgs_thumbnail_is_made_on_the_windows_thread_a_rasters_on_the_worker(qtbot, window, tmp_path, monkeypatch):
    """Qt's SVG reader connects signals as it reads, which a worker may only do while the
    window's thread is not waiting for Python: SVGs are read where the window is."""
    from tabletop.ui.docks import token_library

    folder = tmp_path / "art"
    folder.mkdir()
    _picture(folder / "kell.png")
    (folder / "banner.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">'
        '<rect width="40" height="40" fill="#c0392b"/></svg>'
    )
    threads = {}
    made = token_library.thumbnail

    def recorded(file):
        threads[file.name] = threading.current_thread()
        return made(file)

    monkeypatch.setattr(token_library, "thumbnail", recorded)
    _library(qtbot, window, folder)
    qtbot.waitUntil(lambda: len(threads) == 2)
    assert threads["banner.svg"] is threading.main_thread()
    assert threads["kell.png"] is not threading.main_thread()


def test_an_svg_under_a_rasters_name_gets_its_thumbnail_on_the_windows_thread(qtbot, window, tmp_path, monkeypatch):
    """The worker meets an SVG named like a PNG: it leaves it to the window's thread, where its
    thumbnail is made, instead of a blank square or Qt's SVG reader on the worker."""
    from tabletop.render import pictures
    from tabletop.ui.docks import token_library

    folder = tmp_path / "art"
    folder.mkdir()
    (folder / "banner.png").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">'
        '<rect width="40" height="40" fill="#c0392b"/></svg>'
    )
    read_on = []
    decode = pictures.decode_picture

    def recorded(raw):
        image = decode(raw)  # a refusal is not recorded: only where the picture was read
        read_on.append(threading.current_thread())
        return image

    monkeypatch.setattr(token_library, "decode_picture", recorded)
    library = _library(qtbot, window, folder)

    def red_thumbnail() -> bool:
        icon = library.model.item(0).icon().pixmap(72, 72).toImage()
        return icon.pixelColor(icon.width() // 2, icon.height() // 2) == QColor("#c0392b")

    qtbot.waitUntil(red_thumbnail)
    assert read_on == [threading.main_thread()]
