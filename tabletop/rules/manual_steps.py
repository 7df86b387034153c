"""The GM's own hand on the conflict, beside the rules: mark or clear a stress box, spend a
free invoke, set a state or a facing, type the story of a log entry. The app assists and never
blocks, so each is a plain Step (rules/play.py) the dock applies as one undo step, logged
where the table would want to read it back. Qt-free."""

from __future__ import annotations

from dataclasses import replace

from tabletop.model import Border, Conflict, Map, Token, Zone
from tabletop.rules.play import Step, logged


def toggle_box(conflict: Conflict, token: Token, track: str, box: int) -> Step:
    """A stress box clicked: marked if clear, cleared if marked."""
    tracks = [s.model_copy(deep=True) for s in token.stress]
    chosen = next(s for s in tracks if s.name == track)
    marking = box not in chosen.marked
    chosen.marked = sorted([*chosen.marked, box]) if marking else [b for b in chosen.marked if b != box]
    verb = "mark" if marking else "clear"
    after = logged(conflict, actor=token.id, action=f"{verb} stress", target=track, numbers={"box": box})
    return Step(
        after, f"{verb.capitalize()} box {box} of {token.label}'s {track}", tokens=(_with(token, stress=tracks),)
    )


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
    keeps it (a 10k-zone map takes 10 ms to walk)."""
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
