"""Edgerunner conflict actions: move, move another, attack, defense, maneuver, recovery,
continue and simple, with resist as the `resisted` shifts of the actions it applies to.
Source: ../shared/rules/edgerunner-conflicts.txt, "Actions" to "Long actions".

Each takes the map and the conflict and returns a Step that ends the actor's turn. `shifts`
is the roll as the GM types it (invocations included); a bid won at auction comes off it
here. Any other action than continuing a defense lets the actor's held defense lapse.
Targets of attack, defense and recovery are tokens (characters, and problems: "model it as a
problem that has an aspect and a stress track") or, when no token has the id, borders.
"""

from __future__ import annotations

from tabletop.model import Aspect, HeldDefense, LastAction, ZoneLocation
from tabletop.rules.edgerunner_state import (
    Work,
    check_shifts,
    finish_action,
    participant,
    revert_defense,
    revert_defenses_on,
    taken_out,
    turn_of,
    with_participant,
)
from tabletop.rules.edgerunner_stress import best_recovery, clear_boxes, free_invokes, shifts_text, take_stress
from tabletop.rules.movement import NoWayThrough, Reach, path, reach
from tabletop.rules.play import Step, logged
from tabletop.rules.zone_graph import ZoneGraph

MAX_FREE_INVOKES = 1000


def _begin(map_, conflict, actor: str, *, continuing: bool = False) -> Work:
    """A step by the actor; "it reverts to its original value once you take another action"."""
    work = Work(map_, conflict)
    participant(conflict, actor)
    if not continuing:
        revert_defense(work, actor)
    return work


def _net(work: Work, actor: str, shifts: int, resisted: int = 0) -> tuple[int, dict[str, int]]:
    """The shifts that count: the roll, less the bid that bought the turn and what the target
    resisted away ("removes shifts from the ongoing action"), with the numbers for the log."""
    check_shifts(shifts)
    if not 0 <= resisted <= 1000:
        raise ValueError(f"resisted shifts are 0 or more, not {resisted}")
    bid = turn_of(work.conflict, actor).bid or 0
    numbers = {"rolled": shifts}
    if bid:
        numbers["bid"] = bid
    if resisted:
        numbers["resisted"] = resisted
    net = shifts - bid - resisted
    numbers["shifts"] = net
    return net, numbers


def _graph(work: Work, graph: ZoneGraph | None) -> ZoneGraph:
    return graph if graph is not None else ZoneGraph(work.map)


def _zone_label(work: Work, zone_id: str) -> str:
    try:
        return work.map.zone(zone_id).label
    except KeyError:
        raise ValueError(f"no zone '{zone_id}' on the map") from None


def _standing(work: Work, token: str) -> str:
    zone = work.zone_of(token)
    if zone is None:
        raise ValueError(f"{work.label(token)} stands in no zone of the map")
    return zone


def _range(work: Work, graph: ZoneGraph, actor: str, target: str, limit: int) -> int | None:
    """Borders from the actor's zone to the target's (a border: its nearer side); None past
    `limit`, where the shifts are spent on range alone. Stopping there keeps a step on a big
    map as quick as the shifts are small."""
    start = work.zone_of(actor)
    if work.has_token(target):
        ends = {z for z in [work.zone_of(target)] if z is not None}
    else:
        border = work.peek_border(target)
        ends = {border.a, border.b}
    if start is None or not ends:
        return 0
    goals = {graph.zone_index(z) for z in ends}
    topology = graph.topology()
    indptr, indices = topology.indptr, topology.indices
    frontier, seen = [graph.zone_index(start)], {graph.zone_index(start)}
    for steps in range(max(limit, 0) + 1):
        if goals & set(frontier):
            return steps
        following = []
        for zone in frontier:
            for other in indices[indptr[zone] : indptr[zone + 1]].tolist():
                if other not in seen:
                    seen.add(other)
                    following.append(other)
        frontier = following
    return None


def _route_cost(work: Work, graph: ZoneGraph, start: str, to_zone: str, budget: int, who: str) -> int:
    """The cheapest pass cost from start to to_zone; ValueError when the shifts cannot pay it
    ("If shifts from the movement roll are not enough to overcome a border value, the
    character cannot move through that border"). `who` words the budget, "Gatto's 2 shifts".

    The search is bounded by the budget, so a step costs the zones in reach, not the map."""
    where = _zone_label(work, to_zone)
    cost = reach(graph, start, budget).cost(to_zone)
    if cost is not None:
        return cost
    try:
        cost = path(graph, start, to_zone).cost
    except NoWayThrough:
        raise ValueError(f"no way through from {_zone_label(work, start)} to {where}") from None
    raise ValueError(f"{who} cannot pay the {cost} it costs to reach {where}")


def move(map_, conflict, actor: str, to_zone: str, shifts: int, skill: str = "", *, graph=None, story="") -> Step:
    """ "The number of shifts is the limit on the total pass values of borders he can go
    through": the actor moves to `to_zone` when the cheapest way there fits the shifts. A
    defense held over the actor reverts when it moves."""
    work = _begin(map_, conflict, actor)
    _move(work, actor, to_zone, shifts, skill, graph, story, "move")
    return work.step(f"{work.label(actor)} moves")


def _move(work: Work, actor, to_zone, shifts, skill, graph, story, word) -> None:
    net, numbers = _net(work, actor, shifts)
    start = _standing(work, actor)
    who = f"{work.label(actor)}'s {shifts_text(net)}"
    numbers["cost"] = _route_cost(work, _graph(work, graph), start, to_zone, net, who)
    if to_zone != start:
        work.token(actor).location = ZoneLocation(zone=to_zone)
        revert_defenses_on(work, actor)
    last = LastAction(skill=skill, action="move", target=to_zone, shifts=shifts)
    finish_action(work, actor, word, target=to_zone, numbers=numbers, story=story, last=last)


def move_reach(map_, conflict, actor: str, shifts: int, *, graph=None) -> Reach:
    """Where a roll would take the actor, net of the bid that bought the turn: the live reach
    overlay while the GM types the shifts."""
    work = Work(map_, conflict)
    net, _ = _net(work, actor, shifts)
    return reach(_graph(work, graph), _standing(work, actor), net)


def push_reach(map_, conflict, actor, target, shifts, resisted=0, *, range_=None, graph=None) -> Reach:
    """Where a move another could push the target: range to its starting zone and resisted
    shifts off the roll, the rest spent through borders from where it stands."""
    work = Work(map_, conflict)
    net, _ = _net(work, actor, shifts, resisted)
    graph = _graph(work, graph)
    distance = _range(work, graph, actor, target, net) if range_ is None else range_
    return reach(graph, _standing(work, target), -1 if distance is None else net - distance)


def move_another(
    map_, conflict, actor, target, to_zone, shifts, skill="", resisted=0, *, range_=None, graph=None, story=""
) -> Step:
    """Move another: "When determining range to the target, use the target's starting zone";
    the range comes off the shifts and the rest moves the target through borders. "The
    target's player has the option of resisting the move, stealing shifts from the roll"."""
    work = _begin(map_, conflict, actor)
    _move_another(work, actor, target, to_zone, shifts, skill, resisted, range_, graph, story, "move another")
    return work.step(f"{work.label(actor)} moves {work.label(target)}")


def _move_another(work: Work, actor, target, to_zone, shifts, skill, resisted, range_, graph, story, word) -> None:
    net, numbers = _net(work, actor, shifts, resisted)
    graph = _graph(work, graph)
    start = _standing(work, target)
    distance = _range(work, graph, actor, target, net) if range_ is None else range_
    if distance is None:
        raise ValueError(f"{work.label(target)} is out of range: more than {shifts_text(max(net, 0))} away")
    numbers["range"] = distance
    left = net - distance
    who = f"{work.label(actor)}'s {shifts_text(left)}" + (f" left after range {distance}" if distance else "")
    numbers["cost"] = _route_cost(work, graph, start, to_zone, left, who)
    if to_zone != start:
        work.token(target).location = ZoneLocation(zone=to_zone)
        revert_defenses_on(work, target)
    last = LastAction(skill=skill, action="move another", target=target, shifts=shifts)
    finish_action(work, actor, word, target=target, numbers=numbers, story=story, last=last)


def attack(map_, conflict, actor, target, track, shifts, skill="", resisted=0, *, story="") -> Step:
    """ "Any shifts from the attack roll are applied as stress against the appropriate stress
    track of the target"; stress over the threshold takes the target out. A border, a lock or a
    problem is attacked the same way ("A problem is solved if it is taken out")."""
    work = _begin(map_, conflict, actor)
    _attack(work, actor, target, track, shifts, skill, resisted, story, "attack")
    return work.step(f"{work.label(actor)} attacks {work.label(target)}")


def _attack(work: Work, actor, target, track, shifts, skill, resisted, story, word) -> None:
    net, numbers = _net(work, actor, shifts, resisted)
    hit = take_stress(work.track(target, track), net)
    work.set_track(target, hit.track)
    if hit.box is not None:
        numbers["box"] = hit.box
    last = LastAction(skill=skill, action="attack", target=target, shifts=shifts, track=hit.track.name)
    finish_action(work, actor, word, target=target, numbers=numbers, story=story, last=last)
    if hit.taken_out:
        if any(p.token == target for p in work.conflict.participants):
            taken_out(work, target, actor)
        else:
            note = "" if work.has_token(target) else "redefine the border and its pass values"
            work.conflict = logged(work.conflict, actor=actor, action="taken out", target=target, story=note)


def defense(map_, conflict, actor, target, track, shifts, skill="", *, range_=None, graph=None, story="") -> Step:
    """ "The number of shifts you get from your roll determines the new stress threshold of the
    target stress track", less the range to the target; it holds while the defender continues
    and reverts when the defender acts otherwise or the target moves."""
    work = _begin(map_, conflict, actor)
    _defense(work, actor, target, track, shifts, skill, range_, graph, story, "defense")
    return work.step(f"{work.label(actor)} defends {work.label(target)}")


def _defense(work: Work, actor, target, track, shifts, skill, range_, graph, story, word) -> None:
    net, numbers = _net(work, actor, shifts)
    held_track = work.track(target, track)
    distance = range_ if range_ is not None else _range(work, _graph(work, graph), actor, target, net)
    if distance is None:  # "the range to your target is subtracted from your shifts": none left
        numbers["range over"] = max(net, 0)
        threshold = 0
    else:
        numbers["range"] = distance
        threshold = min(max(0, net - distance), 1000)
    numbers["threshold"] = threshold
    for p in work.conflict.participants:  # a second defender of the same track replaces the first
        held = p.edgerunner.defense if p.edgerunner else None
        if held is not None and (held.target, held.track) == (target, held_track.name):
            work.conflict = with_participant(work.conflict, p.token, turn={"defense": None})
    work.set_track(target, held_track.model_copy(update={"defended_threshold": threshold}))
    defended = HeldDefense(target=target, track=held_track.name, threshold=threshold)
    work.conflict = with_participant(work.conflict, actor, turn={"defense": defended})
    last = LastAction(skill=skill, action="defense", target=target, shifts=shifts, track=held_track.name)
    finish_action(work, actor, word, target=target, numbers=numbers, story=story, last=last)


def maneuver(map_, conflict, actor, on, aspect, shifts, resisted=0, skill="", *, story="") -> Step:
    """ "The target number for a maneuver is zero. The aspect is considered placed with zero
    shifts"; 1 shift buys a free invoke, 3 two, 6 three. "If a resisting target wants to block
    the aspect completely, they must reduce the roll to at most -1 shifts."

    `on` is ("token" | "zone" | "border", id) or ("scene", ""); an aspect already there by the
    same name gains the free invokes.
    """
    work = _begin(map_, conflict, actor)
    _maneuver(work, actor, on, aspect, shifts, skill, resisted, story, "maneuver")
    return work.step(f"{work.label(actor)} places {aspect}")


def _maneuver(work: Work, actor, on, aspect, shifts, skill, resisted, story, word) -> None:
    kind, target = on
    if kind not in ("token", "zone", "border", "scene"):
        raise ValueError(f"an aspect goes on a token, zone, border or the scene, not a {kind}")
    if not aspect.strip():
        raise ValueError("a maneuver places an aspect: name it")
    net, numbers = _net(work, actor, shifts, resisted)
    if kind == "zone":  # a missing target is refused before anything changes
        _zone_label(work, target)
    elif kind != "scene":
        (work.peek_token if kind == "token" else work.peek_border)(target)
    holder = {"token": work.token, "zone": work.zone, "border": work.border}.get(kind)
    last = LastAction(skill=skill, action="maneuver", target=target, shifts=shifts, on=kind, aspect=aspect)
    if net < 0:
        word = f"{word} blocked" if resisted else f"{word} fails"
        finish_action(work, actor, word, target=target or "scene", numbers=numbers, story=story, last=last)
        return
    invokes = free_invokes(net)
    numbers["free invokes"] = invokes
    aspects = work.conflict.scene_aspects if holder is None else holder(target).aspects
    placed, found = [], False
    for a in aspects:
        if a.name == aspect:
            a = a.model_copy(update={"free_invokes": min(a.free_invokes + invokes, MAX_FREE_INVOKES)})
            found = True
        placed.append(a)
    if not found:
        placed.append(Aspect(name=aspect, free_invokes=invokes))
    if holder is None:
        work.conflict = work.conflict.model_copy(update={"scene_aspects": placed})
    else:
        holder(target).aspects = placed
    told = f"{aspect}\n{story}" if story else aspect
    finish_action(work, actor, word, target=target or "scene", numbers=numbers, story=told, last=last)


def recovery(map_, conflict, actor, target, track, boxes, shifts, helper=None, *, skill="", story="") -> Step:
    """ "You need a number of shifts equal to the box number to clear a single box. You may
    clear any number of boxes anywhere on the track as long as you have enough shifts";
    `boxes` None clears the most stress the shifts allow. "Anybody may attempt to clear the
    stress on anybody else but both of them must use their action": a target taking part
    other than the actor, and a `helper` acting with them, spend their turns too."""
    work = _begin(map_, conflict, actor)
    _recovery(work, actor, target, track, boxes, shifts, helper, skill, story, "recovery")
    return work.step(f"{work.label(actor)} recovers {work.label(target)}")


def _recovery(work: Work, actor, target, track, boxes, shifts, helper, skill, story, word) -> None:
    net, numbers = _net(work, actor, shifts)
    before = work.track(target, track)
    chosen = best_recovery(before, net) if boxes is None else list(boxes)
    work.set_track(target, clear_boxes(before, chosen, net))
    numbers["cleared"] = len(chosen)
    numbers["cost"] = sum(chosen)
    last = LastAction(skill=skill, action="recovery", target=target, shifts=shifts, track=before.name)
    finish_action(work, actor, word, target=target, numbers=numbers, story=story, last=last)
    taking_part = {p.token for p in work.conflict.participants}
    for token in dict.fromkeys(t for t in (target, helper) if t and t != actor and t in taking_part):
        revert_defense(work, token)
        finish_action(work, token, f"acts together ({word})", target=actor, last=turn_of(work.conflict, token).last)


def simple(map_, conflict, actor: str, what: str, *, story: str = "") -> Step:
    """ "If an action is simple enough not to warrant a roll, and it can fit in the time frame
    of an exchange, then it can be done in a conflict": logged, the turn spent."""
    work = _begin(map_, conflict, actor)
    text = what if not story else f"{what}\n{story}"
    finish_action(work, actor, "simple action", story=text, last=LastAction(action="simple", target=what[:200]))
    return work.step(f"{work.label(actor)}: {what}")


def invoke(map_, conflict, actor: str, on, aspect: str, *, story: str = "") -> Step:
    """Spend one free invoke of an aspect on a token, zone, border or the scene ("One shift on
    the roll buys you a free invoke to use in the conflict"). The +2 or the re-roll is the
    table's; the turn goes on, so nothing else changes."""
    work = Work(map_, conflict)
    participant(conflict, actor)
    kind, target = on
    if kind == "scene":
        aspects = [a.model_copy() for a in work.conflict.scene_aspects]
    elif kind in ("token", "zone", "border"):
        if kind == "zone":
            _zone_label(work, target)
        aspects = {"token": work.token, "zone": work.zone, "border": work.border}[kind](target).aspects
    else:
        raise ValueError(f"an aspect is on a token, zone, border or the scene, not a {kind}")
    found = next((a for a in aspects if a.name == aspect), None)
    if found is None:
        raise ValueError(f"no aspect '{aspect}' on {work.label(target) if target else 'the scene'}")
    if found.free_invokes < 1:
        raise ValueError(f"'{aspect}' has no free invoke left: a fate point pays for this one")
    found.free_invokes -= 1
    if kind == "scene":
        work.conflict = work.conflict.model_copy(update={"scene_aspects": aspects})
    numbers = {"free invokes left": found.free_invokes}
    work.conflict = logged(
        work.conflict,
        actor=actor,
        action="invokes",
        target=target or "scene",
        numbers=numbers,
        story=f"{aspect}\n{story}" if story else aspect,
    )
    return work.step(f"{work.label(actor)} invokes {aspect}")


def continue_action(map_, conflict, actor, *, to_zone=None, boxes=None, extra=0, resisted=0, story="") -> Step:
    """ "With a continue action, you don't roll the dice, but you get the same number of shifts
    you got for the previous exchange, including any bonuses", spent as the previous action
    allowed; `extra` adds newly invoked aspects. A continued defense keeps holding."""
    work = _begin(map_, conflict, actor, continuing=True)
    last = turn_of(conflict, actor).last
    if last is None:
        raise ValueError(f"{work.label(actor)} has no action from the last exchange to continue")
    shifts = check_shifts(last.shifts + extra)
    word = f"continue {last.action}"
    if last.action in ("move", "move another") and not to_zone:
        raise ValueError(f"say where the continued {last.action} goes")
    if last.action == "move":
        _move(work, actor, to_zone, shifts, last.skill, None, story, word)
    elif last.action == "move another":
        _move_another(work, actor, last.target, to_zone, shifts, last.skill, resisted, None, None, story, word)
    elif last.action == "attack":
        _attack(work, actor, last.target, last.track, shifts, last.skill, resisted, story, word)
    elif last.action == "defense":
        _defense(work, actor, last.target, last.track, shifts, last.skill, None, None, story, word)
    elif last.action == "maneuver":
        on = (last.on or "scene", last.target)
        _maneuver(work, actor, on, last.aspect, shifts, last.skill, resisted, story, word)
    elif last.action == "recovery":
        _recovery(work, actor, last.target, last.track, boxes, shifts, None, last.skill, story, word)
    else:
        finish_action(work, actor, word, story=story or last.target, last=last)
    return work.step(f"{work.label(actor)} continues")


def must_continue(conflict, actor: str, action: str, target: str = "", skill: str = "") -> bool:
    """ "If all of these [skill, action, target] are the same as they were in the previous
    exchange, you cannot roll again. Instead, you must take a continue action": the dock asks
    this before a roll and offers the continue."""
    last = turn_of(conflict, actor).last
    return last is not None and (last.skill, last.action, last.target) == (skill, action, target)
