"""The AF encounter as pure steps: the start (reflex order, who sets up first), the GM's own
order, whole rounds; the turns, the end of an exchange, the snaps and actions are in their own
modules (af_turns, af_exchange, af_actions) and re-exported here, so a caller asks one module.

Source: ../shared/rules/af-encounter.txt ("Exchange", "Turn", "Zone", "Setup", "Persevere").
Each function takes the map and the conflict and returns a Step (rules/play.py).
"""

from __future__ import annotations

from tabletop.model import AfTurn, Conflict, Map, Participant
from tabletop.rules.af_actions import (
    ACTIONS,
    SNAPS,
    act,
    face,
    hustle_areas,
    screen,
    second_snap,
    snap,
    use_extra,
    use_guard,
)
from tabletop.rules.af_exchange import (
    arrivals_reminder,
    between_exchanges,
    end_exchange,
    grids_at_start,
    persevere_penalty,
)
from tabletop.rules.af_state import ROUNDS, defenses_of, turn_of, with_turn
from tabletop.rules.af_turns import STATE_NOTES, begin_turn, next_turn, states_to_resolve
from tabletop.rules.play import Step, logged

__all__ = [
    "ACTIONS",
    "ROUNDS",
    "SNAPS",
    "STATE_NOTES",
    "act",
    "arrivals_reminder",
    "begin_turn",
    "defenses_of",
    "end_exchange",
    "face",
    "hustle_areas",
    "next_round",
    "next_turn",
    "persevere_penalty",
    "reflexes_known",
    "reorder",
    "screen",
    "second_snap",
    "snap",
    "start",
    "states_to_resolve",
    "turn_of",
    "use_extra",
    "use_guard",
    "with_turn",
]


def start(
    map_: Map, tokens: list[str], sides: dict[str, str], reflexes: dict[str, int], sets_up_first: str = ""
) -> Step:
    """Start an encounter: turns run in reflex order, highest first ("on your reflex, you get
    your turn"); ties keep map order and the GM may reorder(). "The referee decides which side
    should setup first": `sets_up_first` names that side, logged. The first turn begins at
    once. A token's side is its side on the map unless `sides` names another."""
    if not tokens:
        raise ValueError("an encounter needs at least one token")
    position = {token.id: i for i, token in enumerate(map_.tokens)}
    for token_id in tokens:
        if token_id not in position:
            raise ValueError(f"no token '{token_id}' on the map")
    chosen = sorted(dict.fromkeys(tokens), key=position.__getitem__)
    order = sorted(chosen, key=lambda t: (-reflexes.get(t, 0), position[t]))
    participants = [
        Participant(
            token=t, side=sides.get(t, map_.token(t).side), af=AfTurn(reflex=reflexes.get(t, 0), guards=1, snaps=0)
        )
        for t in chosen
    ]
    present = list(dict.fromkeys(p.side for p in participants))
    if sets_up_first and sets_up_first not in present:
        raise ValueError(f"sets_up_first: nobody taking part is on the side '{sets_up_first}' ({', '.join(present)})")
    conflict = Conflict(
        system="af",
        participants=participants,
        order=order,
        sets_up_first=sets_up_first,
        grids_at_start=grids_at_start(map_),
    )
    reflex_order = ", ".join(f"{map_.token(t).label} {reflexes.get(t, 0)}" for t in order)
    setup = f"; {sets_up_first} sets up first" if sets_up_first else ""
    conflict = logged(conflict, action="start", story=f"reflex order: {reflex_order}{setup}")
    first = begin_turn(map_, conflict.model_copy(update={"turn": order[0]}))
    return Step(first.conflict, f"Start the encounter{setup}: {first.text}", first.tokens)


def reflexes_known(map_: Map) -> dict[str, int]:
    """The reflex each token had in the map's AF encounter (running, ended or about to be
    replaced), by token id. The text has turns run "on your reflex" but gives no way to work it
    out ("an encounter uses reflex", as a complication does): the GM types it, and the map
    remembers it only in an encounter's participants."""
    conflict = map_.conflict
    if conflict is None or conflict.system != "af":
        return {}
    return {p.token: p.af.reflex for p in conflict.participants if p.af is not None}


def reorder(conflict: Conflict, order: list[str]) -> Conflict:
    """The GM's own turn order (ties in reflex, or a change of plan): the same participants."""
    if sorted(order) != sorted(p.token for p in conflict.participants):
        raise ValueError("the new order must list every participant once")
    return logged(conflict.model_copy(update={"order": list(order)}), action="reorder")


MAX_TURNS_IN_A_ROUND = 1000
"""A guard against a rules step that never moves the round on: a round has one turn each."""


def next_round(map_: Map, conflict: Conflict) -> Step:
    """Turns run on until the next round begins, each turn one after the other, as one step
    (the GM skips the rest of a round in which nobody does anything more)."""
    if conflict.ended is not None:
        raise ValueError("the encounter has ended")
    if between_exchanges(conflict):  # the next round is the new exchange's first: its first turn begins it
        return next_turn(map_, conflict)
    begun = (conflict.exchange, conflict.round)
    step = next_turn(map_, conflict)
    tokens = {t.id: t for t in step.tokens}
    grids = {g.id: g for g in step.grids}
    for _ in range(MAX_TURNS_IN_A_ROUND):
        if step.conflict is None or step.conflict.ended or (step.conflict.exchange, step.conflict.round) != begun:
            break
        seen = map_.model_copy(update={"tokens": [tokens.get(t.id, t) for t in map_.tokens]}) if tokens else map_
        step = next_turn(seen, step.conflict)
        tokens.update({t.id: t for t in step.tokens})
        grids.update({g.id: g for g in step.grids})
    text = f"To round {step.conflict.round}: {step.text}" if step.conflict is not None else step.text
    return Step(step.conflict, text, tuple(tokens.values()), grids=tuple(grids.values()))
