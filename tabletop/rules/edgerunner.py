"""Edgerunner conflicts, the turn bookkeeping: exchanges in which everyone acts once, social
initiative ("Who's next?", a claim, an auction), compels, and the two endings (taken out,
concession). Source: ../shared/rules/edgerunner-conflicts.txt, "Exchanges", "Actions",
"Game over".

The actions are in rules/edgerunner_attack.py, edgerunner_aspects.py, edgerunner_actions.py
and edgerunner_moves.py, long actions in edgerunner_problems.py, re-exported here so the dock
and the command line import one module. Every function is pure: the
conflict (and the map) in, the next conflict or a Step out.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.model import Conflict, EdgerunnerTurn, Map, Participant
from tabletop.rules.edgerunner_actions import continue_action, defense, must_continue, recovery, simple
from tabletop.rules.edgerunner_aspects import invoke, maneuver
from tabletop.rules.edgerunner_attack import attack, attack_aspect
from tabletop.rules.edgerunner_moves import move, move_another, move_reach, push_reach
from tabletop.rules.edgerunner_problems import make_problem, set_duration
from tabletop.rules.edgerunner_state import (
    check_playing,
    participant,
    turn_of,
    with_participant,
)
from tabletop.rules.play import Step, logged
from tabletop.rules.time_track import TIME_TRACK

__all__ = [
    "accept_concession",
    "attack",
    "attack_aspect",
    "auction",
    "claim",
    "compel",
    "concede",
    "continue_action",
    "defense",
    "end_exchange",
    "invoke",
    "make_problem",
    "maneuver",
    "move",
    "move_another",
    "move_reach",
    "must_continue",
    "pending_concession",
    "push_reach",
    "recovery",
    "refuse_concession",
    "set_duration",
    "simple",
    "start",
    "use_spin",
    "whos_next",
]


def start(
    map_: Map, tokens: list[str], sides: dict[str, str] | None = None, caller: str = "", duration: str = ""
) -> Step:
    """A conflict among these tokens, in map order, each on its side (the token's own side
    unless given). "Designate a player to be the caller": the caller is a name, not a token.
    An exchange's `duration` is a step of the time track. A problem never takes a turn, so it
    never takes part."""
    if not tokens:
        raise ValueError("a conflict needs at least one token")
    on_map = {t.id: t for t in map_.tokens}
    missing = [t for t in tokens if t not in on_map]
    if missing:
        raise ValueError(f"no token '{missing[0]}' on the map")
    if len(set(tokens)) != len(tokens):
        raise ValueError(f"token '{next(t for t in tokens if tokens.count(t) > 1)}' is named twice")
    refuse_problems(map_, tokens)
    if duration and duration not in TIME_TRACK:
        raise ValueError(f"'{duration}' is not a step of the time track")
    sides = sides or {}
    chosen = set(tokens)
    participants = [
        Participant(token=t.id, side=sides.get(t.id, t.side), edgerunner=EdgerunnerTurn())
        for t in map_.tokens
        if t.id in chosen
    ]
    conflict = Conflict(system="edgerunner", caller=caller, participants=participants, duration=duration)
    told = [", ".join(on_map[p.token].label for p in participants)]
    told += [f"the caller is {caller}"] if caller else []
    told += [f"an exchange lasts {duration}"] if duration else []
    conflict = logged(conflict, action="conflict starts", story="; ".join(told))
    return Step(conflict, "Start Edgerunner conflict")


def refuse_problems(map_: Map, tokens: list[str]) -> None:
    """Problems are attacked, defended and moved, and never take a turn."""
    problem = next((t for t in map_.tokens if t.id in set(tokens) and t.problem), None)
    if problem is not None:
        raise ValueError(f"{problem.label} is a problem: it never takes a turn (attack, defend or move it instead)")


def use_spin(map_: Map, conflict: Conflict, actor: str, spinner: str) -> Conflict:
    """ "He may get spin, which can be used against him later": another participant's action
    uses the spin a failed move left on `spinner`. The GM adds what it is worth to the shifts
    typed; here it is cleared and logged, so it is used once."""
    check_playing(conflict)
    participant(conflict, actor)
    spin = turn_of(conflict, spinner).spin
    name = next((t.label for t in map_.tokens if t.id == spinner), spinner)
    if spinner == actor:
        raise ValueError(f"{name}'s spin is used against {name}, by someone else")
    if spin <= 0:
        raise ValueError(f"{name} has no spin to use")
    conflict = with_participant(conflict, spinner, turn={"spin": 0})
    return logged(conflict, actor=actor, action="uses spin", target=spinner, numbers={"spin": spin})


def whos_next(conflict: Conflict) -> list[str]:
    """ "Who's next?": the participants who have not acted this exchange and are not out, in map
    order (the order they were listed at the start)."""
    return [p.token for p in conflict.participants if not p.out and not turn_of(conflict, p.token).acted]


def claim(conflict: Conflict, token: str) -> Conflict:
    """ "Whoever responds first gets to act": the turn goes to this claimant, and the log keeps
    who claimed it. A GM may hand the turn to anyone taking part."""
    check_playing(conflict)
    participant(conflict, token)
    conflict = conflict.model_copy(update={"turn": token})
    return logged(conflict, actor=token, action="claims the turn")


def auction(
    conflict: Conflict, bids: dict[str, int], name: Callable[[str], str] = str, winner: str | None = None
) -> Conflict:
    """ "The caller runs an auction on how many shifts the players are willing to commit for
    acting first. The highest bidder gets to act but must subtract his bid from his roll."

    The bid is kept on the winner's turn state and comes off the shifts of the action it then
    takes. A tie at the top is for the GM to settle: `winner` names the one of the tied who
    acts (the bid still comes off); without it, ValueError names them (by `name`).
    """
    check_playing(conflict)
    if not bids:
        raise ValueError("an auction needs at least one bid")
    for token, bid in bids.items():
        participant(conflict, token)
        if not 0 <= bid <= 1000:
            raise ValueError(f"a bid is a number of shifts, 0 or more, not {bid}")
    top = max(bids.values())
    winners = [t for t, bid in bids.items() if bid == top]
    if winner is not None and winner not in winners:
        raise ValueError(f"{name(winner)} did not bid the most ({top})")
    if winner is None and len(winners) > 1:
        raise ValueError(f"{' and '.join(name(t) for t in winners)} both bid {top}: the GM picks who acts ('who')")
    winner = winner or winners[0]
    for token, bid in bids.items():
        conflict = logged(conflict, actor=token, action="bids", numbers={"bid": bid})
    conflict = with_participant(conflict, winner, turn={"bid": top})
    conflict = conflict.model_copy(update={"turn": winner})
    return logged(conflict, actor=winner, action="claims the turn", numbers={"bid": top})


def compel(
    conflict: Conflict, token: str, succeeded: bool, aspect: str = "", story: str = "", *, name: str = ""
) -> Step:
    """ "After a player declares his character's action but before he rolls the dice, the
    caller calls for compels. A successful compel causes the compelled character to skip his
    turn": the turn is spent (the bid with it) and no action is taken, so a held defense stays
    until its holder's next action. A failed compel changes nothing but the log. `name` is the
    compelled one's as the table knows it, for the step's words."""
    check_playing(conflict)
    participant(conflict, token)
    said = f"Compel on {name or token}" + (f" ({aspect})" if aspect else "")
    if not succeeded:
        return Step(logged(conflict, actor=token, action="compel fails", target=aspect, story=story), f"{said} fails")
    conflict = with_participant(conflict, token, turn={"acted": True, "compelled": True, "bid": None})
    order = conflict.order if token in conflict.order else [*conflict.order, token]
    turn = None if conflict.turn == token else conflict.turn
    conflict = conflict.model_copy(update={"order": order, "turn": turn, "turns_taken": conflict.turns_taken + 1})
    conflict = logged(conflict, actor=token, action="compelled: skips the turn", target=aspect, story=story)
    return Step(conflict, f"{said}: the turn is skipped")


def end_exchange(conflict: Conflict) -> Conflict:
    """The next exchange: everyone may act once again. What an action left behind carries on:
    the last action (for a continue) and a held defense (until its holder acts again)."""
    check_playing(conflict)
    fresh = {"acted": False, "compelled": False, "bid": None}
    participants = [
        p.model_copy(update={"edgerunner": turn_of(conflict, p.token).model_copy(update=fresh)})
        for p in conflict.participants
    ]
    waiting = [p.token for p in conflict.participants if not p.out and not turn_of(conflict, p.token).acted]
    conflict = logged(conflict, action="exchange ends", numbers={"not acted": len(waiting)} if waiting else {})
    return conflict.model_copy(
        update={"participants": participants, "exchange": conflict.exchange + 1, "order": [], "turn": None}
    )


def concede(conflict: Conflict, side: str, story: str) -> Conflict:
    """ "The losing side can offer a concession, a story acceptable to all sides": the offer is
    logged with its story and waits for the other side to accept or refuse it."""
    check_playing(conflict)
    sides = list(dict.fromkeys(p.side for p in conflict.participants))
    if side not in sides:
        named = ", ".join(s for s in sides if s) or "none named"
        raise ValueError(f"no side '{side}' takes part in the conflict (its sides: {named})")
    if not story.strip():
        raise ValueError("a concession is a story: say how the conflict ends")
    return logged(conflict, actor=side, action="offers a concession", story=story)


def pending_concession(conflict: Conflict) -> tuple[str, str] | None:
    """The side and story of a concession offered and not yet accepted or refused."""
    for entry in reversed(conflict.log):
        if entry.action == "offers a concession":
            return entry.actor, entry.story
        if entry.action in ("accepts the concession", "refuses the concession"):
            return None
    return None


def accept_concession(conflict: Conflict, by_side: str = "", story: str | None = None) -> Conflict:
    """ "If your opponent accepts your concession, the conflict ends with the story you just
    offered"; a story discussed and changed a little at the table can be given instead."""
    check_playing(conflict)
    offer = pending_concession(conflict)
    if offer is None:
        raise ValueError("no concession has been offered")
    side, offered = offer
    _answered_by_opponent(conflict, side, by_side)
    final = offered if story is None else story
    conflict = logged(conflict, actor=by_side, action="accepts the concession", target=side, story=final)
    return conflict.model_copy(update={"ended": "concession", "story": final, "turn": None})


def _answered_by_opponent(conflict: Conflict, offered_by: str, by_side: str) -> None:
    """ "If your opponent accepts your concession": the answer comes from another side taking part."""
    sides = {p.side for p in conflict.participants}
    if by_side and by_side not in sides:
        raise ValueError(f"no side '{by_side}' takes part in the conflict")
    if by_side == offered_by:
        raise ValueError(f"{offered_by} offered the concession: its opponent answers it")


def refuse_concession(conflict: Conflict, by_side: str = "") -> Conflict:
    """ "If it turns into a haggling slugfest, stop and continue the conflict"."""
    check_playing(conflict)
    offer = pending_concession(conflict)
    if offer is None:
        raise ValueError("no concession has been offered")
    _answered_by_opponent(conflict, offer[0], by_side)
    return logged(conflict, actor=by_side, action="refuses the concession", target=offer[0])
