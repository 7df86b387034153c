"""AF encounter in words: the dock's line, the players' banner, the log's time, the turn list's
cells, and the helper's words while the GM declares an attack or a reaction.

Source: ../shared/rules/af-encounter.txt ("Exchange", "Turn", "Guard", "Defense", "Segment",
"Movement"). The words are the text's own: exchange, round, guard, snap, action, flank, cover.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.model import AreaLocation, Conflict, LogEntry, Map, Participant, Token
from tabletop.rules.af_actions import hustle_areas
from tabletop.rules.af_attacks import SOCIAL_CHECKS, attack_told
from tabletop.rules.af_contest import outcome
from tabletop.rules.af_moves import going_to
from tabletop.rules.af_reactions import BASE, EXTRAS, SOCIAL, aimed, contest_modifier, judged, used_against
from tabletop.rules.af_state import defenses_of, turn_of
from tabletop.rules.area_names import area_words
from tabletop.rules.attack import attack_view
from tabletop.rules.names import find_token, name_of
from tabletop.rules.play import Unanswered

Name = Callable[[str], str]
SEP = "  ·  "
"""Between the banner's parts, as the players' window has always shown them."""
AIMED = ("attack", "convince", "distract")
"""The checks the helper describes: an attack, and the two social ones."""
GOING = ("maneuver", "hustle")
"""The moves whose destination the helper judges."""


def header(conflict: Conflict, name: Name) -> str:
    """The dock's line: exchange, round and whose turn; between exchanges, what comes next."""
    if conflict.ended:
        return f"The encounter has ended ({conflict.ended})"
    if conflict.turn:
        return f"Exchange {conflict.exchange} · Round {conflict.round} · {name(conflict.turn)}'s turn"
    if conflict.exchange > 1:
        done = conflict.exchange - 1
        return f"Exchange {done} ended · arrivals, then Next Turn begins exchange {conflict.exchange}"
    return f"Exchange {conflict.exchange} · Round {conflict.round} · Next Turn begins"


def seen_turn(conflict: Conflict, shown: Callable[[str], bool]) -> LogEntry | None:
    """The last turn of this exchange the players could see begin, while one they do not see
    is being played: of one still taking part (a participant removed since is no one's turn)."""
    taking = {p.token for p in conflict.participants}
    for entry in reversed(conflict.log):
        if entry.exchange != conflict.exchange:
            break
        if entry.action == "turn" and entry.actor in taking and shown(entry.actor):
            return entry
    return None


def players_turn(conflict: Conflict, shown: Callable[[str], bool]) -> str | None:
    """Whose turn the players are shown: while an unseen actor acts, still the last one they saw."""
    if conflict.ended or conflict.turn is None:
        return None
    if shown(conflict.turn):
        return conflict.turn
    seen = seen_turn(conflict, shown)
    return seen.actor if seen else None


def banner(conflict: Conflict, shown: Callable[[str], bool], name: Name) -> str:
    """The players' banner. While a participant they do not see holds the turn it keeps the
    last turn they could see in this exchange (its round), else "Round 1 · Exchange N": it
    never changes while an unseen actor acts, so it never tells of one."""
    if conflict.ended:
        return "The encounter is over"
    if conflict.turn is None:
        return f"Round {conflict.round}{SEP}Exchange {conflict.exchange}"
    if shown(conflict.turn):
        return f"{name(conflict.turn)}'s turn{SEP}Round {conflict.round}{SEP}Exchange {conflict.exchange}"
    seen = seen_turn(conflict, shown)
    if seen is not None:
        return f"{name(seen.actor)}'s turn{SEP}Round {seen.round}{SEP}Exchange {seen.exchange}"
    return f"Round 1{SEP}Exchange {conflict.exchange}"


def when(entry: LogEntry) -> str:
    """Exchange and round as "1.3": the log's When column, read as exchange 1, round 3."""
    return f"{entry.exchange}.{entry.round}"


def cells(conflict: Conflict, participant: Participant) -> tuple[str, ...]:
    """Reflex, guards, snaps, action and defenses: a snap or an action that went unused when
    the turn ended reads "lost" until the next turn; one a screen took ahead, "next lost"."""
    turn = participant.af
    if turn is None:
        return ("", "", "", "", "")
    snap = str(turn.snaps) if turn.snaps else ("lost" if turn.snap_lost else "–")
    if turn.action:
        action = "yes"
    elif turn.lose_next_action:
        action = "next lost"
    else:
        action = "lost" if turn.action_lost else "–"
    short = {"a defense against every check": "every check"}
    defenses = [short.get(d, d) for d in defenses_of(conflict, participant.token) if d != "guard"]
    return (str(turn.reflex), str(turn.guards), snap, action, ", ".join(defenses))


def helper(map_: Map, conflict: Conflict, step: dict[str, Any], graph=None) -> str:
    """What the GM should know while declaring an attack, a convince or a distract (range,
    cover, flank, parry and dodge, the target's defenses left), or a reaction (the check it
    contests and what the text says of it)."""
    try:
        if step.get("do") == "react":
            return _reaction(map_, conflict, step)
        word = step.get("action") or step.get("snap")
        if word in GOING and step.get("to") is not None:
            return destination(map_, conflict, step)
        if word not in AIMED:
            return ""
        actor, target = _id(map_, step.get("actor")), _id(map_, step.get("target"))
        social = bool(step.get("social")) or word in SOCIAL or step.get("check") in SOCIAL_CHECKS
        return attack_words(map_, conflict, actor, target, bool(step.get("surprise")), social, graph)
    except (KeyError, ValueError) as error:
        return str(error.args[0]) if error.args else ""


def destination(map_: Map, conflict: Conflict, step: dict[str, Any]) -> str:
    """Where a maneuver or hustle would take the mover, as the step would judge it: within its
    speed (a hustle's half), beyond it on the GM's word, an overlap left, slippery ground, or
    past the grid's edge, where the GM chooses to grow the grid or exit."""
    actor = map_.token(_id(map_, step.get("actor")))
    to = step["to"]
    place = tuple(to) if isinstance(to, list) else to
    move = step.get("move") or "run"
    hustle = step.get("snap") == "hustle"
    speed = hustle_areas(actor, turn_of(conflict, actor.id).moved, move) if hustle else actor.speeds.of(move)
    try:
        going = going_to(map_, actor, place, actor.facing, speed, move, step.get("past_edge"))
    except Unanswered as question:
        return f"{_place_words(map_, actor, place)}: {question.question.prompt}"
    named = _place_words(map_, actor, place, going.grids)
    notes = [n for n in going.notes if n != "pick a facing"]
    if any("beyond" in n for n in notes):
        return " · ".join(notes)
    within = [f"within {speed} area{'s' if speed != 1 else ''} of {move}"] if isinstance(place, tuple) else []
    return " · ".join([named, *within, *notes])


def _place_words(map_: Map, actor: Token, place, grown=()) -> str:
    """A zone's name, or the area as its grid names it (the grid as the move grows it)."""
    if not isinstance(place, tuple):
        return name_of(map_, place)
    where = actor.location
    if not isinstance(where, AreaLocation):
        return "an area"
    grid = next((g for g in grown if g.id == where.grid), None) or map_.grid(where.grid)
    return area_words(grid, *place)


def attack_words(
    map_: Map, conflict: Conflict | None, actor: str, target: str, surprise: bool, social: bool, graph=None
) -> str:
    """The attack helper in AF's words."""
    if not actor or not target or actor == target:
        return ""
    view = attack_view(map_, conflict, actor, target, surprise=surprise, social=social, graph=graph)
    if view.range is None:
        return "; ".join(view.notes)
    unit = view.unit[:-1] if view.range == 1 else view.unit
    parts = [f"range {view.range} {unit}"]
    if view.cover:
        parts.append(f"cover on the attack line: {', '.join(view.cover)} ({view.cover_penalty:+d})")
    if view.behind:
        parts.append(f"from behind the flank ({view.contest_penalty:+d} to contest)")
    if social:
        parts.append("no parry (social)")
    elif view.parry:
        parts.append("parry allowed")
    else:
        parts.append("no parry (behind the flank)" if view.behind else "no parry (out of reach)")
    if surprise or social:
        parts.append(f"no dodge ({'surprise' if surprise else 'social'})")
    elif view.dodge:
        parts.append(f"dodge {view.dodge:+d}")
    if social:
        parts.append("insight contests it")
    if conflict is not None and any(p.token == target for p in conflict.participants):
        left = defenses_of(conflict, target)
        parts.append(f"{name_of(map_, target)}'s defenses left: {', '.join(left) if left else 'none'}")
    return " · ".join(parts + view.notes)


def _reaction(map_: Map, conflict: Conflict, step: dict[str, Any]) -> str:
    """The check a reaction would contest, and what the text says of that type against it."""
    reactor, against = _id(map_, step.get("actor")), _id(map_, step.get("against"))
    if not reactor:
        return ""
    check = aimed(conflict, reactor, against)
    if check is None:
        if against:
            return f"no check by {name_of(map_, against)} against {name_of(map_, reactor)} in the log: on the GM's word"
        return (
            f"no check against {name_of(map_, reactor)} in this turn: name whose check in Against, "
            "or it is spent on the GM's word"
        )
    flags = attack_told(conflict.log[check.index].numbers)
    flags += [w for w, on in (("surprise", check.surprise), ("social", check.social)) if on]
    parts = [f"against {name_of(map_, check.actor)}'s {check.action}" + (f" ({', '.join(flags)})" if flags else "")]
    kind = EXTRAS.get(step.get("reaction", ""), step.get("type") or "")
    if kind:
        base = BASE.get(kind, kind)
        refused = judged(map_, conflict, reactor, base, check, against)
        parts += refused
        if not refused:
            modifier, words = contest_modifier(map_, conflict, reactor, base, check)
            together = next(iter(used_against(conflict, reactor, check).values()), "")
            parts += [*words, outcome(conflict, check.index, kind, step.get("result"), modifier, together)]
    return " · ".join(parts)


def _id(map_: Map, key: Any) -> str:
    """A token's id from an id or a name (the form may hold either while it is filled in)."""
    if not isinstance(key, str) or not key:
        return ""
    if any(t.id == key for t in map_.tokens):
        return key
    return find_token(map_, key).id
