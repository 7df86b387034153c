"""The initiative strip on the players' window: the order of the round beside the map, between
the map and the turn banner, on the banner's edges and turned to face each; the GM's choice of
what it shows (hidden, order, order and stress) kept in the settings; a participant the players
do not see (hidden, in a hidden or fogged place) leaves no row, and the strip's picture is the
one the same conflict without it would show; blackout blacks it; staged fog holds it."""

from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtGui import QImage, QTransform

from tabletop.document.commands import EditObject
from tabletop.document.commands.fog import SetFog
from tabletop.io import load_map, save_map
from tabletop.model import Token, ZoneLocation
from tabletop.model.base import StressTrack
from tabletop.samples import af_encounter
from tabletop.ui.player.banner import EDGES, TURN
from tabletop.ui.player.strip import MODE_KEY, strip_picture
from tests.render.test_players_outputs_hold_no_pixel_of_the_picture_under_secrets import _plan
from tests.ui.playing import REFLEXES, start, start_af
from tests.ui.view_frames import players_on


def _open(qtbot, window):
    return players_on(qtbot, window, af_encounter())


def _picture(player, edge: str = "bottom") -> QImage:
    return player.strip.strips[edge].grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def _names(player) -> list[str]:
    return [row.name for row in player.strip.rows]


def _hide(window, token_id: str) -> None:
    token = window.document.get("token", token_id)
    window.document.undo_stack.push(EditObject(window.document, "token", token.model_copy(update={"hidden": True})))


def test_the_strip_runs_beside_the_map_inside_the_banner_and_shows_the_round(qtbot, window):
    player = _open(qtbot, window)
    strip = player.strip.strips["bottom"]
    assert not strip.isVisible(), "no conflict: the map has the screen"
    start_af(window)
    qtbot.waitUntil(strip.isVisible)
    assert _names(player) == ["Mira", "Raider archer", "Kell", "Raider"]
    assert [(r.name, r.now, r.next) for r in player.strip.rows[:2]] == [
        ("Mira", True, False),
        ("Raider archer", False, True),
    ]
    banner = player.banner.strips["bottom"]
    top = strip.mapTo(player, QPoint(0, 0)).y()
    assert top >= player.view.mapTo(player, QPoint(0, player.view.height())).y(), "below the map"
    assert top + strip.height() <= banner.mapTo(player, QPoint(0, 0)).y(), "above the banner"
    window.play.dock_widget.turn_key("next")
    qtbot.waitUntil(lambda: player.strip.rows[1].now)
    assert player.strip.rows[0].marks == (("Guard", "1"), ("Snap", "0"), ("Action", "0")), "Mira's turn is over"


def test_the_gms_choice_is_kept_and_comes_back_with_the_window(qtbot, window):
    player = _open(qtbot, window)
    start_af(window)
    tracks = [StressTrack(name="health", boxes=4, marked=[1])]
    kell = window.document.get("token", "kell")
    window.document.undo_stack.push(EditObject(window.document, "token", kell.model_copy(update={"stress": tracks})))
    strip = player.strip.strips["bottom"]
    qtbot.waitUntil(strip.isVisible)
    order_only = strip.height()
    assert all(row.stress == () for row in player.strip.rows)
    window.players_strip.actions["stress"].trigger()
    assert window.settings.value(MODE_KEY) == "stress"
    assert next(r for r in player.strip.rows if r.token == "kell").stress[0].marked == frozenset({1})
    assert strip.height() > order_only, "a line of boxes for the track"
    window.players_strip.actions["off"].trigger()
    assert not strip.isVisible() and window.settings.value(MODE_KEY) == "off"
    window.players_strip.actions["stress"].trigger()
    window.players.open_action.trigger()  # closed
    qtbot.waitUntil(lambda: window.players.player is None)
    window.players.open_action.trigger()
    again = window.players.player
    qtbot.waitUntil(lambda: not again.view.covered)
    assert again.strip.mode == "stress" and window.players_strip.actions["stress"].isChecked()
    assert any(row.stress for row in again.strip.rows)


def test_a_hidden_participant_leaves_no_row_and_the_same_picture(qtbot, window):
    """The archer hidden: at Mira's turn, through the archer's own turn and at Kell's, the strip
    is pixel for pixel the strip of the same encounter without the archer."""
    player = _open(qtbot, window)
    start_af(window)
    _hide(window, "archer")
    dock = window.play.dock_widget
    qtbot.waitUntil(lambda: _names(player) == ["Mira", "Kell", "Raider"])
    seen = [_picture(player)]
    dock.turn_key("next")
    assert window.document.map.conflict.turn == "archer"
    seen.append(_picture(player))
    dock.turn_key("next")
    assert window.document.map.conflict.turn == "kell"
    seen.append(_picture(player))
    window.document.replace_map(af_encounter(), None)
    without = {name: value for name, value in REFLEXES.items() if name != "archer"}
    assert start(window, "af", list(without), reflexes=without)
    qtbot.waitUntil(lambda: _names(player) == ["Mira", "Kell", "Raider"])
    miras = _picture(player)
    dock.turn_key("next")
    kells = _picture(player)
    assert seen[0] == miras and seen[1] == miras, "the archer's turn changes nothing the players see"
    assert seen[2] == kells
    assert miras != kells, "a seen turn moves the strip"


def test_nothing_behind_the_secrets_shows_on_the_strip(qtbot, window, tmp_path):
    """The secrets map: a token in the hall shows; one hidden there, one in the hidden vault,
    one in the fogged cellar leave no row, and the strip is that of the hall's token alone."""
    player = _open(qtbot, window)
    places = {"seen": "hall", "flagged": "hall", "vaulted": "vault", "cellared": "cellar"}
    tokens = [
        Token(id=name, name=name.title(), location=ZoneLocation(zone=zone), hidden=name == "flagged")
        for name, zone in places.items()
    ]
    tracks = [StressTrack(name="health", boxes=3)]
    map_ = _plan(tmp_path).model_copy(update={"tokens": [t.model_copy(update={"stress": tracks}) for t in tokens]})
    save_map(map_, tmp_path / "plan.tabletop")
    window.players_strip.actions["stress"].trigger()
    window.document.replace_map(load_map(tmp_path / "plan.tabletop"), tmp_path / "plan.tabletop")
    assert start(window, "edgerunner", list(places))
    strip = player.strip.strips["bottom"]
    qtbot.waitUntil(strip.isVisible)
    assert _names(player) == ["Seen"]
    assert "Vaulted" not in player.banner.text and "Cellared" not in player.banner.text
    secret = _picture(player)
    window.document.replace_map(load_map(tmp_path / "plan.tabletop"), tmp_path / "plan.tabletop")
    assert start(window, "edgerunner", ["seen"])
    qtbot.waitUntil(lambda: _names(player) == ["Seen"])
    assert _picture(player) == secret


def test_each_edge_gets_its_strip_turned_to_face_it(qtbot, window):
    player = _open(qtbot, window)
    start_af(window)
    strips = player.strip.strips
    for edge in EDGES:
        for other, act in window.players.edge_actions.items():
            act.setChecked(other == edge)
        qtbot.waitUntil(lambda edge=edge: strips[edge].isVisible())
        assert [e for e, s in strips.items() if s.isVisible()] == [edge]
        strip = strips[edge]
        along = strip.width() if edge in ("bottom", "top") else strip.height()
        upright = strip_picture(player.strip.rows, along).convertToFormat(QImage.Format.Format_RGB32)
        turned_back = _picture(player, edge).transformed(QTransform().rotate(-TURN[edge]))
        assert turned_back == upright, f"the {edge} strip is the upright strip turned to face its edge"
        view = player.view.geometry()
        box = strip.geometry()
        beside = {
            "bottom": box.top() > view.bottom(),
            "top": box.bottom() < view.top(),
            "left": box.right() < view.left(),
            "right": box.left() > view.right(),
        }
        assert beside[edge], f"the {edge} strip lies beside the map, not over it"


def test_blackout_blacks_the_strip_and_staged_fog_holds_it(qtbot, window):
    player = _open(qtbot, window)
    start_af(window)
    strip = player.strip.strips["bottom"]
    qtbot.waitUntil(strip.isVisible)
    window.players.blackout_action.trigger()
    black = _picture(player)
    assert {black.pixel(x, y) for x in range(0, black.width(), 7) for y in range(black.height())} == {0xFF000000}
    window.players.blackout_action.trigger()
    window.fog.stage_action.trigger()
    mira = window.document.get("token", "mira")
    area = (mira.location.row, mira.location.col)
    window.document.undo_stack.push(SetFog(window.document, [], {mira.location.grid: [area]}, True))
    assert "Mira" in _names(player), "the players were not sent that fog yet"
    window.fog.send()
    qtbot.waitUntil(lambda: "Mira" not in _names(player))
    assert "Mira" not in _names(player) and len(player.strip.rows) == 3
