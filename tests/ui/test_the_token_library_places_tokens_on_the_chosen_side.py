"""The Token Library places a dropped token on the side chosen above its list (the map's sides,
the selected token's side by default, the last used remembered), refuses a picture it cannot
read in one line rather than placing a token that shows a question mark, lists each whole file
name beside its thumbnail, and drops the thumbnails still to make when the window closes."""

from __future__ import annotations

import threading

from PySide6.QtCore import QPointF, QSettings
from PySide6.QtGui import QColor, QImage

from tabletop.io import save_map
from tabletop.model import AreaLocation, EncounterGrid, Map, Tile, Token, TokenPicture
from tabletop.rules.sides import SIDE_COLOURS, side_colour
from tabletop.ui.docks.token_library import FOLDER_KEY, SIDE_KEY, TokenLibrary


def _picture(path, colour: str = "#2e86c1") -> None:
    image = QImage(80, 60, QImage.Format.Format_RGB32)
    image.fill(QColor(colour))
    assert image.save(str(path))


def _creek(window, tmp_path) -> None:
    """A saved map: a grid, Kell of the band and a raider on it."""
    grid = EncounterGrid(id="creek", tiles=[Tile(row=0, col=0)])
    tokens = [
        Token(id="kell", name="Kell", side="band", colour="#16a085", location=AreaLocation(grid="creek", row=0, col=0)),
        Token(
            id="raider",
            name="Raider",
            side="raiders",
            colour="#c0392b",
            location=AreaLocation(grid="creek", row=4, col=4),
        ),
    ]
    map_ = Map(grids=[grid], tokens=tokens)
    path = tmp_path / "map" / "creek.tabletop"
    path.parent.mkdir()
    save_map(map_, path)
    window.document.replace_map(map_, path)


def _library(qtbot, window, folder) -> TokenLibrary:
    window.settings.setValue(FOLDER_KEY, str(folder))
    window.registry["dock.token_library"].trigger()
    library = window.docks["Token Library"].pane()
    qtbot.waitUntil(lambda: library.isVisible())
    return library


def _area_centre(window, row: int, col: int) -> QPointF:
    grid = window.document.get("grid", "creek")
    (x, y), size = grid.origin, grid.area_size
    return QPointF(x + (col + 0.5) * size, y + (row + 0.5) * size)


def _dropped(window, library, file, row: int, col: int) -> list[Token]:
    before = {t.id for t in window.document.map.tokens}
    library.drop_at(str(file), _area_centre(window, row, col))
    return [t for t in window.document.map.tokens if t.id not in before]


def test_a_dropped_token_joins_the_selected_tokens_side(qtbot, window, tmp_path):
    _creek(window, tmp_path)
    folder = tmp_path / "art"
    folder.mkdir()
    _picture(folder / "orc-chief.png")
    library = _library(qtbot, window, folder)
    listed = [library.side.itemText(k) for k in range(library.side.count())]
    assert listed == ["band", "neutral", "raiders"]
    window.document.select([("token", "raider")])
    assert library.chosen_side() == "raiders", "the selected token's side"
    (orc,) = _dropped(window, library, folder / "orc-chief.png", 1, 1)
    assert orc.side == "raiders" and orc.colour == "#c0392b", "the side's colour"
    assert window.settings.value(SIDE_KEY, type=str) == "raiders"
    window.document.select([("token", "kell")])
    (second,) = _dropped(window, library, folder / "orc-chief.png", 2, 2)
    assert second.side == "band"
    assert second.picture == orc.picture == TokenPicture(path="assets/orc-chief.png")


def test_a_new_side_is_typed_and_the_last_used_is_remembered(qtbot, window, tmp_path):
    _creek(window, tmp_path)
    folder = tmp_path / "art"
    folder.mkdir()
    _picture(folder / "wolf.png")
    library = _library(qtbot, window, folder)
    library.side.setCurrentText("  wolves ")
    (wolf,) = _dropped(window, library, folder / "wolf.png", 0, 3)
    assert wolf.side == "wolves"
    assert wolf.colour == side_colour([t for t in window.document.map.tokens if t.id != wolf.id], "wolves")
    assert "wolves" in [library.side.itemText(k) for k in range(library.side.count())]
    settings = QSettings(window.settings.fileName(), QSettings.Format.IniFormat)
    again = TokenLibrary(window.document, settings, window.view, window.say)
    qtbot.addWidget(again)
    assert again.chosen_side() == "wolves", "remembered as text in the settings"


def test_a_picture_that_cannot_be_read_is_refused_in_one_line(qtbot, window, tmp_path):
    _creek(window, tmp_path)
    folder = tmp_path / "art"
    folder.mkdir()
    (folder / "broken.png").write_text("not a picture")
    library = _library(qtbot, window, folder)
    said: list[str] = []
    library.say = said.append
    steps = window.document.undo_stack.count()
    assert _dropped(window, library, folder / "broken.png", 1, 1) == []
    assert window.document.undo_stack.count() == steps
    assert len(said) == 1 and "\n" not in said[0]
    assert "broken.png" in said[0] and "not a picture Tabletop can read" in said[0]
    assert not (tmp_path / "map" / "assets" / "broken.png").exists(), "nothing copied beside the map"


def test_each_whole_file_name_stands_beside_its_thumbnail_with_its_path_as_tooltip(qtbot, window, tmp_path):
    folder = tmp_path / "art"
    folder.mkdir()
    names = [
        "kell.png",
        "orc-chief.png",
        "Raider archer of the northern marsh, second rank, with the long bow and the grey cloak.png",
    ]
    for name in names:
        _picture(folder / name)
    library = _library(qtbot, window, folder)
    dock = window.docks["Token Library"]
    dock.setFloating(True)
    try:
        dock.resize(240, 600)  # a narrow dock: two columns of it cut every name short
        view = library.grid
        qtbot.waitUntil(lambda: view.viewport().width() < 240)
        view.doItemsLayout()
        rects = [view.visualRect(library.filtered.index(row, 0)) for row in range(3)]
    finally:
        dock.setFloating(False)
    assert len({rect.left() for rect in rects}) == 1, "one column"
    assert rects[0].bottom() < rects[1].top() < rects[1].bottom() < rects[2].top()
    assert all(rect.right() < 240 for rect in rects), "no name runs off the dock"
    long = library.filtered.index(2, 0)
    assert long.data() == names[2], "the whole name, never cut short"
    assert rects[2].height() > rects[1].height(), "a long name wraps onto more lines"
    assert long.data(3).startswith(str(folder / names[2])), "the tooltip names the whole path"


def test_closing_the_window_drops_the_thumbnails_still_to_make(qtbot, window, tmp_path, monkeypatch):
    from tabletop.ui.docks import token_library

    folder = tmp_path / "art"
    folder.mkdir()
    for n in range(40):
        _picture(folder / f"raider-{n:02}.png")
    first_started, go_on = threading.Event(), threading.Event()
    made: list[threading.Thread] = []
    real = token_library.thumbnail

    def held(file):
        made.append(threading.current_thread())
        first_started.set()
        go_on.wait()
        return real(file)

    monkeypatch.setattr(token_library, "thumbnail", held)
    library = _library(qtbot, window, folder)
    qtbot.waitUntil(first_started.is_set)
    window.close()
    qtbot.waitUntil(lambda: library._worker is None)
    go_on.set()
    worker = made[0]
    qtbot.waitUntil(lambda: not worker.is_alive())
    assert len(made) == 1, "the one being made finished; the rest were never started"


def test_with_every_palette_colour_worn_a_side_takes_the_colour_of_its_place_not_of_its_count(qtbot, window, tmp_path):
    grid = EncounterGrid(id="creek", tiles=[Tile(row=0, col=0)])
    at = AreaLocation(grid="creek", row=0, col=0)
    others = [
        Token(id=f"s{k}", name=f"S{k}", side=f"side {k}", colour=colour, location=at)
        for k, colour in enumerate(SIDE_COLOURS)
    ]
    band = [Token(id=f"b{k}", name=f"B{k}", side="band", colour=SIDE_COLOURS[0], location=at) for k in range(3)]
    map_ = Map(grids=[grid], tokens=[others[0], *band, *others[1:]])  # the band is the second side
    path = tmp_path / "map" / "creek.tabletop"
    path.parent.mkdir()
    save_map(map_, path)
    window.document.replace_map(map_, path)
    folder = tmp_path / "art"
    folder.mkdir()
    _picture(folder / "scout.png")
    library = _library(qtbot, window, folder)
    library.side.setCurrentText("band")
    (scout,) = _dropped(window, library, folder / "scout.png", 1, 1)
    assert scout.side == "band" and scout.colour == SIDE_COLOURS[1], "the second side's, however many it holds"


def test_a_folder_name_that_looks_like_markup_shows_as_typed_in_its_tooltip(qtbot, window, tmp_path):
    folder = tmp_path / "<b>art"
    folder.mkdir()
    _picture(folder / "orc.png")
    library = _library(qtbot, window, folder)
    tip = library.filtered.index(0, 0).data(3)
    assert "&lt;b&gt;art/orc.png" in tip and "<b>" not in tip, "escaped: Qt shows it as typed"
