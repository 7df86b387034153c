"""The Edgerunner attack on anything that resists: a character, a problem, a lock, a border,
or an aspect someone placed. Source: ../shared/rules/edgerunner-conflicts.txt, "Attack",
"Inanimate targets", "Maneuver", "Long actions", "Taken out".

"Any shifts from the attack roll are applied as stress against the appropriate stress track
of the target." Range is the attacker's story to tell ("the mode of attack must make sense
when the skill used and range to target is considered"): it never comes off an attack's
shifts. Something with no stress track at all gets one when attacked, with the threshold "the
referee assigns" (asked for as `threshold`), and boxes as edgerunner_stress.boxes_for says.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import ValidationError

from tabletop.model import LastAction, Passage, StressTrack
from tabletop.model.wording import describe
from tabletop.rules.edgerunner_aspects import aspects_on, holder_words, set_aspects
from tabletop.rules.edgerunner_resist import check_attack_stress, pay
from tabletop.rules.edgerunner_state import (
    Work,
    begin,
    finish_action,
    got,
    net_shifts,
    taken_out,
)
from tabletop.rules.edgerunner_stress import Hit, boxes_for, take_stress
from tabletop.rules.play import Question, Step, Unanswered, logged

ASSIGNED_TRACK = "integrity"
"""The track a referee's threshold makes on something with none ("the integrity track of the
stubborn lock")."""


@dataclass(frozen=True)
class Aimed:
    """An attack worked out before anything changes: the track it strikes (new when the
    referee just assigned its threshold), and what the stress does to it."""

    track: StressTrack
    assigned: bool
    stress: int
    hit: Hit


def attacked_track(work: Work, target: str, name: str, threshold: int | None) -> tuple[StressTrack, bool]:
    """The track an attack strikes, and whether it is new: something with no stress track
    takes the referee's threshold ("The border's stress threshold is assigned by the referee
    unless preemptively declared by a player"); until one is given, the GM is asked. A problem
    solved is not there to attack."""
    if work.has_token(target) and work.peek_token(target).problem and work.peek_token(target).location is None:
        raise ValueError(f"{work.label(target)} is solved already: it is off the map")
    if work.tracks_of(target):
        track = work.track(target, name)
        if threshold is not None:
            has = f"{work.label(target)}'s {track.name} track has its threshold ({track.threshold})"
            raise ValueError(f"{has}: leave out 'threshold'")
        return track, False
    if threshold is None:
        prompt = f"{work.label(target)} has no stress track: the referee assigns its stress threshold"
        raise Unanswered(Question("threshold", prompt, "number"))
    return StressTrack(name=name or ASSIGNED_TRACK, boxes=boxes_for(threshold), threshold=threshold), True


def aim(work: Work, target: str, name: str, stress: int, threshold: int | None = None) -> Aimed:
    """What `stress` does to the target's track; the helper and the attack both ask this, so
    what the helper says is what the attack does."""
    track, assigned = attacked_track(work, target, name, threshold)
    return Aimed(track, assigned, stress, take_stress(track, stress))


def attack(
    map_,
    conflict,
    actor,
    target,
    track,
    shifts,
    skill="",
    resisted=0,
    *,
    graph=None,
    story="",
    resist=None,
    threshold=None,
    redefine=None,
) -> Step:
    """ "Any shifts from the attack roll are applied as stress against the appropriate stress
    track of the target"; stress over the threshold takes the target out. A border, a lock or a
    problem is attacked the same way ("A problem is solved if it is taken out"); a border taken
    out may be `redefine`d in the same step (a list of passages)."""
    work = begin(map_, conflict, actor, graph)
    strike(work, actor, target, track, shifts, skill, resisted, story, "attack", resist, threshold, redefine)
    return work.step(f"{work.label(actor)} attacks {work.label(target)}")


def strike(work: Work, actor, target, track, shifts, skill, resisted, story, word, resist, threshold, redefine) -> None:
    """The attack itself, for an attack and for its continue."""
    if target == actor:
        raise ValueError(f"{work.label(actor)} cannot attack itself")
    chosen, assigned = attacked_track(work, target, track, threshold)
    paid = pay(work, target, actor, resist, attack_track=chosen.name)
    net, numbers = net_shifts(work, actor, shifts, resisted + paid.resisted)
    check_attack_stress(paid, net, chosen.name)
    hit = take_stress(chosen, net)
    work.set_track(target, hit.track)
    if assigned:
        numbers["threshold"] = chosen.threshold
    if hit.box is not None:
        numbers["box"] = hit.box
    last = LastAction(skill=skill, action="attack", target=target, shifts=got(numbers), track=chosen.name)
    finish_action(work, actor, word, target=target, numbers=numbers, story=story, last=last)
    if not hit.taken_out:
        if redefine is not None:
            raise ValueError(f"only a border taken out may be redefined: {work.label(target)} still stands")
        return
    if work.has_token(target):
        if redefine is not None:
            raise ValueError(f"{work.label(target)} is no border to redefine")
        taken_out(work, target, actor, story)
        if work.is_participant(target) and not story:
            prompt = f"{work.label(target)} is taken out: {work.label(actor)} now says what happens to them"
            work.asks.append(Question("story", prompt, "text"))
        return
    note = f"{work.label(actor)} may redefine the border and its pass values, within reason"
    work.conflict = logged(work.conflict, actor=actor, action="taken out", target=target, story=note)
    if redefine is None:
        work.asks.append(Question("redefine", f"{work.label(target)} is taken out: {note}", "passages"))
    else:
        redefined(work, actor, target, redefine)


def redefined(work: Work, actor: str, border_id: str, passages: list) -> None:
    """ "If the attacker takes out a border, he can then redefine the border and its pass
    values": the border's passages replaced, each as the map file writes one."""
    made = []
    for number, data in enumerate(passages, start=1):
        if not isinstance(data, dict):
            raise ValueError(f"redefine: passage {number} is an object (label, cost_from_a, cost_from_b, door)")
        try:
            made.append(Passage.model_validate(data))
        except ValidationError as error:
            raise ValueError(f"redefine: passage {number}: {describe(error)}") from None
    work.border(border_id).passages = made
    told = "; ".join(_passage_words(p) for p in made) or "no way through"
    work.conflict = logged(work.conflict, actor=actor, action="redefines the border", target=border_id, story=told)


def _passage_words(passage: Passage) -> str:
    """ "rubble 1/1": a passage's label and its pass values from either side ("–" for none)."""
    costs = "/".join("–" if c is None else str(c) for c in (passage.cost_from_a, passage.cost_from_b))
    return f"{passage.label or 'pass'} {costs}"


def attack_aspect(
    map_, conflict, actor, on, aspect, shifts, skill="", resisted=0, *, graph=None, story="", resist=None
) -> Step:
    """Getting rid of an aspect someone placed "would be the subject of an attack action with
    the aspect as its target", and "the number of free invokes ... is also the number of stress
    boxes this new aspect has": stress over that number removes it; less leaves it standing."""
    work = begin(map_, conflict, actor, graph)
    strike_aspect(work, actor, on, aspect, shifts, skill, resisted, story, "attack", resist)
    return work.step(f"{work.label(actor)} attacks {aspect} on {holder_words(work, on)}")


def aspect_boxes(work: Work, on, aspect: str) -> int:
    """The stress boxes of a placed aspect: its free invokes."""
    found = next((a for a in aspects_on(work, on) if a.name == aspect), None)
    if found is None:
        raise ValueError(f"no aspect '{aspect}' on {holder_words(work, on)}")
    return found.free_invokes


def strike_aspect(work: Work, actor, on, aspect, shifts, skill, resisted, story, word, resist) -> None:
    """The attack on an aspect, for an attack and for its continue."""
    boxes = aspect_boxes(work, on, aspect)
    kind, holder = on
    paid = pay(work, holder if kind == "token" else (holder or ""), actor, resist)
    net, numbers = net_shifts(work, actor, shifts, resisted + paid.resisted)
    numbers["boxes"] = boxes
    last = LastAction(skill=skill, action="attack", target=holder, shifts=got(numbers), on=kind, aspect=aspect)
    told = f"{aspect}\n{story}" if story else aspect
    finish_action(work, actor, word, target=holder or "scene", numbers=numbers, story=told, last=last)
    if net > boxes:
        set_aspects(work, on, [a for a in aspects_on(work, on) if a.name != aspect])
        removed = {"action": "aspect removed", "target": holder or "scene", "story": aspect}
        work.conflict = logged(work.conflict, actor=actor, **removed)
    if paid.out:
        taken_out(work, holder, actor)
