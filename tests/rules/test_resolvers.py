"""The reserve and card resolvers as play steps: the sides' reserve and the log follow each
resolution, from the texts' rules."""

from __future__ import annotations

import pytest

from tabletop.model import Conflict, ReserveSide
from tabletop.rules.cards import Character, Confrontation, play_out
from tabletop.rules.cards_log import log_confrontation
from tabletop.rules.resolvers import (
    escape_step,
    fold_step,
    next_timeslice,
    offensive,
    reserve_order,
    start_reserve,
)


def _sides() -> list[ReserveSide]:
    return [
        ReserveSide(name="Kara", offense=9, defense=7, force=6, reserve={"Body": 3, "Will": 4}),
        ReserveSide(name="Drone", offense=12, defense=5, force=2, reserve={"Armour": 5}),
    ]


def test_the_highest_offense_acts_first_unless_someone_declared_the_conflict() -> None:
    conflict = start_reserve(_sides()).conflict
    assert reserve_order(conflict) == ["Drone", "Kara"]
    assert reserve_order(conflict, first="Kara") == ["Kara", "Drone"]
    assert conflict.system == "reserve" and "order: Drone, Kara" in conflict.log[0].story


def test_a_hit_at_twice_the_roll_with_force_costs_the_side_the_defender_picks() -> None:
    conflict = start_reserve(_sides()).conflict
    step = offensive(conflict, "Kara", "Drone", attack=30, defense=10, pays="Armour", attacker_spends={"Will": 1})
    drone = step.conflict.reserve[1]
    kara = step.conflict.reserve[0]
    # 2, +2 for three times the roll, +1 for Force 6 against 2
    assert drone.reserve == {"Armour": 0} and kara.reserve == {"Body": 3, "Will": 3}
    entry = step.conflict.log[-1]
    assert entry.numbers == {"attack": 30, "defense": 10, "lost": 5, "attack score": 9, "defense score": 5}
    assert "3 times 10: +2" in entry.story and "Force 6" in entry.story
    with pytest.raises(ValueError, match="Kara has made its offensive action this timeslice"):
        offensive(step.conflict, "Kara", "Drone", attack=12, defense=4, pays="Armour")
    again = offensive(next_timeslice(step.conflict).conflict, "Kara", "Drone", attack=12, defense=4, pays="Armour")
    assert "at your mercy" in again.conflict.log[-1].story


def test_a_higher_defence_roll_costs_nothing_and_the_attacker_never_loses() -> None:
    conflict = start_reserve(_sides()).conflict
    step = offensive(conflict, "Drone", "Kara", attack=8, defense=20, pays="Body")
    assert step.conflict.reserve == conflict.reserve
    assert step.conflict.log[-1].numbers["lost"] == 0


def test_escape_costs_one_and_succeeds_when_the_opponent_loses_the_roll() -> None:
    conflict = start_reserve(_sides()).conflict
    away = escape_step(conflict, "Kara", "Drone", attack=10, escape_roll=14, pays="Will").conflict
    assert away.reserve[0].reserve == {"Body": 3, "Will": 3} and away.reserve[0].escaped
    caught = escape_step(conflict, "Kara", "Drone", attack=14, escape_roll=10, pays="Will").conflict
    assert caught.reserve[0].reserve == {"Body": 3, "Will": 2} and not caught.reserve[0].escaped
    assert "caught and loses 1" in caught.log[-1].story, "2, less 1 for her Force 6 against 2"


def test_folding_ends_a_two_sided_conflict_and_keeps_the_reserve() -> None:
    conflict = start_reserve(_sides()).conflict
    folded = fold_step(conflict, "Kara", "Drone", "She tells them the truth").conflict
    assert folded.ended == "concession" and folded.reserve[0].folded
    assert folded.reserve[0].reserve == conflict.reserve[0].reserve
    assert reserve_order(folded) == ["Drone"]


def test_a_resolved_confrontation_goes_to_the_log_with_its_level() -> None:
    erica = Character("Erica", skill=7, attribute=3, advantages=1)
    john = Character("John", skill=6, attribute=3)
    confrontation = Confrontation(erica, [john])
    play_out(confrontation, {"Erica": [5, 6, 13], "John": [3, 4, 6]})
    step = log_confrontation(None, confrontation, "The lock gives")
    outcome, entry = step.conflict.log[-2:]
    assert step.conflict.system == "cards"
    assert entry.numbers == {"Erica": confrontation.value("Erica"), "John": confrontation.value("John")}
    assert outcome.story.startswith("against John: Erica succeeds, critical")
    assert entry.story == "The lock gives — The action succeeds."
    running = Conflict(system="edgerunner")
    assert log_confrontation(running, confrontation).conflict.system == "edgerunner", "logged where play is"


def test_an_unknown_side_is_named() -> None:
    with pytest.raises(KeyError, match="Nobody"):
        offensive(start_reserve(_sides()).conflict, "Nobody", "Kara", 1, 1, pays="Body")
