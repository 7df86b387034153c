"""Edgerunner conflicts as a rule system (rules/systems.py): the actions of the text with
their fields, social initiative's steps, the dock's words and turn list, and `perform`.

Source: ../shared/rules/edgerunner-conflicts.txt. The rules themselves are in
rules/edgerunner.py (turns, compels, concessions) and the modules it re-exports (actions,
moves, stress); this module only declares them and routes a step to them."""

from __future__ import annotations

from typing import Any

from tabletop.model import Conflict, EdgerunnerTurn, LogEntry, Map, Participant
from tabletop.rules import edgerunner as rules
from tabletop.rules.manual_steps import set_facing
from tabletop.rules.names import name_of
from tabletop.rules.play import Question, Step, Unanswered, leave, logged
from tabletop.rules.step_fields import Column, Field, Move, TurnKey
from tabletop.rules.systems import RuleSystem

SHIFTS = Field("shifts", "number", "Shifts", help="what the roll gave, invocations included; below 0 is spin")
SKILL = Field("skill", "line", "Skill")
RESIST = Field("resist", "resist", "Resisted", help="what the target paid to take shifts off")
TARGET = Field("target", "target", "Target", required=True)
TRACK = Field("track", "track", "Track")

MOVES = (
    Move(
        "attack",
        "action",
        (TARGET, TRACK, SHIFTS, SKILL, RESIST),
        says="Any shifts from the attack roll are applied as stress against the target's stress track.",
        aims=True,
    ),
    Move(
        "move",
        "action",
        (Field("to", "zone", "To zone", required=True), SHIFTS, SKILL),
        says="The number of shifts is the limit on the total pass values of borders he can go through.",
    ),
    Move(
        "move another",
        "action",
        (
            Field("target", "token", "Target", required=True),
            Field("to", "zone", "To zone", required=True),
            SHIFTS,
            SKILL,
            RESIST,
        ),
        says="When determining range to the target, use the target's starting zone.",
        aims=True,
    ),
    Move(
        "defense",
        "action",
        (TARGET, TRACK, SHIFTS, SKILL),
        says="The shifts you get from your roll determine the new stress threshold of the target track.",
        aims=True,
    ),
    Move(
        "maneuver",
        "action",
        (
            Field("on", "holder", "Aspect on", required=True),
            Field("aspect", "aspect", "Aspect", required=True),
            SHIFTS,
            SKILL,
            RESIST,
        ),
        says="One shift on the roll buys you a free invoke; two more a second, three more a third.",
    ),
    Move(
        "recovery",
        "action",
        (TARGET, TRACK, Field("boxes", "boxes", "Boxes"), SHIFTS, SKILL, Field("helper", "participant", "Acts with")),
        says="You need a number of shifts equal to the box number to clear a single box.",
    ),
    Move(
        "continue",
        "action",
        (
            Field("to", "zone", "To zone"),
            Field("boxes", "boxes", "Boxes"),
            Field("extra", "number", "Aspects invoked", low=0, high=1000, help="+2 for each aspect newly invoked"),
            Field("reroll", "number", "Re-roll", help="the shifts of a re-roll bought with an invocation"),
            RESIST,
        ),
        says="You get the same number of shifts you got for the previous exchange.",
    ),
    Move(
        "simple",
        "action",
        (Field("what", "line", "Simple action", required=True),),
        says="Too simple to warrant a roll.",
    ),
)

STEPS = (
    Move(
        "next",
        "step",
        (Field("who", "participant", "Who claims the turn"), Field("bids", "by_token", "Bids", low=0, high=1000)),
        says="Who's next? Whoever responds first gets to act; several run an auction.",
    ),
    Move("end_exchange", "step", says="The exchange ends: everyone may act once again."),
    Move(
        "compel",
        "step",
        (
            Field("actor", "participant", "Who", required=True),
            Field("aspect", "aspect", "Aspect"),
            Field("succeeded", "flag"),
            Field("story", "text"),
        ),
        says="A successful compel causes the compelled character to skip his turn.",
    ),
    Move(
        "concede",
        "step",
        (Field("side", "line", "Side", required=True), Field("story", "text", "Story", required=True)),
        says="The losing side can offer a concession, a story acceptable to all sides.",
    ),
    Move(
        "accept",
        "step",
        (Field("side", "line", "Side"), Field("story", "text", "Story")),
        says="The concession is accepted: the conflict ends.",
    ),
    Move("refuse", "step", (Field("side", "line", "Side"),), says="The concession is refused: the conflict goes on."),
    Move(
        "add",
        "step",
        (Field("tokens", "tokens", required=True), Field("sides", "sides")),
        says="New participants join the conflict.",
    ),
    Move("remove", "step", (Field("tokens", "tokens", required=True),), says="Participants leave the conflict."),
    Move(
        "face",
        "step",
        (Field("token", "token", required=True), Field("facing", "facing", required=True)),
        says="Turn a token.",
    ),
)


class Edgerunner(RuleSystem):
    name = "edgerunner"
    title = "Edgerunner conflict"
    moves = MOVES
    steps = STEPS
    keys = (
        TurnKey("next", "Next Turn", "F5"),
        TurnKey("end_exchange", "End Exchange", "F7"),
        TurnKey("who", "Who's Next?", "F8", query=True),
    )
    columns = (Column("Acted"), Column("Bid"), Column("Defense"))

    def start(self, map_: Map, step: dict[str, Any]) -> Step:
        tokens = step.get("tokens") or [t.id for t in map_.tokens if t.location is not None and not t.hidden]
        return rules.start(map_, tokens, step.get("sides") or {}, caller=step.get("caller", ""))

    def perform(self, map_: Map, conflict: Conflict, step: dict[str, Any], graph=None) -> Step:
        do = step["do"]
        if do == "act":
            return _act(map_, conflict, step, graph)
        if do == "next":
            return _next(map_, conflict, step)
        if do == "end_exchange":
            return Step(rules.end_exchange(conflict), f"End of exchange {conflict.exchange}")
        if do == "compel":
            return rules.compel(
                conflict, step["actor"], step.get("succeeded", True), step.get("aspect", ""), step.get("story", "")
            )
        if do == "concede":
            return Step(rules.concede(conflict, step["side"], step["story"]), f"{step['side']} offers a concession")
        if do in ("accept", "refuse"):
            return _answer(conflict, do == "accept", step)
        if do == "add":
            return _add(map_, conflict, step)
        if do == "remove":
            return Step(leave(conflict, set(step["tokens"])), "Leave the conflict")
        if do == "face":
            return set_facing(conflict, map_.token(step["token"]), step["facing"])
        raise ValueError(f"{self.title} takes no step '{do}'")

    def header(self, conflict: Conflict, name) -> str:
        turn = f"{name(conflict.turn)}'s turn" if conflict.turn else "Who's next?"
        return f"Exchange {conflict.exchange} · {turn}"

    def banner(self, conflict: Conflict, shown, name) -> str:
        """A hidden actor's turn reads as "Who's next?", the words between turns."""
        turn = f"{name(conflict.turn)}'s turn" if conflict.turn and shown(conflict.turn) else "Who's next?"
        return f"{turn}  ·  Exchange {conflict.exchange}"

    def cells(self, map_: Map, conflict: Conflict, participant: Participant) -> tuple[str, ...]:
        turn = participant.edgerunner
        if turn is None:
            return ("", "", "")
        acted = "compelled" if turn.compelled else ("yes" if turn.acted else "–")
        bid = "" if turn.bid is None else str(turn.bid)
        held = turn.defense
        defense = f"{name_of(map_, held.target)} {held.track} ≥{held.threshold}" if held else ""
        return (acted, bid, defense)

    def who_may_act(self, conflict: Conflict) -> list[str]:
        return rules.whos_next(conflict)

    def when(self, entry: LogEntry) -> str:
        return str(entry.exchange)


def _resisted(step: dict[str, Any]) -> int:
    resist = step.get("resist") or {}
    paid = resist.get("shifts", 0) + resist.get("stress", 0) + 2 * resist.get("invokes", 0)
    return paid + sum(c["shifts"] for c in resist.get("consequences", []))


def _act(map_: Map, conflict: Conflict, step: dict[str, Any], graph) -> Step:
    d, actor, story = step, step["actor"], step.get("story", "")
    action = d["action"]
    shifts, skill, resisted = d.get("shifts", 0), d.get("skill", ""), _resisted(d)
    if action == "attack":
        return rules.attack(
            map_, conflict, actor, d["target"], d.get("track", ""), shifts, skill, resisted, graph=graph, story=story
        )
    if action == "move":
        return rules.move(map_, conflict, actor, d["to"], shifts, skill, graph=graph, story=story)
    if action == "move another":
        return rules.move_another(
            map_, conflict, actor, d["target"], d["to"], shifts, skill, resisted, graph=graph, story=story
        )
    if action == "defense":
        return rules.defense(
            map_, conflict, actor, d["target"], d.get("track", ""), shifts, skill, graph=graph, story=story
        )
    if action == "maneuver":
        return rules.maneuver(
            map_, conflict, actor, d["on"], d["aspect"], shifts, resisted, skill, graph=graph, story=story
        )
    if action == "recovery":
        boxes = d.get("boxes") or None
        return rules.recovery(
            map_,
            conflict,
            actor,
            d["target"],
            d.get("track", ""),
            boxes,
            shifts,
            d.get("helper"),
            skill=skill,
            graph=graph,
            story=story,
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
            resisted=resisted,
            graph=graph,
            story=story,
        )
    return rules.simple(map_, conflict, actor, d["what"], graph=graph, story=story)


def _next(map_: Map, conflict: Conflict, step: dict[str, Any]) -> Step:
    """The turn to one claimant, or an auction among the bidders ("the highest bidder gets to
    act but must subtract his bid from his roll"); with neither, who's next is asked."""
    bids = step.get("bids")
    if bids:
        after = rules.auction(conflict, bids)
        return Step(after, f"{name_of(map_, after.turn)} wins the auction")
    who = step.get("who")
    if who is None:
        waiting = rules.whos_next(conflict)
        if not waiting:
            raise ValueError("everyone has acted: end the exchange")
        names = ", ".join(name_of(map_, t) for t in waiting)
        raise Unanswered(Question("who", f"Who's next? {names}", "participant", tuple(waiting)))
    if who not in rules.whos_next(conflict):
        raise ValueError(f"{name_of(map_, who)} has acted this exchange (or is out)")
    return Step(rules.claim(conflict, who), f"{name_of(map_, who)} claims the turn")


def _answer(conflict: Conflict, accepted: bool, step: dict[str, Any]) -> Step:
    offered = rules.pending_concession(conflict)
    if offered is None:
        raise ValueError("no concession has been offered")
    others = [p.side for p in conflict.participants if p.side != offered[0]]
    by_side = step.get("side") or (others[0] if others else "")
    if accepted:
        after = rules.accept_concession(conflict, by_side, step.get("story") or None)
        return Step(after, "Accept the concession: the conflict ends")
    return Step(rules.refuse_concession(conflict, by_side), "Refuse the concession: the conflict goes on")


def _add(map_: Map, conflict: Conflict, step: dict[str, Any]) -> Step:
    sides = step.get("sides") or {}
    taking = {p.token for p in conflict.participants}
    new = [t for t in step["tokens"] if t not in taking]
    if not new:
        raise ValueError("everyone named takes part already")
    added = [Participant(token=t, side=sides.get(t, map_.token(t).side), edgerunner=EdgerunnerTurn()) for t in new]
    after = conflict.model_copy(update={"participants": [*conflict.participants, *added]})
    names = ", ".join(map_.token(t).label for t in new)
    return Step(logged(after, action="joins the conflict", story=names), f"{names} join the conflict")


SYSTEM = Edgerunner()
