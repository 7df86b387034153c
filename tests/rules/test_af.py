"""The AF encounter played from the text (../shared/rules/af-encounter.txt): exchanges of 5
rounds in reflex order, the turn's guard, snap and action, defend, screen, down, hustle,
facing after a move, and the end of an exchange."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.model import AreaLocation, EncounterGrid
from tabletop.rules import af
from tabletop.rules.growth import grow
from tabletop.rules.play import Unanswered
from tests.rules.af_play import applied, creek

REFLEXES = {"mira": 5, "kell": 3, "raider": 3}


@pytest.fixture
def encounter():
    """The creek with Mira, Kell and the raider in an encounter, Mira's turn begun."""
    map_ = creek()
    return applied(map_, af.start(map_, ["kell", "mira", "raider"], {}, REFLEXES))


def test_turns_run_in_reflex_order_ties_in_map_order(encounter):
    conflict = encounter.conflict
    assert conflict.order == ["mira", "kell", "raider"]  # kell and the raider tie at 3: kell is first on the map
    assert conflict.turn == "mira" and (conflict.exchange, conflict.round) == (1, 1)
    assert [p.side for p in conflict.participants] == ["band", "band", "raiders"]


def test_the_gm_may_reorder_but_not_lose_anyone(encounter):
    conflict = af.reorder(encounter.conflict, ["raider", "mira", "kell"])
    assert conflict.order == ["raider", "mira", "kell"] and conflict.log[-1].action == "reorder"
    with pytest.raises(ValueError, match="every participant"):
        af.reorder(encounter.conflict, ["raider", "mira"])


def test_start_refuses_a_token_not_on_the_map():
    with pytest.raises(ValueError, match="no token 'ghost'"):
        af.start(creek(), ["kell", "ghost"], {}, {})


def test_a_turn_gains_a_snap_and_an_action_and_resets_the_guard(encounter):
    mira = encounter.conflict.participant("mira").af
    assert (mira.guards, mira.snaps, mira.action) == (1, 1, True)
    spent = af.use_guard(encounter.conflict, "mira", "dodge")
    assert spent.participant("mira").af.guards == 0 and spent.log[-1].action == "guard dodge"
    again = spent.model_copy(update={"turn": "mira"})
    assert af.begin_turn(encounter, again).conflict.participant("mira").af.guards == 1


def test_snap_before_or_after_the_action_and_a_second_snap_instead_of_it(encounter):
    step = af.snap(encounter, encounter.conflict, "mira", "prepare")
    mira = step.conflict.participant("mira").af
    assert (mira.snaps, mira.action, mira.prepared) == (0, True, True)
    step = af.second_snap(encounter, step.conflict, "mira")
    mira = step.conflict.participant("mira").af
    assert (mira.snaps, mira.action) == (1, False)
    step = af.snap(encounter, step.conflict, "mira", "fend")
    assert step.conflict.participant("mira").af.extra_parries == 1
    with pytest.raises(ValueError, match="Mira has no snap left this turn"):
        af.snap(encounter, step.conflict, "mira", "quip")


def test_the_lists_of_the_text_and_nothing_else(encounter):
    assert set(af.SNAPS) >= {"creep", "crouch", "hustle", "look", "quip"} and len(af.SNAPS) == 10
    assert set(af.ACTIONS) == {"attack", "convince", "defend", "hide", "maneuver", "recover", "recruit", "screen"}
    with pytest.raises(ValueError, match="no snap 'dance'"):
        af.snap(encounter, encounter.conflict, "mira", "dance")
    with pytest.raises(ValueError, match="no action 'fly'"):
        af.act(encounter, encounter.conflict, "mira", "fly")


def test_defend_gives_an_extra_guard_and_a_defense_until_the_next_turn(encounter):
    step = af.act(encounter, encounter.conflict, "mira", "defend")
    assert af.defenses_of(step.conflict, "mira") == ["guard", "guard", "a defense against every check"]
    conflict = step.conflict
    for _ in range(3):  # kell, the raider, then mira again
        conflict = af.next_turn(encounter, conflict).conflict
    assert conflict.turn == "mira" and af.defenses_of(conflict, "mira") == ["guard"]


def test_a_screen_between_turns_costs_the_next_action_and_holds_defenses_one_turn_longer(encounter):
    conflict = af.next_turn(encounter, encounter.conflict).conflict  # kell's turn
    conflict = af.act(encounter, conflict, "mira", "screen").conflict  # mira aborts her next action
    mira = conflict.participant("mira").af
    assert mira.guards == 1, "no extra guard"
    assert mira.lose_next_action and "a defense against every check" in af.defenses_of(conflict, "mira")
    step = af.next_turn(encounter, af.next_turn(encounter, conflict).conflict)  # raider, then mira in round 2
    mira = step.conflict.participant("mira").af
    assert (mira.action, mira.snaps, mira.guards) == (False, 1, 1), "snap and guard as usual"
    assert "screen" in step.text and "a defense against every check" in af.defenses_of(step.conflict, "mira")
    conflict = step.conflict
    for _ in range(3):  # round 3: mira acts again, the screen's defenses gone
        conflict = af.next_turn(encounter, conflict).conflict
    mira = conflict.participant("mira").af
    assert mira.action and not mira.defenses


def test_a_screen_in_ones_own_turn_aborts_that_action(encounter):
    conflict = af.screen(encounter, encounter.conflict, "mira").conflict
    mira = conflict.participant("mira").af
    assert (mira.action, mira.defenses, mira.lose_next_action) == (False, True, False)


def test_down_costs_the_next_action_and_the_token_gets_up(encounter):
    raider = encounter.token("raider").model_copy(update={"states": ["down", "bleeding"]})
    map_ = encounter.model_copy(update={"tokens": [raider if t.id == "raider" else t for t in encounter.tokens]})
    conflict = encounter.conflict.model_copy(update={"turn": "kell"})
    step = af.next_turn(map_, conflict)
    assert step.conflict.turn == "raider"
    assert "down: loses the next action" in step.text and "bleeding" in step.text
    raider_turn = step.conflict.participant("raider").af
    assert (raider_turn.action, raider_turn.snaps) == (False, 1)
    assert step.tokens[0].states == ["bleeding"]
    kept = af.begin_turn(map_, step.conflict.model_copy(update={"turn": "raider"}), recover_down=False)
    assert kept.tokens == () and "down" in map_.token("raider").states


def test_recover_eliminates_down_and_a_stall(encounter):
    kell = encounter.token("kell").model_copy(update={"states": ["down", "stall", "exhausted"]})
    map_ = encounter.model_copy(update={"tokens": [kell if t.id == "kell" else t for t in encounter.tokens]})
    step = af.act(map_, encounter.conflict, "mira", "recover", target="kell")
    assert step.tokens[0].states == ["exhausted"] and "Mira: recover Kell" in step.text


@pytest.mark.parametrize(
    ("run", "after_maneuver", "areas"), [(3, False, 1), (3, True, 1), (4, False, 2), (1, False, 0), (1, True, 1)]
)
def test_hustle_is_half_the_speed_rounded_down_minimum_one_after_a_maneuver(encounter, run, after_maneuver, areas):
    token = encounter.token("kell")
    token = token.model_copy(update={"speeds": token.speeds.model_copy(update={"run": run})})
    assert af.hustle_areas(token, after_maneuver) == areas


def test_maneuver_then_hustle_then_pick_a_facing(encounter):
    step = af.act(encounter, encounter.conflict, "mira", "maneuver", to=(9, 4), facing=90)
    assert step.tokens[0].location == AreaLocation(grid="creek", row=9, col=4) and step.tokens[0].facing == 90
    map_ = applied(encounter, step)
    step = af.snap(map_, step.conflict, "mira", "hustle", to=(8, 4))
    assert step.conflict.log[-1].numbers["areas"] == 1, "Mira's run of 2: 1 area, the minimum after a maneuver"
    assert "pick a facing" in step.text
    map_ = applied(map_, step)
    step = af.face(map_, step.conflict, "mira", 30)
    assert step.tokens[0].facing == 30 and step.conflict.log[-1].action == "face"


def test_a_move_beyond_the_speed_is_refused_saying_why_off_the_grid_is_asked(encounter):
    """ "Maneuver: Move your speed in areas"; water wants the swim speed."""
    with pytest.raises(ValueError, match="area J10 costs 7 of run speed to reach; Mira has 2 now"):
        af.act(encounter, encounter.conflict, "mira", "maneuver", to=(9, 9), facing=0)
    creek_water = next(
        (tile.row * 5 + r, tile.col * 5 + c)
        for tile in encounter.grids[0].tiles
        for segment in tile.segments
        if "water" in segment.properties
        for r, c in segment.areas
    )
    beside = _standing(encounter, "mira", creek_water[0], creek_water[1] - 1)
    with pytest.raises(ValueError, match="water needs a swim"):
        af.act(beside, encounter.conflict, "mira", "maneuver", to=creek_water, facing=0)
    with pytest.raises(Unanswered, match="past the east edge of The creek: grow the grid there, or exit"):
        af.act(encounter, encounter.conflict, "mira", "maneuver", to=(9, 30))


def test_crouch_wants_cover_beside_the_token(encounter):
    with pytest.raises(ValueError, match="no cover beside Mira: crouch is for one adjacent to cover"):
        af.snap(encounter, encounter.conflict, "mira", "crouch")


def test_an_exchange_is_five_rounds_then_it_ends_and_the_next_starts_at_round_one(encounter):
    conflict, rounds = encounter.conflict, []
    while conflict.turn is not None:
        rounds.append((conflict.round, conflict.turn))
        conflict = af.next_turn(encounter, conflict).conflict
    assert rounds == [(r, t) for r in range(1, 6) for t in ["mira", "kell", "raider"]]
    assert (conflict.exchange, conflict.round) == (2, 1) and conflict.log[-1].action == "end exchange"
    conflict = af.next_turn(encounter, conflict).conflict
    assert (conflict.exchange, conflict.round, conflict.turn) == (2, 1, "mira")


def test_someone_out_gets_no_turn(encounter):
    participants = [p.model_copy(update={"out": p.token == "kell"}) for p in encounter.conflict.participants]
    conflict = encounter.conflict.model_copy(update={"participants": participants})
    assert af.next_turn(encounter, conflict).conflict.turn == "raider"


@pytest.mark.parametrize(("exchange", "reminder"), [(1, None), (2, "a strength check"), (3, "strenuous: -2")])
def test_persevere_after_more_than_one_exchange_strenuous_past_two(encounter, exchange, reminder):
    conflict = encounter.conflict.model_copy(update={"exchange": exchange})
    text = af.end_exchange(encounter, conflict).text
    assert "new arrivals enter at the zone's edges" in text
    if reminder is None:
        assert "persevere" not in text
    else:
        assert "persevere" in text and reminder in text
    assert ("strenuous" in text) == (exchange > 2)


@pytest.mark.skipif("arrivals" not in EncounterGrid.model_fields, reason="setup marks are not on the grid yet")
def test_arrivals_enter_at_the_grids_marked_edges(encounter):
    grid = encounter.grids[0].model_copy(update={"arrivals": ["east", "north"]})
    map_ = encounter.model_copy(update={"grids": [grid]})
    assert "arrivals enter The creek at the east, north edges" in af.end_exchange(map_, encounter.conflict).text


def test_the_end_of_an_exchange_trims_the_grid_to_three_by_three(encounter):
    grid = grow(encounter.grids[0], encounter.tile_sets[0], "east")
    map_ = _standing(encounter.model_copy(update={"grids": [grid]}), "raider", 7, 15)
    raiders_turn = af.next_turn(map_, af.next_turn(map_, encounter.conflict).conflict).conflict
    assert raiders_turn.turn == "raider"
    step = af.act(map_, raiders_turn, "raider", "maneuver", to=(7, 16), facing=270)  # off past the old edge
    map_ = applied(map_, step)
    step = af.end_exchange(map_, step.conflict)
    assert step.grids[0].tile_bounds() == (0, 0, 2, 2), "the window holding most tokens"
    assert [(t.id, t.location) for t in step.tokens] == [("raider", None)]
    assert "The creek trimmed to 3x3 tiles" in step.text and "Raider exits the encounter" in step.text
    assert "raider" not in step.conflict.order and all(p.token != "raider" for p in step.conflict.participants)
    applied(map_, step)  # the map stays whole


@given(st.lists(st.sampled_from(["next", "out", "back"]), max_size=40))
def test_any_run_of_turns_keeps_round_and_order(moves):
    map_ = creek()
    conflict = af.start(map_, ["kell", "mira", "raider", "archer"], {}, {"archer": 4}).conflict
    acted = [conflict.turn]
    for move in moves:
        if move in ("out", "back") and conflict.turn is not None:
            archer = conflict.participant("archer").model_copy(update={"out": move == "out"})
            flipped = [archer if p.token == "archer" else p for p in conflict.participants]
            conflict = conflict.model_copy(update={"participants": flipped})
            continue
        before = (conflict.exchange, conflict.round)
        conflict = af.next_turn(map_, conflict).conflict
        assert 1 <= conflict.round <= af.ROUNDS
        if (conflict.exchange, conflict.round) != before:
            acted = []
        if conflict.turn is not None:
            assert not conflict.participant(conflict.turn).out
            assert conflict.turn not in acted, "nobody acts twice in a round"
            acted.append(conflict.turn)


def test_the_fend_parry_and_the_quip_retort_are_spent_one_at_a_time(encounter):
    conflict = af.snap(encounter, encounter.conflict, "mira", "fend").conflict
    conflict = af.second_snap(encounter, conflict, "mira").conflict
    conflict = af.snap(encounter, conflict, "mira", "quip").conflict
    assert af.defenses_of(conflict, "mira") == ["guard", "parry (fend)", "retort (quip)"]
    conflict = af.use_extra(conflict, "mira", "parry")
    assert af.defenses_of(conflict, "mira") == ["guard", "retort (quip)"]
    with pytest.raises(ValueError, match="no parry from a fend left"):
        af.use_extra(conflict, "mira", "parry")
    with pytest.raises(ValueError, match="no extra defense 'dodge'"):
        af.use_extra(conflict, "mira", "dodge")


def test_no_turn_after_the_encounter_ended(encounter):
    with pytest.raises(ValueError, match="has ended"):
        af.next_turn(encounter, encounter.conflict.model_copy(update={"ended": "ended"}))


def _standing(map_, token_id, row, col):
    token = map_.token(token_id).model_copy(update={"location": AreaLocation(grid="creek", row=row, col=col)})
    return map_.model_copy(update={"tokens": [token if t.id == token_id else t for t in map_.tokens]})


def test_slippery_mud_wants_a_balance_check_on_entering_and_on_each_turn(encounter):
    map_ = _standing(encounter, "mira", 11, 11)
    step = af.act(map_, encounter.conflict, "mira", "maneuver", to=(12, 12), facing=0)
    assert "slippery ground entered: a balance check" in step.text and "beyond" not in step.text
    map_ = applied(map_, step)
    assert "slippery ground: a balance check" in af.begin_turn(map_, step.conflict).text
    assert "slippery" not in af.begin_turn(encounter, encounter.conflict).text


def test_leaving_an_opponents_overlap_wants_a_move_check(encounter):
    map_ = _standing(encounter, "raider", 9, 2)  # in Mira's area
    step = af.act(map_, encounter.conflict, "mira", "maneuver", to=(9, 3), facing=90)
    assert "leaving an overlap: a move check" in step.text
    assert "overlap" not in af.act(encounter, encounter.conflict, "mira", "maneuver", to=(9, 3), facing=90).text


def test_the_reflexes_known_are_those_of_the_maps_af_encounter_only():
    from tabletop.rules import edgerunner
    from tabletop.samples import af_encounter

    creek = af_encounter()
    assert af.reflexes_known(creek) == {}
    creek.conflict = edgerunner.start(creek, ["kell", "raider"]).conflict
    assert af.reflexes_known(creek) == {}, "an Edgerunner conflict has no reflexes"
    creek.conflict = af.start(creek, ["kell", "raider"], {}, {"kell": 7, "raider": -2}).conflict
    assert af.reflexes_known(creek) == {"kell": 7, "raider": -2}
