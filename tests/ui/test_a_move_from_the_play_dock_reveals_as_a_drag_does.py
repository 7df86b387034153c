"""A players' token moved by the play dock (a maneuver, a hustle) reveals what a drag with the
Select tool would: with fog by sight, all the players' tokens see from where it went; with
Reveal Where Players Go, the area it enters. In the step's own undo step."""

from __future__ import annotations

from tabletop.document.commands.fog import fog_everything
from tests.ui.conftest import click
from tests.ui.playing import choose, start_af


def _fogged(window) -> set[tuple[int, int]]:
    return {tuple(a) for a in window.document.get("grid", "creek").fogged_areas}


def _mira_maneuvers_to(qtbot, window, row: int, col: int) -> None:
    """Mira's maneuver (her turn opens the round) to an area picked on the map, then Do."""
    window.view.fit_map()
    choose(window.play.dock_widget, "maneuver")
    click(qtbot, window, col * 40 + 20, row * 40 + 20)
    window.play.dock_widget.form.do.click()
    mira = window.document.get("token", "mira")
    assert (mira.location.row, mira.location.col) == (row, col)


def _fog_the_creek(window, **fog) -> None:
    start_af(window)
    window.document.undo_stack.push(fog_everything(window.document, True))
    window.fog.set_players_side(window.document.get("token", "mira").side)
    for name, on in fog.items():
        getattr(window.fog, name).setChecked(on)


def test_with_fog_by_sight_a_maneuver_lifts_what_the_party_sees_from_there_in_its_step(qtbot, window):
    _fog_the_creek(window, by_sight_action=True)
    before = _fogged(window)
    steps = window.document.undo_stack.count()
    assert (13, 2) in before, "past what the band sees from where it stands"
    _mira_maneuvers_to(qtbot, window, 11, 2)
    assert (13, 2) in before - _fogged(window), "what she sees from where she went"
    assert window.document.undo_stack.count() == steps + 1, "the maneuver and the fog are one step"
    window.document.undo_stack.undo()
    assert _fogged(window) == before and window.document.get("token", "mira").location.row == 9


def test_with_reveal_where_players_go_a_maneuver_reveals_the_area_it_enters_only(qtbot, window):
    _fog_the_creek(window, reveal_on_enter_action=True)
    before = _fogged(window)
    _mira_maneuvers_to(qtbot, window, 8, 3)
    assert before - _fogged(window) == {(8, 3)}


def test_without_either_a_maneuver_lifts_no_fog(qtbot, window):
    _fog_the_creek(window)
    before = _fogged(window)
    _mira_maneuvers_to(qtbot, window, 8, 3)
    assert _fogged(window) == before
