"""Fog by sight on an encounter grid: a players' token lifts the fog from the areas it sees (not
past a raised wall, past a hedge of cover), in the move's undo step; standing on the wall it
sees over; what it saw and does not see now is dimmed for the players, and whoever stands
there is not shown; nothing behind the wall ever shows on the players' window."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QImage

from tabletop.document.commands.fog import fog_everything
from tabletop.model import AreaLocation, EncounterGrid, Map, Segment, SetupMark, Tile, Token
from tabletop.model.kinds import Kind
from tests.render.recording import record_texts
from tests.ui.test_player_window import _count

WALL_COL, HEDGE_COL = 7, 3


def _walled_field() -> Map:
    """Three tiles in a row (5 rows, 15 columns): a hedge of cover down column 3, a raised wall
    down column 7; a runner west of both, a raider behind the wall, each in a colour of its own."""
    hedge = Segment(name="hedge", areas=[(r, HEDGE_COL) for r in range(5)], properties=["cover"])
    wall = Segment(name="wall", areas=[(r, WALL_COL - 5) for r in range(5)], altitude=2)
    grid = EncounterGrid(
        id="g",
        tiles=[Tile(row=0, col=0, segments=[hedge]), Tile(row=0, col=1, segments=[wall]), Tile(row=0, col=2)],
        origin=(0.0, 0.0),
        area_size=40.0,
    )
    runner = Token(
        id="kell", name="Kell", side="runners", colour="#00ff00", location=AreaLocation(grid="g", row=2, col=0)
    )
    raider = Token(
        id="raider", name="Raider", side="corp", colour="#0000fe", location=AreaLocation(grid="g", row=2, col=11)
    )
    return Map(grids=[grid], tokens=[runner, raider])


def _open(qtbot, window):
    document = window.document
    document.replace_map(_walled_field(), None)
    document.undo_stack.push(fog_everything(document, True))
    window.players.open_action.trigger()
    player = window.players.player
    qtbot.waitUntil(lambda: not player.view.covered)
    window.fog.set_players_side("runners")
    window.fog.set_sight_range(20)
    window.fog.by_sight_action.setChecked(True)
    return player


def _fogged(document) -> set[tuple[int, int]]:
    return set(map(tuple, document.get(Kind.GRID, "g").fogged_areas))


def _move(window, row: int, col: int) -> None:
    document = window.document
    document.undo_stack.push(window.tools["S"].moves(document, "kell", AreaLocation(grid="g", row=row, col=col)))


def _frame(player, drawn) -> tuple[QImage, set[str]]:
    drawn.clear()
    player.view.show_rect(player.view.shown_rect.adjusted(-30, -30, 30, 30))  # a new zoom paints every tile
    image = player.view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    return image, {d.text for d in drawn}


def test_sight_lifts_the_fog_up_to_the_wall_and_past_the_hedge(qtbot, window, monkeypatch):
    drawn = record_texts(monkeypatch)
    player = _open(qtbot, window)
    fogged = _fogged(window.document)
    assert not {(r, c) for r in range(5) for c in range(WALL_COL + 1)} & fogged, "the hedge hides nothing"
    assert {(r, c) for r in range(5) for c in range(WALL_COL + 1, 15)} <= fogged, "the wall hides all behind it"
    frame, words = _frame(player, drawn)
    assert _count(frame, "#00ff00") > 50, "Kell, in sight, shows"
    assert _count(frame, "#0000fe") == 0 and "Raider" not in words, "nothing behind the wall shows"
    player.close()


def test_on_the_wall_the_runner_sees_over_it_and_one_undo_takes_it_back(qtbot, window, monkeypatch):
    drawn = record_texts(monkeypatch)
    player = _open(qtbot, window)
    document = window.document
    _move(window, 2, WALL_COL)
    assert not _fogged(document), "from the wall's top the whole field is in sight"
    assert document.undo_stack.undoText().startswith("Move Kell")
    frame, words = _frame(player, drawn)
    assert _count(frame, "#0000fe") > 50 and "Raider" in words
    document.undo_stack.undo()
    assert {(r, c) for r in range(5) for c in range(WALL_COL + 1, 15)} <= _fogged(document), "one undo: move and sight"
    frame, words = _frame(player, drawn)
    assert _count(frame, "#0000fe") == 0 and "Raider" not in words
    player.close()


def test_seen_then_out_of_sight_is_dimmed_and_hides_who_stands_there(qtbot, window, monkeypatch):
    drawn = record_texts(monkeypatch)
    player = _open(qtbot, window)
    document = window.document
    _move(window, 2, WALL_COL)
    _move(window, 2, 0)  # back behind the wall: the far side was seen, is out of sight now
    assert not _fogged(document), "what was seen is never fogged again"
    shade = window.fog.shade
    qtbot.waitUntil(lambda: shade.path().contains(QPointF(11 * 40 + 20, 2 * 40 + 20)))
    assert not shade.path().contains(QPointF(20, 2 * 40 + 20)), "where Kell stands is in sight"
    frame, words = _frame(player, drawn)
    assert _count(frame, "#0000fe") == 0 and "Raider" not in words, "who stands out of sight now is not shown"
    assert _count(frame, "#00ff00") > 50
    player.close()


def test_turning_sight_on_is_one_step_and_nothing_hidden_shows(qtbot, window, monkeypatch):
    """A hidden scout of the players' side in sight of nothing lifts nothing and never shows; a
    secret start mark is never drawn; turning fog by sight on is undone in one step."""
    drawn = record_texts(monkeypatch)
    map_ = _walled_field()
    scout = Token(id="scout", name="Scout", side="runners", colour="#ff00ff", hidden=True)
    scout = scout.model_copy(update={"location": AreaLocation(grid="g", row=2, col=13)})
    secret = SetupMark(side="corp", tiles=[(0, 2)], secret=True)
    grid = map_.grids[0].model_copy(update={"starts": [secret]})
    document = window.document
    document.replace_map(map_.model_copy(update={"tokens": [*map_.tokens, scout], "grids": [grid]}), None)
    document.undo_stack.push(fog_everything(document, True))
    window.players.open_action.trigger()
    player = window.players.player
    qtbot.waitUntil(lambda: not player.view.covered)
    window.fog.set_players_side("runners")
    window.fog.set_sight_range(20)
    window.fog.by_sight_action.setChecked(True)
    assert document.undo_stack.undoText() == "Reveal What the Players See"
    assert {(r, c) for r in range(5) for c in range(WALL_COL + 1, 15)} <= _fogged(document), "the scout lifts nothing"
    frame, words = _frame(player, drawn)
    assert _count(frame, "#ff00ff") == 0 and "Scout" not in words
    assert not any("corp" in word.lower() for word in words), "no secret start"
    document.undo_stack.undo()
    assert len(_fogged(document)) == 75, "one undo: the whole grid fogged again"
    player.close()
