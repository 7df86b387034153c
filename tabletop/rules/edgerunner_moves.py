"""Edgerunner move and move another, the reach overlays that go with them, and range.
Source: ../shared/rules/edgerunner-conflicts.txt, "Move", "Move another", "Defense".

"The number of shifts is the limit on the total pass values of borders he can go through",
so a move is the movement rules (rules/movement.py) with the roll as budget. Range is the
number of borders between zones, whatever they cost (rules/topology.py).
"""

from __future__ import annotations

from tabletop.model import Consequence, LastAction, ZoneLocation
from tabletop.rules.edgerunner_resist import offered, pay
from tabletop.rules.edgerunner_state import (
    SHIFT_LIMIT,
    Work,
    begin,
    finish_action,
    got,
    net_shifts,
    revert_defenses_on,
    taken_out,
    turn_of,
    with_participant,
)
from tabletop.rules.edgerunner_stress import shifts_text, take_stress
from tabletop.rules.movement import NoWayThrough, Reach, path, reach
from tabletop.rules.play import Step, logged


def range_to(work: Work, actor: str, target: str, limit: int) -> int | None:
    """Borders from the actor's zone to the target's (a border: its nearer side); None past
    `limit`, where the shifts are spent on range alone. Stopping there keeps a step on a big
    map as quick as the shifts are small. A token off the zones is at range 0."""
    start = work.zone_of(actor)
    if work.has_token(target):
        ends = {z for z in [work.zone_of(target)] if z is not None}
    else:
        border = work.peek_border(target)
        ends = {border.a, border.b}
    if start is None or not ends:
        return 0
    graph = work.graph
    goals = {graph.zone_index(z) for z in ends}
    indptr, indices = graph.topology().indptr, graph.topology().indices
    frontier = [graph.zone_index(start)]
    seen = set(frontier)
    for steps in range(max(limit, 0) + 1):
        if goals.intersection(frontier):
            return steps
        following = []
        for zone in frontier:
            for other in indices[indptr[zone] : indptr[zone + 1]].tolist():
                if other not in seen:
                    seen.add(other)
                    following.append(other)
        frontier = following
    return None


def move(
    map_, conflict, actor: str, to_zone: str, shifts: int, skill: str = "", *, graph=None, story="", boost=None
) -> Step:
    """ "The number of shifts is the limit on the total pass values of borders he can go
    through": the actor moves to `to_zone` when the cheapest way there fits the shifts. A
    defense held over the actor reverts when it moves ("It also reverts if the target moves")."""
    work = begin(map_, conflict, actor, graph)
    move_in(work, actor, to_zone, shifts, skill, story, "move", boost)
    now = work.zone_of(actor)
    where = work.zone_label(now) if now else "nowhere"
    short = "" if now == to_zone else f", short of {work.zone_label(to_zone)}"
    return work.step(f"{work.label(actor)} moves to {where}{short}")


def move_in(work: Work, actor: str, to_zone: str, shifts: int, skill: str, story: str, word: str, boost=None) -> None:
    """The move itself, for a move and for its continue. "If he rolls badly and gets a
    negative result, he may get spin, which can be used against him later": a roll below zero
    moves nobody, and the shifts below zero are kept on the mover as spin (added to any not
    yet used). "He may attempt invoke aspects or take stress and consequences to boost his
    movement": `boost` is what the mover pays, each point one more shift. Shifts that cannot
    pay the whole way take the mover as far along the cheapest way as they pay ("If shifts from
    the movement roll are not enough to overcome a border value, the character cannot move
    through that border"): Gatto's 2 shifts in the warehouse move him nowhere, his turn spent."""
    boosted = pay_boost(work, actor, boost)
    net, numbers = net_shifts(work, actor, shifts + boosted)
    if boosted:
        numbers["boost"] = boosted
    start = work.standing(actor)
    work.zone_label(to_zone)
    if net < 0:
        spin = min(turn_of(work.conflict, actor).spin - net, SHIFT_LIMIT)
        work.conflict = with_participant(work.conflict, actor, turn={"spin": spin})
        numbers["spin"] = -net
        word = f"{word} fails"
    else:
        reached, cost = as_far_as(work, start, to_zone, net)
        numbers["cost"] = cost
        if reached != to_zone:
            word = f"{word} falls short"
            numbers["short by"] = route_cost_any(work, start, to_zone) - net
        if reached != start:
            work.token(actor).location = ZoneLocation(zone=reached)
            revert_defenses_on(work, actor)
    last = LastAction(skill=skill, action="move", target=to_zone, shifts=got(numbers))
    finish_action(work, actor, word, target=to_zone, numbers=numbers, story=story, last=last)


def route_cost_any(work: Work, start: str, to_zone: str) -> int:
    """The cheapest way's cost, whatever the shifts; one line when there is no way through."""
    try:
        return path(work.graph, start, to_zone).cost
    except NoWayThrough:
        raise ValueError(f"no way through from {work.zone_label(start)} to {work.zone_label(to_zone)}") from None


def as_far_as(work: Work, start: str, to_zone: str, budget: int) -> tuple[str, int]:
    """Where the shifts take a mover heading for `to_zone`: there when they pay the cheapest
    way, else the last zone on that way they pay, with what they spent."""
    cost = reach(work.graph, start, budget).cost(to_zone)
    if cost is not None:
        return to_zone, cost
    route_cost_any(work, start, to_zone)
    route = path(work.graph, start, to_zone)
    reached, spent = start, 0
    for zone, crossing in zip(route.path[1:], route.crossings, strict=True):
        if spent + crossing.cost > budget:
            break
        reached, spent = zone, spent + crossing.cost
    return reached, spent


def pay_boost(work: Work, mover: str, boost) -> int:
    """What a mover pays to boost its own movement: stress on one of its tracks, consequences
    kept on it, aspects invoked (two each), shifts on the GM's word; logged "boosts"."""
    if not boost:
        return 0
    stress, consequences = boost.get("stress", 0), boost.get("consequences", [])
    numbers: dict[str, int] = {}
    if stress:
        hit = take_stress(work.track(mover, boost.get("track", "")), stress)
        work.set_track(mover, hit.track)
        numbers["stress"] = stress
        if hit.taken_out:
            raise ValueError(f"{stress} stress would take {work.label(mover)} out: boost with less")
    if consequences:
        token = work.token(mover)
        token.consequences = [
            *token.consequences,
            *(Consequence(name=c["name"], shifts=c["shifts"]) for c in consequences),
        ]
    boosted = offered(boost)
    numbers["boost"] = boosted
    story = ", ".join(c["name"] for c in consequences)
    work.conflict = logged(work.conflict, actor=mover, action="boosts", numbers=numbers, story=story)
    return boosted


def move_another(
    map_,
    conflict,
    actor,
    target,
    to_zone,
    shifts,
    skill="",
    resisted=0,
    *,
    range_=None,
    graph=None,
    story="",
    resist=None,
) -> Step:
    """Move another: "When determining range to the target, use the target's starting zone";
    the range comes off the shifts and the rest moves the target through borders. "The
    target's player has the option of resisting the move, stealing shifts from the roll"."""
    work = begin(map_, conflict, actor, graph)
    move_another_in(work, actor, target, to_zone, shifts, skill, resisted, range_, story, "move another", resist)
    return work.step(f"{work.label(actor)} moves {work.label(target)}")


def move_another_in(work: Work, actor, target, to_zone, shifts, skill, resisted, range_, story, word, resist=None):
    """The move another itself, for the action and for its continue; the target may resist
    ("stealing shifts from the roll")."""
    if target == actor:
        raise ValueError(f"{work.label(actor)} moves itself with a move, not a move another")
    start = work.standing(target)
    paid = pay(work, target, actor, resist)
    net, numbers = net_shifts(work, actor, shifts, resisted + paid.resisted)
    distance = range_to(work, actor, target, net) if range_ is None else range_
    if distance is None:
        raise ValueError(f"{work.label(target)} is out of range: more than {shifts_text(max(net, 0))} away")
    numbers["range"] = distance
    left = net - distance
    reached, numbers["cost"] = as_far_as(work, start, to_zone, max(left, 0))
    if reached != to_zone:  # resisted or short: the target goes as far as the shifts left pay
        word = f"{word} falls short"
        numbers["short by"] = route_cost_any(work, start, to_zone) - max(left, 0)
    if reached != start:
        work.token(target).location = ZoneLocation(zone=reached)
        revert_defenses_on(work, target)
    last = LastAction(skill=skill, action="move another", target=target, shifts=got(numbers))
    finish_action(work, actor, word, target=target, numbers=numbers, story=story, last=last)
    if paid.out:
        taken_out(work, target, actor)


def move_reach(map_, conflict, actor: str, shifts: int, *, graph=None) -> Reach:
    """Where a roll would take the actor, net of the bid that bought the turn: the live reach
    overlay while the GM types the shifts."""
    work = Work(map_, conflict, graph)
    net, _ = net_shifts(work, actor, shifts)
    return reach(work.graph, work.standing(actor), net)


def push_reach(map_, conflict, actor, target, shifts, resisted=0, *, range_=None, graph=None) -> Reach:
    """Where a move another could push the target: range to its starting zone and resisted
    shifts off the roll, the rest spent through borders from where it stands."""
    work = Work(map_, conflict, graph)
    net, _ = net_shifts(work, actor, shifts, resisted)
    distance = range_to(work, actor, target, net) if range_ is None else range_
    return reach(work.graph, work.standing(target), -1 if distance is None else net - distance)
