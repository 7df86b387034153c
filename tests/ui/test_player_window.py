"""The players' window: opened and closed from the GM's View menu, never taking the keyboard,
black until built and while blacked out, showing the GM's pushed or followed view, turned in
quarter turns, and coming back as it was after a restart."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import shiboken6
from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, QRectF, QSettings, Qt, QTimer
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QDockWidget, QGraphicsItem, QToolBar

from tabletop.document.commands import EditObject
from tabletop.model import FillStyle, ZoneLocation
from tabletop.model.kinds import Kind
from tabletop.render import text
from tabletop.render.style import Audience
from tabletop.samples import warehouse
from tabletop.ui.main_window import MainWindow
from tabletop.ui.player.window import PlayerWindow
from tabletop.ui.scene.editor_scene import EditorScene
from tests.ui.view_frames import players_on
from tests.ui.window_process import run_window

SCREENS = Path(__file__).with_name("screens.json")
"""Three screens for the offscreen platform: the GM's laptop, a projector to its right and a
table TV below it."""
ROOT = Path(__file__).resolve().parents[2]


def _open(qtbot, window) -> PlayerWindow:
    return players_on(qtbot, window, warehouse())


def _frame(player: PlayerWindow) -> QImage:
    return player.view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def _all_black(image: QImage) -> bool:
    black = QImage(image.size(), QImage.Format.Format_RGB32)
    black.fill(QColor("black"))
    return image == black


def _corners_inside(player: PlayerWindow, rect: QRectF, slack: float = 2.0) -> bool:
    room = QRectF(player.view.viewport().rect()).adjusted(-slack, -slack, slack, slack)
    corners = (rect.topLeft(), rect.topRight(), rect.bottomLeft(), rect.bottomRight())
    return all(room.contains(player.view.mapFromScene(corner).toPointF()) for corner in corners)


def _fills_one_way(player: PlayerWindow, rect: QRectF, slack: float = 2.0) -> bool:
    """The rectangle is as large as it can be: it spans the viewport's width or its height."""
    shown = player.view.mapFromScene(rect).boundingRect()
    viewport = player.view.viewport().rect()
    return abs(shown.width() - viewport.width()) <= slack or abs(shown.height() - viewport.height()) <= slack


class _Paints(QObject):
    """Counts the frames a widget paints."""

    def __init__(self, widget) -> None:
        super().__init__(widget)
        self.count = 0
        widget.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def _events_handled(qtbot, context: QObject) -> None:
    """Until the steps queued so far for the next turn of the event loop have run: one queued
    after them, the same way, has."""
    done = []
    QTimer.singleShot(0, context, lambda: done.append(True))
    qtbot.waitUntil(lambda: bool(done))


def test_the_action_opens_a_bare_players_window_and_toggling_closes_it(qtbot, window):
    player = _open(qtbot, window)
    assert player.isWindow() and player.isVisible() and player is not window
    assert window.players.open_action.isChecked()
    assert not player.findChildren(QDockWidget) and not player.findChildren(QToolBar)
    assert not isinstance(player.scene, EditorScene) and player.scene.style.audience is Audience.PLAYERS
    assert not player.scene.style.selection_marks
    assert not any(item.flags() & QGraphicsItem.GraphicsItemFlag.ItemIsSelectable for item in player.scene.items())
    assert not player.view.isInteractive() and player.view.focusPolicy() == Qt.FocusPolicy.NoFocus
    assert player.scene.document is window.document and window.players.open_action.shortcut().toString() == (
        "Ctrl+Shift+P"
    )
    window.players.open_action.trigger()
    assert window.players.player is None and not player.isVisible()
    assert window.isVisible() and window.document.map.zones


def test_closing_the_players_window_keeps_the_map(qtbot, window):
    player = _open(qtbot, window)
    zones = len(window.document.map.zones)
    player.close()
    assert window.players.player is None and not window.players.open_action.isChecked()
    assert window.isVisible() and len(window.document.map.zones) == zones
    window.players.open_action.trigger()  # and it opens again
    assert window.players.player is not None and window.players.player.isVisible()
    window.players.player.close()


def test_closing_the_map_window_closes_the_players_window(qtbot, window):
    player = _open(qtbot, window)
    assert player.parent() is None  # not minimised with the map window by a window manager
    window.close()
    assert not player.isVisible() and window.players.player is None


def test_a_closed_players_window_is_deleted_and_stops_following_the_document(qtbot, window):
    player = _open(qtbot, window)
    scene = player.scene
    player.close()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert not shiboken6.isValid(player) and not shiboken6.isValid(scene)
    window.document.undo_stack.push(  # an edit reaches no deleted scene
        EditObject(window.document, Kind.ZONE, window.document.map.zones[0].model_copy(update={"name": "Hall"}), "name")
    )
    assert window.document.map.zones[0].name == "Hall"


def test_it_starts_black_and_shows_the_map_once_built(qtbot, window):
    window.document.replace_map(warehouse(), None)
    window.players.open_action.trigger()
    player = window.players.player
    assert player.view.covered and _all_black(_frame(player))
    qtbot.waitUntil(lambda: not player.view.covered)
    assert not _all_black(_frame(player))
    player.close()


def test_it_never_takes_the_keyboard_from_the_gm(qtbot, window):
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    window.view.setFocus()
    player = _open(qtbot, window)
    assert player.windowFlags() & Qt.WindowType.WindowDoesNotAcceptFocus
    assert player.testAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    assert QApplication.focusWidget() is window.view and not player.isActiveWindow()
    player.close()


def test_blackout_is_black_in_the_next_frame_and_again_restores(qtbot, window):
    player = _open(qtbot, window)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    assert not _all_black(_frame(player))
    ctrl_shift = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(window.view, Qt.Key.Key_B, ctrl_shift)
    assert window.players.blackout_action.isChecked()
    assert _all_black(_frame(player))  # no event loop turn between the key and the frame
    qtbot.keyClick(window.view, Qt.Key.Key_B, ctrl_shift)
    assert not _all_black(_frame(player))
    player.close()


def test_a_window_opened_during_blackout_stays_black_until_restored(qtbot, window):
    window.players.blackout_action.trigger()
    window.document.replace_map(warehouse(), None)
    window.players.open_action.trigger()
    player = window.players.player
    qtbot.waitUntil(lambda: player.built)
    assert player.view.covered and _all_black(_frame(player))
    window.players.blackout_action.trigger()
    assert not _all_black(_frame(player))
    player.close()


def test_push_view_shows_the_gms_view(qtbot, window):
    player = _open(qtbot, window)
    window.view.zoom(3.0)
    window.view.centerOn(QPointF(250, 120))
    gm = window.players.gm_rect()
    window.players.push_action.trigger()
    assert _corners_inside(player, gm) and _fills_one_way(player, gm)
    shown = player.view.visible_rect()
    assert abs(shown.center().x() - gm.center().x()) < 2 and abs(shown.center().y() - gm.center().y()) < 2
    player.close()


def test_follow_mode_follows_every_scroll_and_zoom(qtbot, window):
    player = _open(qtbot, window)
    window.players.follow_action.trigger()
    for factor, centre in ((2.0, QPointF(100, 100)), (1.5, QPointF(400, 200)), (0.5, QPointF(300, 150))):
        window.view.zoom(factor)
        window.view.centerOn(centre)
        gm = window.players.gm_rect()
        qtbot.waitUntil(lambda gm=gm: _corners_inside(player, gm) and _fills_one_way(player, gm))
    window.players.follow_action.trigger()
    before = player.view.visible_rect()
    painted = _Paints(window.view.viewport())
    window.view.zoom(2.0)
    qtbot.waitUntil(lambda: painted.count > 0)  # a paint of the GM's view, where follow mode would follow it
    assert player.view.visible_rect() == before
    player.close()


def test_rotation_turns_the_players_view_in_quarter_turns(qtbot, window):
    window.document.replace_map(_secret_map()[0], None)
    window.players.open_action.trigger()
    player = window.players.player
    qtbot.waitUntil(lambda: not player.view.covered)
    window.players.push_action.trigger()
    gm = window.players.gm_rect()
    for quarter in (1, 2, 3, 0):
        window.players.rotate_action.trigger()
        assert player.view.rotation == quarter * 90
        top_left = player.view.mapFromScene(gm.topLeft()).toPointF()
        centre = player.view.mapFromScene(gm.center()).toPointF()
        expected_corner = {0: (-1, -1), 1: (1, -1), 2: (1, 1), 3: (-1, 1)}[quarter]
        assert (top_left.x() > centre.x()) == (expected_corner[0] > 0)
        assert (top_left.y() > centre.y()) == (expected_corner[1] > 0)
        assert _corners_inside(player, gm) and _fills_one_way(player, gm)
        frame = _frame(player)  # the zones and the tokens are painted, turned
        middle = player.view.mapFromScene(QPointF(300, 60))  # in the middle zone, clear of its label
        assert frame.pixelColor(middle).name() == "#ff00ff"
        assert _count(frame, "#ff00ff") > 1000 and _count(frame, "#00ff00") > 50
    player.close()


def test_follow_rotation_and_view_come_back_after_a_restart(qtbot, window, tmp_path):
    player = _open(qtbot, window)
    window.view.zoom(2.5)
    window.players.push_action.trigger()
    pushed = window.players.gm_rect()
    window.players.rotate_action.trigger()
    window.players.set_screen("projector")
    player.close()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    again = MainWindow(settings=settings)
    qtbot.addWidget(again)
    assert not again.players.following and again.players.rotation == 90
    assert again.players.screen_name == "projector"
    again.document.replace_map(warehouse(), None)
    again.show()
    again.players.open_action.trigger()
    restored = again.players.player
    qtbot.waitUntil(lambda: not restored.view.covered)
    assert restored.view.rotation == 90
    assert abs(restored.view.shown_rect.width() - pushed.width()) < 0.05
    assert abs(restored.view.shown_rect.center().x() - pushed.center().x()) < 0.05
    restored.close()


def test_follow_mode_comes_back_after_a_restart(qtbot, window, tmp_path):
    window.players.follow_action.trigger()
    window.players.follow_action.trigger()
    window.players.follow_action.trigger()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    again = MainWindow(settings=settings)
    qtbot.addWidget(again)
    assert again.players.following and again.players.follow_action.isChecked()


def test_with_one_screen_it_is_an_ordinary_window(qtbot, window):
    player = _open(qtbot, window)
    assert len(QApplication.screens()) == 1
    assert not player.isFullScreen() and player.size().toTuple() == (960, 540)
    window.players._fill_screens()
    texts = [act.text() for act in window.players.screen_menu.actions()]
    assert texts[0] == QApplication.primaryScreen().name() and "One screen" in texts[-1]
    player.close()


SEVERAL_SCREENS = """
import json, sys
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
from tabletop.ui.main_window import MainWindow

def opened(win):
    win.players.open_action.trigger()
    app.processEvents()
    player = win.players.player
    found = [player.screen().name(), player.isFullScreen(), list(player.geometry().getRect())]
    return found, player

out = {}
win = MainWindow(settings=QSettings(sys.argv[1], QSettings.Format.IniFormat))
win.show()
out["first"], player = opened(win)
player.close()
win.players._fill_screens()
menu = {act.text(): act for act in win.players.screen_menu.actions()}
out["menu"] = list(menu)
menu["table TV"].trigger()
out["chosen"], player = opened(win)
before = list(player.view.shown_rect.getRect())
win.players.set_screen("projector")
app.processEvents()
player = win.players.player
out["kept"] = list(player.view.shown_rect.getRect()) == before and player.isVisible()
out["moved"] = [player.screen().name(), player.isFullScreen(), list(player.geometry().getRect())]
out["active"] = type(QApplication.activeWindow()).__name__
player.close()
win.players.set_screen("table TV")
win.close()
again = MainWindow(settings=QSettings(sys.argv[1], QSettings.Format.IniFormat))
again.show()
out["restarted"], player = opened(again)
player.close()
again.players.set_screen("unplugged")
out["unplugged"], player = opened(again)
player.close()
print(json.dumps(out))
"""


def test_with_several_screens_it_opens_full_screen_on_the_chosen_one(tmp_path):
    """The offscreen platform reads its screens from a file, which only a new QApplication
    does: this runs in a fresh interpreter."""
    screens = {"QT_QPA_PLATFORM": f"offscreen:configfile={SCREENS}"}
    settings = str(tmp_path / "settings.ini")
    done = run_window(SEVERAL_SCREENS, tmp_path, settings, env=screens, timeout=120)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    projector, table = [1920, 0, 1280, 720], [0, 1080, 1600, 900]
    assert out["first"] == ["projector", True, projector]  # not the laptop, where the GM's window is
    assert out["menu"] == ["laptop", "projector", "table TV"]
    assert out["chosen"] == ["table TV", True, table]
    assert out["moved"] == ["projector", True, projector] and out["kept"]
    assert out["active"] == "MainWindow"
    assert out["restarted"] == ["table TV", True, table]
    assert out["unplugged"] == ["projector", True, projector]
    assert QSettings(settings, QSettings.Format.IniFormat).value("player/screen") == "unplugged"


def _count(image: QImage, colour: str) -> int:
    """Pixels of exactly this colour (a zone's fill or a token's disc, inside its antialiased edge)."""
    pixels = np.frombuffer(image.constBits(), dtype=np.uint32, count=image.width() * image.height())
    return int(np.count_nonzero(pixels == QColor(colour).rgb()))


def _secret_map():
    """The warehouse with its middle zone, a token standing in it and another token each in a
    colour found nowhere else on the map."""
    map_ = warehouse()
    middle = map_.zone("z2").model_copy(update={"fill": FillStyle(colour="#ff00ff")})
    tokens = {t.id: t for t in map_.tokens}
    gatto = tokens["gatto"].model_copy(update={"colour": "#00ff00", "location": ZoneLocation(zone="z2")})
    hargan = tokens["hargan"].model_copy(update={"colour": "#0000fe"})
    zones = [middle if zone.id == "z2" else zone for zone in map_.zones]
    return map_.model_copy(update={"zones": zones, "tokens": [gatto, hargan]}), middle, hargan


def _hide(document, middle, hargan) -> None:
    stack = document.undo_stack
    stack.push(EditObject(document, Kind.ZONE, middle.model_copy(update={"hidden": True}), "hidden"))
    stack.push(EditObject(document, Kind.TOKEN, hargan.model_copy(update={"hidden": True}), "hidden"))


def test_the_players_never_see_a_hidden_zone_or_token(qtbot, window):
    """The players see all three secret colours until the GM hides the zone and the token, then none."""
    map_, middle, hargan = _secret_map()
    window.document.replace_map(map_, None)
    window.players.open_action.trigger()
    player = window.players.player
    qtbot.waitUntil(lambda: not player.view.covered)
    secrets = ("#ff00ff", "#00ff00", "#0000fe")
    frame = _frame(player)
    assert all(_count(frame, colour) > 50 for colour in secrets)
    _hide(window.document, middle, hargan)
    frame = _frame(player)
    assert [_count(frame, colour) for colour in secrets] == [0, 0, 0]
    window.document.undo_stack.undo()
    window.document.undo_stack.undo()
    frame = _frame(player)
    assert all(_count(frame, colour) > 50 for colour in secrets)
    player.close()


def test_the_players_window_fits_only_what_the_players_see(qtbot, window):
    map_ = _secret_map()[0]
    east = map_.zone("z3").model_copy(update={"hidden": True})
    map_ = map_.model_copy(update={"zones": [east if zone.id == "z3" else zone for zone in map_.zones]})
    window.document.replace_map(map_, None)
    window.players.open_action.trigger()
    player = window.players.player
    qtbot.waitUntil(lambda: not player.view.covered)
    east_left = min(x for x, _ in east.shape.points)
    assert player.view.shown_rect.right() < east_left + 40  # the margin, not the hidden zone's width
    assert player.view.shown_rect.left() < min(x for x, _ in map_.zone("z1").shape.points)
    player.close()


def test_the_players_window_never_paints_a_hidden_name(qtbot, window, monkeypatch):
    """Every word the map paints goes through text.draw_text: recorded, the players' window
    says the hidden zone's name and the hidden tokens' names only before they are hidden."""
    said: list[str] = []
    original = text.draw_text

    def recorded(p, box, flags, words):
        said.append(words)
        original(p, box, flags, words)

    def words_painted_afresh(player) -> set[str]:
        """A new zoom paints every tile anew; no event loop turn lets the GM's window paint."""
        said.clear()
        player.view.show_rect(player.view.shown_rect.adjusted(-40, -40, 40, 40))
        _frame(player)
        return set(said)

    monkeypatch.setattr(text, "draw_text", recorded)
    map_, middle, hargan = _secret_map()
    window.document.replace_map(map_, None)
    window.players.open_action.trigger()
    player = window.players.player
    qtbot.waitUntil(lambda: not player.view.covered)
    assert {"Middle", "Gatto", "Hargan", "West end"} <= words_painted_afresh(player)
    _hide(window.document, middle, hargan)
    words = words_painted_afresh(player)
    assert "West end" in words and not {"Middle", "Gatto", "Hargan"} & words
    player.close()


def test_the_players_window_opens_again_after_a_restart_unless_the_gm_closed_it(qtbot, window, tmp_path):
    _open(qtbot, window)
    window.close()  # the map window closes with the players' window open
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    again = MainWindow(settings=settings)
    qtbot.addWidget(again)
    again.show()
    qtbot.waitUntil(lambda: again.players.player is not None and again.players.player.isVisible())
    assert again.players.open_action.isChecked()
    again.players.open_action.trigger()  # the GM closes it: it stays closed next time
    third = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(third)
    third.show()
    qtbot.waitExposed(third)
    _events_handled(qtbot, third)  # the showing's own queued steps, where it would open the players' window
    assert third.players.player is None and not third.players.open_action.isChecked()


def test_the_players_view_is_outlined_on_the_gms_map_and_dragged_by_its_edge(qtbot, window):
    player = _open(qtbot, window)
    outline = window.players.outline
    assert outline.scene() is window.scene
    assert _near(outline.rect, player.view.visible_rect())
    window.view.fit_map()
    window.view.zoom(0.5)  # the whole outline in the GM's view, with room to drag it
    window.players.follow_action.trigger()  # dragging the outline ends follow mode
    assert _near(outline.rect, player.view.visible_rect())
    before = player.view.visible_rect()
    selection = list(window.document.selection)
    edge = window.view.mapFromScene(QPointF(outline.rect.left(), outline.rect.center().y()))
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=edge)
    for step in range(1, 5):
        qtbot.mouseMove(viewport, pos=edge + QPoint(20 * step, 10 * step))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=edge + QPoint(80, 40))
    moved = player.view.visible_rect()
    scale = window.view.scale_now()
    assert abs(moved.left() - before.left() - 80 / scale) < 2 / scale
    assert abs(moved.top() - before.top() - 40 / scale) < 2 / scale
    assert _near(outline.rect, moved) and window.document.selection == selection
    assert not window.players.following
    player.close()
    assert outline.scene() is None


def _near(a: QRectF, b: QRectF, slack: float = 1.0) -> bool:
    return all(abs(x - y) <= slack for x, y in zip(a.getRect(), b.getRect(), strict=True))
