"""The AF encounter as a rule system (rules/systems.py): the actions, snaps and reactions of
the text with their fields, the turns in reflex order, the dock's words and turn list, and
`perform`.

Source: ../shared/rules/af-encounter.txt. The rules themselves are in rules/af.py and the
af_* modules it draws on (turns, exchanges, actions, moves, reactions, participants, words);
this module declares them and routes a step to them."""

from __future__ import annotations

from typing import Any

from tabletop.model import Conflict, LogEntry, Map, Participant
from tabletop.rules import af as rules
from tabletop.rules import af_attacks, af_participants, af_reactions, af_words
from tabletop.rules.af_moves import PAST_EDGE
from tabletop.rules.af_state import turn_of
from tabletop.rules.af_turns import STATE_NOTES
from tabletop.rules.manual_steps import set_state
from tabletop.rules.names import name_of
from tabletop.rules.play import Step
from tabletop.rules.step_fields import LIMIT, Column, Field, Move, TurnKey
from tabletop.rules.systems import COMMON, RuleSystem
from tabletop.rules.terrain import MOVE_TYPES

TARGET = Field("target", "token", "Target")
PAST = Field(
    "past_edge",
    "choice",
    "Past the edge",
    choices=PAST_EDGE,
    help="a move off the grid: grow the grid there, or exit the encounter",
    asked=True,
)
GOING = (
    Field("to", "place", "To", help="an area of the grid (C5, or [row, col]), or a zone"),
    Field("facing", "facing", "Facing", help="after a maneuver or hustle you pick a facing"),
    Field("move", "choice", "Move type", choices=tuple(MOVE_TYPES)),
    PAST,
)
AGAINST = Field(
    "against", "participant", "Against", help="whose check it contests (the one against you this turn if none)"
)
RESULT = Field(
    "result",
    "number",
    "Check result",
    help="what this check came to, as rolled: the flank's and crouch's modifiers are added, and it is weighed "
    "against the result of the check it contests",
)

ACTIONS = (
    Move(
        "attack",
        "action",
        (
            Field("target", "token", "Target", required=True),
            Field("check", "choice", "Check", choices=af_attacks.CHECK_WORDS, help="hack, aim, or taunt"),
            Field("result", "number", "Check result", help="what the attack's check came to: a defense contests it"),
            Field("damage", "number", "Damage", low=0, help="the damage rolled, if the check succeeded"),
            Field("surprise", "flag", help="a surprise attack cannot be dodged"),
            Field(
                "social",
                "flag",
                help="a social attack (a taunt is one): insight contests it, never dodge or parry",
            ),
        ),
        says="Hack, aim, or taunt a target. Roll damage if you succeed.",
    ),
    Move(
        "convince",
        "action",
        (TARGET,),
        says="Negotiate to change the opinion of a target with no sway or grit.",
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
        (
            Field("type", "choice", "Type", required=True, choices=af_reactions.GUARD_TYPES),
            AGAINST,
            RESULT,
            Field("to", "place", "Dive to", help="a dive only: the area it moves to", only_if=("type", "dive")),
            PAST,
        ),
        says="Your guard contests any opponent's check against you, once each turn, after seeing its result. "
        "Counter attacks instead, dive moves an area or more, retort cooperates with other defenders.",
    ),
    Move(
        "defense",
        "reaction",
        (Field("type", "choice", "Type", required=True, choices=af_reactions.DEFENSE_TYPES), AGAINST, RESULT),
        says="With a defend action or a screen you may use one defense against each check that targets you.",
    ),
    Move("screen", "reaction", says="Abort your next action to defend yourself in emergencies."),
    Move("fend parry", "reaction", (AGAINST, RESULT), says="The extra parry a fend gave."),
    Move("quip retort", "reaction", (AGAINST, RESULT), says="The extra retort a quip gave."),
)
STATE = next(m for m in COMMON if m.word == "state")
STEPS = (
    Move("next", "step", says="The turn ends (an unused snap and action are lost); the next in reflex order begins."),
    Move("round", "step", says="Turns run on to the next round."),
    Move(
        "end_exchange",
        "step",
        says="The exchange ends: each grid is trimmed back to 3x3 tiles, or to the tiles it was prepared with.",
    ),
    Move(
        "add",
        "step",
        (
            Field("tokens", "tokens", required=True, among="others"),
            Field("sides", "sides"),
            Field("reflexes", "by_token", "Reflex", required=True, low=-LIMIT, high=LIMIT),
            Field("to", "place", "Arrives at", help="an area on an arrival edge (A1, or [row, col]), or a zone"),
        ),
        says="Reinforcements arrive at the specified edges between exchanges.",
    ),
    Move(
        "remove",
        "step",
        (Field("tokens", "tokens", required=True, among="participants"),),
        says="Take someone out of the order (the turn passes on if it was theirs).",
    ),
    Move(
        "reorder",
        "step",
        (Field("order", "order", "Turn order", required=True, among="participants"),),
        says="The GM's own turn order (ties in reflex, or a change of plan).",
    ),
    Move(
        "face",
        "step",
        (Field("token", "token", required=True), Field("facing", "facing", required=True)),
        says="Pick a facing.",
    ),
    Move("state", "step", STATE.fields, says="Set or resolve a token's state (down loses the next action)."),
)


class Af(RuleSystem):
    name = "af"
    title = "AF encounter"
    moves = (*ACTIONS, *SNAPS, *REACTIONS)
    steps = STEPS
    start_fields = (
        Field(
            "reflexes",
            "by_token",
            "Reflex",
            required=True,
            low=-LIMIT,
            high=LIMIT,
            help="each round, on your reflex, you get your turn (highest first): typed, never a silent 0",
        ),
        Field("sets_up_first", "line", "Sets up first", help="the side the referee lets set up first"),
    )
    keys = (
        TurnKey("next", "Next Turn", "F5"),
        TurnKey("round", "Next Round", "F6"),
        TurnKey("end_exchange", "End Exchange", "F7"),
    )
    columns = (
        Column("Reflex", "turns run from the highest reflex"),
        Column("Guard", "guards left: one each turn, one more after defend"),
        Column("Snap", "snaps left this turn; lost: one went unused when the turn ended"),
        Column("Action", "yes: still to take; lost: unused when the turn ended; next lost: a screen took it"),
        Column("Defense", "defenses from defend or screen, and the extras of fend and quip"),
    )

    def start(self, map_: Map, step: dict[str, Any]) -> Step:
        """Turns run "on your reflex": each participant's is typed, never a silent 0."""
        tokens = step.get("tokens") or [t.id for t in map_.tokens if t.location is not None and not t.hidden]
        _reflexes_typed(map_, tokens, step)
        return rules.start(
            map_,
            tokens,
            step.get("sides") or {},
            step.get("reflexes") or {},
            sets_up_first=step.get("sets_up_first", ""),
        )

    def perform(self, map_: Map, conflict: Conflict, step: dict[str, Any], graph=None) -> Step:
        do = step["do"]
        if do in ("act", "snap"):
            return _move(map_, conflict, step)
        if do == "react":
            going = {k: step[k] for k in ("type", "against", "to", "past_edge", "story", "result") if k in step}
            return af_reactions.react(map_, conflict, step["actor"], step["reaction"], **going)
        if do == "next":
            return rules.next_turn(map_, conflict)
        if do == "round":
            return rules.next_round(map_, conflict)
        if do == "end_exchange":
            return rules.end_exchange(map_, conflict)
        if do == "add":
            _reflexes_typed(map_, step["tokens"], step)
            return af_participants.add(
                map_, conflict, step["tokens"], step.get("sides"), step.get("reflexes"), step.get("to")
            )
        if do == "remove":
            return af_participants.remove(map_, conflict, step["tokens"])
        if do == "reorder":
            return Step(rules.reorder(conflict, step["order"]), "Reorder the turns")
        if do == "face":
            return rules.face(map_, conflict, step["token"], step["facing"])
        if do == "state":
            return _state(map_, conflict, step)
        raise ValueError(f"{self.title} takes no step '{do}'")

    def header(self, conflict: Conflict, name) -> str:
        return af_words.header(conflict, name)

    def players_turn(self, conflict: Conflict, shown) -> str | None:
        return af_words.players_turn(conflict, shown)

    def banner(self, conflict: Conflict, shown, name) -> str:
        return af_words.banner(conflict, shown, name)

    def when(self, entry: LogEntry) -> str:
        return af_words.when(entry)

    def rows(self, conflict: Conflict) -> list[Participant]:
        ranked = {token: i for i, token in enumerate(conflict.order)}
        return sorted(conflict.participants, key=lambda p: ranked.get(p.token, len(ranked)))

    def cells(self, map_: Map, conflict: Conflict, participant: Participant) -> tuple[str, ...]:
        return af_words.cells(conflict, participant)

    def helper(self, map_: Map, conflict: Conflict, step: dict[str, Any], graph=None) -> str:
        return af_words.helper(map_, conflict, step, graph)

    def fits(self, map_: Map) -> int:
        """An encounter is played on an encounter grid: a map of grids and no zones is AF's."""
        return 2 if map_.grids and not map_.zones else 0

    def suggested(self, map_: Map, conflict: Conflict, token: str, move: Move) -> dict[str, Any]:
        """A reaction contests the latest check aimed at the reactor in this turn, by one still
        taking part: its maker is `against` (none once the turn moved on or the check is gone)."""
        if move.kind != "reaction" or not any(f.name == "against" for f in move.fields):
            return {}
        check = af_reactions.open_check(conflict, token)
        return {"against": check.actor} if check is not None else {}

    def start_defaults(self, map_: Map) -> dict[str, Any]:
        return {"reflexes": rules.reflexes_known(map_)}

    def move_budget(self, map_: Map, conflict: Conflict, token: str, word: str, move_type: str) -> int | None:
        """A hustle covers half the speed (at least 1 after a maneuver); the rest, the speed."""
        if word != "hustle":
            return None
        return rules.hustle_areas(map_.token(token), turn_of(conflict, token).moved, move_type)

    def who_may_act(self, conflict: Conflict) -> list[str]:
        order = [t for t in conflict.order if not conflict.participant(t).out]
        if conflict.turn in order:
            return order[order.index(conflict.turn) + 1 :]
        return order

    def open_moves(self, map_: Map, conflict: Conflict, token: str) -> tuple[Move, ...]:
        """What the text allows this participant now: in its own turn the actions while the
        action is unspent and the snaps while a snap is left; at any time the reactions it
        holds (a guard, defenses, a fend's parry, a quip's retort) and a screen not yet taken.
        Anything else is still in the form's full list, on the GM's word."""
        taking = next((p for p in conflict.participants if p.token == token), None)
        if taking is None or taking.out or conflict.ended is not None:
            return ()
        turn = turn_of(conflict, token)
        own = conflict.turn == token
        words = set()
        if own and turn.action:
            words |= {(m.kind, m.word) for m in ACTIONS}
        if own and turn.snaps:
            words |= {(m.kind, m.word) for m in SNAPS}
        held = {
            "guard": turn.guards > 0,
            "defense": turn.defenses,
            "screen": not turn.lose_next_action and not (own and turn.action),
            "fend parry": turn.extra_parries > 0,
            "quip retort": turn.extra_retorts > 0,
        }
        words |= {("reaction", word) for word, on in held.items() if on}
        return tuple(m for m in self.moves if (m.kind, m.word) in words)


def _reflexes_typed(map_: Map, tokens: list[str], step: dict[str, Any]) -> None:
    """Each newcomer's reflex typed: turns run on it, never on a silent 0."""
    untyped = [name_of(map_, t) for t in tokens if t not in step.get("reflexes", {})]
    if untyped:
        who = ", ".join(untyped[:-1]) + f" and {untyped[-1]}" if len(untyped) > 1 else untyped[0]
        raise ValueError(f"type the reflex of {who}: turns run on reflex, highest first")


def _move(map_: Map, conflict: Conflict, step: dict[str, Any]) -> Step:
    actor, story = step["actor"], step.get("story", "")
    going = {k: step[k] for k in ("to", "facing", "move", "past_edge") if k in step}
    if step["do"] == "snap":
        return rules.snap(map_, conflict, actor, step["snap"], target=step.get("target", ""), story=story, **going)
    action = step["action"]
    if action == "second snap":
        return rules.second_snap(map_, conflict, actor, story=story)
    numbers = {flag: 1 for flag in ("surprise", "social") if step.get(flag)}
    if action == "attack":
        numbers, story = af_attacks.attack_numbers(step, numbers, story)
    return rules.act(
        map_, conflict, actor, action, target=step.get("target", ""), story=story, numbers=numbers, **going
    )


def _state(map_: Map, conflict: Conflict, step: dict[str, Any]) -> Step:
    """A state set or resolved by the GM, logged in the text's words ("if you are down it
    specifies that you will lose your next action")."""
    token, state, on = map_.token(step["token"]), step["state"], step.get("on", True)
    done = set_state(conflict, token, state, on)
    said = STATE_NOTES.get(state, state).partition(": ")[2] if on else ""
    words = f"{done.text}: {said}" if said else done.text
    log = done.conflict.log
    last = log[-1].model_copy(update={"story": words})
    return Step(done.conflict.model_copy(update={"log": [*log[:-1], last]}), words, done.tokens)


SYSTEM = Af()
