"""A token's move replays on the players' window along the rules' cheapest route, its figures
ticking as it crosses, and ends with the token where the document has it; never for a hidden
token, and never with the token inside a place the players do not see."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPointF, QRectF, QSettings, Qt
from PySide6.QtGui import QColor, QImage, QPolygonF

from tabletop.document.commands import EditObject, MoveToken
from tabletop.document.commands.fog import MoveRevealing
from tabletop.document.commands.play import apply_step
from tabletop.model import FillStyle, ZoneLocation
from tabletop.model.conflict import Conflict, Participant
from tabletop.model.kinds import Kind
from tabletop.model.tokens import AreaLocation
from tabletop.play_samples import af_encounter_round3
from tabletop.rules import af
from tabletop.rules.grid_movement import grid_reach
from tabletop.rules.move_routes import tick_words
from tabletop.rules.movement import path
from tabletop.rules.terrain import Terrain
from tabletop.samples import af_encounter, warehouse
from tabletop.ui.player.replay import REPLAY_KEY, MoveReplay, ReplayItem
from tests.ui.conftest import click
from tests.ui.playing import choose, start_af

GATTO, HARGAN, MIDDLE = "#00ff00", "#0000fe", "#ff00ff"


def _secret_warehouse(middle: dict | None = None):
    """The warehouse with Gatto and Hargan, and the middle zone, each in a colour found nowhere
    else on the map (the secrets tests' map), Gatto in the west end."""
    map_ = warehouse()
    zone = map_.zone("z2").model_copy(update={"fill": FillStyle(colour=MIDDLE), **(middle or {})})
    tokens = {t.id: t for t in map_.tokens}
    gatto = tokens["gatto"].model_copy(update={"colour": GATTO, "location": ZoneLocation(zone="z1")})
    hargan = tokens["hargan"].model_copy(update={"colour": HARGAN})
    zones = [zone if z.id == "z2" else z for z in map_.zones]
    return map_.model_copy(update={"zones": zones, "tokens": [gatto, hargan]})


def _open(qtbot, window, map_):
    window.document.replace_map(map_, None)
    window.players.open_action.trigger()
    player = window.players.player
    qtbot.waitUntil(lambda: not player.view.covered)
    replay = player.findChild(MoveReplay)
    assert replay is not None
    return player, replay


def _frame(player) -> QImage:
    return player.view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def _count(image: QImage, colour: str, rect: QRectF | None = None) -> int:
    """Pixels of exactly this colour, in the whole frame or in a rectangle of it."""
    pixels = np.frombuffer(image.constBits(), dtype=np.uint32, count=image.width() * image.height())
    pixels = pixels.reshape(image.height(), image.width())
    if rect is not None:
        top, left = max(0, int(rect.top())), max(0, int(rect.left()))
        pixels = pixels[top : int(rect.bottom()) + 1, left : int(rect.right()) + 1]
    return int(np.count_nonzero(pixels == QColor(colour).rgb()))


def _on_screen(player, zone) -> QRectF:
    """A zone's box on the players' viewport."""
    polygon = QPolygonF([QPointF(x, y) for x, y in zone.shape.points])
    return player.view.viewportTransform().map(polygon).boundingRect()


def _frames(player, replay, *extra):
    """At each frame of the replay: the frame itself and the place the token is in then."""
    seen = []
    replay.animation.valueChanged.connect(lambda _: seen.append((_frame(player), replay.item.stop_now(), *extra)))
    return seen


def test_a_move_replays_its_pass_values_and_ends_where_the_document_says(qtbot, window):
    player, replay = _open(qtbot, window, _secret_warehouse())
    frames = _frames(player, replay)
    window.document.undo_stack.push(MoveToken(window.document, "gatto", ZoneLocation(zone="z3")))
    assert replay.running and replay.animation.duration() < 1000
    qtbot.waitUntil(lambda: not replay.running)
    rules = path(window.document.graph(), "z1", "z3")
    stops = [stop for _, stop in frames]
    assert [s.place for s in dict.fromkeys(stops)] == rules.path  # each zone on the way, in order
    assert [s.told for s in dict.fromkeys(stops)] == [0, 3, 6]
    assert any(_count(image, GATTO, _on_screen(player, window.document.map.zone("z2"))) for image, _ in frames)
    item = player.scene.items_by_key[(Kind.TOKEN, "gatto")]
    assert window.document.map.token("gatto").location == ZoneLocation(zone="z3")
    assert item.opacity() == 1.0 and item.isVisible() and not replay.item.isVisible()
    east = _on_screen(player, window.document.map.zone("z3"))
    assert east.contains(player.view.viewportTransform().map(item.pos()))
    assert _count(_frame(player), GATTO, east) > 50


def test_the_gms_window_shows_the_move_at_once(qtbot, window):
    _, replay = _open(qtbot, window, _secret_warehouse())
    window.document.undo_stack.push(MoveToken(window.document, "gatto", ZoneLocation(zone="z3")))
    assert replay.running
    gm_item = window.scene.items_by_key[(Kind.TOKEN, "gatto")]
    east = QPolygonF([QPointF(x, y) for x, y in window.document.map.zone("z3").shape.points])
    assert (
        gm_item.opacity() == 1.0 and gm_item.isVisible() and east.containsPoint(gm_item.pos(), Qt.FillRule.OddEvenFill)
    )
    assert not any(isinstance(item, ReplayItem) for item in window.scene.items())


def test_a_hidden_tokens_move_never_replays(qtbot, window):
    player, replay = _open(qtbot, window, _secret_warehouse())
    document = window.document
    hargan = document.map.token("hargan")
    document.undo_stack.push(EditObject(document, Kind.TOKEN, hargan.model_copy(update={"hidden": True}), "hidden"))
    frames = _frames(player, replay)
    document.undo_stack.push(MoveToken(document, "hargan", ZoneLocation(zone="z1")))
    assert not replay.running and not replay.item.isVisible()
    assert frames == [] and _count(_frame(player), HARGAN) == 0


@pytest.mark.parametrize("unseen", [{"fogged": True}, {"hidden": True}])
def test_a_route_through_an_unseen_zone_never_shows_the_token_in_it(qtbot, window, unseen):
    """Gatto crosses the middle zone the players cannot see: in no frame is any of Gatto's
    colour inside it, and Gatto is seen leaving the west end and coming into the east end."""
    map_ = _secret_warehouse(unseen)
    player, replay = _open(qtbot, window, map_)
    middle = _on_screen(player, map_.zone("z2"))
    frames = _frames(player, replay)
    window.document.undo_stack.push(MoveToken(window.document, "gatto", ZoneLocation(zone="z3")))
    qtbot.waitUntil(lambda: not replay.running)
    assert len(frames) > 5
    assert [_count(image, GATTO, middle) for image, _ in frames] == [0] * len(frames)
    assert all(_count(image, MIDDLE) == 0 for image, _ in frames)  # the zone's own colour never shows
    places = [stop.place for _, stop in frames]
    assert "z2" in places  # the way runs through it
    west, east = _on_screen(player, map_.zone("z1")), _on_screen(player, map_.zone("z3"))
    assert any(_count(image, GATTO, west) > 50 for image, stop in frames if stop.place == "z1")
    assert any(_count(image, GATTO, east) > 50 for image, stop in frames if stop.place == "z3")
    assert all(stop.told == 0 for _, stop in frames)  # nothing paid in sight: no figure tells the fog's


def test_a_new_move_finishes_the_old_one_at_once(qtbot, window):
    player, replay = _open(qtbot, window, _secret_warehouse())
    document = window.document
    document.undo_stack.push(MoveToken(document, "gatto", ZoneLocation(zone="z3")))
    assert replay.moving == "gatto"
    document.undo_stack.push(MoveToken(document, "hargan", ZoneLocation(zone="z1")))
    assert replay.moving == "hargan"
    assert player.scene.items_by_key[(Kind.TOKEN, "gatto")].opacity() == 1.0
    assert player.scene.items_by_key[(Kind.TOKEN, "hargan")].opacity() == 0.0
    qtbot.waitUntil(lambda: not replay.running)
    assert player.scene.items_by_key[(Kind.TOKEN, "hargan")].opacity() == 1.0


def test_replay_is_turned_off_and_kept_and_skipped_with_its_key(qtbot, window):
    player, replay = _open(qtbot, window, _secret_warehouse())
    document, actions = window.document, window.registry
    actions["players.replay"].trigger()  # on by default: now off
    assert QSettings(window.settings.fileName(), QSettings.Format.IniFormat).value(REPLAY_KEY) in (False, "false")
    document.undo_stack.push(MoveToken(document, "gatto", ZoneLocation(zone="z2")))
    assert not replay.running
    actions["players.replay"].trigger()
    document.undo_stack.push(MoveToken(document, "gatto", ZoneLocation(zone="z3")))
    assert replay.running
    assert actions["players.skip_replay"].shortcut().toString() == "Ctrl+Shift+J"
    actions["players.skip_replay"].trigger()
    assert not replay.running and player.scene.items_by_key[(Kind.TOKEN, "gatto")].opacity() == 1.0


def test_an_af_grid_move_ticks_area_by_area_with_the_hustle_split(qtbot, window):
    map_ = af_encounter()
    conflict = Conflict(system="af", participants=[Participant(token="kell", side="band")])
    player, replay = _open(qtbot, window, map_.model_copy(update={"conflict": conflict}))
    frames = _frames(player, replay)
    window.document.undo_stack.push(MoveToken(window.document, "kell", AreaLocation(grid="creek", row=3, col=6)))
    qtbot.waitUntil(lambda: not replay.running)
    reach = grid_reach(Terrain(map_.grids[0]), (7, 3), "run", 10_000, [(7, 9), (2, 12)])
    stops = list(dict.fromkeys(stop for _, stop in frames))
    assert [s.place for s in stops] == reach.path((3, 6))
    assert [s.told for s in stops] == [reach.costs[a] for a in reach.path((3, 6))]
    assert [s.part for s in stops] == ["maneuver"] * 4 + ["hustle"]
    kell = player.scene.items_by_key[(Kind.TOKEN, "kell")]
    assert kell.opacity() == 1.0 and window.document.map.token("kell").location.row == 3


def test_a_hustle_snap_played_from_the_rules_ticks_as_a_hustle(qtbot, window):
    """The step writes the log after the move: the replay tells the move as the hustle it was."""
    map_ = af_encounter_round3()
    player, replay = _open(qtbot, window, map_)
    frames = _frames(player, replay)
    apply_step(window.document, af.snap(map_, map_.conflict, "archer", "hustle", to=(2, 13), facing=0.0))
    qtbot.waitUntil(lambda: not replay.running)
    stops = list(dict.fromkeys(stop for _, stop in frames))
    assert [s.place for s in stops] == [(2, 12), (2, 13)]
    assert [s.part for s in stops][-1] == "hustle"
    assert window.document.map.token("archer").location.col == 13


def test_a_move_that_reveals_where_it_lands_shows_the_token_coming_in(qtbot, window):
    """With Reveal Where Players Go, the move and the reveal are one step: the zone it lands in
    is seen by the time the replay is painted, so the token is seen arriving there."""
    map_ = _secret_warehouse()
    east = map_.zone("z3").model_copy(update={"fogged": True})
    map_ = map_.model_copy(update={"zones": [east if z.id == "z3" else z for z in map_.zones]})
    player, replay = _open(qtbot, window, map_)
    frames = _frames(player, replay)
    window.document.undo_stack.push(MoveRevealing(window.document, "gatto", ZoneLocation(zone="z3"), 0, "runners"))
    assert replay.running and not window.document.map.zone("z3").fogged
    qtbot.waitUntil(lambda: not replay.running)
    seen = _on_screen(player, map_.zone("z3"))
    assert [s.seen for s in dict.fromkeys(stop for _, stop in frames)] == [True, True, True]
    assert any(_count(image, GATTO, seen) > 50 for image, stop in frames if stop.place == "z3")


def _tick_words(replay):
    """What the players read by the token at each frame of the replay."""
    seen = []
    replay.animation.valueChanged.connect(lambda _: seen.append(tick_words(replay.item.stop_now())))
    return seen


def test_a_hustle_after_the_turns_maneuver_replays_as_the_hustle_alone(qtbot, window):
    """Mira maneuvers 2 then hustles 1 through the play dock: the hustle's replay tells what that
    move spent, the hustle, not a maneuver of nothing."""
    start_af(window)
    _, replay = _open(qtbot, window, window.document.map)
    window.view.fit_map()
    words = _tick_words(replay)
    choose(window.play.dock_widget, "maneuver")
    click(qtbot, window, 2 * 40 + 20, 7 * 40 + 20)
    window.play.dock_widget.form.do.click()
    qtbot.waitUntil(lambda: bool(words) and not replay.running)
    assert words[-1] == "maneuver 2 areas" and "maneuver 1 of 2 areas" in words
    words.clear()
    choose(window.play.dock_widget, "hustle", kind="snap")
    click(qtbot, window, 2 * 40 + 20, 6 * 40 + 20)
    window.play.dock_widget.form.do.click()
    qtbot.waitUntil(lambda: bool(words) and not replay.running)
    mira = window.document.map.token("mira").location
    assert (mira.row, mira.col) == (6, 2) and window.document.map.conflict.log[-1].action == "hustle"
    assert words[-1] == "hustle 1 area"
    assert not any("maneuver" in said for said in words)
