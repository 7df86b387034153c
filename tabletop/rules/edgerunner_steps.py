"""Edgerunner play steps routed to the rules: a checked step (names already ids, fields as
rules/edgerunner_system.py declares them) in, a Step out. Source:
../shared/rules/edgerunner-conflicts.txt."""

from __future__ import annotations

from typing import Any

from tabletop.model import Conflict, EdgerunnerTurn, Map, Participant
from tabletop.rules import edgerunner as rules
from tabletop.rules.names import name_of
from tabletop.rules.play import Question, Step, Unanswered, leave, logged


def act(map_: Map, conflict: Conflict, step: dict[str, Any], graph) -> Step:
    """An action, after any spin it uses ("which can be used against him later"), by someone
    whose turn it may be: "Every character on the map can take one action per exchange", and
    "Resisting is the only thing you can do if it isn't your turn"."""
    may_act(map_, conflict, step)
    spinner = step.get("spin")
    if spinner is not None:
        conflict = rules.use_spin(map_, conflict, step["actor"], spinner)
    done = _action(map_, conflict, step, graph)
    if spinner is None:
        return done
    used = conflict.log[-1].numbers["spin"]
    text = f"{done.text} (using {name_of(map_, spinner)}'s spin {used})"
    return Step(done.conflict, text, done.tokens, done.zones, done.borders, done.grids, done.asks)


def may_act(map_: Map, conflict: Conflict, step: dict[str, Any]) -> None:
    """Refused: acting twice in an exchange, acting while another holds the turn, rolling
    again for what must be continued ("If all of these are the same as they were in the
    previous exchange, you cannot roll again. Instead, you must take a continue action"), and
    continuing anything but the last exchange's roll."""
    actor, action = step["actor"], step["action"]
    turn = rules.turn_of(conflict, actor)
    name = name_of(map_, actor)
    if turn.acted:
        raise ValueError(f"{name} has acted this exchange: every character takes one action per exchange")
    if conflict.turn is not None and conflict.turn != actor:
        raise ValueError(f"it is {name_of(map_, conflict.turn)}'s turn: {name} may only resist now")
    target = step.get("target") or step.get("to") or (step.get("on") or ("", ""))[1]
    skill = step.get("skill", "")
    if action not in ("continue", "simple") and skill and rules.must_continue(conflict, actor, action, target, skill):
        raise ValueError(
            f"{name} did the same ({action} with {skill} on {name_of(map_, target) or 'the scene'}) last exchange: "
            "you cannot roll again; take a continue action"
        )
    if action == "continue":
        last = turn.last
        when = _last_roll(conflict, actor)
        if last is None or last.action == "simple":
            raise ValueError(f"{name} has no roll from the last exchange to continue")
        if when is not None and when < conflict.exchange - 1:
            raise ValueError(f"{name}'s last roll was in exchange {when}: a continue builds on the previous exchange")


def _last_roll(conflict: Conflict, actor: str) -> int | None:
    """The exchange of the actor's last action (a continue's shifts come from the one before)."""
    acted = {"move", "move another", "attack", "defense", "maneuver", "recovery", "simple action"}
    for entry in reversed(conflict.log):
        if entry.actor == actor and (entry.action in acted or entry.action.startswith(("continue", "move"))):
            return entry.exchange
    return None


def _action(map_: Map, conflict: Conflict, d: dict[str, Any], graph) -> Step:
    actor, story, action = d["actor"], d.get("story", ""), d["action"]
    shifts, skill, resist = d.get("shifts", 0), d.get("skill", ""), d.get("resist")
    if action == "attack":
        if d.get("aspect"):
            if "on" not in d:
                raise ValueError("an attack on an aspect says what it is on ('on')")
            if "target" in d or "redefine" in d or "threshold" in d:
                raise ValueError("an attack on an aspect takes 'on', not a target, threshold or redefine")
            return rules.attack_aspect(
                map_, conflict, actor, d["on"], d["aspect"], shifts, skill, graph=graph, story=story, resist=resist
            )
        if "target" not in d:
            raise ValueError("'attack' needs a target (a token or a border), or an aspect and what it is on")
        return rules.attack(
            map_,
            conflict,
            actor,
            d["target"],
            d.get("track", ""),
            shifts,
            skill,
            graph=graph,
            story=story,
            resist=resist,
            threshold=d.get("threshold"),
            redefine=d.get("redefine"),
        )
    if action == "move":
        return rules.move(map_, conflict, actor, d["to"], shifts, skill, graph=graph, story=story, boost=d.get("boost"))
    if action == "move another":
        return rules.move_another(
            map_, conflict, actor, d["target"], d["to"], shifts, skill, graph=graph, story=story, resist=resist
        )
    if action == "defense":
        target, track = d["target"], d.get("track", "")
        return rules.defense(map_, conflict, actor, target, track, shifts, skill, graph=graph, story=story)
    if action == "maneuver":
        return rules.maneuver(
            map_, conflict, actor, d["on"], d["aspect"], shifts, 0, skill, graph=graph, story=story, resist=resist
        )
    if action == "recovery":
        target, track, boxes = d["target"], d.get("track", ""), d.get("boxes") or None
        return rules.recovery(
            map_, conflict, actor, target, track, boxes, shifts, d.get("helper"), skill=skill, graph=graph, story=story
        )
    if action == "continue":
        return rules.continue_action(
            map_,
            conflict,
            actor,
            to_zone=d.get("to"),
            boxes=d.get("boxes") or None,
            extra=d.get("extra", 0),
            reroll=d.get("reroll"),
            graph=graph,
            story=story,
            resist=resist,
            redefine=d.get("redefine"),
        )
    return rules.simple(map_, conflict, actor, d["what"], graph=graph, story=story)


def next_turn(map_: Map, conflict: Conflict, step: dict[str, Any]) -> Step:
    """The turn to one claimant, or an auction among the bidders ("the highest bidder gets to
    act but must subtract his bid from his roll"); with neither, the caller asks "Who's next?"."""
    bids = step.get("bids")
    who = step.get("who")
    waiting = rules.whos_next(conflict)
    if bids:
        late = [t for t in bids if t not in waiting]
        if late:
            raise ValueError(f"{name_of(map_, late[0])} has acted this exchange (or is out): no bid")
        top = max(bids.values())
        tied = tuple(t for t, bid in bids.items() if bid == top)
        if who is None and len(tied) > 1:  # "the highest bidder gets to act": the GM picks among the tied
            names = " and ".join(name_of(map_, t) for t in tied)
            raise Unanswered(Question("who", f"{names} both bid {top}: the GM picks who acts", "participant", tied))
        after = rules.auction(conflict, bids, lambda token: name_of(map_, token), who)
        return Step(
            after, f"{name_of(map_, after.turn)} wins the auction ({after.participant(after.turn).edgerunner.bid})"
        )
    claimants = [t for t in step.get("claimants") or () if t in waiting]  # no bid from who has acted
    if who is None and len(claimants) == 1:
        who = claimants[0]
    elif who is None and claimants:
        names = " and ".join(name_of(map_, t) for t in claimants)
        raise Unanswered(
            Question("bids", f"{names} claim the turn: their bids, in shifts", "by_token", tuple(claimants))
        )
    if who is None:
        if not waiting:
            raise ValueError("everyone has acted: end the exchange")
        names = ", ".join(name_of(map_, t) for t in waiting)
        asks = f"{conflict.caller} asks: " if conflict.caller else ""
        raise Unanswered(Question("who", f"{asks}Who's next? {names}", "participant", tuple(waiting)))
    if who not in waiting:
        raise ValueError(f"{name_of(map_, who)} has acted this exchange (or is out)")
    return Step(rules.claim(conflict, who), f"{name_of(map_, who)} claims the turn")


def offer(conflict: Conflict, side: str, story: str) -> Step:
    """ "If your opponent accepts your concession, the conflict ends": the words say who answers."""
    after = rules.concede(conflict, side, story)
    others = list(dict.fromkeys(p.side for p in conflict.participants if p.side and p.side != side))
    who = " or ".join(others) or "the other side"
    return Step(after, f"{side} offers a concession: {who} may accept or refuse it")


def _whose(side: str) -> str:
    return f"{side}'" if side.endswith("s") else f"{side}'s"


def answer(conflict: Conflict, accepted: bool, step: dict[str, Any]) -> Step:
    offered = rules.pending_concession(conflict)
    if offered is None:
        raise ValueError("no concession has been offered")
    others = [p.side for p in conflict.participants if p.side != offered[0]]
    by_side = step.get("side") or (others[0] if others else "")
    if accepted:
        after = rules.accept_concession(conflict, by_side, step.get("story") or None)
        return Step(after, f"{by_side or 'The other side'} accepts {_whose(offered[0])} concession: the conflict ends")
    refused = rules.refuse_concession(conflict, by_side)
    return Step(refused, f"{by_side or 'The other side'} refuses {_whose(offered[0])} concession: the conflict goes on")


def remove(map_: Map, conflict: Conflict, step: dict[str, Any]) -> Step:
    """Participants leave the conflict, logged (and the conflict's end with them, when nobody
    of one side is left)."""
    taking = {p.token for p in conflict.participants}
    outside = [t for t in step["tokens"] if t not in taking]
    if outside:
        raise ValueError(f"{name_of(map_, outside[0])} does not take part in the conflict")
    names = ", ".join(name_of(map_, t) for t in step["tokens"])
    after = leave(logged(conflict, action="leaves the conflict", story=names), set(step["tokens"]))
    if after.ended and not conflict.ended:
        after = logged(after, action="conflict ends", story=after.story)
    text = f"{names} {'leaves' if len(step['tokens']) == 1 else 'leave'} the conflict"
    return Step(after, text + (f": {after.story}" if after.ended else ""))


def add(map_: Map, conflict: Conflict, step: dict[str, Any]) -> Step:
    sides = step.get("sides") or {}
    taking = {p.token for p in conflict.participants}
    new = [t for t in step["tokens"] if t not in taking]
    if not new:
        raise ValueError("everyone named takes part already")
    rules.refuse_problems(map_, new)
    added = [Participant(token=t, side=sides.get(t, map_.token(t).side), edgerunner=EdgerunnerTurn()) for t in new]
    after = conflict.model_copy(update={"participants": [*conflict.participants, *added]})
    names = ", ".join(map_.token(t).label for t in new)
    return Step(logged(after, action="joins the conflict", story=names), f"{names} join the conflict")


def problem(map_: Map, conflict: Conflict, step: dict[str, Any]) -> Step:
    return rules.make_problem(
        map_,
        conflict,
        step["name"],
        step["zone"],
        step["aspect"],
        step["takes"],
        second_aspect=step.get("second_aspect", ""),
        track=step.get("track", ""),
    )
