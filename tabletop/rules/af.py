"""The AF encounter as pure steps: exchanges of 5 rounds, turns in reflex order, the start of
each turn, and the end of an exchange (the grid trimmed back, arrivals, persevere).

Source: ../shared/rules/af-encounter.txt ("Exchange", "Turn", "Zone", "Setup", "Persevere").
Each function takes the map and the conflict and returns a Step (rules/play.py); snaps,
actions, the guard and facing are in rules/af_actions.py and re-exported here, so the dock
asks one module.
"""

from __future__ import annotations

from tabletop.model import AfTurn, AreaLocation, Conflict, EncounterGrid, Map, Participant, Token
from tabletop.rules.af_actions import (
    ACTIONS,
    SNAPS,
    act,
    face,
    hustle_areas,
    screen,
    second_snap,
    snap,
    turn_of,
    use_extra,
    use_guard,
    with_turn,
)
from tabletop.rules.growth import HOME_SIZE, trim
from tabletop.rules.play import Step, logged
from tabletop.rules.terrain import Terrain

__all__ = [
    "ACTIONS",
    "ROUNDS",
    "SNAPS",
    "act",
    "begin_turn",
    "defenses_of",
    "end_exchange",
    "face",
    "hustle_areas",
    "next_round",
    "next_turn",
    "reflexes_known",
    "reorder",
    "screen",
    "second_snap",
    "snap",
    "start",
    "states_to_resolve",
    "use_extra",
    "use_guard",
]

ROUNDS = 5
"""An encounter "is run in exchanges of 5 rounds" ("Exchange")."""
STRENUOUS_PENALTY = -2
STATE_NOTES = {
    "down": "down: loses the next action (it goes to recovering)",
    "bleeding": "bleeding: resolve it",
    "falling": "falling: resolve it (the action may grab a ledge first)",
    "stall": "stall: -2 to all checks until recovered",
    "exhausted": "exhausted",
}


def start(map_: Map, tokens: list[str], sides: dict[str, str], reflexes: dict[str, int]) -> Step:
    """Start an encounter: turns run in reflex order, highest first ("on your reflex, you get
    your turn"); ties keep map order and the GM may reorder(). The first turn begins at once.
    A token's side is its side on the map unless `sides` names another."""
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
    conflict = Conflict(system="af", participants=participants, order=order)
    reflex_order = ", ".join(f"{map_.token(t).label} {reflexes.get(t, 0)}" for t in order)
    conflict = logged(conflict, action="start", story=f"reflex order: {reflex_order}")
    first = begin_turn(map_, conflict.model_copy(update={"turn": order[0]}))
    return Step(first.conflict, f"Start the encounter: {first.text}", first.tokens)


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


def begin_turn(map_: Map, conflict: Conflict, recover_down: bool = True) -> Step:
    """Begin the turn of `conflict.turn`: "you reset your guard, you gain a snap and an
    action, and resolve any ongoing states" ("Turn"). Effects "until your next turn" lapse;
    a screen's lost action is lost now; "if you are down ... you will lose your next action",
    so a down token's action goes to getting up (the down state is removed unless
    `recover_down` is False)."""
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
    )
    conflict = conflict.model_copy(update={"turns_taken": min(conflict.turns_taken + 1, 10_000_000)})
    numbers = {"guards": 1, "snaps": 1, "action": int(not lost)}
    conflict = logged(conflict, actor=actor, action="turn", numbers=numbers, story="; ".join(notes))
    tail = f": {'; '.join(notes)}" if notes else ""
    return Step(conflict, f"{token.label}'s turn, round {conflict.round}{tail}", tokens)


def next_turn(map_: Map, conflict: Conflict) -> Step:
    """The next participant in the order who is not out begins a turn; after the last, the next
    round; after round 5 the exchange ends (end_exchange), and the next call begins round 1."""
    if conflict.ended is not None:
        raise ValueError("the encounter has ended")
    live = [t for t in conflict.order if not conflict.participant(t).out]
    if not live:
        raise ValueError("everyone in the encounter is out")
    rnd = conflict.round
    if conflict.turn is None or conflict.turn not in conflict.order:
        following = live
    else:
        following = [t for t in conflict.order[conflict.order.index(conflict.turn) + 1 :] if t in live]
    if not following:
        if rnd >= ROUNDS:
            return end_exchange(map_, conflict)
        rnd, following = rnd + 1, live
    return begin_turn(map_, conflict.model_copy(update={"turn": following[0], "round": rnd}))


MAX_TURNS_IN_A_ROUND = 1000
"""A guard against a rules step that never moves the round on: a round has one turn each."""


def next_round(map_: Map, conflict: Conflict) -> Step:
    """Turns run on until the next round begins, each turn one after the other, as one step
    (the GM skips the rest of a round in which nobody does anything more)."""
    if conflict.ended is not None:
        raise ValueError("the encounter has ended")
    start = (conflict.exchange, conflict.round)
    step = next_turn(map_, conflict)
    tokens = {t.id: t for t in step.tokens}
    grids = {g.id: g for g in step.grids}
    for _ in range(MAX_TURNS_IN_A_ROUND):
        if step.conflict is None or (step.conflict.exchange, step.conflict.round) != start:
            break
        seen = map_.model_copy(update={"tokens": [tokens.get(t.id, t) for t in map_.tokens]}) if tokens else map_
        step = next_turn(seen, step.conflict)
        tokens.update({t.id: t for t in step.tokens})
        grids.update({g.id: g for g in step.grids})
    text = f"To round {step.conflict.round}: {step.text}" if step.conflict is not None else step.text
    return Step(step.conflict, text, tuple(tokens.values()), grids=tuple(grids.values()))


def end_exchange(map_: Map, conflict: Conflict) -> Step:
    """End the exchange: "tiles should be removed until the zone is a 3x3 grid again"
    ("Zone"), keeping the tiles with most tokens (a token left outside has exited the
    encounter: it leaves the map); "new arrivals will enter at specified edges" ("Setup");
    and "after an encounter that lasts more than an exchange" a persevere check, -2 as
    strenuous past two exchanges ("Persevere"). The next exchange starts at round 1."""
    if conflict.ended is not None:
        raise ValueError("the encounter has ended")
    ended = conflict.exchange
    grids, tokens, notes = _trimmed(map_, conflict)
    notes.extend(arrivals_reminder(map_, conflict))
    persevere = persevere_penalty(ended)
    if persevere is not None:
        strenuous = f", strenuous: {persevere}" if persevere else ""
        notes.append(f"persevere when the encounter ends: a strength check{strenuous}")
    numbers = {"exchange": ended, "grids trimmed": len(grids)}
    conflict = logged(conflict, action="end exchange", numbers=numbers, story="; ".join(notes))
    conflict = conflict.model_copy(update={"exchange": ended + 1, "round": 1, "turn": None})
    tail = f": {'; '.join(notes)}" if notes else ""
    return Step(conflict, f"End exchange {ended}{tail}", tokens, grids=grids)


def persevere_penalty(exchanges: int) -> int | None:
    """The persevere check's modifier after `exchanges` exchanges: None for one (no check),
    0 for two, -2 past two ("An encounter that lasts more than two exchanges counts as strenuous")."""
    if exchanges <= 1:
        return None
    return STRENUOUS_PENALTY if exchanges > 2 else 0


def arrivals_reminder(map_: Map, conflict: Conflict) -> list[str]:
    """Where new arrivals enter: the arrival edges of each grid the encounter is on, or a
    plain reminder when no grid marks any."""
    notes = []
    for grid in _grids_of(map_, conflict):
        edges = list(getattr(grid, "arrivals", None) or [])
        if edges:
            plural = "s" if len(edges) > 1 else ""
            notes.append(f"arrivals enter {grid.name or grid.id} at the {', '.join(edges)} edge{plural}")
    return notes or ["new arrivals enter at the zone's edges"]


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


def defenses_of(conflict: Conflict, token_id: str) -> list[str]:
    """What the target can still contest with this turn: each guard left, a defense against
    every check (defend or screen), and the fend and quip extras ("Guard", "Defense")."""
    turn = turn_of(conflict, token_id)
    found = ["guard"] * turn.guards
    if turn.defenses:
        found.append("a defense against every check")
    found += ["parry (fend)"] * turn.extra_parries
    found += ["retort (quip)"] * turn.extra_retorts
    return found


def _grids_of(map_: Map, conflict: Conflict) -> list[EncounterGrid]:
    """The grids on which participants stand, in map order."""
    ids = {map_.token(p.token).location.grid for p in conflict.participants if _on_grid(map_.token(p.token))}
    return [grid for grid in map_.grids if grid.id in ids]


def _on_grid(token: Token) -> bool:
    return isinstance(token.location, AreaLocation)


def _trimmed(map_: Map, conflict: Conflict) -> tuple[tuple[EncounterGrid, ...], tuple[Token, ...], list[str]]:
    """Each grown grid of the encounter cut back to 3x3 tiles, the tokens left outside moved
    off the map, and notes naming both."""
    grids: list[EncounterGrid] = []
    tokens: list[Token] = []
    notes: list[str] = []
    for grid in _grids_of(map_, conflict):
        r0, c0, r1, c1 = grid.tile_bounds()
        if r1 - r0 < HOME_SIZE and c1 - c0 < HOME_SIZE:
            continue
        standing = [t for t in map_.tokens if _on_grid(t) and t.location.grid == grid.id]
        cut = trim(grid, [(t.location.row, t.location.col) for t in standing])
        outside = [t for t in standing if not cut.has_area(t.location.row, t.location.col)]
        tokens += [t.model_copy(update={"location": None}) for t in outside]
        grids.append(cut)
        notes.append(f"{grid.name or grid.id} trimmed to 3x3 tiles")
        if outside:
            notes.append(f"exited the encounter: {', '.join(t.label for t in outside)}")
    return tuple(grids), tuple(tokens), notes
