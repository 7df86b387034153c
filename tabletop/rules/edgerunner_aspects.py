"""Aspects in an Edgerunner conflict: the maneuver that places one with its free invokes, and
a free invoke spent. Source: ../shared/rules/edgerunner-conflicts.txt, "Maneuver".

"Valid targets for maneuvers in a conflict include zones and borders on the map, any
equipment used or lying around, and any of the characters involved", and the scene itself.
"""

from __future__ import annotations

from tabletop.model import Aspect, LastAction
from tabletop.rules.edgerunner_resist import pay
from tabletop.rules.edgerunner_state import (
    SHIFT_LIMIT,
    Work,
    begin,
    finish_action,
    got,
    net_shifts,
    participant,
    taken_out,
)
from tabletop.rules.edgerunner_stress import free_invokes
from tabletop.rules.play import Step, logged

ASPECT_HOLDERS = ("token", "zone", "border", "scene")


def aspects_on(work: Work, on) -> list[Aspect]:
    """The aspects on a token, zone, border or the scene, as copies to change; a missing
    holder is refused before anything changes."""
    kind, target = on
    if kind not in ASPECT_HOLDERS:
        raise ValueError(f"an aspect goes on a token, zone, border or the scene, not a {kind}")
    if kind == "scene":
        return [a.model_copy() for a in work.conflict.scene_aspects]
    if kind == "zone":
        work.zone_label(target)
        holder = work.zones.get(target) or work.map.zone(target)
    else:
        holder = {"token": work.peek_token, "border": work.peek_border}[kind](target)
    return [a.model_copy() for a in holder.aspects]


def set_aspects(work: Work, on, aspects: list[Aspect]) -> None:
    kind, target = on
    if kind == "scene":
        work.conflict = work.conflict.model_copy(update={"scene_aspects": aspects})
    else:
        {"token": work.token, "zone": work.zone, "border": work.border}[kind](target).aspects = aspects


def holder_words(work: Work, on) -> str:
    """What an aspect is on, as the GM calls it."""
    return "the scene" if on[0] == "scene" else work.label(on[1])


def maneuver(
    map_, conflict, actor, on, aspect, shifts, resisted=0, skill="", *, graph=None, story="", resist=None
) -> Step:
    """ "The target number for a maneuver is zero. The aspect is considered placed with zero
    shifts"; 1 shift buys a free invoke, 3 two, 6 three. "If a resisting target wants to block
    the aspect completely, they must reduce the roll to at most -1 shifts."

    `on` is ("token" | "zone" | "border", id) or ("scene", ""); an aspect already there by the
    same name gains the free invokes. The resister is the token the aspect goes on.
    """
    work = begin(map_, conflict, actor, graph)
    place(work, actor, on, aspect, shifts, skill, resisted, story, "maneuver", resist)
    return work.step(f"{work.label(actor)} places {aspect} on {holder_words(work, on)}")


def place(work: Work, actor, on, aspect, shifts, skill, resisted, story, word, resist=None) -> None:
    """The maneuver itself, for a maneuver and for its continue."""
    if not aspect.strip():
        raise ValueError("a maneuver places an aspect: name it")
    aspects_on(work, on)
    kind, target = on
    paid = pay(work, target if kind == "token" else target or "", actor, resist)
    aspects = aspects_on(work, on)
    net, numbers = net_shifts(work, actor, shifts, resisted + paid.resisted)
    last = LastAction(skill=skill, action="maneuver", target=target, shifts=got(numbers), on=kind, aspect=aspect)
    told = f"{aspect}\n{story}" if story else aspect
    if net < 0:
        word = f"{word} blocked" if resisted or paid.resisted else f"{word} fails"
        finish_action(work, actor, word, target=target or "scene", numbers=numbers, story=told, last=last)
    else:
        numbers["free invokes"] = invokes = free_invokes(net)
        found = next((a for a in aspects if a.name == aspect), None)
        if found is None:
            aspects.append(Aspect(name=aspect, free_invokes=invokes))
        else:
            found.free_invokes = min(found.free_invokes + invokes, SHIFT_LIMIT)
        set_aspects(work, on, aspects)
        finish_action(work, actor, word, target=target or "scene", numbers=numbers, story=told, last=last)
    if paid.out:
        taken_out(work, target, actor)


def invoke(map_, conflict, actor: str, on, aspect: str, *, story: str = "") -> Step:
    """Spend one free invoke of an aspect on a token, zone, border or the scene ("One shift on
    the roll buys you a free invoke to use in the conflict"). The +2 or the re-roll is the
    table's; the turn goes on, so nothing else changes."""
    work = Work(map_, conflict)
    participant(conflict, actor)
    aspects = aspects_on(work, on)
    found = next((a for a in aspects if a.name == aspect), None)
    if found is None:
        raise ValueError(f"no aspect '{aspect}' on {holder_words(work, on)}")
    if found.free_invokes < 1:
        raise ValueError(f"'{aspect}' has no free invoke left: a fate point pays for this one")
    found.free_invokes -= 1
    set_aspects(work, on, aspects)
    told = f"{aspect}\n{story}" if story else aspect
    numbers = {"free invokes left": found.free_invokes}
    target = on[1] or "scene"
    work.conflict = logged(work.conflict, actor=actor, action="invokes", target=target, numbers=numbers, story=told)
    return work.step(f"{work.label(actor)} invokes {aspect}")
