"""Edgerunner conflicts as a rule system (rules/systems.py): the actions of the text with
their fields, social initiative's steps, the dock's words and turn list, and `perform`.

Source: ../shared/rules/edgerunner-conflicts.txt. The rules themselves are in
rules/edgerunner.py (turns, compels, concessions) and the modules it re-exports (attack,
aspects, actions, moves, problems); rules/edgerunner_steps.py routes a checked step to them
and rules/edgerunner_helper.py words an action being declared. This module declares them."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tabletop.model import Conflict, Map, Participant
from tabletop.rules import edgerunner as rules
from tabletop.rules import edgerunner_steps as steps
from tabletop.rules.edgerunner_helper import helper
from tabletop.rules.manual_steps import set_facing
from tabletop.rules.names import name_of
from tabletop.rules.play import Step
from tabletop.rules.step_fields import LIMIT, Column, Field, Move, TurnKey
from tabletop.rules.systems import RuleSystem
from tabletop.rules.time_track import TIME_TRACK

SHIFTS = Field("shifts", "number", "Shifts", help="what the roll gave, invocations included; below 0 is spin")
SKILL = Field("skill", "line", "Skill")
RESIST = Field(
    "resist",
    "resist",
    "Resisted",
    help="what the target paid to take shifts off: stress, consequences, invokes (2 each), shifts",
)
TARGET = Field("target", "target", "Target", required=True)
TRACK = Field("track", "track", "Track", help="the target's only track when left out")
SPIN = Field(
    "spin",
    "participant",
    "Using spin of",
    help="whose spin (from a failed move) this action uses against them: add its bonus to the shifts",
)
REDEFINE = Field(
    "redefine",
    "passages",
    "Redefine border",
    help="a border taken out: its new passages, as the map file writes them",
)
ASPECT_ON = Field("on", "holder", "Aspect on")

MOVES = (
    Move(
        "attack",
        "action",
        (
            Field("target", "target", "Target", help="a token or a border; or leave it out and name an aspect"),
            TRACK,
            Field("aspect", "aspect", "Aspect", help="an aspect to get rid of, with what it is on"),
            ASPECT_ON,
            SHIFTS,
            SKILL,
            Field(
                "threshold",
                "number",
                "Stress threshold",
                low=0,
                high=100,
                help="for a target with no stress track: the threshold the referee assigns",
                asked=True,
            ),
            REDEFINE,
            RESIST,
            SPIN,
        ),
        says="Any shifts from the attack roll are applied as stress against the target's stress track.",
    ),
    Move(
        "move",
        "action",
        (
            Field("to", "zone", "To zone", required=True),
            SHIFTS,
            SKILL,
            Field("boost", "resist", "Boosted by", help="stress, consequences or aspects invoked to move further"),
            SPIN,
        ),
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
            SPIN,
        ),
        says="When determining range to the target, use the target's starting zone.",
    ),
    Move(
        "defense",
        "action",
        (TARGET, TRACK, SHIFTS, SKILL, SPIN),
        says="The shifts you get from your roll determine the new stress threshold of the target track.",
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
            SPIN,
        ),
        says="One shift on the roll buys you a free invoke; two more a second, three more a third.",
    ),
    Move(
        "recovery",
        "action",
        (
            TARGET,
            TRACK,
            Field("boxes", "boxes", "Boxes"),
            SHIFTS,
            SKILL,
            Field("helper", "participant", "Acts with"),
            SPIN,
        ),
        says="You need a number of shifts equal to the box number to clear a single box.",
    ),
    Move(
        "continue",
        "action",
        (
            Field("to", "zone", "To zone"),
            Field("boxes", "boxes", "Boxes"),
            Field("extra", "number", "Invocation bonus", low=0, high=LIMIT, help="+2 for each aspect newly invoked"),
            Field("reroll", "number", "Re-roll", help="the shifts of a re-roll bought with an invocation"),
            REDEFINE,
            RESIST,
            SPIN,
        ),
        says="You get the same number of shifts you got for the previous exchange.",
    ),
    Move(
        "simple",
        "action",
        (Field("what", "line", "Simple action", required=True), SPIN),
        says="Too simple to warrant a roll.",
    ),
)

DURATION = Field(
    "duration",
    "choice",
    "An exchange lasts",
    choices=TIME_TRACK,
    help="a step of the time track; a problem's threshold counts from it",
)

STEPS = (
    Move(
        "next",
        "step",
        (
            Field("who", "participant", "Who claims the turn"),
            Field("claimants", "tokens", "Who claim it", help="several claimants: an auction asks their bids"),
            Field("bids", "by_token", "Bids", low=0, high=LIMIT),
        ),
        says="Who's next? Whoever responds first gets to act; several run an auction.",
    ),
    Move("end_exchange", "step", says="The exchange ends: everyone may act once again."),
    Move(
        "compel",
        "step",
        (
            Field("actor", "participant", "Who", required=True),
            Field("aspect", "aspect", "Aspect"),
            Field("succeeded", "flag", "Succeeded", default=True, help="the compel succeeded: the turn is skipped"),
            Field("story", "text"),
        ),
        says="A successful compel causes the compelled character to skip his turn.",
    ),
    Move(
        "concede",
        "step",
        (
            Field("side", "line", "Side", required=True, help="the side that concedes"),
            Field("story", "text", "Story", required=True, help="a concession is a story that ends the conflict"),
        ),
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
        "problem",
        "step",
        (
            Field("name", "line", "Problem", required=True),
            Field("zone", "zone", "In zone", required=True),
            Field("aspect", "aspect", "Aspect", required=True),
            Field("second_aspect", "aspect", "Second aspect"),
            Field("takes", "choice", "Would take", required=True, choices=TIME_TRACK, help="with a mediocre roll"),
            Field("track", "track", "Track", help="its stress track's name (progress)"),
        ),
        says="Something that takes longer than an exchange: a problem with an aspect (or two) and a stress track.",
    ),
    Move("duration", "step", (replace(DURATION, required=True),), says="How long an exchange lasts."),
    Move(
        "add",
        "step",
        (Field("tokens", "tokens", required=True, among="others"), Field("sides", "sides")),
        says="New participants join the conflict.",
    ),
    Move(
        "remove",
        "step",
        (Field("tokens", "tokens", required=True, among="participants"),),
        says="Participants leave the conflict.",
    ),
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
    start_fields = (
        DURATION,
        Field("caller", "line", "Caller", help='who asks "who\'s next?" (the GM if empty)'),
    )
    keys = (
        TurnKey("next", "Next Turn", "F5"),
        TurnKey("end_exchange", "End Exchange", "F7"),
        TurnKey("who", "Who's Next?", "F8", query=True),
    )
    columns = (
        Column("Acted"),
        Column("Bid"),
        Column("Defense"),
        Column("Spin", "shifts below zero of a failed move, to be used against the mover later"),
    )

    def fits(self, map_: Map) -> int:
        """A conflict is played on zones and borders."""
        return 1 if map_.zones else 0

    def start(self, map_: Map, step: dict[str, Any]) -> Step:
        tokens = step.get("tokens") or [
            t.id for t in map_.tokens if t.location is not None and not t.hidden and not t.problem
        ]
        return rules.start(
            map_, tokens, step.get("sides") or {}, caller=step.get("caller", ""), duration=step.get("duration", "")
        )

    def perform(self, map_: Map, conflict: Conflict, step: dict[str, Any], graph=None) -> Step:
        do = step["do"]
        if do == "act":
            return steps.act(map_, conflict, step, graph)
        if do == "next":
            return steps.next_turn(map_, conflict, step)
        if do == "end_exchange":
            return Step(rules.end_exchange(conflict), f"End of exchange {conflict.exchange}")
        if do == "compel":
            actor = step["actor"]
            succeeded, aspect, story = step.get("succeeded", True), step.get("aspect", ""), step.get("story", "")
            return rules.compel(conflict, actor, succeeded, aspect, story, name=name_of(map_, actor))
        if do == "concede":
            return steps.offer(conflict, step["side"], step["story"])
        if do in ("accept", "refuse"):
            return steps.answer(conflict, do == "accept", step)
        if do == "problem":
            return steps.problem(map_, conflict, step)
        if do == "duration":
            return rules.set_duration(conflict, step["duration"])
        if do == "add":
            return steps.add(map_, conflict, step)
        if do == "remove":
            return steps.remove(map_, conflict, step)
        if do == "face":
            return set_facing(conflict, map_.token(step["token"]), step["facing"])
        raise ValueError(f"{self.title} takes no step '{do}'")

    def header(self, conflict: Conflict, name) -> str:
        """ "Exchange 2 (a few seconds) · Gatto's turn"; between turns the caller asks."""
        when = f"Exchange {conflict.exchange}" + (f" ({conflict.duration})" if conflict.duration else "")
        if conflict.turn:
            return f"{when} · {name(conflict.turn)}'s turn"
        offered = rules.pending_concession(conflict)
        if offered is not None:  # the conflict waits on the other side's answer, not on who acts next
            return f"{when} · Concession offered by {offered[0]}: accept or refuse?"
        asks = f"{conflict.caller} asks: " if conflict.caller else ""
        return f"{when} · {asks}Who's next?"

    def banner(self, conflict: Conflict, shown, name) -> str:
        """A hidden actor's turn reads as "Who's next?", the words between turns."""
        seen = self.players_turn(conflict, shown)
        turn = f"{name(seen)}'s turn" if seen else "Who's next?"
        return f"{turn}  ·  Exchange {conflict.exchange}"

    def cells(self, map_: Map, conflict: Conflict, participant: Participant) -> tuple[str, ...]:
        turn = participant.edgerunner
        if turn is None:
            return ("", "", "", "")
        acted = "compelled" if turn.compelled else ("yes" if turn.acted else "–")
        bid = "" if turn.bid is None else str(turn.bid)
        held = turn.defense
        defense = f"{name_of(map_, held.target)} {held.track} threshold {held.threshold}" if held else ""
        spin = str(turn.spin) if turn.spin else ""
        return (acted, bid, defense, spin)

    def helper(self, map_: Map, conflict: Conflict, step: dict[str, Any], graph=None) -> str:
        return helper(map_, conflict, step, graph)

    def who_may_act(self, conflict: Conflict) -> list[str]:
        return rules.whos_next(conflict)


SYSTEM = Edgerunner()
