"""Resist as the Edgerunner text names it: "you take stress and/or a number of consequences,
and remove shifts from the ongoing action ... You may also invoke aspects to reduce the roll
by 2"; only the action's target resists, and a direct attack's stress is the attack's own."""

from __future__ import annotations

import pytest

from tests.rules.edgerunner_play import START, act, played, sample, take, track


@pytest.fixture
def net():
    return played(sample("nephrite-net"), START)


@pytest.fixture
def warehouse():
    return played(sample("warehouse"), START)


def _push(shifts: int, resist: dict, to: str = "Backup store") -> dict:
    return act("Nephrite", "move another", target="IC daemon", to=to, shifts=shifts, resist=resist)


def _resisted(map_) -> dict:
    return next(e for e in reversed(map_.conflict.log) if e.action == "resists").numbers


def test_stress_the_resister_chooses_marks_its_box_and_comes_off(net) -> None:
    map_ = played(net, _push(6, {"stress": 2}))  # the daemon's only track: integrity
    assert track(map_, "daemon", "integrity").marked == [2]
    assert map_.token("daemon").location.zone == "backup"  # 6 - 2 = 4 shifts: four borders
    assert _resisted(map_) == {"stress": 2, "box": 2, "resisted": 2}


def test_a_resister_with_several_tracks_names_the_one_it_takes(warehouse) -> None:
    shove = act("Hargan", "move another", target="Gatto", to="z2", shifts=9, resist={"stress": 1})
    with pytest.raises(ValueError, match=r"name the stress track of Gatto \(tracks: health, cool\)"):
        take(warehouse, shove)
    map_ = played(warehouse, shove | {"resist": {"stress": 1, "track": "cool"}})
    assert track(map_, "gatto", "cool").marked == [1]
    with pytest.raises(ValueError, match=r"names the cool track for its stress: say how much \('stress'\)"):
        take(warehouse, shove | {"resist": {"track": "cool", "invokes": 1}})


def test_stress_over_the_resisters_threshold_takes_it_out(warehouse) -> None:
    shove = act("Hargan", "move another", target="Gatto", to="z2", shifts=9, resist={"stress": 3, "track": "cool"})
    map_ = played(warehouse, shove)
    assert map_.conflict.participant("gatto").out
    assert [e.action for e in map_.conflict.log[-3:]] == ["resists", "move another", "taken out"]
    assert map_.token("gatto").location.zone == "z2"  # 9 - 3 resisted - range 2 = 4: one border of 3


def test_consequences_stay_on_the_resister_with_the_shifts_they_bought(net) -> None:
    resist = {"consequences": [{"name": "Corrupted cache", "shifts": 2}, {"name": "Lost handshake", "shifts": 1}]}
    map_ = played(net, _push(4, resist, to="Relay 1"))
    assert [(c.name, c.shifts) for c in map_.token("daemon").consequences] == [
        ("Corrupted cache", 2),
        ("Lost handshake", 1),
    ]
    assert _resisted(map_) == {"consequences": 3, "resisted": 3}
    assert map_.conflict.log[-2].story == "Corrupted cache, Lost handshake"


def test_each_aspect_invoked_takes_two_and_the_gms_word_takes_its_own(net) -> None:
    short = played(net, _push(5, {"invokes": 2}))  # 1 shift left for a way of 4: the daemon moves one zone
    assert short.conflict.log[-1].numbers["short by"] == 3
    map_ = played(net, _push(5, {"invokes": 2}, to="Relay 1"))
    assert _resisted(map_) == {"invokes": 2, "resisted": 4}
    told = played(net, _push(5, {"shifts": 1}))
    assert _resisted(told) == {"on the GM's word": 1, "resisted": 1}
    assert told.token("daemon").location.zone == "backup"


def test_a_resisted_attack_marks_what_its_shifts_leave(warehouse) -> None:
    hit = act("Hargan", "attack", target="Gatto", track="health", shifts=5)
    map_ = played(warehouse, hit | {"resist": {"consequences": [{"name": "Grazed arm", "shifts": 2}], "stress": 3}})
    assert track(map_, "gatto", "health").marked == [3]
    assert map_.conflict.log[-1].numbers == {"rolled": 5, "resisted": 2, "shifts": 3, "box": 3}
    with pytest.raises(ValueError, match="the attack leaves 3 health stress to take, not 1"):
        take(warehouse, hit | {"resist": {"consequences": [{"name": "Grazed arm", "shifts": 2}], "stress": 1}})
    with pytest.raises(ValueError, match=r"the stress is the attack's own \(health\), not cool"):
        take(warehouse, hit | {"resist": {"track": "cool", "invokes": 1}})
    invoked = played(warehouse, hit | {"resist": {"invokes": 1}})
    assert track(invoked, "gatto", "health").marked == [3]


def test_a_maneuver_resisted_to_minus_one_is_blocked(warehouse) -> None:
    smoke = act("Gatto", "maneuver", on="token Hargan", aspect="Off balance", shifts=2)
    blocked = played(warehouse, smoke | {"resist": {"consequences": [{"name": "Twisted knee", "shifts": 3}]}})
    assert blocked.token("hargan").aspects == []
    assert blocked.conflict.log[-1].action == "maneuver blocked"
    assert [c.name for c in blocked.token("hargan").consequences] == ["Twisted knee"]
    placed = played(warehouse, smoke | {"resist": {"invokes": 1}})
    assert [(a.name, a.free_invokes) for a in placed.token("hargan").aspects] == [("Off balance", 0)]


def test_a_border_or_the_scene_resists_only_with_invokes_or_shifts(net) -> None:
    strike = act("Nephrite", "attack", aspect="Icewall", on="border Firewall", shifts=3)
    with pytest.raises(ValueError, match="Firewall cannot take stress or consequences"):
        take(net, strike | {"resist": {"stress": 1, "track": "integrity"}})
    held = played(net, strike | {"resist": {"invokes": 1}})  # 3 - 2 = 1: Icewall's one box holds
    assert [a.name for a in next(b for b in held.borders if b.id == "firewall").aspects] == ["Icewall"]
    scene = played(net, act("IC daemon", "maneuver", on="scene", aspect="Alarm raised", shifts=1))
    with pytest.raises(ValueError, match="the scene cannot take stress"):
        take(scene, act("Nephrite", "attack", aspect="Alarm raised", on="scene", shifts=3, resist={"stress": 1}))
