"""The GM's own hand on the conflict, beside the rules: mark or clear a stress box, spend a
free invoke, set a state or a facing, type the story of a log entry. The app assists and never
blocks, so each is a plain Step (rules/play.py) the dock applies as one undo step, logged
where the table would want to read it back. Qt-free."""

from __future__ import annotations

from dataclasses import replace

from tabletop.model import Border, Conflict, Map, Token, Zone
from tabletop.rules.names import border_name
from tabletop.rules.play import Step, logged


def set_box(map_: Map, conflict: Conflict, target: str, track: str, box: int | None, mark: bool) -> Step:
    """A stress box marked or cleared by hand on a token's or a border's track: the first
    track when none is named, the lowest clear box (or highest marked one) when no box is."""
    owner = next((t for t in map_.tokens if t.id == target), None)
    if owner is None:
        owner = next((b for b in map_.borders if b.id == target), None)
    if owner is None:
        raise ValueError(f"no token or border '{target}' on the map")
    tracks = list(owner.stress) if isinstance(owner, Token) else [owner.stress] if owner.stress else []
    chosen = next((t for t in tracks if t.name == track or not track), None)
    if chosen is None:
        have = ", ".join(t.name for t in tracks) or "none"
        raise ValueError(f"{label_of(map_, owner)} has no stress track '{track}' (tracks: {have})")
    if box is None:
        free = [b for b in range(1, chosen.boxes + 1) if (b in chosen.marked) != mark]
        if not free:
            raise ValueError(f"every box of {chosen.name} is {'marked' if mark else 'clear'} already")
        box = free[0] if mark else free[-1]
    if box > chosen.boxes:
        raise ValueError(f"{chosen.name} has {chosen.boxes} boxes, not {box}")
    if (box in chosen.marked) == mark:
        raise ValueError(f"box {box} of {chosen.name} is {'marked' if mark else 'clear'} already")
    marked = sorted([*chosen.marked, box]) if mark else [b for b in chosen.marked if b != box]
    after_track = chosen.model_copy(update={"marked": marked})
    verb = "mark" if mark else "clear"
    after = logged(conflict, actor=target, action=f"{verb} stress", target=chosen.name, numbers={"box": box})
    text = f"{verb.capitalize()} box {box} of {label_of(map_, owner)}'s {chosen.name}"
    if isinstance(owner, Token):
        stress = [after_track if t.name == chosen.name else t for t in owner.stress]
        return Step(after, text, tokens=(_with(owner, stress=stress),))
    return Step(after, text, borders=(_with(owner, stress=after_track),))


def invoke(map_: Map, conflict: Conflict, holder: tuple[str, str], aspect: str, story: str = "") -> Step:
    """A free invoke spent on an aspect of a token, zone, border or the scene, by its holder."""
    kind, object_id = holder
    owner = None
    if kind != "scene":
        objects = {"token": map_.tokens, "zone": map_.zones, "border": map_.borders}[kind]
        owner = next((o for o in objects if o.id == object_id), None)
        if owner is None:
            raise ValueError(f"no {kind} '{object_id}' on the map")
    aspects = owner.aspects if owner is not None else conflict.scene_aspects
    found = next((a for a in aspects if a.name == aspect), None)
    if found is None:
        raise ValueError(f"no aspect '{aspect}' on {'the scene' if owner is None else label_of(map_, owner)}")
    if found.free_invokes < 1:
        raise ValueError(f"'{aspect}' has no free invoke left: a fate point pays for this one")
    return with_story(spend_invoke(conflict, owner, aspect), story)


def label_of(map_: Map, obj) -> str:
    """A token's, zone's or border's name as the GM reads it."""
    return border_name(map_, obj) if isinstance(obj, Border) else obj.label


def spend_invoke(conflict: Conflict, owner: Token | Zone | Border | None, aspect: str) -> Step:
    """A free invoke spent on an aspect of a token, zone or border, or of the scene when
    `owner` is None ("One shift on the roll buys you a free invoke to use in the conflict")."""
    holder = owner.aspects if owner is not None else conflict.scene_aspects
    aspects = [a.model_copy() for a in holder]
    chosen = next(a for a in aspects if a.name == aspect and a.free_invokes > 0)
    chosen.free_invokes -= 1
    where = owner.id if owner is not None else "scene"
    after = logged(conflict, action="free invoke", target=where, numbers={"left": chosen.free_invokes}, story=aspect)
    text = f"Spend a free invoke of {aspect}"
    if owner is None:
        return Step(after.model_copy(update={"scene_aspects": aspects}), text)
    changed = _with(owner, aspects=aspects)
    kind = {Token: "tokens", Zone: "zones", Border: "borders"}[type(owner)]
    return Step(after, text, **{kind: (changed,)})


def aspects_in_play(map_: Map, conflict: Conflict, places: list | None = None) -> list[tuple[str, str, str, int]]:
    """The aspects a GM may invoke beyond the participants' own: the scene's, and those on
    zones and borders with free invokes left (a prepared map's many aspects stay on the map),
    as (kind, id, aspect, free invokes). `places` is placed_aspects(map_) when the caller
    keeps it (walking a big map each time would be felt)."""
    found = [("scene", "", a.name, a.free_invokes) for a in conflict.scene_aspects]
    return found + (placed_aspects(map_) if places is None else places)


def placed_aspects(map_: Map) -> list[tuple[str, str, str, int]]:
    """The zones' and borders' aspects with free invokes left, in map order."""
    found = []
    for kind, objects in (("zone", map_.zones), ("border", map_.borders)):
        placed = [(obj.id, a) for obj in objects if obj.aspects for a in obj.aspects]
        found += [(kind, object_id, a.name, a.free_invokes) for object_id, a in placed if a.free_invokes]
    return found


def set_state(conflict: Conflict, token: Token, state: str, on: bool) -> Step:
    """A state (down, bleeding, falling, stall, exhausted) set or resolved by the GM."""
    states = [s for s in token.states if s != state] + ([state] if on else [])
    after = logged(conflict, actor=token.id, action=state if on else f"{state} resolved")
    word = "is" if on else "is no longer"
    return Step(after, f"{token.label} {word} {state}", tokens=(_with(token, states=states),))


def set_facing(conflict: Conflict, token: Token, degrees: float) -> Step:
    """The facing picked after a move: it sets the flank until the next turn."""
    return Step(conflict, f"Face {token.label} {degrees % 360:g}°", tokens=(_with(token, facing=degrees),))


def set_story(conflict: Conflict, entry: int, story: str) -> Step:
    """The story detail the GM types for one log entry."""
    log = list(conflict.log)
    log[entry] = log[entry].model_copy(update={"story": story})
    after = conflict.model_copy(update={"log": log})
    return Step(after, f"Story of {log[entry].actor or 'the scene'}'s {log[entry].action or 'entry'}")


def with_story(step: Step, story: str) -> Step:
    """A rules step with the story the GM typed beside the action on its last log entry."""
    conflict = step.conflict
    if not story or conflict is None or not conflict.log:
        return step
    last = conflict.log[-1]
    log = [*conflict.log[:-1], last.model_copy(update={"story": (last.story + " " + story).strip()})]
    return replace(step, conflict=conflict.model_copy(update={"log": log}))


def _with(obj, **changes):
    """The token (or zone, border) with validated changes (model_copy alone would skip the checks)."""
    return type(obj).model_validate({**obj.model_dump(), **changes})
