"""The action form of the play dock: pick the action, its target and what the dice said, and
the rules do the arithmetic (rules/edgerunner.py, rules/af.py). The form shows only the fields
the chosen action uses. Qt-free `perform()` turns the form's values into the rules call, so
tests drive the same path as the button."""

from __future__ import annotations

from dataclasses import dataclass, field

from tabletop.model import Conflict, Map
from tabletop.rules.manual_steps import with_story
from tabletop.rules.play import Step

EDGERUNNER_ACTIONS = [
    "attack",
    "move",
    "move another",
    "defense",
    "maneuver",
    "recovery",
    "continue",
    "simple",
    "compel",
]
AF_ACTIONS = ["attack", "convince", "defend", "hide", "maneuver", "recover", "recruit", "screen"]
AF_SNAPS = ["hustle", "creep", "crouch", "distract", "fend", "equip", "look", "order", "prepare", "quip"]

FIELDS = {
    "attack": {"target", "track", "shifts", "skill", "resisted"},
    "move": {"zone", "shifts", "skill"},
    "move another": {"target", "zone", "shifts", "skill", "resisted"},
    "defense": {"target", "track", "shifts", "skill"},
    "maneuver": {"on", "aspect", "shifts", "resisted"},
    "recovery": {"target", "track", "boxes", "shifts", "helper"},
    "continue": {"extra", "reroll", "zone", "boxes", "resisted"},
    "simple": {"what"},
    "compel": {"aspect", "succeeded"},
}
"""Which fields each Edgerunner action reads; AF actions and snaps take a target at most."""


@dataclass
class Declared:
    """What the GM entered: the actor, the action and the numbers the table rolled."""

    actor: str
    action: str
    target: str = ""
    track: str = ""
    zone: str = ""
    on: tuple[str, str] = ("scene", "")
    aspect: str = ""
    shifts: int = 0
    resisted: int = 0
    skill: str = ""
    boxes: list[int] = field(default_factory=list)
    helper: str = ""
    what: str = ""
    succeeded: bool = True
    extra: int = 0
    reroll: int | None = None
    to: str | tuple[int, int] | None = None
    facing: float | None = None
    move: str = "run"
    story: str = ""


def perform(map_: Map, conflict: Conflict, declared: Declared) -> Step:
    """The rules step for a declared action; raises ValueError with the rules' own words."""
    if conflict.system == "af":
        return _af(map_, conflict, declared)
    if conflict.system != "edgerunner":
        raise ValueError(f"the dock runs Edgerunner conflicts and AF encounters, not '{conflict.system}'")
    from tabletop.rules import edgerunner as rules

    d, story = declared, declared.story
    match d.action:
        case "attack":
            shifts, skill, resisted = d.shifts, d.skill, d.resisted
            return rules.attack(
                map_, conflict, d.actor, d.target, d.track, shifts, skill=skill, resisted=resisted, story=story
            )
        case "move":
            return rules.move(map_, conflict, d.actor, d.zone, d.shifts, skill=d.skill, story=story)
        case "move another":
            return rules.move_another(
                map_, conflict, d.actor, d.target, d.zone, d.shifts, skill=d.skill, resisted=d.resisted, story=story
            )
        case "defense":
            return rules.defense(map_, conflict, d.actor, d.target, d.track, d.shifts, skill=d.skill, story=story)
        case "maneuver":
            return rules.maneuver(
                map_, conflict, d.actor, d.on, d.aspect, d.shifts, resisted=d.resisted, skill=d.skill, story=story
            )
        case "recovery":
            helper, boxes = d.helper or None, d.boxes or None
            return rules.recovery(map_, conflict, d.actor, d.target, d.track, boxes, d.shifts, helper, story=story)
        case "continue":
            return rules.continue_action(
                map_,
                conflict,
                d.actor,
                to_zone=d.zone or None,
                boxes=d.boxes or None,
                extra=d.extra,
                reroll=d.reroll,
                resisted=d.resisted,
                story=story,
            )
        case "simple":
            return rules.simple(map_, conflict, d.actor, d.what, story=story)
        case "compel":
            return rules.compel(conflict, d.actor, d.succeeded, aspect=d.aspect, story=story)
    raise ValueError(f"'{d.action}' is not an Edgerunner action")


def _af(map_: Map, conflict: Conflict, d: Declared) -> Step:
    from tabletop.rules import af as rules

    if d.action == "second snap":
        return rules.second_snap(map_, conflict, d.actor)
    if d.action == "guard":
        return with_story(Step(rules.use_guard(conflict, d.actor), f"{d.actor} uses the guard"), d.story)
    moving = {"to": d.to, "facing": d.facing, "move": d.move} if d.action in ("maneuver", "hustle") else {}
    if d.action in AF_SNAPS:
        return rules.snap(map_, conflict, d.actor, d.action, target=d.target, story=d.story, **moving)
    return rules.act(map_, conflict, d.actor, d.action, target=d.target, story=d.story, **moving)


ATTACKING = {"attack", "defense", "move another"}
"""The actions whose target stands somewhere on the map: the attack helper shows for them."""


def attack_note(map_: Map, conflict: Conflict, actor: str, target: str, shifts: int, graph=None) -> str:
    """The attack helper in words (rules/attack.py): range and the shifts left after it, cover
    on the attack line, an attack from behind the target's flank, parry, and the defenses the
    target still has this turn."""
    from tabletop.rules.attack import attack_view, shifts_after_range

    if not actor or not target or actor == target:
        return ""
    try:
        view = attack_view(map_, conflict, actor, target, graph=graph)
    except (KeyError, ValueError) as error:
        return str(error.args[0]) if error.args else ""
    if view.range is None:
        return "; ".join(view.notes)
    unit = view.unit[:-1] if view.range == 1 else view.unit
    parts = [f"range {view.range} {unit}"]
    if view.unit != "areas":
        parts.append(f"{shifts} shifts leave {shifts_after_range(view, shifts)}")
    if view.cover:
        parts.append(f"cover {', '.join(view.cover)} ({view.cover_penalty:+d})")
    if view.behind:
        parts.append(f"from behind the flank ({view.contest_penalty:+d} to contest)")
    parts.append("parry allowed" if view.parry else "no parry")
    if view.dodge is not None and view.dodge:
        parts.append(f"dodge {view.dodge:+d}")
    if view.defenses:
        parts.append("defenses: " + ", ".join(view.defenses))
    return " · ".join(parts + view.notes)
