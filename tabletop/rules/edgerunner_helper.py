"""The Edgerunner helper: what the GM should know about an action being declared, in the
text's words (range in borders, thresholds, boxes, pass values), worked out by the same
functions the action then uses, so what it says is what the step does.

Range is told for an attack but never taken off it; it comes off a defense ("Don't forget
that the range to your target is subtracted from your shifts") and a move another ("When
determining range to the target, use the target's starting zone"). Source:
../shared/rules/edgerunner-conflicts.txt.
"""

from __future__ import annotations

from typing import Any

from tabletop.model import Conflict, Map
from tabletop.rules.edgerunner_attack import aim, aspect_boxes
from tabletop.rules.edgerunner_moves import range_to
from tabletop.rules.edgerunner_resist import offered
from tabletop.rules.edgerunner_state import Work, turn_of
from tabletop.rules.edgerunner_stress import best_recovery, free_invokes, shifts_text
from tabletop.rules.movement import NoWayThrough, path, reach
from tabletop.rules.names import find_border, find_holder, find_token, find_zone
from tabletop.rules.play import Unanswered
from tabletop.rules.ranges import range_field

SEP = " · "


def helper(map_: Map, conflict: Conflict, step: dict[str, Any], graph=None) -> str:
    """Words for the action in `step` (fields as the form holds them: ids or names, any of
    them missing); "" when there is nothing to say yet."""
    if conflict is None or conflict.ended is not None:
        return ""
    try:
        work = Work(map_, conflict, graph)
        actor = _token(map_, step.get("actor"))
        if actor is None:
            return ""
        word = step.get("action")
        about = {
            "attack": _attack,
            "defense": _defense,
            "move": _move,
            "move another": _move_another,
            "maneuver": _maneuver,
            "recovery": _recovery,
            "continue": _continue,
        }.get(word)
        return SEP.join(about(work, actor, step)) if about else ""
    except Unanswered as asked:
        return asked.question.prompt
    except (KeyError, ValueError) as error:
        return str(error.args[0]) if error.args else ""


def _net(work: Work, actor: str, step: dict[str, Any], *, attack: bool = False) -> tuple[int | None, str]:
    """The shifts that count and how they came: the roll less the bid and what is resisted."""
    shifts = step.get("shifts")
    if not isinstance(shifts, int) or isinstance(shifts, bool):
        return None, ""
    bid = turn_of(work.conflict, actor).bid or 0
    resisted = offered(step.get("resist"), attack=attack)
    net = shifts - bid - resisted
    less = [f"bid {bid}"] * bool(bid) + [f"{resisted} resisted"] * bool(resisted)
    return net, (f"{shifts} less {' and '.join(less)}: " if less else "")


def _attack(work: Work, actor: str, step: dict[str, Any]) -> list[str]:
    on = _holder(work.map, step.get("on"))
    if step.get("aspect") and on is not None:
        aspect = step["aspect"]
        boxes = aspect_boxes(work, on, aspect)
        parts = [f"{aspect} has {_boxes(boxes)}"]
        net, how = _net(work, actor, step)
        if net is not None:
            gone = "remove it" if net > boxes else "leave it standing"
            parts.append(f"{how}{shifts_text(net)} {gone}")
        return parts
    target = _target(work.map, step.get("target"))
    if target is None:
        return []
    parts = [_range_words(work, actor, target) + ", not taken off an attack"]
    net, how = _net(work, actor, step, attack=True)
    aimed = aim(work, target, step.get("track") or "", max(net or 0, 0), step.get("threshold"))
    parts.append(_threshold_words(work, target, aimed.track))
    if net is None:
        return parts
    if aimed.hit.taken_out:
        outcome = f"take {work.label(target)} out"
    elif aimed.hit.box is None:
        outcome = "mark nothing"
    else:
        outcome = f"mark box {aimed.hit.box}"
    return [*parts, f"{how}{shifts_text(net)} {outcome}"]


def _threshold_words(work: Work, target: str, track) -> str:
    now = track.threshold_now
    words = f"{work.label(target)}'s {track.name} threshold {now}"
    if track.defended_threshold is not None:
        holder = next(
            (
                p.token
                for p in work.conflict.participants
                if p.edgerunner
                and p.edgerunner.defense
                and (p.edgerunner.defense.target, p.edgerunner.defense.track) == (target, track.name)
            ),
            None,
        )
        by = f"{work.label(holder)}'s defense" if holder else "a defense"
        words += f" ({by}; its own {track.threshold})"
    marked = ", ".join(str(b) for b in track.marked)
    return words + (f", boxes {marked} marked" if marked else "")


def _defense(work: Work, actor: str, step: dict[str, Any]) -> list[str]:
    target = _target(work.map, step.get("target"))
    if target is None:
        return []
    track = work.track(target, step.get("track") or "")
    net, how = _net(work, actor, step)
    parts = [_threshold_words(work, target, track)]
    if net is None:
        return [_range_words(work, actor, target), *parts]
    distance = range_to(work, actor, target, net)
    if distance is None:
        return [f"range over {shifts_text(max(net, 0))}", *parts, f"{how}{shifts_text(net)} leave 0: threshold 0"]
    left = max(0, net - distance)
    return [_range(distance), *parts, f"{how}{shifts_text(net)} leave {left}: threshold {left}"]


def _move(work: Work, actor: str, step: dict[str, Any]) -> list[str]:
    to = _zone(work.map, step.get("to"))
    net, how = _net(work, actor, step)
    parts = []
    if to is not None:
        parts += _cost_words(work, work.standing(actor), to, net, how)
    if net is not None and net < 0:
        parts.append(f"spin {-net} on {work.label(actor)}, to be used against them later")
    return parts


def _cost_words(work: Work, start: str, to: str, net: int | None, how: str) -> list[str]:
    where = work.zone_label(to)
    cost = reach(work.graph, start, max(net, 0)).cost(to) if net is not None else None
    if cost is None:
        try:
            cost = path(work.graph, start, to).cost
        except NoWayThrough:
            return [f"no way through to {where}"]
    words = f"cost {cost} to {where}"
    if net is None:
        return [words]
    pays = "pay it" if net >= cost else "cannot pay it"
    return [words, f"{how}{shifts_text(net)} {pays}"]


def _move_another(work: Work, actor: str, step: dict[str, Any]) -> list[str]:
    target = _token(work.map, step.get("target"))
    if target is None:
        return []
    start = work.standing(target)
    net, how = _net(work, actor, step)
    if net is None:
        return [_range_words(work, actor, target) + f" to {work.label(target)}'s starting zone"]
    distance = range_to(work, actor, target, net)
    if distance is None:
        return [f"{work.label(target)} is out of range: more than {shifts_text(max(net, 0))} away"]
    left = net - distance
    parts = [_range(distance) + f" to {work.label(target)}'s starting zone", f"{how}{shifts_text(net)} leave {left}"]
    to = _zone(work.map, step.get("to"))
    if to is not None:
        parts += _cost_words(work, start, to, left, "")
    return parts


def _maneuver(work: Work, actor: str, step: dict[str, Any]) -> list[str]:
    net, how = _net(work, actor, step)
    if net is None:
        return ["0 shifts place the aspect; 1 buys a free invoke, 3 two, 6 three"]
    if net < 0:
        return [f"{how}{shifts_text(net)}: the aspect is not placed"]
    return [f"{how}{shifts_text(net)} buy {free_invokes(net)} free invoke{'s' * (free_invokes(net) != 1)}"]


def _recovery(work: Work, actor: str, step: dict[str, Any]) -> list[str]:
    target = _target(work.map, step.get("target"))
    if target is None:
        return []
    track = work.track(target, step.get("track") or "")
    marked = ", ".join(str(b) for b in track.marked) or "none"
    parts = [f"{work.label(target)}'s {track.name} boxes marked: {marked} (box n costs n shifts)"]
    net, how = _net(work, actor, step)
    if net is not None:
        chosen = step.get("boxes") or best_recovery(track, net)
        cost = sum(chosen)
        boxes = ", ".join(str(b) for b in chosen) or "nothing"
        paid = "" if cost <= net else f": {shifts_text(net)} cannot pay {cost}"
        parts.append(f"{how}{shifts_text(net)} clear {boxes}{paid}")
    return parts


def _continue(work: Work, actor: str, step: dict[str, Any]) -> list[str]:
    last = turn_of(work.conflict, actor).last
    if last is None:
        return [f"{work.label(actor)} has no action from the last exchange to continue"]
    shifts = (last.shifts if step.get("reroll") is None else step["reroll"]) + (step.get("extra") or 0)
    shifts -= turn_of(work.conflict, actor).bid or 0
    what = f"{last.aspect} on " if last.aspect else ""
    target = f" {what}{work.label(last.target)}" if last.target else ""
    return [f"continue {last.action}{target} with {shifts_text(shifts)}"]


def _range_words(work: Work, actor: str, target: str) -> str:
    """Range in borders from the actor's zone to the target's (a border: its nearer side)."""
    start = work.zone_of(actor)
    if work.has_token(target):
        ends = [z for z in [work.zone_of(target)] if z is not None]
    else:
        border = work.peek_border(target)
        ends = [border.a, border.b]
    if start is None or not ends:
        return "range: off the zones"
    field = range_field(work.graph, start)
    found = [r for r in (field[z] for z in ends) if r is not None]
    return _range(min(found)) if found else "no way between them"


def _range(distance: int) -> str:
    return "range 0 (the same zone)" if distance == 0 else f"range {distance} border{'s' * (distance != 1)}"


def _boxes(n: int) -> str:
    return f"{n} box" if n == 1 else f"{n} boxes"


def _token(map_: Map, value: Any) -> str | None:
    if not isinstance(value, str) or not value:
        return None
    return find_token(map_, value).id


def _target(map_: Map, value: Any) -> str | None:
    if not isinstance(value, str) or not value:
        return None
    try:
        return find_token(map_, value).id
    except ValueError as error:
        if "more than one" in str(error):
            raise
    try:
        return find_border(map_, value).id
    except ValueError as error:
        if "more than one" in str(error):
            raise
    raise ValueError(f"no token or border '{value}' on the map")


def _zone(map_: Map, value: Any) -> str | None:
    if not isinstance(value, str) or not value:
        return None
    return find_zone(map_, value).id


def _holder(map_: Map, value: Any) -> tuple[str, str] | None:
    if isinstance(value, (tuple, list)) and len(value) == 2:
        return (str(value[0]), str(value[1]))
    if isinstance(value, str) and value:
        return find_holder(map_, value)
    return None
