"""The rule systems behind one interface: the play dock, the players' banner, the Markdown log
and `tabletop play` ask this registry and never a system by name.

A system is one module in rules/ holding a RuleSystem subclass, registered by its name in
HOMES. It declares its moves (actions, snaps, reactions) and its steps (next turn, end of
exchange, a compel) with the fields each takes (rules/step_fields.py), its words for the dock
and the players, its turn list, the helper's words for a move being declared, and one
`perform(map, conflict, step) -> Step`. The steps every system shares (start, close, a stress
box marked, a free invoke spent, a state, a story) are worked here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

from pydantic import ValidationError

from tabletop.model import Conflict, LogEntry, Map, Participant
from tabletop.model.wording import describe
from tabletop.rules import manual_steps as manual
from tabletop.rules.names import name_of
from tabletop.rules.play import Step, applied
from tabletop.rules.step_fields import DO_OF, STORY, Column, Field, Move, TurnKey, checked

HOMES = {
    "edgerunner": "tabletop.rules.edgerunner_system",
    "af": "tabletop.rules.af_system",
    "reserve": "tabletop.rules.reserve_system",
    "cards": "tabletop.rules.cards_system",
}
"""Where each system lives, by the name a map file gives it (model/conflict.py)."""

Shown = Callable[[str], bool]
"""Whether the players see a token (by id): the players' words never name one they do not."""


class RuleSystem:
    """What every system answers. The defaults fit a system played turn by turn by tokens on
    the map; a resolver (reserve, cards) says `turn_based = False` and has a pane of its own."""

    name: str = ""
    title: str = ""
    turn_based: bool = True
    """The play dock runs it turn by turn with tokens; otherwise its own pane resolves it."""
    moves: tuple[Move, ...] = ()
    """The actions, snaps and reactions, in the text's order."""
    steps: tuple[Move, ...] = ()
    """Its other steps (`kind` "step"), each a `do` word with its fields."""
    start_fields: tuple[Field, ...] = ()
    """What `start` takes beside the tokens and their sides."""
    keys: tuple[TurnKey, ...] = ()
    """The dock's big buttons, in order."""
    columns: tuple[Column, ...] = ()
    """The turn list's columns between the side and the stress."""
    opens: tuple[str, ...] = ()
    """Steps that need no conflict begun first: with none running, the system's own is begun
    for them in the same step ("you can settle things easily with a contested roll")."""

    # -- the steps --------------------------------------------------------------------------

    def start(self, map_: Map, step: dict[str, Any]) -> Step:
        raise NotImplementedError

    def start_defaults(self, map_: Map) -> dict[str, Any]:
        """What the Start dialog fills in for the GM, by start field (the reflexes the map's
        last encounter had: a character's reflex is typed once, not once per conflict)."""
        return {}

    def perform(self, map_: Map, conflict: Conflict, step: dict[str, Any], graph=None) -> Step:
        """Take a checked step (names already ids) of this system; ValueError in the rules'
        own words when the text does not allow it."""
        raise NotImplementedError

    def move(self, kind: str, word: str) -> Move:
        """The move or step of this kind with this word."""
        pool = self.steps if kind == "step" else self.moves
        for move in pool:
            if move.word == word and (kind == "step" or move.kind == kind):
                return move
        words = ", ".join(m.word for m in pool if kind == "step" or m.kind == kind)
        thing = "step" if kind == "step" else kind
        raise ValueError(f"{self.title} has no {thing} '{word}' (it has {words or 'none'})")

    # -- words ------------------------------------------------------------------------------

    def header(self, conflict: Conflict, name: Callable[[str], str]) -> str:
        """The dock's line: when in the conflict, and whose turn or what comes next."""
        turn = f"{name(conflict.turn)}'s turn" if conflict.turn else ""
        return " · ".join(part for part in (f"Exchange {conflict.exchange}", turn) if part)

    def players_turn(self, conflict: Conflict, shown: Shown) -> str | None:
        """Whose turn the players are shown (their banner and the ring on their map agree): an
        actor they do not see is never it."""
        return conflict.turn if conflict.turn and shown(conflict.turn) else None

    def banner(self, conflict: Conflict, shown: Shown, name: Callable[[str], str]) -> str:
        """The players' banner: never a word that tells of a token they do not see."""
        seen = self.players_turn(conflict, shown)
        turn = f"{name(seen)}'s turn" if seen else ""
        return "  ·  ".join(part for part in (turn, f"Exchange {conflict.exchange}") if part)

    def when(self, entry: LogEntry) -> str:
        """When a log entry happened, as the log shows it."""
        return str(entry.exchange)

    def rows(self, conflict: Conflict) -> list[Participant]:
        """The turn list's rows, in the order the table reads them."""
        return list(conflict.participants)

    def cells(self, map_: Map, conflict: Conflict, participant: Participant) -> tuple[str, ...]:
        """One row's cells under `columns`."""
        return ()

    def helper(self, map_: Map, conflict: Conflict, step: dict[str, Any], graph=None) -> str:
        """What the GM should know about a move being declared (range, defenses), in words."""
        return ""

    def who_may_act(self, conflict: Conflict) -> list[str]:
        """The participants who may still take a turn now."""
        return [p.token for p in conflict.participants if not p.out]

    def fits(self, map_: Map) -> int:
        """How well the system suits a map, for the Start dialog's first choice (0: not at all)."""
        return 0

    def suggested(self, map_: Map, conflict: Conflict, token: str, move: Move) -> dict[str, Any]:
        """Fields the form fills in for a move chosen from a participant's row (whose check a
        guard contests): the GM may change them."""
        return {}

    def move_budget(self, map_: Map, conflict: Conflict, token: str, word: str, move_type: str) -> int | None:
        """How far a move (by its word) lets the token go on a grid, for the reach overlay
        while it is dragged; None when the token's own speed is the answer."""
        return None

    def open_moves(self, map_: Map, conflict: Conflict, token: str) -> tuple[Move, ...]:
        """The moves open to this participant now (reactions included), for its row's menu."""
        return self.moves


_LOADED: dict[str, RuleSystem] = {}


def system(name: str) -> RuleSystem:
    """The system a map's conflict names; ValueError for one this Tabletop does not know."""
    if name not in _LOADED:
        home = HOMES.get(name)
        if home is None:
            raise ValueError(f"no rule system '{name}' (known: {', '.join(HOMES)})")
        _LOADED[name] = importlib.import_module(home).SYSTEM
    return _LOADED[name]


def of(conflict: Conflict) -> RuleSystem:
    return system(conflict.system)


def every() -> list[RuleSystem]:
    return [system(name) for name in HOMES]


def turn_based() -> list[RuleSystem]:
    """The systems the play dock runs turn by turn: Start Conflict offers these."""
    return [s for s in every() if s.turn_based]


def best_for(map_: Map) -> RuleSystem:
    """The turn-based system that suits the map best (the first on a tie)."""
    offered = turn_based()
    return max(offered, key=lambda rules: rules.fits(map_), default=offered[0])


# -- the steps every system shares ---------------------------------------------------------

START = Move(
    "start",
    "step",
    (
        Field("system", "choice", "System", required=True, choices=tuple(HOMES)),
        Field("tokens", "tokens", "Who takes part"),
        Field("sides", "sides", "Sides", help="a side for any token not on its own"),
    ),
    says="Start a conflict among these tokens",
)
COMMON = (
    Move("close", "step", says="The conflict leaves the map (its log with it)"),
    Move(
        "mark",
        "step",
        (Field("target", "target", required=True), Field("track", "track"), Field("box", "number", low=1, high=100)),
        says="Mark a stress box by hand",
    ),
    Move(
        "clear",
        "step",
        (Field("target", "target", required=True), Field("track", "track"), Field("box", "number", low=1, high=100)),
        says="Clear a stress box by hand",
    ),
    Move(
        "invoke",
        "step",
        (Field("on", "holder", "Aspect on", required=True), Field("aspect", "aspect", required=True), STORY),
        says="Spend a free invoke of an aspect",
    ),
    Move(
        "state",
        "step",
        (
            Field("token", "token", required=True),
            Field("state", "choice", required=True, choices=("down", "bleeding", "falling", "stall", "exhausted")),
            Field("on", "flag"),
        ),
        says="Set or resolve a token's state",
    ),
    Move(
        "story",
        "step",
        (Field("entry", "number", low=-100_000, high=100_000), Field("story", "text", required=True)),
        says="The story detail of a log entry (the last one unless `entry` says which)",
    ),
)


def steps_of(rules: RuleSystem) -> tuple[Move, ...]:
    """Every `do` word a conflict of this system takes, with its fields: its own steps first
    (a system may take a shared word its own way), then the shared ones."""
    own = {m.word for m in rules.steps}
    return (*rules.steps, *(m for m in COMMON if m.word not in own))


def move_of(rules: RuleSystem, step: Mapping[str, Any]) -> Move:
    """The move a step names: {"do": "act", "action": "attack"}, or a step word."""
    word = step.get("do")
    if not isinstance(word, str) or not word:
        raise ValueError('a step names what it does: {"do": ...}')
    for kind, do in DO_OF.items():
        if word == do:
            named = step.get(kind)
            if not isinstance(named, str):
                raise ValueError(f'"{word}" names the {kind}: {{"do": "{word}", "{kind}": ...}}')
            return rules.move(kind, named)
    for move in steps_of(rules):
        if move.word == word:
            return move
    words = ", ".join(dict.fromkeys([*(m.do for m in rules.moves), *(m.word for m in steps_of(rules))]))
    raise ValueError(f"{rules.title} takes no step '{word}' (it takes {words})")


def perform(map_: Map, conflict: Conflict | None, step: Mapping[str, Any], graph=None) -> Step:
    """Take one play step, as the dock and `tabletop play` both do: its names made ids, its
    fields checked, and the system's rules applied. ValueError says why it is refused, in
    words (a value the model refuses is said as the map's reader says it)."""
    try:
        return _perform(map_, conflict, step, graph)
    except ValidationError as error:
        raise ValueError(describe(error)) from None


def _perform(map_: Map, conflict: Conflict | None, step: Mapping[str, Any], graph) -> Step:
    if not isinstance(step, Mapping):
        raise ValueError('a step is an object: {"do": ...}')
    if step.get("do") == "start":
        if conflict is not None and conflict.ended is None:
            raise ValueError("a conflict is running: close it first")
        rules = system(
            checked(map_, None, {"system": step.get("system")}, Move("start", "step", START.fields[:1]))["system"]
        )
        whole = Move("start", "step", (*START.fields, *rules.start_fields))
        return rules.start(map_, checked(map_, None, step, whole))
    if conflict is None:
        opener = _opener(step)
        if opener is None:
            raise ValueError('no conflict is running: start one first ({"do": "start", ...})')
        begun = _perform(map_, None, {"do": "start", "system": opener.name}, graph)
        return _perform(applied(map_, begun), begun.conflict, step, graph)
    rules = of(conflict)
    try:
        move = move_of(rules, step)
    except ValueError:
        opener = _opener(step)  # another system's step: say which conflict stands in its way
        if opener is not None and conflict.ended is None:
            raise ValueError(f"{rules.title} is running: close it to play {opener.title.lower()}") from None
        raise
    given = checked(map_, conflict, step, move)
    if move.kind == "step" and move.word in {m.word for m in COMMON} and move not in rules.steps:
        return _common(map_, conflict, move.word, given)
    if conflict.ended is not None:
        raise ValueError(f"the conflict has ended ({conflict.ended}): close it or start another")
    if move.kind != "step":
        given[move.kind] = move.word
    try:
        return rules.perform(map_, conflict, {"do": move.do, **given}, graph=graph)
    except KeyError as error:
        raise ValueError(error.args[0] if error.args else str(error)) from None


def _opener(step: Mapping[str, Any]) -> RuleSystem | None:
    """The system whose conflict a step begins when none runs (a race's roll-off), if any:
    asked only then, so a conflict in play never loads the other systems' rules."""
    return next((rules for rules in every() if step.get("do") in rules.opens), None)


def _common(map_: Map, conflict: Conflict, word: str, given: dict[str, Any]) -> Step:
    if word == "close":
        return Step(None, "Close the conflict")
    if word in ("mark", "clear"):
        return manual.set_box(map_, conflict, given["target"], given.get("track", ""), given.get("box"), word == "mark")
    if word == "invoke":
        return manual.invoke(map_, conflict, given["on"], given["aspect"], given.get("story", ""))
    if word == "state":
        token = map_.token(given["token"])
        return manual.set_state(conflict, token, given["state"], given.get("on", True))
    entry = given.get("entry", -1)
    if not -len(conflict.log) <= entry < len(conflict.log):
        raise ValueError(f"the log has no entry {entry} (it has {len(conflict.log)})")
    return manual.set_story(conflict, entry % len(conflict.log), given["story"])


def names(map_: Map) -> Callable[[str], str]:
    """A token's, zone's or border's name by id, for words built from a conflict."""
    return lambda object_id: name_of(map_, object_id)
