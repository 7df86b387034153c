"""A turn's unused snap and action lapse when it ends ("If you do not use your snap it is
simply lost when your turn ends"), logged, and shown in the turn list until the next turn."""

from __future__ import annotations

from tabletop.rules import af_system
from tests.rules.af_steps import last, play, started, take, turn

NEXT = {"do": "next"}


def cells(map_, token: str) -> tuple[str, ...]:
    return af_system.SYSTEM.cells(map_, map_.conflict, map_.conflict.participant(token))


def test_an_unused_action_is_lost_when_the_turn_ends_and_the_turn_list_says_so():
    map_ = started({"do": "snap", "actor": "Mira", "snap": "prepare"})
    assert cells(map_, "mira")[2:4] == ("–", "yes")
    step = take(map_, NEXT)
    assert step.text.startswith("Mira's action lost; Raider archer's turn")
    map_ = play(map_, NEXT)
    mira = turn(map_, "mira")
    assert (mira.snaps, mira.action, mira.action_lost, mira.snap_lost) == (0, False, True, False)
    lost = [e for e in map_.conflict.log if e.actor == "mira" and "lost" in e.action]
    assert [e.action for e in lost] == ["action lost"]
    assert cells(map_, "mira")[2:4] == ("–", "lost")


def test_an_unused_snap_and_action_are_both_lost():
    map_ = started(NEXT, NEXT)
    archer = [e.action for e in map_.conflict.log if e.actor == "archer"]
    assert archer == ["turn", "snap and action lost"]
    assert cells(map_, "archer")[2:4] == ("lost", "lost")


def test_two_snaps_from_giving_up_the_action_are_lost_together():
    map_ = started({"do": "act", "actor": "Mira", "action": "second snap", "story": "she waits"}, NEXT)
    assert map_.conflict.log[-3].story == "she waits"
    assert map_.conflict.log[-2].action == "2 snaps lost" and turn(map_, "mira").snaps == 0


def test_nothing_lapses_when_the_snap_and_action_were_used():
    map_ = started({"do": "snap", "actor": "Mira", "snap": "fend"}, {"do": "act", "actor": "Mira", "action": "defend"})
    map_ = play(map_, NEXT)
    assert not any("lost" in e.action for e in map_.conflict.log)
    assert cells(map_, "mira")[2:4] == ("–", "–")


def test_the_lost_marks_clear_when_the_next_turn_begins():
    map_ = started(NEXT, NEXT, NEXT, NEXT)  # round 2: Mira again
    assert map_.conflict.turn == "mira" and map_.conflict.round == 2
    assert cells(map_, "mira")[1:4] == ("1", "1", "yes")
    assert not turn(map_, "mira").action_lost and not turn(map_, "mira").snap_lost


def test_a_whole_round_and_the_end_of_an_exchange_lapse_the_turn_in_hand():
    map_ = started({"do": "round"})
    assert map_.conflict.round == 2
    lapses = [e.actor for e in map_.conflict.log if e.action == "snap and action lost"]
    assert lapses == ["mira", "archer", "kell", "raider"]
    map_ = play(map_, {"do": "end_exchange"})
    assert last(map_, 2).action == "snap and action lost" and last(map_, 2).actor == "mira"
    assert map_.conflict.turn is None and cells(map_, "mira")[2:4] == ("lost", "lost")
