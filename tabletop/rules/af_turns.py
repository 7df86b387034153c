"""AF encounter: the turns of a round in reflex order, the start of each turn, and the turn
passing on when the one who holds it leaves.

Source: ../shared/rules/af-encounter.txt, "Turn" and "Exchange".
"""

from __future__ import annotations

from tabletop.model import AreaLocation, Conflict, Map, Token
from tabletop.rules.af_exchange import end_exchange
from tabletop.rules.af_state import ROUNDS, lapsed, turn_of, with_turn
from tabletop.rules.names import name_of
from tabletop.rules.play import Step, leave, logged
from tabletop.rules.terrain import Terrain

STATE_NOTES = {
    "down": "down: loses the next action (it goes to getting up)",
    "bleeding": "bleeding: resolve it",
    "falling": "falling: resolve it (the action may grab a ledge first)",
    "stall": "stall: -2 to all checks until recovered",
    "exhausted": "exhausted",
}


def begin_turn(map_: Map, conflict: Conflict, recover_down: bool = True) -> Step:
    """Begin the turn of `conflict.turn`: "you reset your guard, you gain a snap and an
    action, and resolve any ongoing states" ("Turn"). Effects "until your next turn" lapse;
    a screen's lost action is lost now; "if you are down ... you will lose your next action",
    so a down token's action goes to getting up (the down state is removed unless
    `recover_down` is False, and the log says so)."""
    actor = conflict.turn
    if actor is None:
        raise ValueError("it is no one's turn: use next turn")
    token = map_.token(actor)
    turn = turn_of(conflict, actor)
    notes = states_to_resolve(map_, conflict, actor)
    defenses, left = turn.defenses, turn.defense_turns
    if defenses and left:
        left -= 1
    elif defenses:
        defenses = False
    tokens: tuple[Token, ...] = ()
    lost = ""
    if turn.lose_next_action:
        lost = "screen"
    elif "down" in token.states:
        lost = "down"
        if recover_down:
            tokens = (token.model_copy(update={"states": [s for s in token.states if s != "down"]}),)
    conflict = with_turn(
        conflict,
        actor,
        guards=1,
        snaps=1,
        action=not lost,
        defenses=defenses,
        defense_turns=left,
        lose_next_action=False,
        moved=False,
        extra_parries=0,
        extra_retorts=0,
        crouched=False,
        prepared=False,
        snap_lost=False,
        action_lost=False,
    )
    conflict = conflict.model_copy(update={"turns_taken": min(conflict.turns_taken + 1, 10_000_000)})
    numbers = {"guards": 1, "snaps": 1, "action": int(not lost)}
    conflict = logged(conflict, actor=actor, action="turn", numbers=numbers, story="; ".join(notes))
    if tokens:
        story = f"{token.label} gets up: the action goes to it"
        conflict = logged(conflict, actor=actor, action="down resolved", story=story)
    tail = f": {'; '.join(notes)}" if notes else ""
    return Step(conflict, f"{token.label}'s turn, round {conflict.round}{tail}", tokens)


def next_turn(map_: Map, conflict: Conflict) -> Step:
    """The turn in hand ends (an unused snap and action are lost) and the next participant in
    the order who is not out begins one; after the last, the next round; after round 5 the
    exchange ends (end_exchange), and the next call begins round 1."""
    if conflict.ended is not None:
        raise ValueError("the encounter has ended")
    was = conflict.turn
    conflict, lost = lapsed(conflict)
    step = advance(map_, conflict, was)
    if not lost:
        return step
    return Step(step.conflict, f"{name_of(map_, was)}'s {lost}; {step.text}", step.tokens, grids=step.grids)


def advance(map_: Map, conflict: Conflict, after: str | None, order: list[str] | None = None) -> Step:
    """The turn goes to the first participant after `after` in `order` (the conflict's own
    unless the one who held the turn has left it) who is still in and not out; past the end
    of the order, the next round; past round 5, the end of the exchange."""
    order = conflict.order if order is None else order
    live = [t for t in conflict.order if not conflict.participant(t).out]
    if not live:
        raise ValueError("everyone in the encounter is out")
    rnd = conflict.round
    if after is None or after not in order:
        following = live
    else:
        following = [t for t in order[order.index(after) + 1 :] if t in live]
    if not following:
        if rnd >= ROUNDS:
            return end_exchange(map_, conflict)
        rnd, following = rnd + 1, live
    return begin_turn(map_, conflict.model_copy(update={"turn": following[0], "round": rnd}))


def leaving(map_: Map, conflict: Conflict, gone: list[str], word: str, moved: tuple[Token, ...] = ()) -> Step:
    """The conflict after these participants left it (`word`: "exits the encounter" or "leaves
    the encounter"), each logged; if one of them held the turn, it passes on to the next in
    the order (or the round or the exchange ends). `moved` are tokens the step already
    changes (one gone off the map), kept in the step."""
    was, order = conflict.turn, list(conflict.order)
    for token in gone:
        conflict = logged(conflict, actor=token, action=word)
    conflict = leave(conflict, set(gone))
    text = "; ".join(f"{name_of(map_, t)} {word}" for t in gone)
    if conflict.ended is not None:
        return Step(conflict, f"{text}; the encounter ends: {conflict.story}", moved)
    if was not in gone:
        return Step(conflict, text, moved)
    changed = {t.id: t for t in moved}
    seen = map_.model_copy(update={"tokens": [changed.get(t.id, t) for t in map_.tokens]}) if changed else map_
    step = advance(seen, conflict, was, order)
    changed.update({t.id: t for t in step.tokens})
    passing = "" if step.conflict is None or step.conflict.turn is None else "the turn passes on: "
    return Step(step.conflict, f"{text}; {passing}{step.text}", tuple(changed.values()), grids=step.grids)


def states_to_resolve(map_: Map, conflict: Conflict, token_id: str) -> list[str]:
    """What a participant must resolve this turn: its states ("Anything that is in effect
    until your next turn counts as a state to resolve"), a screen's lost action, and slippery
    ground underfoot ("You must make a balance check when you enter or on your turn")."""
    token = map_.token(token_id)
    notes = []
    if turn_of(conflict, token_id).lose_next_action:
        notes.append("screen: this turn's action is lost, defenses hold")
    notes += [STATE_NOTES.get(state, state) for state in token.states]
    where = token.location
    if isinstance(where, AreaLocation):
        underfoot = Terrain(map_.grid(where.grid)).at((where.row, where.col))
        if "slippery" in underfoot.properties:
            notes.append("slippery ground: a balance check or fall down")
    return notes
