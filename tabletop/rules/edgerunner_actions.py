"""Edgerunner conflict actions: defense, recovery, continue and simple. The attack is in
rules/edgerunner_attack.py, the maneuver in rules/edgerunner_aspects.py, move and move another
in rules/edgerunner_moves.py, resist in rules/edgerunner_resist.py. Source:
../shared/rules/edgerunner-conflicts.txt, "Actions" to "Long actions".

Each takes the map and the conflict and returns a Step that ends the actor's turn. `shifts`
is the roll as the GM types it (invocations included); a bid won at auction comes off it
here. `graph` is the document's zone graph, when it has one, so a step need not build it.
Targets of attack, defense and recovery are tokens (characters, and problems: "model it as a
problem that has an aspect and a stress track") or, when no token has the id, borders.
"""

from __future__ import annotations

from tabletop.model import HeldDefense, LastAction
from tabletop.rules.edgerunner_aspects import place
from tabletop.rules.edgerunner_attack import strike, strike_aspect
from tabletop.rules.edgerunner_moves import move_another_in, move_in, range_to
from tabletop.rules.edgerunner_state import (
    CARRIED,
    SHIFT_LIMIT,
    Work,
    begin,
    check_shifts,
    finish_action,
    got,
    net_shifts,
    revert_defense,
    turn_of,
    with_participant,
)
from tabletop.rules.edgerunner_stress import best_recovery, clear_boxes, shifts_text
from tabletop.rules.play import Step, logged


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
    last = LastAction(skill=skill, action="defense", target=target, shifts=got(numbers), track=held_track.name)
    finish_action(work, actor, word, target=target, numbers=numbers, story=story, last=last)


def recovery(
    map_, conflict, actor, target, track, boxes, shifts, helper=None, *, skill="", graph=None, story=""
) -> Step:
    """ "You need a number of shifts equal to the box number to clear a single box. You may
    clear any number of boxes anywhere on the track as long as you have enough shifts";
    `boxes` None clears the most stress the shifts allow. "Anybody may attempt to clear the
    stress on anybody else but both of them must use their action, ie. act together": a target
    taking part other than the actor, and a `helper` acting with them, spend their turns too.
    One who already acted this exchange cannot act again: the recovery goes ahead on the GM's
    word, and the step and the log say so. A problem recovered is reverted toward its start."""
    work = begin(map_, conflict, actor, graph)
    already = _recovery(work, actor, target, track, boxes, shifts, helper, skill, story, "recovery")
    if actor == target:
        who = f"{work.label(actor)} recovers"
    elif work.is_participant(target):
        who = f"{work.label(actor)} helps {work.label(target)} recover"
    else:  # a problem worked back toward its start, or a thing mended
        who = f"{work.label(actor)} recovers {work.label(target)}"
    return work.step(f"{who}{_already_words(work, already)}")


def _already_words(work: Work, already: list[str]) -> str:
    if not already:
        return ""
    names = " and ".join(work.label(t) for t in already)
    return f" ({names} already acted this exchange: on the GM's word)"


def _recovery(work: Work, actor, target, track, boxes, shifts, helper, skill, story, word) -> list[str]:
    """The recovery itself; the participants who should have acted with the actor but had
    already acted this exchange."""
    net, numbers = net_shifts(work, actor, shifts)
    before = work.track(target, track)
    chosen = best_recovery(before, net) if boxes is None else list(boxes)
    work.set_track(target, clear_boxes(before, chosen, net))
    numbers["cleared"] = len(chosen)
    numbers["cost"] = sum(chosen)
    last = LastAction(skill=skill, action="recovery", target=target, shifts=got(numbers), track=before.name)
    together = [t for t in dict.fromkeys((target, helper)) if t and t != actor and work.is_participant(t)]
    done = {t for t in together if turn_of(work.conflict, t).acted or work.conflict.participant(t).out}
    finish_action(work, actor, word, target=target, numbers=numbers, story=story, last=last)
    for token in together:
        if token in done:
            note = "acts together on the GM's word: already acted this exchange"
            entry = {"action": f"already acted ({word})", "target": actor, "story": note}
            work.conflict = logged(work.conflict, actor=token, **entry)
            continue
        revert_defense(work, token)
        finish_action(work, token, f"acts together ({word})", target=actor, last=turn_of(work.conflict, token).last)
    return [t for t in together if t in done]


def simple(map_, conflict, actor: str, what: str, *, graph=None, story: str = "") -> Step:
    """ "If an action is simple enough not to warrant a roll, and it can fit in the time frame
    of an exchange, then it can be done in a conflict": logged, the turn spent."""
    work = begin(map_, conflict, actor, graph)
    text = what if not story else f"{what}\n{story}"
    finish_action(work, actor, "simple action", story=text, last=LastAction(action="simple", target=what[:200]))
    return work.step(f"{work.label(actor)}: {what}")


def continue_action(
    map_,
    conflict,
    actor,
    *,
    to_zone=None,
    boxes=None,
    extra=0,
    reroll=None,
    resisted=0,
    graph=None,
    story="",
    resist=None,
    redefine=None,
) -> Step:
    """ "With a continue action, you don't roll the dice, but you get the same number of shifts
    you got for the previous exchange, including any bonuses gained from aspect invocations":
    the shifts the last action got after its bid (LastAction.shifts), spent as that action
    allowed. `extra` adds aspects newly invoked (+2 each is typed as their number), `reroll`
    replaces the shifts when "an invocation [is used] to re-roll the dice from the previous
    exchange". A continued defense keeps holding; a continued move says where it goes."""
    work = begin(map_, conflict, actor, graph, continuing=True)
    if reroll is None:  # a re-roll the GM allows is a roll
        work.roll = CARRIED
    last = turn_of(conflict, actor).last
    if last is None:
        raise ValueError(f"{work.label(actor)} has no action from the last exchange to continue")
    shifts = check_shifts((last.shifts if reroll is None else reroll) + extra)
    word = f"continue {last.action}"
    if last.action in ("move", "move another") and not to_zone:
        raise ValueError(f"say where the continued {last.action} goes")
    already: list[str] = []
    if last.action == "move":
        move_in(work, actor, to_zone, shifts, last.skill, story, word)
    elif last.action == "move another":
        move_another_in(work, actor, last.target, to_zone, shifts, last.skill, resisted, None, story, word, resist)
    elif last.action == "attack" and last.aspect:
        on = (last.on or "scene", last.target)
        strike_aspect(work, actor, on, last.aspect, shifts, last.skill, resisted, story, word, resist)
    elif last.action == "attack":
        strike(work, actor, last.target, last.track, shifts, last.skill, resisted, story, word, resist, None, redefine)
    elif last.action == "defense":
        _defense(work, actor, last.target, last.track, shifts, last.skill, None, story, word)
    elif last.action == "maneuver":
        on = (last.on or "scene", last.target)
        place(work, actor, on, last.aspect, shifts, last.skill, resisted, story, word, resist)
    elif last.action == "recovery":
        already = _recovery(work, actor, last.target, last.track, boxes, shifts, None, last.skill, story, word)
    else:
        finish_action(work, actor, word, story=story or last.target, last=last)
    return work.step(f"{work.label(actor)} continues ({shifts_text(shifts)}){_already_words(work, already)}")


def must_continue(conflict, actor: str, action: str, target: str = "", skill: str = "") -> bool:
    """ "If all of these [skill, action, target] are the same as they were in the previous
    exchange, you cannot roll again. Instead, you must take a continue action": the dock asks
    this before a roll and offers the continue."""
    last = turn_of(conflict, actor).last
    return last is not None and (last.skill, last.action, last.target) == (skill, action, target)
