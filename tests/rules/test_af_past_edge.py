"""A maneuver or hustle past the edge of the zone: "When you move off the edge of the zone
either you exit the encounter or a new row of tiles is placed to extend the zone" ("Zone"),
as the GM answers; "any new tiles are drawn from the same set"."""

from __future__ import annotations

import pytest

from tabletop.model import AreaLocation
from tabletop.rules.play import Unanswered
from tests.rules.af_play import creek
from tests.rules.af_steps import last, play, standing, started, take

NEXT = {"do": "next"}


def maneuver(actor: str, row: int, col: int, **more) -> dict:
    return {"do": "act", "actor": actor, "action": "maneuver", "to": [row, col], "facing": 90, **more}


def test_a_move_past_the_edge_asks_grow_or_exit():
    map_ = started(NEXT, NEXT, NEXT)  # the raider's turn
    with pytest.raises(Unanswered) as asked:
        take(map_, maneuver("Raider", 7, 16))
    question = asked.value.question
    assert (question.field, question.kind, question.choices) == ("past_edge", "choice", ("grow", "exit"))
    assert question.prompt == (
        "Raider moves past the east edge of The creek: grow the grid there, or exit the encounter?"
    )


def test_grow_places_a_column_of_tiles_from_the_grids_set_and_moves_there_in_one_step():
    map_ = standing(started(NEXT, NEXT, NEXT), "raider", 7, 14)
    step = take(map_, maneuver("Raider", 7, 15, past_edge="grow"))
    assert [g.tile_bounds() for g in step.grids] == [(0, 0, 2, 3)], "one column of tiles to the east"
    forest = {t.name for t in map_.tile_sets[0].tiles}
    assert {t.name for t in step.grids[0].tiles if t.col == 3} <= forest
    assert "The creek grows to the east" in step.text
    map_ = play(map_, maneuver("Raider", 7, 15, past_edge="grow"))
    assert map_.token("raider").location == AreaLocation(grid="creek", row=7, col=15)
    assert "raider" in map_.conflict.order


def test_a_hustle_past_a_corner_grows_both_edges():
    map_ = standing(started(), "mira", 14, 0, speeds=creek().token("mira").speeds.model_copy(update={"run": 4}))
    map_ = play(map_, {"do": "snap", "actor": "Mira", "snap": "hustle", "to": [15, -1], "past_edge": "grow"})
    assert map_.grids[0].tile_bounds() == (0, -1, 3, 2)
    assert map_.token("mira").location == AreaLocation(grid="creek", row=15, col=-1)


def test_exit_takes_the_mover_off_the_map_and_out_of_the_encounter_and_the_turn_passes_on():
    map_ = started(NEXT, NEXT)  # Kell's turn
    step = take(map_, maneuver("Kell", 7, -1, past_edge="exit"))
    assert "past the west edge" in step.text
    assert "Kell exits the encounter; the turn passes on: Raider's turn" in step.text
    map_ = play(map_, maneuver("Kell", 7, -1, past_edge="exit"))
    assert map_.token("kell").location is None and map_.conflict.turn == "raider"
    assert "kell" not in map_.conflict.order and all(p.token != "kell" for p in map_.conflict.participants)
    assert [e.action for e in map_.conflict.log[-3:]] == ["maneuver", "exits the encounter", "turn"]


def test_a_dive_past_the_edge_may_exit_too():
    map_ = started({"do": "act", "actor": "Mira", "action": "attack", "target": "Kell"})
    dive = {"do": "react", "actor": "Kell", "reaction": "guard", "type": "dive", "to": [7, -1], "past_edge": "exit"}
    map_ = play(map_, dive)
    assert map_.token("kell").location is None and map_.conflict.turn == "mira"
    assert "kell" not in map_.conflict.order


def test_a_grid_with_no_tile_set_cannot_grow():
    map_ = creek()
    map_ = map_.model_copy(update={"grids": [map_.grids[0].model_copy(update={"tile_set": None})]})
    map_ = play(map_, {"do": "start", "system": "af", "tokens": ["Kell"], "reflexes": {"Kell": 3}})
    with pytest.raises(ValueError, match="The creek has no tile set to grow from: exit the encounter there instead"):
        take(map_, maneuver("Kell", 7, 16, past_edge="grow"))
    assert last(play(map_, maneuver("Kell", 7, 16, past_edge="exit"))).action == "exits the encounter"
