"""With fog by sight, a zone the players have seen and do not see now (a door shut between) is
dimmed on their window, never fogged again: its fill shows darker, no cloud, and no token
standing there now; back in sight, it is bright again."""

from __future__ import annotations

from tabletop.document.commands import EditObject
from tabletop.model import Door, Passage
from tabletop.model.kinds import Kind
from tests.render.recording import record_texts
from tests.ui.test_fog import _fog_pixels, _fogged_warehouse, _frame, _magenta, _open_players, _pixels


def _shaded_magenta(image) -> int:
    """Pixels of the middle's magenta under the out-of-sight shade: darker, still magenta."""
    bgr = _pixels(image)
    b, g, r = bgr[:, :, 0], bgr[:, :, 1], bgr[:, :, 2]
    return int(((r > 80) & (r < 160) & (abs(r - b) < 12) & (g < 50)).sum())


def _words(player, drawn) -> set[str]:
    drawn.clear()
    player.view.show_rect(player.view.shown_rect.adjusted(-30, -30, 30, 30))  # a new zoom paints every tile
    _frame(player.view)
    return {d.text for d in drawn}


def _shut_the_middle(document) -> None:
    door = Passage(door=Door(state="closed"))
    border = document.get(Kind.BORDER, "b12").model_copy(update={"passages": [door]})
    document.undo_stack.push(EditObject(document, Kind.BORDER, border, "passages"))


def test_a_room_seen_then_shut_off_is_dimmed_not_fogged(qtbot, window, monkeypatch):
    drawn = record_texts(monkeypatch)
    player = _open_players(qtbot, window, _fogged_warehouse("z2", "z3"))
    window.fog.set_players_side("runners")
    window.fog.set_sight_range(5)
    window.fog.by_sight_action.setChecked(True)  # Gatto in the west end sees the middle and the east end
    document = window.document
    assert not any(zone.fogged for zone in document.map.zones)
    seen = _frame(player.view)
    assert _magenta(seen) > 5000, "the middle, in sight, shows bright"
    assert _shaded_magenta(seen) < 1000  # an antialiased edge at most
    assert {"Middle", "East end", "Hargan"} <= _words(player, drawn)
    _shut_the_middle(document)
    qtbot.waitUntil(lambda: _magenta(_frame(player.view)) == 0)
    shut = _frame(player.view)
    assert _shaded_magenta(shut) > 5000, "the middle shows dimmed, its fill still there"
    assert _fog_pixels(shut) < shut.width() * shut.height() // 100, "and no cloud: it is not fogged again"
    assert not any(zone.fogged for zone in document.map.zones)
    words = _words(player, drawn)
    assert "Hargan" not in words, "who stands out of sight now is not shown"
    assert {"Middle", "East end", "Gatto"} <= words, "the places remembered keep their names"
    document.undo_stack.undo()  # the door is gone: in sight again
    qtbot.waitUntil(lambda: _magenta(_frame(player.view)) > 5000)
    assert "Hargan" in _words(player, drawn)
    player.close()


def test_turning_fog_by_sight_off_takes_the_shade_away(qtbot, window):
    player = _open_players(qtbot, window, _fogged_warehouse())
    window.fog.set_players_side("runners")
    window.fog.set_sight_range(5)
    window.fog.by_sight_action.setChecked(True)
    _shut_the_middle(window.document)
    qtbot.waitUntil(lambda: _magenta(_frame(player.view)) == 0)
    window.fog.by_sight_action.setChecked(False)
    qtbot.waitUntil(lambda: _magenta(_frame(player.view)) > 5000)
    player.close()
