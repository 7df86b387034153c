"""The players' initiative strip, row by row, through played rounds: AF's reflex order, whose
turn and who is next, guard, snap and action left; Edgerunner's acted order and bid; stress as
boxes only when the GM shows it; no rows for a system without turns or a conflict ended; and a
participant the players do not see leaves no row and changes no other row, even while its own
turn runs (../shared/rules/af-encounter.txt "Turn", "Guard", "Snap"; edgerunner-conflicts.txt
"social initiative")."""

from __future__ import annotations

from tabletop.model import Map
from tabletop.rules.initiative_strip import StripRow, Track, strip_rows
from tabletop.rules.systems import names
from tests.rules.af_play import creek
from tests.rules.af_steps import REFLEXES, play
from tests.rules.edgerunner_play import START, act, played, sample

NEXT = {"do": "next"}
EVERYONE = lambda token: True  # noqa: E731


def _rows(map_: Map, shown=EVERYONE, stress: bool = False) -> tuple[StripRow, ...]:
    return strip_rows(map_, shown, names(map_), stress=stress)


def _af(*steps, without: tuple[str, ...] = ()) -> Map:
    reflexes = {name: value for name, value in REFLEXES.items() if name not in without}
    begin = {"do": "start", "system": "af", "tokens": list(reflexes), "reflexes": reflexes}
    return play(creek(), begin, *steps)


def _summary(rows) -> list[tuple]:
    return [(r.name, r.now, r.next, dict(r.marks)) for r in rows]


def test_af_rows_run_in_reflex_order_with_the_turn_the_next_and_what_is_left():
    map_ = _af({"do": "snap", "actor": "Mira", "snap": "prepare"})
    rows = _rows(map_)
    assert [r.name for r in rows] == ["Mira", "Raider archer", "Kell", "Raider"], "highest reflex first"
    assert _summary(rows)[:2] == [
        ("Mira", True, False, {"Guard": "1", "Snap": "0", "Action": "1"}),  # the snap is spent
        ("Raider archer", False, True, {"Guard": "1", "Snap": "0", "Action": "0"}),
    ]
    attacked = play(map_, {"do": "act", "actor": "Mira", "action": "attack", "target": "Raider"})
    guarded = play(attacked, {"do": "react", "actor": "Raider", "reaction": "guard", "type": "dodge"})
    raider = _rows(guarded)[-1]
    assert dict(raider.marks)["Guard"] == "0", "the raider's guard went on Mira's attack"
    assert dict(_rows(guarded)[0].marks)["Action"] == "0"


def test_af_next_wraps_to_the_next_round_and_stops_after_round_five():
    map_ = _af(NEXT, NEXT, NEXT)  # the raider's turn, last in the order
    rows = _rows(map_)
    assert [r.name for r in rows if r.now] == ["Raider"]
    assert [r.name for r in rows if r.next] == ["Mira"], "round 2 begins with Mira"
    for _ in range(4):
        map_ = play(map_, {"do": "round"})  # round 5 begins with Mira
    map_ = play(map_, NEXT, NEXT, NEXT)
    assert map_.conflict.round == 5 and map_.conflict.turn == "raider"
    assert not any(r.next for r in _rows(map_)), "after round 5 the exchange ends: no one is next"


def test_an_unseen_participant_leaves_no_row_and_its_turn_changes_nothing():
    """The archer hidden: every row the players get, turn by turn, is the row they would get in
    the same encounter without the archer, while the archer's own turn runs too."""
    unseen = lambda token: token != "archer"  # noqa: E731
    steps = [{"do": "snap", "actor": "Mira", "snap": "prepare"}, NEXT]
    with_archer = _af(steps[0])
    without = _af(steps[0], without=("Raider archer",))
    assert _rows(with_archer, unseen) == _rows(without)
    archers_turn = play(with_archer, NEXT)
    assert archers_turn.conflict.turn == "archer"
    assert _rows(archers_turn, unseen) == _rows(without), "Mira's turn, as the players still see it"
    assert "archer" not in {r.token for r in _rows(archers_turn, unseen)}
    kells_turn = play(archers_turn, NEXT)
    assert _rows(kells_turn, unseen) == _rows(play(without, NEXT))


def test_a_held_turn_keeps_the_snaps_it_lost_as_the_log_counts_them():
    second = {"do": "act", "actor": "Mira", "action": "second snap"}
    unseen = lambda token: token != "archer"  # noqa: E731
    map_ = _af(second)
    assert dict(_rows(map_)[0].marks)["Snap"] == "2"
    held = play(map_, NEXT)
    assert dict(_rows(held)[0].marks)["Snap"] == "0", "the GM's truth: both snaps lost"
    assert dict(_rows(held, unseen)[0].marks)["Snap"] == "2", "the players' Mira still has her two"


def test_edgerunner_rows_put_who_acted_first_then_the_turn_then_who_may_still_act():
    map_ = played(sample("warehouse"), START)
    assert [(r.name, r.marks) for r in _rows(map_)] == [("Gatto", (("To act", ""),)), ("Hargan", (("To act", ""),))]
    map_ = played(map_, {"do": "next", "who": "Hargan"}, act("Hargan", "simple", what="Takes cover"))
    map_ = played(map_, {"do": "next", "bids": {"Gatto": 2}})
    rows = _rows(map_)
    assert [(r.name, r.now, r.next) for r in rows] == [("Hargan", False, False), ("Gatto", True, False)]
    assert rows[0].marks == (("Acted", ""),)
    assert rows[1].marks == (("To act", ""), ("Bid", "2")), "the bid comes off Gatto's roll"


def test_stress_shows_as_boxes_only_when_the_gm_shows_it():
    map_ = played(sample("warehouse"), START, {"do": "mark", "target": "Hargan", "track": "health", "box": 2})
    assert all(r.stress == () for r in _rows(map_))
    hargan = next(r for r in _rows(map_, stress=True) if r.token == "hargan")
    assert hargan.stress[0] == Track("health", 5, frozenset({2}))
    assert [t.name for t in hargan.stress] == ["health", "cool"]


def test_no_rows_without_a_turn_order_or_once_the_conflict_ends():
    assert _rows(creek()) == ()
    for begin in ({"do": "start", "system": "reserve", "sides_given": []}, {"do": "start", "system": "cards"}):
        assert _rows(play(sample("warehouse"), begin)) == (), f"{begin['system']}: no order to show"
    running = _af()
    assert len(_rows(running)) == 4
    over = running.model_copy(update={"conflict": running.conflict.model_copy(update={"ended": "ended"})})
    assert _rows(over) == ()
