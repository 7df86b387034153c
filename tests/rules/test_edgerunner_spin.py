"""Spin: "If he rolls badly and gets a negative result, he may get spin, which can be used
against him later": kept on the mover, shown in the turn list, used once by someone else."""

from __future__ import annotations

import pytest

from tabletop.rules.systems import system
from tests.rules.edgerunner_play import START, act, played, sample, take, track


@pytest.fixture
def warehouse():
    return played(sample("warehouse"), START)


def _spin(map_, token: str) -> int:
    return map_.conflict.participant(token).edgerunner.spin


def test_a_move_below_zero_keeps_its_spin_on_the_mover(warehouse) -> None:
    map_ = played(warehouse, act("Gatto", "move", to="Middle", shifts=-2, skill="Athletics"))
    assert map_.token("gatto").location.zone == "z1"
    assert _spin(map_, "gatto") == 2
    entry = map_.conflict.log[-1]
    assert (entry.action, entry.numbers) == ("move fails", {"rolled": -2, "shifts": -2, "spin": 2})
    assert map_.conflict.participant("gatto").edgerunner.acted
    rules = system("edgerunner")
    assert [c.title for c in rules.columns][-1] == "Spin"
    assert rules.cells(map_, map_.conflict, map_.conflict.participant("gatto"))[-1] == "2"
    assert rules.cells(map_, map_.conflict, map_.conflict.participant("hargan"))[-1] == ""


def test_a_bid_can_drive_a_move_below_zero(warehouse) -> None:
    map_ = played(warehouse, {"do": "next", "bids": {"Gatto": 2, "Hargan": 0}}, act("Gatto", "move", to="z2", shifts=1))
    assert _spin(map_, "gatto") == 1


def test_another_uses_the_spin_once_against_the_mover(warehouse) -> None:
    map_ = played(warehouse, act("Gatto", "move", to="Middle", shifts=-2))
    step = take(map_, act("Hargan", "attack", target="Gatto", track="health", shifts=3, spin="Gatto"))
    assert step.text == "Hargan attacks Gatto (using Gatto's spin 2)"
    assert [(e.action, e.target, e.numbers.get("spin")) for e in step.conflict.log[-2:]] == [
        ("uses spin", "gatto", 2),
        ("attack", "gatto", None),
    ]
    assert step.conflict.participant("gatto").edgerunner.spin == 0
    after = played(map_, act("Hargan", "attack", target="Gatto", track="health", shifts=3, spin="Gatto"))
    assert track(after, "gatto", "health").marked == [3]
    with pytest.raises(ValueError, match="Gatto has no spin to use"):
        take(played(after, {"do": "end_exchange"}), act("Hargan", "simple", what="waits", spin="Gatto"))


def test_spin_is_not_used_by_the_mover_and_adds_up(warehouse) -> None:
    map_ = played(warehouse, act("Gatto", "move", to="Middle", shifts=-1))
    with pytest.raises(ValueError, match="Gatto's spin is used against Gatto, by someone else"):
        take(played(map_, {"do": "end_exchange"}), act("Gatto", "simple", what="shrugs", spin="Gatto"))
    map_ = played(map_, {"do": "end_exchange"}, act("Gatto", "move", to="Middle", shifts=-3))
    assert _spin(map_, "gatto") == 4
