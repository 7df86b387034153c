"""The grids' legend on the players' window: it follows the GM's View > Show Legend, lists
only the ground the players can see, and outlives nothing (closing the window and editing on
raises no error)."""

from __future__ import annotations

from tabletop.render import text
from tabletop.samples import af_encounter
from tabletop.ui.player import window as window_module


def _open(qtbot, window, fogged=()):
    map_ = af_encounter()
    grid = map_.grids[0].model_copy(update={"fogged_areas": list(fogged)})
    window.document.replace_map(map_.model_copy(update={"grids": [grid]}), None)
    window.players.open_action.trigger()
    player = window.players.player
    qtbot.waitExposed(player)
    qtbot.waitUntil(lambda: not player.view.covered)
    return player


def _words(monkeypatch, player) -> set[str]:
    drawn: list[str] = []
    real = getattr(text.draw_text, "real", text.draw_text)

    def spy(p, box, flags, words):
        drawn.append(words)
        real(p, box, flags, words)

    monkeypatch.setattr(text, "draw_text", spy)
    player.view.viewport().grab()
    return set(drawn)


def test_the_players_legend_follows_the_gms_show_legend(qtbot, window, monkeypatch):
    player = _open(qtbot, window)
    assert not window.legend_action.isChecked()
    assert not player.legend.isVisible(), "no legend for the players while the GM shows none"
    assert "water" not in _words(monkeypatch, player)
    window.legend_action.trigger()
    assert player.legend.isVisible() and window.legend.isVisible(), "one switch shows it on both"
    player.fit_map()
    assert {"water", "rough", "cover", "steep"} <= _words(monkeypatch, player)
    window.legend_action.trigger()
    assert not player.legend.isVisible()


def test_the_players_legend_leaves_out_ground_under_fog(qtbot, window, monkeypatch):
    creek = [(r, 7) for r in range(5, 10)]  # the stream tile's creek: the map's only water
    window.legend_action.trigger()
    player = _open(qtbot, window, fogged=creek)
    player.fit_map()
    words = _words(monkeypatch, player)
    assert "rough" in words, "the legend is shown"
    assert "water" not in words, "the creek is under fog: its water is not named to the players"


def test_closing_the_players_window_leaves_the_legend_switch_working(qtbot, window):
    player = _open(qtbot, window)
    window.players.open_action.trigger()
    qtbot.waitUntil(lambda: window.players.player is None)
    with qtbot.waitSignal(player.destroyed):
        player.deleteLater()
    window.legend_action.trigger()
    grid = window.document.map.grids[0]
    window.document.put("grid", grid.model_copy(update={"name": "Renamed"}))
    assert window.legend.isVisible() and window.document.map.grids[0].name == "Renamed"


def test_the_players_legend_is_worked_out_once_per_edit_and_never_shows_what_fog_hides(qtbot, window, monkeypatch):
    creek = [(r, 7) for r in range(5, 10)]
    window.legend_action.trigger()
    player = _open(qtbot, window, fogged=creek)
    player.fit_map()
    calls: list[str] = []
    real = window_module.players_grid
    monkeypatch.setattr(window_module, "players_grid", lambda grid, fog: calls.append(grid.id) or real(grid, fog))
    first = _words(monkeypatch, player)
    player.show_legend(True)  # refreshed: the full legend's entries, for its room only
    again = _words(monkeypatch, player)
    assert "water" not in first and "water" not in again and "rough" in again
    assert calls == [], "painted again without an edit: worked out when first painted, not again"
    grid = window.document.map.grids[0]
    window.document.put("grid", grid.model_copy(update={"fogged_areas": []}))
    assert "water" in _words(monkeypatch, player), "the creek revealed: its water is named"
    assert calls == [grid.id], "worked out again once for the edit"
