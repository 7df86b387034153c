"""Edgerunner actions played from the text: move, move another, attack and taken out, defense,
maneuver, recovery, continue, simple; a border and a problem attacked like tokens."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.io import load_map
from tabletop.model import Map, StressTrack, Token, ZoneLocation
from tabletop.rules import ZoneGraph, range_between
from tabletop.rules import edgerunner as er
from tabletop.rules.play import Step


def play(map_: Map, step: Step) -> Map:
    """The map after a step, as the document applies it: changed objects replaced, then the
    conflict; Map validation checks that the step left the map whole."""

    def swap(objects, changed):
        by_id = {o.id: o for o in changed}
        return [by_id.get(o.id, o) for o in objects]

    data = map_.model_dump()
    for kind, changed in (("tokens", step.tokens), ("zones", step.zones), ("borders", step.borders)):
        data[kind] = [o.model_dump() for o in swap(getattr(map_, kind), changed)]
    data["conflict"] = step.conflict.model_dump() if step.conflict else None
    return Map.model_validate(data)


@pytest.fixture
def warehouse(maps_dir) -> Map:
    """The warehouse, Gatto in the west end, Hargan in the east, Jade beside Gatto."""
    map_ = load_map(maps_dir / "warehouse.tabletop").model_copy(update={"conflict": None})
    jade = map_.token("gatto").model_copy(update={"id": "jade", "name": "Jade"})
    map_ = map_.model_copy(update={"tokens": [*map_.tokens, jade]})
    return play(map_, er.start(map_, ["gatto", "hargan", "jade"], {}))


@pytest.fixture
def net(maps_dir) -> Map:
    map_ = load_map(maps_dir / "nephrite-net.tabletop").model_copy(update={"conflict": None})
    return play(map_, er.start(map_, ["nephrite", "daemon"], {}))


def _zone(map_: Map, token: str) -> str:
    return map_.token(token).location.zone


def _track(map_: Map, token: str, name: str) -> StressTrack:
    return next(t for t in map_.token(token).stress if t.name == name)


# -- move ---------------------------------------------------------------------------------


def test_gattos_two_shifts_cannot_pass_a_border_of_three(warehouse: Map) -> None:
    """ "Gatto manages 2 shifts ... Not even enough to move a single zone!": the move is made,
    his turn spent, and he stays where he stood."""
    step = er.move(warehouse, warehouse.conflict, "gatto", "z2", 2, skill="Athletics")
    after = play(warehouse, step)
    assert _zone(after, "gatto") == "z1"
    entry = after.conflict.log[-1]
    assert (entry.action, entry.numbers["cost"], entry.numbers["short by"]) == ("move falls short", 0, 1)
    assert after.conflict.participant("gatto").edgerunner.acted
    assert step.text == "Gatto moves to West end, short of Middle"


def test_stress_and_a_consequence_boost_a_move_that_falls_short(warehouse: Map) -> None:
    """ "He may attempt invoke aspects or take stress and consequences to boost his movement"."""
    boost = {"stress": 1, "track": "health", "consequences": [{"name": "Twisted ankle", "shifts": 2}]}
    after = play(warehouse, er.move(warehouse, warehouse.conflict, "gatto", "z3", 3, boost=boost))
    assert _zone(after, "gatto") == "z3"
    gatto = after.token("gatto")
    assert [c.name for c in gatto.consequences] == ["Twisted ankle"] and _track(after, "gatto", "health").marked
    assert [e.action for e in after.conflict.log[-2:]] == ["boosts", "move"]


def test_six_shifts_cross_the_warehouse_and_the_log_keeps_the_cost(warehouse: Map) -> None:
    step = er.move(warehouse, warehouse.conflict, "gatto", "z3", 6, skill="Athletics", story="Vaults the racks")
    after = play(warehouse, step)
    assert _zone(after, "gatto") == "z3"
    entry = after.conflict.log[-1]
    assert (entry.action, entry.target, entry.numbers, entry.story) == (
        "move",
        "z3",
        {"rolled": 6, "shifts": 6, "cost": 6},
        "Vaults the racks",
    )
    assert after.conflict.participant("gatto").edgerunner.acted
    assert step.text == "Gatto moves to East end"


def test_a_bid_comes_off_the_move_budget(warehouse: Map) -> None:
    conflict = er.auction(warehouse.conflict, {"gatto": 1, "hargan": 0})
    assert _zone(play(warehouse, er.move(warehouse, conflict, "gatto", "z2", 3)), "gatto") == "z1"  # 2 left: short
    assert _zone(play(warehouse, er.move(warehouse, conflict, "gatto", "z2", 4)), "gatto") == "z2"


def test_a_negative_move_roll_stays_put(warehouse: Map) -> None:
    after = play(warehouse, er.move(warehouse, warehouse.conflict, "gatto", "z1", -2))
    assert _zone(after, "gatto") == "z1"
    assert after.conflict.log[-1].numbers["shifts"] == -2


def test_the_reach_overlay_shows_where_a_roll_goes_net_of_the_bid(warehouse: Map) -> None:
    assert [z for z, _ in er.move_reach(warehouse, warehouse.conflict, "gatto", 2).zones()] == ["z1"]
    assert er.move_reach(warehouse, warehouse.conflict, "gatto", 6).zones() == [("z1", 0), ("z2", 3), ("z3", 6)]
    conflict = er.auction(warehouse.conflict, {"gatto": 1})
    assert "z3" not in er.move_reach(warehouse, conflict, "gatto", 6)


# -- move another ---------------------------------------------------------------------------


def test_nephrites_four_shifts_push_the_daemon_four_zones_out(net: Map) -> None:
    step = er.move_another(net, net.conflict, "nephrite", "daemon", "backup", 4, skill="Deception")
    after = play(net, step)
    assert _zone(after, "daemon") == "backup"
    assert _zone(after, "nephrite") == "router"
    assert after.conflict.log[-1].numbers == {"rolled": 4, "shifts": 4, "range": 0, "cost": 4}


def test_the_push_overlay_counts_range_and_resistance(net: Map) -> None:
    assert "backup" in er.push_reach(net, net.conflict, "nephrite", "daemon", 4)
    assert "backup" not in er.push_reach(net, net.conflict, "nephrite", "daemon", 4, resisted=1)
    assert "backup" not in er.push_reach(net, net.conflict, "nephrite", "daemon", 4, range_=1)


def test_the_daemon_resisting_steals_shifts(net: Map) -> None:
    """Resisted by one, the push of four zones gets three: the daemon goes as far as they pay."""
    after = play(net, er.move_another(net, net.conflict, "nephrite", "daemon", "backup", 4, resisted=1))
    assert _zone(after, "daemon") == "relay3"
    assert after.conflict.log[-1].action == "move another falls short"


def test_move_another_counts_range_to_the_targets_starting_zone(net: Map) -> None:
    daemon = net.token("daemon").model_copy(update={"location": ZoneLocation(zone="relay1")})
    map_ = play(net, Step(net.conflict, "", tokens=(daemon,)))
    short = play(map_, er.move_another(map_, map_.conflict, "nephrite", "daemon", "backup", 3))
    assert short.conflict.log[-1].numbers["short by"] == 1  # 2 left after range 1, for a way of 3
    after = play(map_, er.move_another(map_, map_.conflict, "nephrite", "daemon", "backup", 4))
    assert after.conflict.log[-1].numbers == {"rolled": 4, "shifts": 4, "range": 1, "cost": 3}
    assert _zone(after, "daemon") == "backup"


# -- attack and taken out ---------------------------------------------------------------------


def test_gatto_is_taken_out_by_stress_over_his_threshold_and_jade_concedes(warehouse: Map) -> None:
    gatto = warehouse.token("gatto").model_copy(deep=True)
    gatto.stress[1].marked = [1, 2]  # "with all the previous stress he suffered"
    map_ = play(warehouse, Step(warehouse.conflict, "", tokens=(gatto,)))
    step = er.attack(map_, map_.conflict, "hargan", "gatto", "cool", 8, skill="Firearms", story="Two bullets")
    after = play(map_, step)
    assert after.conflict.participant("gatto").out
    assert [(e.action, e.target) for e in after.conflict.log[-2:]] == [("attack", "gatto"), ("taken out", "gatto")]
    assert after.conflict.ended is None  # Jade still stands
    assert er.whos_next(after.conflict) == ["jade"]
    story = "Jade breaks her data uplink and while firing her SMG frantically, she scuttles Gatto out of there."
    ended = er.accept_concession(er.concede(after.conflict, "runners", story), by_side="corp")
    assert (ended.ended, ended.story) == ("concession", story)


def test_a_side_all_taken_out_ends_the_conflict(warehouse: Map) -> None:
    conflict = er.start(warehouse, ["gatto", "hargan"], {}).conflict
    step = er.attack(warehouse, conflict, "hargan", "gatto", "cool", 3, story="Gatto loses his cool.")
    assert step.conflict.ended == "taken out"
    assert step.conflict.story == "Everyone on the side 'runners' is taken out. Gatto loses his cool."
    with pytest.raises(ValueError, match="has ended"):
        er.move(warehouse, step.conflict, "hargan", "z3", 0)


def test_stress_within_the_threshold_marks_a_box(warehouse: Map) -> None:
    after = play(warehouse, er.attack(warehouse, warehouse.conflict, "gatto", "hargan", "health", 3, resisted=1))
    assert _track(after, "hargan", "health").marked == [2]
    assert not after.conflict.participant("hargan").out
    with pytest.raises(ValueError, match="Hargan has no stress track 'mana'"):
        er.attack(warehouse, warehouse.conflict, "gatto", "hargan", "mana", 3)


def test_a_border_is_attacked_like_a_token_and_taken_out(net: Map) -> None:
    step = er.attack(net, net.conflict, "nephrite", "firewall", "integrity", 3, skill="Netrunning")
    after = play(net, step)
    firewall = next(b for b in after.borders if b.id == "firewall")
    assert firewall.stress.marked == [3]
    assert step.text == "Nephrite attacks Firewall"
    out = er.end_exchange(after.conflict)
    broken = er.attack(after, out, "nephrite", "firewall", "integrity", 4)
    assert (broken.conflict.log[-1].action, broken.conflict.log[-1].target) == ("taken out", "firewall")
    assert "redefine the border" in broken.conflict.log[-1].story
    assert broken.conflict.ended is None


def test_a_problem_is_attacked_and_solved_without_ending_the_conflict(warehouse: Map) -> None:
    lock = Token(id="lock", name="Stubborn lock", stress=[StressTrack(name="integrity", threshold=2)])
    map_ = warehouse.model_copy(update={"tokens": [*warehouse.tokens, lock]})
    step = er.attack(map_, map_.conflict, "jade", "lock", "integrity", 3, skill="Electronics")
    assert (step.conflict.log[-1].action, step.conflict.log[-1].target) == ("taken out", "lock")
    assert step.conflict.ended is None


# -- defense --------------------------------------------------------------------------------


def test_a_defense_holds_a_threshold_until_its_holder_acts_again(warehouse: Map) -> None:
    map_ = play(warehouse, er.defense(warehouse, warehouse.conflict, "jade", "gatto", "health", 5, skill="Firearms"))
    assert _track(map_, "gatto", "health").defended_threshold == 5
    assert map_.conflict.participant("jade").edgerunner.defense.threshold == 5
    map_ = play(map_, er.attack(map_, map_.conflict, "hargan", "gatto", "health", 5))
    assert _track(map_, "gatto", "health").marked == [5]
    assert not map_.conflict.participant("gatto").out
    map_ = play(map_, er.simple(map_, er.end_exchange(map_.conflict), "jade", "ducks behind a crate"))
    health = _track(map_, "gatto", "health")
    assert (health.defended_threshold, health.marked) == (None, [5])  # boxes above it stay marked
    assert map_.conflict.participant("jade").edgerunner.defense is None


def test_a_defense_reverts_when_its_target_moves(warehouse: Map) -> None:
    map_ = play(warehouse, er.defense(warehouse, warehouse.conflict, "jade", "gatto", "health", 5))
    map_ = play(map_, er.move(map_, map_.conflict, "gatto", "z2", 3))
    assert _track(map_, "gatto", "health").defended_threshold is None
    assert map_.conflict.participant("jade").edgerunner.defense is None


def test_a_continued_defense_keeps_holding(warehouse: Map) -> None:
    map_ = play(warehouse, er.defense(warehouse, warehouse.conflict, "jade", "gatto", "health", 5))
    map_ = play(map_, er.continue_action(map_, er.end_exchange(map_.conflict), "jade"))
    assert _track(map_, "gatto", "health").defended_threshold == 5
    assert map_.conflict.log[-1].action == "continue defense"


def test_the_range_to_the_defended_target_comes_off_the_shifts(warehouse: Map) -> None:
    gatto = warehouse.token("gatto").model_copy(update={"location": ZoneLocation(zone="z2")})
    map_ = play(warehouse, Step(warehouse.conflict, "", tokens=(gatto,)))
    step = er.defense(map_, map_.conflict, "jade", "gatto", "health", 5)
    assert step.conflict.log[-1].numbers == {"rolled": 5, "shifts": 5, "range": 1, "threshold": 4}
    told = er.defense(map_, map_.conflict, "jade", "gatto", "health", 5, range_=0)
    assert told.conflict.log[-1].numbers["threshold"] == 5


def test_a_defense_out_of_range_leaves_no_threshold(warehouse: Map) -> None:
    step = er.defense(warehouse, warehouse.conflict, "jade", "hargan", "health", 1)
    assert step.conflict.log[-1].numbers == {"rolled": 1, "shifts": 1, "range over": 1, "threshold": 0}
    with pytest.raises(ValueError, match="Hargan is out of range: more than 1 shift away"):
        er.move_another(warehouse, warehouse.conflict, "gatto", "hargan", "z2", 1)


def test_the_range_of_a_defense_is_the_borders_between_the_zones(net: Map) -> None:
    graph = ZoneGraph(net)
    for zone in net.zones:
        daemon = net.token("daemon").model_copy(update={"location": ZoneLocation(zone=zone.id)})
        map_ = play(net, Step(net.conflict, "", tokens=(daemon,)))
        step = er.defense(map_, map_.conflict, "nephrite", "daemon", "integrity", 9, graph=graph)
        assert step.conflict.log[-1].numbers["range"] == range_between(graph, "router", zone.id)
    firewall = er.defense(net, net.conflict, "daemon", "firewall", "integrity", 5).conflict.log[-1]
    assert firewall.numbers["range"] == 0  # the daemon stands at the firewall's router side


# -- maneuver -------------------------------------------------------------------------------


@pytest.mark.parametrize(("shifts", "invokes"), [(0, 0), (1, 1), (3, 2), (6, 3)])
def test_a_maneuver_places_an_aspect_with_free_invokes_for_its_shifts(warehouse: Map, shifts, invokes) -> None:
    after = play(warehouse, er.maneuver(warehouse, warehouse.conflict, "gatto", ("zone", "z2"), "Smoke", shifts))
    assert after.zone("z2").aspects[-1].model_dump() == {"name": "Smoke", "free_invokes": invokes}
    assert after.conflict.log[-1].numbers["free invokes"] == invokes


def test_a_resisting_target_blocks_a_maneuver_at_minus_one(warehouse: Map) -> None:
    step = er.maneuver(warehouse, warehouse.conflict, "gatto", ("token", "hargan"), "Off balance", 2, resisted=3)
    assert step.conflict.log[-1].action == "maneuver blocked"
    assert play(warehouse, step).token("hargan").aspects == []
    placed = er.maneuver(warehouse, warehouse.conflict, "gatto", ("token", "hargan"), "Off balance", 2, resisted=2)
    assert play(warehouse, placed).token("hargan").aspects[0].free_invokes == 0


def test_a_maneuver_on_nothing_is_refused(net: Map) -> None:
    with pytest.raises(ValueError, match="no zone 'moon'"):
        er.maneuver(net, net.conflict, "nephrite", ("zone", "moon"), "Dark", -3)
    with pytest.raises(ValueError, match="not a planet"):
        er.maneuver(net, net.conflict, "nephrite", ("planet", "moon"), "Dark", 1)


def test_aspects_go_on_borders_and_the_scene_too(net: Map) -> None:
    step = er.maneuver(net, net.conflict, "nephrite", ("border", "firewall"), "Icewall", 1)
    firewall = next(b for b in play(net, step).borders if b.id == "firewall")
    assert [(a.name, a.free_invokes) for a in firewall.aspects] == [("Icewall", 2)]  # the sample's 1, plus 1
    scene = er.maneuver(net, net.conflict, "daemon", ("scene", ""), "Alarm raised", 3).conflict
    assert [(a.name, a.free_invokes) for a in scene.scene_aspects] == [("Alarm raised", 2)]


def test_a_free_invoke_is_spent_and_logged_without_ending_the_turn(net: Map) -> None:
    step = er.invoke(net, net.conflict, "daemon", ("border", "firewall"), "Icewall", story="Nephrite bounces off")
    firewall = next(b for b in play(net, step).borders if b.id == "firewall")
    assert firewall.aspects[0].free_invokes == 0
    assert next(b for b in net.borders if b.id == "firewall").aspects[0].free_invokes == 1
    assert (step.conflict.log[-1].action, step.conflict.log[-1].numbers) == ("invokes", {"free invokes left": 0})
    assert not step.conflict.participant("daemon").edgerunner.acted
    with pytest.raises(ValueError, match="no free invoke left: a fate point"):
        er.invoke(play(net, step), step.conflict, "daemon", ("border", "firewall"), "Icewall")
    with pytest.raises(ValueError, match="no aspect 'Smoke' on Firewall"):
        er.invoke(net, net.conflict, "daemon", ("border", "firewall"), "Smoke")
    with pytest.raises(ValueError, match="no aspect 'Smoke' on Relay 1"):
        er.invoke(net, net.conflict, "daemon", ("zone", "relay1"), "Smoke")


def test_a_scene_aspect_is_invoked_on_the_conflict(net: Map) -> None:
    placed = er.maneuver(net, net.conflict, "daemon", ("scene", ""), "Alarm raised", 1).conflict
    spent = er.invoke(net, placed, "nephrite", ("scene", ""), "Alarm raised").conflict
    assert (placed.scene_aspects[0].free_invokes, spent.scene_aspects[0].free_invokes) == (1, 0)


def test_an_aspect_is_attacked_with_its_free_invokes_as_boxes(net: Map) -> None:
    held = er.attack_aspect(net, net.conflict, "nephrite", ("border", "firewall"), "Icewall", 1)
    assert held.conflict.log[-1].numbers == {"rolled": 1, "shifts": 1, "boxes": 1}
    assert next(b for b in play(net, held).borders if b.id == "firewall").aspects[0].name == "Icewall"
    gone = er.attack_aspect(net, net.conflict, "nephrite", ("border", "firewall"), "Icewall", 2, skill="Netrunning")
    assert next(b for b in play(net, gone).borders if b.id == "firewall").aspects == []
    assert gone.conflict.log[-1].action == "aspect removed"
    continued = er.continue_action(net, er.end_exchange(held.conflict), "nephrite", extra=1)
    assert [e.action for e in continued.conflict.log[-2:]] == ["continue attack", "aspect removed"]
    placed = er.maneuver(net, net.conflict, "daemon", ("scene", ""), "Alarm raised", 0).conflict
    assert er.attack_aspect(net, placed, "nephrite", ("scene", ""), "Alarm raised", 1).conflict.scene_aspects == []


# -- recovery -------------------------------------------------------------------------------


def test_a_recovery_clears_box_n_for_n_shifts_and_both_spend_their_action(warehouse: Map) -> None:
    gatto = warehouse.token("gatto").model_copy(deep=True)
    gatto.stress[0].marked = [1, 2, 3]
    map_ = play(warehouse, Step(warehouse.conflict, "", tokens=(gatto,)))
    with pytest.raises(ValueError, match="clearing box 1, 3 costs 4 shifts; the roll gave 3"):
        er.recovery(map_, map_.conflict, "jade", "gatto", "health", [1, 3], 3)
    after = play(map_, er.recovery(map_, map_.conflict, "jade", "gatto", "health", [3], 3, skill="Medicine"))
    assert _track(after, "gatto", "health").marked == [1, 2]
    assert er.whos_next(after.conflict) == ["hargan"]
    assert after.conflict.log[-1].action == "acts together (recovery)"
    best = play(map_, er.recovery(map_, map_.conflict, "gatto", "gatto", "health", None, 4))
    assert _track(best, "gatto", "health").marked == [2]
    assert er.whos_next(best.conflict) == ["hargan", "jade"]
    failed = er.recovery(map_, map_.conflict, "gatto", "gatto", "health", None, -1)
    assert failed.conflict.log[-1].numbers["cleared"] == 0
    assert failed.conflict.participant("gatto").edgerunner.acted


# -- continue and simple ----------------------------------------------------------------------


def test_a_continue_gets_the_same_shifts_without_a_roll(warehouse: Map) -> None:
    map_ = play(warehouse, er.attack(warehouse, warehouse.conflict, "hargan", "gatto", "health", 2, skill="Firearms"))
    conflict = er.end_exchange(map_.conflict)
    assert er.must_continue(conflict, "hargan", "attack", "gatto", "Firearms")
    assert not er.must_continue(conflict, "hargan", "attack", "jade", "Firearms")
    after = play(map_, er.continue_action(map_, conflict, "hargan"))
    assert _track(after, "gatto", "health").marked == [2, 3]  # box 2 was marked: it rolls up
    assert after.conflict.log[-1].action == "continue attack"
    assert after.conflict.participant("hargan").edgerunner.last.shifts == 2
    with pytest.raises(ValueError, match="no action from the last exchange"):
        er.continue_action(map_, conflict, "jade")
    boosted = er.continue_action(map_, conflict, "hargan", extra=2)  # a new aspect invoked: +2
    assert [(e.action, e.numbers.get("carried")) for e in boosted.conflict.log[-2:]] == [
        ("continue attack", 4),
        ("taken out", None),
    ]
    rerolled = er.continue_action(map_, conflict, "hargan", reroll=1)
    assert rerolled.conflict.log[-1].numbers["box"] == 1


def test_a_continued_move_needs_a_destination_and_the_same_budget(warehouse: Map) -> None:
    map_ = play(warehouse, er.move(warehouse, warehouse.conflict, "gatto", "z2", 3))
    conflict = er.end_exchange(map_.conflict)
    with pytest.raises(ValueError, match="say where"):
        er.continue_action(map_, conflict, "gatto")
    assert _zone(play(map_, er.continue_action(map_, conflict, "gatto", to_zone="z3")), "gatto") == "z3"


def test_a_simple_action_spends_the_turn_and_is_logged(warehouse: Map) -> None:
    step = er.simple(warehouse, warehouse.conflict, "gatto", "draws his gun", story="It jams.")
    assert step.conflict.participant("gatto").edgerunner.acted
    assert (step.conflict.log[-1].action, step.conflict.log[-1].story) == ("simple action", "draws his gun\nIt jams.")
    assert step.tokens == ()


# -- a whole exchange, and any sequence of steps ------------------------------------------------


def test_two_exchanges_with_an_auction_a_compel_and_a_defense_that_lapses(warehouse: Map) -> None:
    map_ = warehouse
    assert er.whos_next(map_.conflict) == ["gatto", "hargan", "jade"]
    conflict = er.auction(map_.conflict, {"gatto": 1, "hargan": 2})  # both claim: Hargan outbids
    conflict = er.compel(conflict, "hargan", succeeded=False, aspect="Cold-blooded").conflict
    map_ = play(map_, er.attack(map_, conflict, "hargan", "gatto", "health", 4, skill="Firearms"))
    assert _track(map_, "gatto", "health").marked == [2]  # 4 shifts less the bid of 2
    map_ = play(map_, er.defense(map_, er.claim(map_.conflict, "jade"), "jade", "gatto", "health", 4))
    skipped = er.compel(er.claim(map_.conflict, "gatto"), "gatto", succeeded=True, aspect="Hot-headed")
    map_ = play(map_, skipped)
    assert er.whos_next(map_.conflict) == []
    assert map_.conflict.order == ["hargan", "jade", "gatto"]

    map_ = play(map_, Step(er.end_exchange(map_.conflict), "Next exchange"))
    assert _track(map_, "gatto", "health").defended_threshold == 4  # Jade did not act since
    map_ = play(map_, er.attack(map_, er.claim(map_.conflict, "hargan"), "hargan", "gatto", "health", 4))
    assert _track(map_, "gatto", "health").marked == [2, 4]
    assert not map_.conflict.participant("gatto").out
    map_ = play(map_, er.move(map_, er.claim(map_.conflict, "jade"), "jade", "z2", 3))
    health = _track(map_, "gatto", "health")
    assert (health.defended_threshold, health.marked) == (None, [2, 4])
    map_ = play(map_, er.recovery(map_, er.claim(map_.conflict, "gatto"), "gatto", "gatto", "health", [2], 2))
    assert _track(map_, "gatto", "health").marked == [4]

    claims = [(e.exchange, e.actor, e.numbers.get("bid")) for e in map_.conflict.log if e.action == "claims the turn"]
    assert claims == [(1, "hargan", 2), (1, "jade", None), (1, "gatto", None)] + [
        (2, token, None) for token in ("hargan", "jade", "gatto")
    ]
    assert [e.actor for e in map_.conflict.log if e.action == "bids"] == ["gatto", "hargan"]


ACTIONS = [
    lambda m, c, a, n: er.move(m, c, a, ["z1", "z2", "z3"][n % 3], n),
    lambda m, c, a, n: er.attack(m, c, a, ["gatto", "hargan", "jade"][n % 3], ["health", "cool"][n % 2], n),
    lambda m, c, a, n: er.defense(m, c, a, ["gatto", "hargan", "jade"][n % 3], "health", n),
    lambda m, c, a, n: er.maneuver(m, c, a, ("zone", "z2"), "Smoke", n - 2, resisted=n % 2),
    lambda m, c, a, n: er.recovery(m, c, a, ["gatto", "hargan", "jade"][n % 3], "health", None, n),
    lambda m, c, a, n: er.continue_action(m, c, a, to_zone="z2"),
    lambda m, c, a, n: er.simple(m, c, a, "waits"),
    lambda m, c, a, n: er.compel(c, a, succeeded=n % 2 == 0),
    lambda m, c, a, n: Step(er.end_exchange(c), "next"),
    lambda m, c, a, n: er.invoke(m, c, a, ("zone", "z2"), "Smoke"),
    lambda m, c, a, n: er.move_another(m, c, a, ["gatto", "hargan", "jade"][n % 3], "z2", n, resisted=n % 2),
]


STEPS = st.tuples(st.integers(0, len(ACTIONS) - 1), st.sampled_from(["gatto", "hargan", "jade"]), st.integers(-2, 7))


# The warehouse fixture is shared by the examples: safe, as the test asserts no step changes its input.
@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(STEPS, max_size=25))
def test_any_sequence_of_steps_leaves_a_whole_map_and_never_touches_its_input(warehouse: Map, moves) -> None:
    map_ = warehouse
    for action, actor, number in moves:
        before = map_.model_dump()
        try:
            step = ACTIONS[action](map_, map_.conflict, actor, number)
        except ValueError as refused:
            assert "\n" not in str(refused)
            continue
        assert map_.model_dump() == before
        after = play(map_, step)
        assert len(after.conflict.log) > len(map_.conflict.log)
        defenses = [p.edgerunner.defense for p in after.conflict.participants if p.edgerunner.defense]
        held = {(d.target, d.track) for d in defenses}
        for token in after.tokens:
            for track in token.stress:
                assert (track.defended_threshold is not None) == ((token.id, track.name) in held)
        map_ = after
        if map_.conflict.ended:
            break
