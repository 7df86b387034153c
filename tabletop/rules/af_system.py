"""The AF encounter as a rule system (rules/systems.py): the actions, snaps and reactions of
the text with their fields, the turns in reflex order, the dock's words and turn list, and
`perform`.

Source: ../shared/rules/af-encounter.txt. The rules themselves are in rules/af.py (turns,
exchanges) and rules/af_actions.py (snaps, actions, the guard, screen, facing); this module
declares them and routes a step to them."""

from __future__ import annotations

from typing import Any

from tabletop.model import Conflict, LogEntry, Map, Participant
from tabletop.rules import af as rules
from tabletop.rules.names import name_of
from tabletop.rules.play import Step, leave, logged
from tabletop.rules.step_fields import Column, Field, Move, TurnKey
from tabletop.rules.systems import RuleSystem
from tabletop.rules.terrain import MOVE_TYPES

TARGET = Field("target", "token", "Target")
GOING = (
    Field("to", "place", "To", help="an area [row, col] of the grid, or a zone"),
    Field("facing", "facing", "Facing", help="after a maneuver or hustle you pick a facing"),
    Field("move", "choice", "Move type", choices=tuple(MOVE_TYPES)),
)
DEFENSE_TYPES = ("dodge", "parry", "insight")
GUARD_TYPES = (*DEFENSE_TYPES, "counter", "dive", "retort")
AGAINST = Field("against", "participant", "Against", help="whose check it contests")

ACTIONS = (
    Move(
        "attack",
        "action",
        (Field("target", "token", "Target", required=True), Field("surprise", "flag"), Field("social", "flag")),
        says="Hack, aim, or taunt a target. Roll damage if you succeed.",
        aims=True,
    ),
    Move(
        "convince",
        "action",
        (TARGET,),
        says="Negotiate to change the opinion of a target with no sway or grit.",
        aims=True,
    ),
    Move(
        "defend",
        "action",
        says="Gain an extra guard and a defense against any check that targets you until your next turn.",
    ),
    Move("hide", "action", says="Sneak to become hidden, placing 2 decoys in adjacent areas."),
    Move("maneuver", "action", GOING, says="Move your speed in areas, steer a vehicle, or ride a creature."),
    Move("recover", "action", (TARGET,), says="Eliminate the down state."),
    Move("recruit", "action", (TARGET,), says="Temporarily assume command of denizens."),
    Move("screen", "action", says="Abort to defend yourself."),
    Move("second snap", "action", says="You may give up your action to take a second snap."),
)
SNAPS = (
    Move("hustle", "snap", GOING, says="Maneuver extra areas equal to half your speed (minimum 1 after a maneuver)."),
    Move("creep", "snap", says="While hidden, make a sneak check or lose 1 decoy."),
    Move("crouch", "snap", says="Adjacent to cover: +2 to dodge attacks the cover applies to, until your next turn."),
    Move(
        "distract",
        "snap",
        (TARGET,),
        says="Check perform as a social attack; on success the target gains interference.",
        aims=True,
    ),
    Move("fend", "snap", says="You gain an extra parry defense until your next turn."),
    Move("equip", "snap", says="Change items to Equipped or Stored."),
    Move("look", "snap", (TARGET,), says="Eliminate a decoy or discover details with a study check."),
    Move("order", "snap", (TARGET,), says="Control the actions of followers."),
    Move("prepare", "snap", says="Gain a bonus (+2) on your next check or until your next turn."),
    Move("quip", "snap", says="You gain an extra retort defense until your next turn."),
)
REACTIONS = (
    Move(
        "guard",
        "reaction",
        (Field("type", "choice", "As", required=True, choices=GUARD_TYPES), AGAINST, Field("to", "place", "Dive to")),
        says="Your guard contests any opponent's check against you, once each turn, after seeing its result.",
    ),
    Move(
        "defense",
        "reaction",
        (Field("type", "choice", "As", required=True, choices=DEFENSE_TYPES), AGAINST),
        says="With a defend action or a screen you may use one defense against each check that targets you.",
    ),
    Move("screen", "reaction", says="Abort your next action to defend yourself in emergencies."),
    Move("fend parry", "reaction", (AGAINST,), says="The extra parry a fend gave."),
    Move("quip retort", "reaction", (AGAINST,), says="The extra retort a quip gave."),
)
STEPS = (
    Move("next", "step", says="The next in reflex order begins a turn."),
    Move("round", "step", says="Turns run on to the next round."),
    Move("end_exchange", "step", says="The exchange ends: the grid is trimmed back to 3x3 tiles."),
    Move(
        "add",
        "step",
        (
            Field("tokens", "tokens", required=True),
            Field("sides", "sides"),
            Field("reflexes", "by_token", "Reflex", low=-1000, high=1000),
        ),
        says="Reinforcements arrive at the specified edges between exchanges.",
    ),
    Move("remove", "step", (Field("tokens", "tokens", required=True),), says="Take someone out of the order."),
    Move("reorder", "step", (Field("order", "tokens", required=True),), says="The GM's own turn order."),
    Move(
        "face",
        "step",
        (Field("token", "token", required=True), Field("facing", "facing", required=True)),
        says="Pick a facing.",
    ),
)


class Af(RuleSystem):
    name = "af"
    title = "AF encounter"
    moves = (*ACTIONS, *SNAPS, *REACTIONS)
    steps = STEPS
    start_fields = (Field("reflexes", "by_token", "Reflex", low=-1000, high=1000),)
    keys = (
        TurnKey("next", "Next Turn", "F5"),
        TurnKey("round", "Next Round", "F6"),
        TurnKey("end_exchange", "End Exchange", "F7"),
    )
    columns = (Column("Reflex"), Column("Guard"), Column("Snap"), Column("Action"), Column("Defense"))

    def start(self, map_: Map, step: dict[str, Any]) -> Step:
        tokens = step.get("tokens") or [t.id for t in map_.tokens if t.location is not None and not t.hidden]
        return rules.start(map_, tokens, step.get("sides") or {}, step.get("reflexes") or {})

    def perform(self, map_: Map, conflict: Conflict, step: dict[str, Any], graph=None) -> Step:
        do = step["do"]
        if do in ("act", "snap", "react"):
            return _move(map_, conflict, step)
        if do == "next":
            return rules.next_turn(map_, conflict)
        if do == "round":
            return rules.next_round(map_, conflict)
        if do == "end_exchange":
            return rules.end_exchange(map_, conflict)
        if do == "remove":
            return Step(leave(conflict, set(step["tokens"])), "Leave the encounter")
        if do == "reorder":
            return Step(rules.reorder(conflict, step["order"]), "Reorder the turns")
        if do == "face":
            return rules.face(map_, conflict, step["token"], step["facing"])
        raise ValueError(f"{self.title} takes no step '{do}'")

    def header(self, conflict: Conflict, name) -> str:
        turn = f"{name(conflict.turn)}'s turn" if conflict.turn else "between exchanges"
        return f"Exchange {conflict.exchange} · round {conflict.round} · {turn}"

    def banner(self, conflict: Conflict, shown, name) -> str:
        turn = f"{name(conflict.turn)}'s turn" if conflict.turn and shown(conflict.turn) else ""
        parts = (turn, f"Round {conflict.round}", f"Exchange {conflict.exchange}")
        return "  ·  ".join(part for part in parts if part)

    def when(self, entry: LogEntry) -> str:
        return f"{entry.exchange}.{entry.round}"

    def rows(self, conflict: Conflict) -> list[Participant]:
        ranked = {token: i for i, token in enumerate(conflict.order)}
        return sorted(conflict.participants, key=lambda p: ranked.get(p.token, len(ranked)))

    def cells(self, map_: Map, conflict: Conflict, participant: Participant) -> tuple[str, ...]:
        turn = participant.af
        if turn is None:
            return ("", "", "", "", "")
        action = "yes" if turn.action else ("next lost" if turn.lose_next_action else "–")
        short = {"a defense against every check": "every check"}
        defenses = [short.get(d, d) for d in rules.defenses_of(conflict, participant.token) if d != "guard"]
        return (str(turn.reflex), str(turn.guards), str(turn.snaps), action, ", ".join(defenses))

    def who_may_act(self, conflict: Conflict) -> list[str]:
        order = [t for t in conflict.order if not conflict.participant(t).out]
        if conflict.turn in order:
            return order[order.index(conflict.turn) + 1 :]
        return order


def _move(map_: Map, conflict: Conflict, step: dict[str, Any]) -> Step:
    actor, story = step["actor"], step.get("story", "")
    going = {k: step[k] for k in ("to", "facing", "move") if k in step}
    if step["do"] == "snap":
        return rules.snap(map_, conflict, actor, step["snap"], target=step.get("target", ""), story=story, **going)
    if step["do"] == "act":
        action = step["action"]
        if action == "second snap":
            return rules.second_snap(map_, conflict, actor)
        return rules.act(map_, conflict, actor, action, target=step.get("target", ""), story=story, **going)
    reaction = step["reaction"]
    if reaction == "screen":
        return rules.screen(map_, conflict, actor, story=story)
    if reaction in ("fend parry", "quip retort"):
        after = rules.use_extra(conflict, actor, reaction.split()[1])
        return Step(after, f"{name_of(map_, actor)}: {reaction}")
    if reaction == "defense":
        after = logged(conflict, actor=actor, action="defense", target=step.get("against", ""), story=step["type"])
        return Step(after, f"{name_of(map_, actor)} defends ({step['type']})")
    after = rules.use_guard(conflict, actor, step.get("type", ""))
    return Step(after, f"{name_of(map_, actor)} uses the guard ({step.get('type', '')})")


SYSTEM = Af()
