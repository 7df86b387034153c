"""Recovery: "Anybody may attempt to clear the stress on anybody else but both of them must
use their action, ie. act together": a partner who already acted is not logged as acting
again; the step and the log say the recovery went ahead on the GM's word."""

from __future__ import annotations

import pytest

from tests.rules.edgerunner_play import START, act, played, sample, take, track, with_jade


@pytest.fixture
def hurt():
    """Jade, Gatto and Hargan in the warehouse, Gatto's health boxes 1 and 2 marked."""
    marks = [{"do": "mark", "target": "Gatto", "track": "health", "box": b} for b in (1, 2)]
    return played(with_jade(sample("warehouse")), START, *marks)


def test_a_patient_who_has_not_acted_acts_together(hurt) -> None:
    map_ = played(hurt, act("Jade", "recovery", target="Gatto", track="health", shifts=2))
    assert track(map_, "gatto", "health").marked == [1]
    entry = map_.conflict.log[-1]
    assert (entry.actor, entry.action, entry.target) == ("gatto", "acts together (recovery)", "jade")
    assert map_.conflict.participant("gatto").edgerunner.acted


def test_a_patient_who_already_acted_is_noted_not_acting_again(hurt) -> None:
    map_ = played(hurt, act("Gatto", "simple", what="fires back"))
    before = map_.conflict.turns_taken
    step = take(map_, act("Jade", "recovery", target="Gatto", track="health", shifts=2))
    assert step.text == "Jade helps Gatto recover (Gatto already acted this exchange: on the GM's word)"
    actions = [e.action for e in step.conflict.log if e.actor == "gatto"]
    assert "acts together (recovery)" not in actions
    note = step.conflict.log[-1]
    assert (note.actor, note.action) == ("gatto", "already acted (recovery)")
    assert note.story == "acts together on the GM's word: already acted this exchange"
    assert step.conflict.turns_taken == before + 1  # Jade's turn only


def test_a_helper_who_already_acted_is_noted_too(hurt) -> None:
    map_ = played(hurt, act("Hargan", "simple", what="reloads"))
    map_ = played(map_, act("Gatto", "recovery", target="Gatto", track="health", shifts=2, helper="Hargan"))
    assert [(e.actor, e.action) for e in map_.conflict.log[-2:]] == [
        ("gatto", "recovery"),
        ("hargan", "already acted (recovery)"),
    ]
