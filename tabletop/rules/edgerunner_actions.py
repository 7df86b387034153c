"""Edgerunner conflict actions: attack, defense, maneuver, recovery, continue and simple, with
resist as the `resisted` shifts of the actions it applies to; move and move another are in
rules/edgerunner_moves.py. Source: ../shared/rules/edgerunner-conflicts.txt, "Actions" to
"Long actions".

Each takes the map and the conflict and returns a Step that ends the actor's turn. `shifts`
is the roll as the GM types it (invocations included); a bid won at auction comes off it
here. `graph` is the document's zone graph, when it has one, so a step need not build it.
Targets of attack, defense and recovery are tokens (characters, and problems: "model it as a
problem that has an aspect and a stress track") or, when no token has the id, borders.
"""

from __future__ import annotations

from tabletop.model import Aspect, HeldDefense, LastAction
from tabletop.rules.edgerunner_moves import move_another_in, move_in, range_to
from tabletop.rules.edgerunner_state import (
    SHIFT_LIMIT,
    Work,
    begin,
    check_shifts,
    finish_action,
    net_shifts,
    participant,
    revert_defense,
    taken_out,
    turn_of,
    with_participant,
)
from tabletop.rules.edgerunner_stress import best_recovery, clear_boxes, free_invokes, take_stress
from tabletop.rules.play import Step, logged

ASPECT_HOLDERS = ("token", "zone", "border", "scene")


def attack(map_, conflict, actor, target, track, shifts, skill="", resisted=0, *, graph=None, story="") -> Step:
    """ "Any shifts from the attack roll are applied as stress against the appropriate stress
    track of the target"; stress over the threshold takes the target out. A border, a lock or a
    problem is attacked the same way ("A problem is solved if it is taken out")."""
    work = begin(map_, conflict, actor, graph)
    _attack(work, actor, target, track, shifts, skill, resisted, story, "attack")
    return work.step(f"{work.label(actor)} attacks {work.label(target)}")


def _attack(work: Work, actor, target, track, shifts, skill, resisted, story, word) -> None:
    net, numbers = net_shifts(work, actor, shifts, resisted)
    hit = take_stress(work.track(target, track), net)
    work.set_track(target, hit.track)
    if hit.box is not None:
        numbers["box"] = hit.box
    last = LastAction(skill=skill, action="attack", target=target, shifts=shifts, track=hit.track.name)
    finish_action(work, actor, word, target=target, numbers=numbers, story=story, last=last)
    if hit.taken_out:
        if any(p.token == target for p in work.conflict.participants):
            taken_out(work, target, actor, story)
        else:
            note = "" if work.has_token(target) else "redefine the border and its pass values"
            work.conflict = logged(work.conflict, actor=actor, action="taken out", target=target, story=note)


def attack_aspect(map_, conflict, actor, on, aspect, shifts, skill="", resisted=0, *, graph=None, story="") -> Step:
    """Getting rid of an aspect someone placed "would be the subject of an attack action with
    the aspect as its target", and "the number of free invokes ... is also the number of stress
    boxes this new aspect has": stress over that number removes it; less leaves it standing."""
    work = begin(map_, conflict, actor, graph)
    _attack_aspect(work, actor, on, aspect, shifts, skill, resisted, story, "attack")
    return work.step(f"{work.label(actor)} attacks {aspect}")


def _attack_aspect(work: Work, actor, on, aspect, shifts, skill, resisted, story, word) -> None:
    aspects = _aspects(work, on)
    found = next((a for a in aspects if a.name == aspect), None)
    if found is None:
        raise ValueError(f"no aspect '{aspect}' on {work.label(on[1]) if on[1] else 'the scene'}")
    net, numbers = net_shifts(work, actor, shifts, resisted)
    numbers["boxes"] = found.free_invokes
    kind, target = on
    last = LastAction(skill=skill, action="attack", target=target, shifts=shifts, on=kind, aspect=aspect)
    told = f"{aspect}\n{story}" if story else aspect
    finish_action(work, actor, word, target=target or "scene", numbers=numbers, story=told, last=last)
    if net > found.free_invokes:
        _set_aspects(work, on, [a for a in aspects if a is not found])
        removed = {"action": "aspect removed", "target": target or "scene", "story": aspect}
        work.conflict = logged(work.conflict, actor=actor, **removed)


def defense(map_, conflict, actor, target, track, shifts, skill="", *, range_=None, graph=None, story="") -> Step:
    """ "The number of shifts you get from your roll determines the new stress threshold of the
    target stress track", less the range to the target; it holds while the defender continues
    and reverts when the defender acts otherwise or the target moves."""
    work = begin(map_, conflict, actor, graph)
    _defense(work, actor, target, track, shifts, skill, range_, story, "defense")
    return work.step(f"{work.label(actor)} defends {work.label(target)}")


def _defense(work: Work, actor, target, track, shifts, skill, range_, story, word) -> None:
    net, numbers = net_shifts(work, actor, shifts)
    held_track = work.track(target, track)
    distance = range_ if range_ is not None else range_to(work, actor, target, net)
    if distance is None:  # "the range to your target is subtracted from your shifts": none left
        numbers["range over"] = max(net, 0)
        threshold = 0
    else:
        numbers["range"] = distance
        threshold = min(max(0, net - distance), SHIFT_LIMIT)
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


def _aspects(work: Work, on) -> list[Aspect]:
    """The aspects on a token, zone, border or the scene, as copies to change; a missing
    holder is refused before anything changes."""
    kind, target = on
    if kind not in ASPECT_HOLDERS:
        raise ValueError(f"an aspect goes on a token, zone, border or the scene, not a {kind}")
    if kind == "scene":
        return [a.model_copy() for a in work.conflict.scene_aspects]
    if kind == "zone":
        work.zone_label(target)
    holder = {"token": work.peek_token, "zone": work.map.zone, "border": work.peek_border}[kind](target)
    return [a.model_copy() for a in holder.aspects]


def _set_aspects(work: Work, on, aspects: list[Aspect]) -> None:
    kind, target = on
    if kind == "scene":
        work.conflict = work.conflict.model_copy(update={"scene_aspects": aspects})
    else:
        {"token": work.token, "zone": work.zone, "border": work.border}[kind](target).aspects = aspects


def maneuver(map_, conflict, actor, on, aspect, shifts, resisted=0, skill="", *, graph=None, story="") -> Step:
    """ "The target number for a maneuver is zero. The aspect is considered placed with zero
    shifts"; 1 shift buys a free invoke, 3 two, 6 three. "If a resisting target wants to block
    the aspect completely, they must reduce the roll to at most -1 shifts."

    `on` is ("token" | "zone" | "border", id) or ("scene", ""); an aspect already there by the
    same name gains the free invokes.
    """
    work = begin(map_, conflict, actor, graph)
    _maneuver(work, actor, on, aspect, shifts, skill, resisted, story, "maneuver")
    return work.step(f"{work.label(actor)} places {aspect}")


def _maneuver(work: Work, actor, on, aspect, shifts, skill, resisted, story, word) -> None:
    if not aspect.strip():
        raise ValueError("a maneuver places an aspect: name it")
    aspects = _aspects(work, on)
    net, numbers = net_shifts(work, actor, shifts, resisted)
    kind, target = on
    last = LastAction(skill=skill, action="maneuver", target=target, shifts=shifts, on=kind, aspect=aspect)
    told = f"{aspect}\n{story}" if story else aspect
    if net < 0:
        word = f"{word} blocked" if resisted else f"{word} fails"
        finish_action(work, actor, word, target=target or "scene", numbers=numbers, story=told, last=last)
        return
    numbers["free invokes"] = invokes = free_invokes(net)
    found = next((a for a in aspects if a.name == aspect), None)
    if found is None:
        aspects.append(Aspect(name=aspect, free_invokes=invokes))
    else:
        found.free_invokes = min(found.free_invokes + invokes, SHIFT_LIMIT)
    _set_aspects(work, on, aspects)
    finish_action(work, actor, word, target=target or "scene", numbers=numbers, story=told, last=last)


def invoke(map_, conflict, actor: str, on, aspect: str, *, story: str = "") -> Step:
    """Spend one free invoke of an aspect on a token, zone, border or the scene ("One shift on
    the roll buys you a free invoke to use in the conflict"). The +2 or the re-roll is the
    table's; the turn goes on, so nothing else changes."""
    work = Work(map_, conflict)
    participant(conflict, actor)
    aspects = _aspects(work, on)
    found = next((a for a in aspects if a.name == aspect), None)
    if found is None:
        raise ValueError(f"no aspect '{aspect}' on {work.label(on[1]) if on[1] else 'the scene'}")
    if found.free_invokes < 1:
        raise ValueError(f"'{aspect}' has no free invoke left: a fate point pays for this one")
    found.free_invokes -= 1
    _set_aspects(work, on, aspects)
    told = f"{aspect}\n{story}" if story else aspect
    numbers = {"free invokes left": found.free_invokes}
    target = on[1] or "scene"
    work.conflict = logged(work.conflict, actor=actor, action="invokes", target=target, numbers=numbers, story=told)
    return work.step(f"{work.label(actor)} invokes {aspect}")


def recovery(
    map_, conflict, actor, target, track, boxes, shifts, helper=None, *, skill="", graph=None, story=""
) -> Step:
    """ "You need a number of shifts equal to the box number to clear a single box. You may
    clear any number of boxes anywhere on the track as long as you have enough shifts";
    `boxes` None clears the most stress the shifts allow. "Anybody may attempt to clear the
    stress on anybody else but both of them must use their action": a target taking part
    other than the actor, and a `helper` acting with them, spend their turns too."""
    work = begin(map_, conflict, actor, graph)
    _recovery(work, actor, target, track, boxes, shifts, helper, skill, story, "recovery")
    return work.step(f"{work.label(actor)} recovers {work.label(target)}")


def _recovery(work: Work, actor, target, track, boxes, shifts, helper, skill, story, word) -> None:
    net, numbers = net_shifts(work, actor, shifts)
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


def simple(map_, conflict, actor: str, what: str, *, graph=None, story: str = "") -> Step:
    """ "If an action is simple enough not to warrant a roll, and it can fit in the time frame
    of an exchange, then it can be done in a conflict": logged, the turn spent."""
    work = begin(map_, conflict, actor, graph)
    text = what if not story else f"{what}\n{story}"
    finish_action(work, actor, "simple action", story=text, last=LastAction(action="simple", target=what[:200]))
    return work.step(f"{work.label(actor)}: {what}")


def continue_action(
    map_, conflict, actor, *, to_zone=None, boxes=None, extra=0, reroll=None, resisted=0, graph=None, story=""
) -> Step:
    """ "With a continue action, you don't roll the dice, but you get the same number of shifts
    you got for the previous exchange, including any bonuses", spent as the previous action
    allowed: `extra` adds aspects newly invoked, `reroll` replaces the shifts when "an
    invocation [is used] to re-roll the dice from the previous exchange". A continued defense
    keeps holding; a continued move says where it goes."""
    work = begin(map_, conflict, actor, graph, continuing=True)
    last = turn_of(conflict, actor).last
    if last is None:
        raise ValueError(f"{work.label(actor)} has no action from the last exchange to continue")
    shifts = check_shifts((last.shifts if reroll is None else reroll) + extra)
    word = f"continue {last.action}"
    if last.action in ("move", "move another") and not to_zone:
        raise ValueError(f"say where the continued {last.action} goes")
    if last.action == "move":
        move_in(work, actor, to_zone, shifts, last.skill, story, word)
    elif last.action == "move another":
        move_another_in(work, actor, last.target, to_zone, shifts, last.skill, resisted, None, story, word)
    elif last.action == "attack" and last.aspect:
        on = (last.on or "scene", last.target)
        _attack_aspect(work, actor, on, last.aspect, shifts, last.skill, resisted, story, word)
    elif last.action == "attack":
        _attack(work, actor, last.target, last.track, shifts, last.skill, resisted, story, word)
    elif last.action == "defense":
        _defense(work, actor, last.target, last.track, shifts, last.skill, None, story, word)
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
