"""What an Edgerunner attack can strike ("Inanimate targets", "Maneuver"): any token with a
stress track, a border (its threshold "assigned by the referee" when it has none, and
redefined once taken out), a placed aspect, and a participant taken out; every word by name."""

from __future__ import annotations

import pytest

from tabletop.model import Token, ZoneLocation
from tabletop.rules.play import Question, Unanswered, applied
from tests.rules.edgerunner_play import START, act, played, sample, take, track


@pytest.fixture
def net():
    return played(sample("nephrite-net"), START)


@pytest.fixture
def warehouse():
    return played(sample("warehouse"), START)


def _placed(map_, token: Token):
    return map_.model_copy(update={"tokens": [*map_.tokens, token]})


def test_a_token_placed_in_the_window_is_asked_for_its_threshold(warehouse) -> None:
    crate = Token(id="crate", name="Stack of crates", location=ZoneLocation(zone="z2"))
    map_ = _placed(warehouse, crate)
    with pytest.raises(Unanswered) as asked:
        take(map_, act("Gatto", "attack", target="Stack of crates", shifts=2))
    assert (asked.value.question.field, asked.value.question.kind) == ("threshold", "number")
    said = "Stack of crates has no stress track: the referee assigns its stress threshold"
    assert str(asked.value) == said
    after = played(map_, act("Gatto", "attack", target="Stack of crates", shifts=2, threshold=3))
    assert [(t.name, t.threshold, t.boxes, t.marked) for t in after.token("crate").stress] == [("integrity", 3, 5, [2])]
    assert after.conflict.log[-1].numbers == {"rolled": 2, "shifts": 2, "threshold": 3, "box": 2}


def test_a_threshold_for_a_target_that_has_one_is_refused(warehouse) -> None:
    with pytest.raises(ValueError, match=r"Hargan's health track has its threshold \(3\): leave out 'threshold'"):
        take(warehouse, act("Gatto", "attack", target="Hargan", track="health", shifts=2, threshold=5))


def test_a_lock_is_attacked_on_its_only_track_and_taken_out(warehouse) -> None:
    lock = Token(id="lock", name="Stubborn lock", location=ZoneLocation(zone="z1"))
    map_ = _placed(warehouse, lock.model_copy(update={"stress": [track(warehouse, "gatto", "health")]}))
    step = take(map_, act("Gatto", "attack", target="Stubborn lock", shifts=4, skill="Electronics"))
    assert [(e.action, e.target) for e in step.conflict.log[-2:]] == [("attack", "lock"), ("taken out", "lock")]
    assert step.asks == () and step.conflict.ended is None


def test_several_tracks_need_the_one_named(warehouse) -> None:
    with pytest.raises(ValueError, match=r"name the stress track of Hargan \(tracks: health, cool\)"):
        take(warehouse, act("Gatto", "attack", target="Hargan", shifts=2))


def test_a_border_without_a_stress_track_takes_the_referees_threshold(net) -> None:
    strike = act("Nephrite", "attack", target="Router – Relay 1", shifts=2)
    with pytest.raises(Unanswered) as asked:
        take(net, strike)
    assert asked.value.question.field == "threshold"
    assert str(asked.value).startswith("Router – Relay 1 has no stress track")
    step = take(net, strike | {"threshold": 2})
    assert step.text == "Nephrite attacks Router – Relay 1"
    border = next(b for b in applied(net, step).borders if b.id == "router-relay1")
    assert (border.stress.name, border.stress.threshold, border.stress.marked) == ("integrity", 2, [2])


def test_a_border_taken_out_asks_to_be_redefined(net) -> None:
    step = take(net, act("Nephrite", "attack", target="Firewall", shifts=4, skill="Netrunning"))
    assert [(e.action, e.target) for e in step.conflict.log[-2:]] == [("attack", "firewall"), ("taken out", "firewall")]
    assert step.conflict.log[-1].story == "Nephrite may redefine the border and its pass values, within reason"
    (question,) = step.asks
    assert (question.field, question.kind) == ("redefine", "passages")
    assert "redefine the border and its pass values" in question.prompt
    assert isinstance(question, Question)


def test_a_border_taken_out_is_redefined_in_the_same_step(net) -> None:
    hole = [{"label": "through the hole", "cost_from_a": 1, "cost_from_b": 1}]
    step = take(net, act("Nephrite", "attack", target="Firewall", shifts=4, redefine=hole))
    (firewall,) = step.borders
    assert [(p.label, p.cost_from_a, p.cost_from_b) for p in firewall.passages] == [("through the hole", 1, 1)]
    assert firewall.stress.name == "integrity"
    assert step.asks == ()
    entry = step.conflict.log[-1]
    assert (entry.action, entry.story) == ("redefines the border", "through the hole 1/1")
    after = played(applied(net, step), {"do": "end_exchange"}, act("Nephrite", "move", to="Research vault", shifts=1))
    assert after.token("nephrite").location.zone == "vault"


@pytest.mark.parametrize(
    ("redefine", "said"),
    [
        ([{"label": "gap", "cost_from_a": -1}], "redefine: passage 1: cost_from_a: a pass value of -1 is less"),
        ([{"label": "gap", "speed": 3}], "redefine: passage 1: speed: is not a field Tabletop knows"),
        (["gap"], "redefine: passage 1 is an object"),
    ],
)
def test_a_redefinition_that_is_no_passage_is_refused_in_one_line(net, redefine, said) -> None:
    with pytest.raises(ValueError) as refused:
        take(net, act("Nephrite", "attack", target="Firewall", shifts=4, redefine=redefine))
    assert str(refused.value).startswith(said)
    assert "\n" not in str(refused.value)


def test_only_a_border_taken_out_is_redefined(net, warehouse) -> None:
    hole = [{"label": "hole"}]
    with pytest.raises(ValueError, match="only a border taken out may be redefined: Firewall still stands"):
        take(net, act("Nephrite", "attack", target="Firewall", shifts=3, redefine=hole))
    with pytest.raises(ValueError, match="Gatto is no border to redefine"):
        take(warehouse, act("Hargan", "attack", target="Gatto", track="cool", shifts=3, redefine=hole))


def test_a_participant_taken_out_asks_what_happens_to_them(warehouse) -> None:
    step = take(warehouse, act("Hargan", "attack", target="Gatto", track="cool", shifts=3))
    assert step.conflict.participant("gatto").out
    (question,) = step.asks
    assert (question.field, question.prompt) == ("story", "Gatto is taken out: Hargan now says what happens to them")
    told = take(warehouse, act("Hargan", "attack", target="Gatto", track="cool", shifts=3, story="He drops."))
    assert told.asks == () and told.conflict.log[-2].story == "He drops."


def test_an_aspect_is_attacked_by_its_holder_through_the_steps(net) -> None:
    strike = act("Nephrite", "attack", aspect="Icewall", on="border Firewall", shifts=2, skill="Netrunning")
    step = take(net, strike)
    assert step.text == "Nephrite attacks Icewall on Firewall: Icewall is gone"
    assert [(e.action, e.target, e.story) for e in step.conflict.log[-2:]] == [
        ("attack", "firewall", "Icewall"),
        ("aspect removed", "firewall", "Icewall"),
    ]
    with pytest.raises(ValueError, match="an attack on an aspect says what it is on"):
        take(net, act("Nephrite", "attack", aspect="Icewall", shifts=2))
    with pytest.raises(ValueError, match="an attack on an aspect takes 'on', not a target"):
        take(net, strike | {"target": "IC daemon"})
    with pytest.raises(ValueError, match="'attack' needs a target"):
        take(net, act("Nephrite", "attack", shifts=2))
    with pytest.raises(ValueError, match="no aspect 'Smoke' on Firewall"):
        take(net, strike | {"aspect": "Smoke"})


def test_an_aspect_placed_with_two_free_invokes_stands_two_stress(warehouse) -> None:
    map_ = played(warehouse, act("Hargan", "maneuver", on="zone Middle", aspect="Crates everywhere", shifts=3))
    strike = act("Gatto", "attack", aspect="Crates everywhere", on="zone Middle")
    standing = played(map_, strike | {"shifts": 2})
    assert [a.name for a in standing.zone("z2").aspects] == ["Labyrinth of racks", "Crates everywhere"]
    assert standing.conflict.log[-1].numbers == {"rolled": 2, "shifts": 2, "boxes": 2}
    gone = played(map_, strike | {"shifts": 3})
    assert [a.name for a in gone.zone("z2").aspects] == ["Labyrinth of racks"]


def test_an_attack_on_oneself_is_refused(warehouse) -> None:
    with pytest.raises(ValueError, match="Gatto cannot attack itself"):
        take(warehouse, act("Gatto", "attack", target="Gatto", track="cool", shifts=3))
