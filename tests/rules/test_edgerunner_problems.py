"""Long actions as problems ("Long actions"): a stress threshold counted in steps of the time
track from the exchange's duration, a token that is attacked, defended, recovered, moved and
takes aspects, and never takes a turn."""

from __future__ import annotations

import pytest

from tabletop.rules import edgerunner as er
from tabletop.rules.play import applied
from tabletop.rules.systems import system
from tabletop.rules.time_track import TIME_TRACK, step_of, steps_between
from tests.rules.edgerunner_play import START, act, played, sample, take, track

DOOR = {"do": "problem", "name": "Jammed loading door", "zone": "Middle", "aspect": "Rusted shut"}


@pytest.fixture
def warehouse():
    return played(sample("warehouse"), START)


def _door(map_):
    return next(t for t in map_.tokens if t.problem)


def test_the_time_track_holds_the_texts_own_spans_in_order() -> None:
    assert {"a few seconds", "a couple of weeks"} <= set(TIME_TRACK)
    assert step_of("a few seconds") < step_of("a few minutes") < step_of("a couple of weeks") < step_of("a year")
    assert steps_between("a few seconds", "a few minutes") == 3
    assert steps_between("a day", "an hour") == -3
    with pytest.raises(ValueError, match=r"'3\.3 seconds' is not a step of the time track"):
        step_of("3.3 seconds")


@pytest.mark.parametrize(
    ("duration", "takes", "threshold"),
    [("a few seconds", "a few minutes", 3), ("a few seconds", "half a minute", 1), ("an hour", "a day", 3)],
)
def test_a_problems_threshold_is_the_steps_between_an_exchange_and_the_action(duration, takes, threshold) -> None:
    map_ = played(sample("warehouse"), START | {"duration": duration}, DOOR | {"takes": takes})
    door = _door(map_)
    assert (door.stress[0].name, door.stress[0].threshold, door.stress[0].boxes) == ("progress", threshold, 5)
    assert map_.conflict.log[-1].numbers == {"threshold": threshold}


def test_a_problem_has_an_aspect_or_two_and_the_track_the_gm_names(warehouse) -> None:
    step = take(warehouse, DOOR | {"takes": "an hour", "second_aspect": "Alarm wired", "track": "grind"})
    door = step.tokens[0]
    assert [a.name for a in door.aspects] == ["Rusted shut", "Alarm wired"]
    assert (door.problem, door.location.zone, door.stress[0].name) == (True, "z2", "grind")
    assert step.text == "Problem: Jammed loading door"
    assert door.id not in {t.id for t in warehouse.tokens}


def test_a_problem_needs_the_exchanges_duration_and_a_longer_action() -> None:
    bare = played(sample("warehouse"), {"do": "start", "system": "edgerunner"})
    with pytest.raises(ValueError, match=r"^set how long an exchange lasts first") as refused:
        take(bare, DOOR | {"takes": "an hour"})
    assert "\n" not in str(refused.value)
    lasting = played(bare, {"do": "duration", "duration": "a few minutes"})
    assert (lasting.conflict.duration, lasting.conflict.log[-1].story) == ("a few minutes", "a few minutes")
    with pytest.raises(ValueError, match="a minute fits in one exchange"):
        take(lasting, DOOR | {"takes": "a minute"})
    with pytest.raises(ValueError, match=r"takes: '3\.3 seconds' is not one of"):
        take(lasting, DOOR | {"takes": "3.3 seconds"})


def test_two_problems_cannot_share_a_name(warehouse) -> None:
    map_ = played(warehouse, DOOR | {"takes": "an hour"})
    with pytest.raises(ValueError, match="a token called 'Jammed loading door' is on the map already"):
        take(map_, DOOR | {"takes": "an hour"})


def test_a_problem_never_takes_a_turn(warehouse) -> None:
    map_ = played(warehouse, DOOR | {"takes": "an hour"})
    door = _door(map_)
    assert er.whos_next(map_.conflict) == ["gatto", "hargan"]
    with pytest.raises(ValueError, match="is a problem: it never takes a turn"):
        take(map_, {"do": "add", "tokens": [door.id]})
    with pytest.raises(ValueError, match="does not take part"):
        take(map_, {"do": "next", "who": door.id})
    fresh = map_.model_copy(update={"conflict": None})
    assert [p.token for p in take(fresh, {"do": "start", "system": "edgerunner"}).conflict.participants] == [
        "gatto",
        "hargan",
    ]
    with pytest.raises(ValueError, match="Jammed loading door is a problem"):
        take(fresh, {"do": "start", "system": "edgerunner", "tokens": ["Gatto", door.id]})


def test_a_problem_is_defended_attacked_and_solved_in_the_texts_words(warehouse) -> None:
    map_ = played(warehouse, DOOR | {"takes": "a few minutes"})  # threshold 3
    door = _door(map_).id
    map_ = played(map_, act("Hargan", "defense", target=door, shifts=6))  # Hargan is 1 border away: 5
    assert track(map_, door, "progress").defended_threshold == 5
    map_ = played(map_, act("Gatto", "attack", target=door, shifts=5))
    assert track(map_, door, "progress").marked == [5]
    assert map_.conflict.log[-1].action == "attack"
    map_ = played(map_, {"do": "end_exchange"}, act("Hargan", "simple", what="reloads"))
    map_ = played(map_, act("Gatto", "attack", target=door, shifts=4))
    entry = map_.conflict.log[-1]
    assert (entry.action, entry.target) == ("problem solved", door)
    assert entry.story.startswith("A problem is solved if it is taken out. Whatever the original intent was")
    assert map_.conflict.ended is None
    assert not any(p.token == door for p in map_.conflict.participants)


def test_a_problem_is_recovered_moved_and_takes_aspects(warehouse) -> None:
    map_ = played(warehouse, DOOR | {"takes": "an hour"})  # threshold 6
    door = _door(map_).id
    map_ = played(map_, act("Gatto", "attack", target=door, shifts=4))
    recovered = take(map_, act("Hargan", "recovery", target=door, shifts=4))
    assert recovered.text == f"Hargan recovers {_door(map_).name}", "a problem is recovered, not helped"
    map_ = applied(map_, recovered)
    assert track(map_, door, "progress").marked == []  # "revert it to its initial state"
    welded = act("Hargan", "maneuver", on=f"token {door}", aspect="Welded", shifts=1)
    map_ = played(map_, {"do": "end_exchange"}, welded)
    assert [(a.name, a.free_invokes) for a in _door(map_).aspects] == [("Rusted shut", 0), ("Welded", 1)]
    map_ = played(map_, act("Gatto", "move another", target=door, to="West end", shifts=4))
    assert _door(map_).location.zone == "z1"  # 1 border of range, then 3 through the aisles


def test_the_duration_is_chosen_at_the_start_and_logged_with_the_caller() -> None:
    step = take(sample("warehouse"), START | {"caller": "Sandra", "duration": "a couple of weeks"})
    assert (step.conflict.duration, step.conflict.caller) == ("a couple of weeks", "Sandra")
    assert step.conflict.log[0].story == "Gatto, Hargan; the caller is Sandra; an exchange lasts a couple of weeks"
    rules = system("edgerunner")
    assert "duration" in [f.name for f in rules.start_fields]
    assert rules.header(step.conflict, lambda t: t) == "Exchange 1 (a couple of weeks) · Sandra asks: Who's next?"
    turn = applied(sample("warehouse"), step)
    turn = played(turn, {"do": "end_exchange"}, {"do": "next", "who": "Gatto"})
    assert rules.header(turn.conflict, lambda t: turn.token(t).label) == "Exchange 2 (a couple of weeks) · Gatto's turn"
