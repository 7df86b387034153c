"""AF encounter: the reactions any participant may make at any time in the round: the guard
(dodge, parry, insight, and the guard's own counter, dive and retort), a defense from defend
or screen, a screen, and the extra parry of a fend or retort of a quip.

Source: ../shared/rules/af-encounter.txt, "Guard", "Defense" and "Screen". A reaction contests
one check: the latest check in the log made by `against` on the reactor (an attack, a
convince, a distract, or a counter's attack). "You must use a different type of check for
each": a second reaction of the same type against that check is refused. What the text does
not allow (a dodge against a surprise, a parry from behind the flank) is said and logged, and
goes ahead on the GM's word: the GM flagged the attack and may rule otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.model import Conflict, Map
from tabletop.rules.af_actions import screen, use_extra, use_guard
from tabletop.rules.af_contest import outcome
from tabletop.rules.af_moves import Going, Place, going_to
from tabletop.rules.af_state import turn_of
from tabletop.rules.attack import AttackView, attack_view
from tabletop.rules.names import name_of
from tabletop.rules.play import Step, logged

DEFENSE_TYPES = ("dodge", "parry", "insight")
GUARD_TYPES = (*DEFENSE_TYPES, "counter", "dive", "retort")
BASE = {"counter": "parry", "dive": "dodge", "retort": "insight"}
"""The guard's special options and the check each is: "Counter: A special parry", "Dive: A
special dodge", "Retort: A special insight"."""
EXTRAS = {"fend parry": "parry", "quip retort": "retort"}
"""The extra defenses of the fend and quip snaps, by the reaction's word."""
CHECKS = ("attack", "convince", "distract")
"""The log's actions that are checks against their target, which a defense may contest."""
SOCIAL = ("convince", "distract")
"""Checks that are social by nature ("Distract: Check perform as a social attack")."""
REACTING = ("guard", "defense", "fend", "quip")
"""The first word of a reaction's log entry ("guard parry", "fend parry")."""
DONE = {"dodge": "dodged", "parry": "parried", "insight": "used insight against"}
"""What a reaction of each type did to the check, for the words of a refusal."""
DIFFERENT = (
    "you must use a different type of check for each, so if you parry with your defense you must dodge with your guard"
)


@dataclass(frozen=True)
class Check:
    """A check in the log that a reaction contests: its place in the log and what it was."""

    index: int
    actor: str
    action: str
    surprise: bool
    social: bool


def contested(conflict: Conflict, reactor: str, against: str = "") -> Check | None:
    """The latest check logged against `reactor` (by `against`, when named), or None."""
    for index in range(len(conflict.log) - 1, -1, -1):
        entry = conflict.log[index]
        if entry.action in CHECKS and entry.target == reactor and (not against or entry.actor == against):
            social = bool(entry.numbers.get("social")) or entry.action in SOCIAL
            return Check(index, entry.actor, entry.action, bool(entry.numbers.get("surprise")), social)
    return None


def open_check(conflict: Conflict, reactor: str) -> Check | None:
    """The latest check against `reactor` that a reaction may still answer now: made in this
    turn (a guard is spent on a check as its result is seen, and it resets on the reactor's
    next turn), by a participant still in the conflict; None when there is none."""
    taking = {p.token for p in conflict.participants if not p.out}
    for index in range(len(conflict.log) - 1, -1, -1):
        entry = conflict.log[index]
        if entry.action == "turn":
            return None
        if entry.action in CHECKS and entry.target == reactor:
            if entry.actor not in taking:
                continue  # its maker has left: nothing of theirs to contest
            return contested(conflict.model_copy(update={"log": conflict.log[: index + 1]}), reactor, entry.actor)
    return None


def aimed(conflict: Conflict, reactor: str, against: str) -> Check | None:
    """The check a reaction contests: the latest by `against` when named (on the GM's word,
    whenever it was made), else the one open to a reaction now."""
    return contested(conflict, reactor, against) if against else open_check(conflict, reactor)


def used_against(conflict: Conflict, reactor: str, check: Check) -> dict[str, str]:
    """The types of check the reactor has contested this check with already, each with the
    reaction that used it ("parry": "guard counter")."""
    found: dict[str, str] = {}
    for entry in conflict.log[check.index + 1 :]:
        words = entry.action.split()
        if entry.actor == reactor and entry.target == check.actor and len(words) == 2 and words[0] in REACTING:
            found.setdefault(BASE.get(words[1], words[1]), entry.action)
    return found


def react(
    map_: Map,
    conflict: Conflict,
    reactor: str,
    reaction: str,
    *,
    type: str = "",
    against: str = "",
    to: Place | None = None,
    facing: float | None = None,
    past_edge: str | None = None,
    story: str = "",
    result: int | None = None,
) -> Step:
    """One reaction as its own step: "guard" or "defense" with its `type`, "screen", "fend
    parry" or "quip retort"; a dive moves the reactor `to` an area in the same step. With no
    `against`, it contests the check aimed at the reactor in this turn (a guard is spent as a
    result is seen), if any. `result` is its check's result, weighed against the check's."""
    if reaction == "screen":
        return screen(map_, conflict, reactor, story=story)
    kind = EXTRAS.get(reaction, type)
    allowed = GUARD_TYPES if reaction == "guard" else DEFENSE_TYPES if reaction == "defense" else (kind,)
    if kind not in allowed:
        raise ValueError(f"a {reaction} is one of {', '.join(allowed)}, not '{kind or 'nothing'}'")
    if to is not None and kind != "dive":
        raise ValueError("only a dive moves the one who makes it ('to' is for a guard of type dive)")
    base = BASE.get(kind, kind)
    _allowed(map_, conflict, reactor, reaction)  # a guard already spent is refused for that, whatever its type
    check = aimed(conflict, reactor, against)
    attacker = check.actor if check is not None else against
    notes: list[str] = []
    together = ""
    if check is not None:
        twice = _twice(map_, conflict, reactor, check, reaction, kind)
        if twice:
            raise ValueError(twice)
        together = next(iter(used_against(conflict, reactor, check).values()), "")
    refused = judged(map_, conflict, reactor, base, check, against)
    if check is not None and refused:
        raise ValueError(refused[0])
    notes += refused
    modifier, words = contest_modifier(map_, conflict, reactor, base, check)
    notes += words
    if check is not None and result is not None:
        notes.append(outcome(conflict, check.index, kind, result, modifier, together))
    conflict, said = _spent(conflict, reactor, reaction, kind, attacker)
    notes = [*said, *notes]
    going = Going()
    if kind == "dive":
        going, notes = _dive(map_, reactor, to, facing, past_edge, notes)
    elif kind == "counter" and attacker:
        entry = {"actor": reactor, "action": "attack", "target": attacker, "numbers": {"counter": 1}}
        conflict = _then(conflict, entry, "counter: attacks in place of diverting the attack")
    elif kind == "counter":
        notes.append("counter: name whom it attacks ('against')")
    elif kind == "retort":
        notes.append("a retort cooperates with other defenders")
    rolled = {kind: result} if result is not None else {}
    at = -2 if kind == "counter" and attacker else -1
    conflict = _amend(conflict, notes, {**rolled, **({"modifier": modifier} if modifier else {})}, story, at)
    return going.step(map_, conflict, _text(map_, reactor, reaction, kind, attacker, check, notes))


def _twice(map_: Map, conflict: Conflict, reactor: str, check: Check, reaction: str, kind: str) -> str:
    """Why a second reaction to one check is refused, in the text's words, or "": a second
    defense ("one defense against each check"), or a type of check used on it already ("you
    must use a different type of check for each"), a special option counted as its check."""
    used = used_against(conflict, reactor, check)
    who, whose = name_of(map_, reactor), f"{name_of(map_, check.actor)}'s {check.action}"
    if reaction == "defense" and any(u.startswith("defense") for u in used.values()):
        return f'{who} used a defense against {whose} already: "you may use one defense against each check"'
    base = BASE.get(kind, kind)
    if base not in used:
        return ""
    earlier = used[base]
    first, second = earlier.split()
    how = {"guard": "the guard", "defense": "a defense", "fend": "the fend's parry", "quip": "the quip's retort"}[first]
    if first == "guard" and second in BASE:
        how = f"the guard's {second}"
    special = f", and a {kind} is a special {base}" if kind in BASE else ""
    rule = DIFFERENT if {first, reaction} == {"guard", "defense"} else DIFFERENT.split(",")[0]
    left = [t for t in DEFENSE_TYPES if t not in used and not judged(map_, conflict, reactor, t, check, "")]
    rest = f"; left to contest it: {' or '.join(left)}" if left else "; no other type of check is left to contest it"
    return f'{who} {DONE[base]} {whose} with {how} already{special}: "{rule}"{rest}'


def judged(map_: Map, conflict: Conflict, reactor: str, base: str, check: Check | None, against: str) -> list[str]:
    """What the text says of this type of check against this check, as a refusal: no dodge
    against a surprise or social attack; a parry only forward of the flank and within reach,
    and only against an attack; insight only against a social attack ("Defense"). With no check
    in the log to contest (none in this turn when `against` is unnamed), a note: the check may have
    been rolled outside it, on the GM's word."""
    if check is None:
        if not against:
            return [f"no check against {name_of(map_, reactor)} in this turn: on the GM's word"]
        return [f"no check by {name_of(map_, against)} against {name_of(map_, reactor)} in the log: on the GM's word"]
    view = _view(map_, conflict, reactor, check)
    if base == "dodge" and (check.surprise or check.social):
        what = "surprise" if check.surprise else "social"
        return [f'no dodge against a {what} attack ("any attacks that aren\'t surprise or social")']
    if base == "parry":
        if check.social:
            return ["a parry contests an attack, not a social one"]
        if view is not None and view.range is not None and view.behind:
            return ['no parry from behind the flank ("only forward of your flank")']
        if view is not None and view.range is not None and not view.within_reach:
            reach = map_.token(reactor).reach
            return [f"no parry: out of reach ({view.range} {view.unit}, reach {reach})"]
    if base == "insight" and not check.social:
        return ["insight contests a social attack"]
    return []


def _allowed(map_: Map, conflict: Conflict, reactor: str, reaction: str) -> None:
    """The guard once a turn (one more after defend); a defense from defend or screen only."""
    turn = turn_of(conflict, reactor)
    name = name_of(map_, reactor)
    if reaction == "guard" and not turn.guards:
        raise ValueError(f"{name} has no guard left: it resets on {name}'s next turn (defend gives one more)")
    if reaction == "defense" and not turn.defenses:
        raise ValueError(f"{name} has no defenses from defend or screen: the guard is the single defense")


def contest_modifier(
    map_: Map, conflict: Conflict, reactor: str, base: str, check: Check | None
) -> tuple[int, list[str]]:
    """-2 when the check comes from behind the reactor's flank ("You will suffer a penalty (-2)
    on any contest that originates behind your flank"); a crouched dodge behind the cover the
    attack line crosses +2 ("Crouch"). The modifier and its words."""
    view = _view(map_, conflict, reactor, check) if check is not None else None
    if view is None or view.range is None:
        return 0, []
    behind = view.contest_penalty
    crouch = view.dodge - behind if base == "dodge" and view.dodge is not None else 0
    words = [w for w, on in ((f"{behind:+d} from behind the flank", behind), (f"{crouch:+d} crouched", crouch)) if on]
    return behind + crouch, words


def _view(map_: Map, conflict: Conflict, reactor: str, check: Check) -> AttackView | None:
    if all(t.id != check.actor for t in map_.tokens):
        return None
    return attack_view(map_, conflict, check.actor, reactor, surprise=check.surprise, social=check.social)


def _spent(conflict: Conflict, reactor: str, reaction: str, kind: str, attacker: str) -> tuple[Conflict, list[str]]:
    """The allowance spent and the reaction logged; with none left, said and logged as over."""
    if reaction == "guard":
        after = use_guard(conflict, reactor, kind, attacker)
    elif reaction == "defense":
        after = logged_defense(conflict, reactor, kind, attacker)
    else:
        after = use_extra(conflict, reactor, EXTRAS[reaction], attacker)
    told = after.log[-1].story
    return after, [told] if told else []


def logged_defense(conflict: Conflict, reactor: str, kind: str, attacker: str) -> Conflict:
    """A defense from defend or screen logged: "you may use one defense against each check"."""
    return logged(conflict, actor=reactor, action=f"defense {kind}", target=attacker)


def _dive(
    map_: Map, reactor: str, to: Place | None, facing: float | None, past_edge: str | None, notes: list[str]
) -> tuple[Going, list[str]]:
    """A dive moves the reactor "an area or more": to `to`, weighed against its run speed."""
    token = map_.token(reactor)
    if to is None:
        raise ValueError(f"a dive moves {token.label} an area or more: say where ('to')")
    kept = token.facing if facing is None else facing
    going = going_to(map_, token, to, kept, token.speeds.of("run"), "run", past_edge)
    return going, [*notes, *going.notes]


def _then(conflict: Conflict, entry: dict, story: str) -> Conflict:
    return logged(conflict, story=story, **entry)


def _amend(conflict: Conflict, notes: list[str], numbers: dict[str, int], story: str, at: int) -> Conflict:
    """The reaction's log entry with the notes, its numbers (its result, the modifier) and the GM's story."""
    log = list(conflict.log)
    entry = log[at]
    numbers = {**entry.numbers, **numbers}
    told = "; ".join(part for part in (*notes, story) if part and part not in entry.story)
    log[at] = entry.model_copy(update={"numbers": numbers, "story": "; ".join(p for p in (entry.story, told) if p)})
    return conflict.model_copy(update={"log": log})


def _text(map_: Map, reactor: str, reaction: str, kind: str, attacker: str, check: Check | None, notes: list) -> str:
    """The undo text: who contests whose check with what, with the notes the GM should see."""
    what = {"guard": f"uses the guard: {kind}", "defense": f"defends: {kind}"}.get(reaction, f"spends the {reaction}")
    whose = f" against {name_of(map_, attacker)}'s {check.action if check else 'check'}" if attacker else ""
    tail = f" ({'; '.join(notes)})" if notes else ""
    return f"{name_of(map_, reactor)} {what}{whose}{tail}"
