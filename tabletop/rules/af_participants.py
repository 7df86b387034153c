"""AF encounter: who takes part, changed while it runs: reinforcements arriving (between
exchanges, at an arrival edge), and participants taken out of the order by the GM.

Source: ../shared/rules/af-encounter.txt: "Any applicable reinforcements usually arrive between
exchanges"; "any new arrivals will enter at specified edges of the zone at the end of each
exchange" ("Exchange", "Setup").
"""

from __future__ import annotations

from tabletop.model import AfTurn, AreaLocation, Conflict, EncounterGrid, Map, Participant, Token, ZoneLocation
from tabletop.rules.af_exchange import grids_of
from tabletop.rules.af_moves import Place
from tabletop.rules.af_state import turn_of
from tabletop.rules.af_turns import leaving
from tabletop.rules.area_names import area_words
from tabletop.rules.names import name_of
from tabletop.rules.play import Step, logged
from tabletop.rules.setup import arrival_areas, arrival_edges

ARRIVES = "arrives"
LEAVES = "leaves the encounter"


def add(
    map_: Map,
    conflict: Conflict,
    tokens: list[str],
    sides: dict[str, str] | None = None,
    reflexes: dict[str, int] | None = None,
    to: Place | None = None,
) -> Step:
    """Reinforcements join: each takes its place in the reflex order at its reflex (after those
    of the same reflex), standing at `to` when given: an area of the encounter's grid, said
    when it is not on an arrival edge, or a zone. Between exchanges is their time; at any other
    time they join on the GM's word, and the step says so."""
    sides, reflexes = sides or {}, reflexes or {}
    taking = {p.token for p in conflict.participants}
    new = [t for t in dict.fromkeys(tokens) if t not in taking]
    if not new:
        raise ValueError("everyone named takes part already")
    notes = [f"{name_of(map_, t)} takes part already" for t in dict.fromkeys(tokens) if t in taking]
    if conflict.turn is not None:
        notes.append("arrivals come between exchanges: on the GM's word")
    placed, where_notes = _placed(map_, conflict, new, to)
    notes += where_notes
    order = list(conflict.order)
    at = order.index(conflict.turn) if conflict.turn in order else None
    participants = list(conflict.participants)
    for token in new:
        reflex = reflexes.get(token, 0)
        spot = next((i for i, t in enumerate(order) if turn_of(conflict, t).reflex < reflex), len(order))
        order.insert(spot, token)
        if at is not None and spot <= at:
            at += 1
            notes.append(f"{name_of(map_, token)}'s first turn comes next round")
        participants.append(
            Participant(token=token, side=sides.get(token, map_.token(token).side), af=AfTurn(reflex=reflex, snaps=0))
        )
    after = conflict.model_copy(update={"participants": participants, "order": order})
    for token in new:
        after = logged(after, actor=token, action=ARRIVES, numbers={"reflex": reflexes.get(token, 0)})
    if notes:
        last = after.log[-1]
        after = after.model_copy(update={"log": [*after.log[:-1], last.model_copy(update={"story": "; ".join(notes)})]})
    names = ", ".join(f"{name_of(map_, t)} (reflex {reflexes.get(t, 0)})" for t in new)
    tail = f" ({'; '.join(notes)})" if notes else ""
    verb = "arrives" if len(new) == 1 else "arrive"
    return Step(after, f"{names} {verb}{tail}", placed)


def remove(map_: Map, conflict: Conflict, tokens: list[str]) -> Step:
    """Participants taken out of the order (they stay on the map); if one held the turn, the
    turn passes on to the next in the order, or the round or the exchange ends."""
    taking = {p.token for p in conflict.participants}
    gone = [t for t in dict.fromkeys(tokens) if t in taking]
    if not gone:
        raise ValueError("none of them takes part in the encounter")
    return leaving(map_, conflict, gone, LEAVES)


def _placed(map_: Map, conflict: Conflict, new: list[str], to: Place | None) -> tuple[tuple[Token, ...], list[str]]:
    """The arrivals set at `to`, and notes: an area off every arrival edge, or arrivals left
    standing nowhere on the map."""
    if to is None:
        nowhere = [map_.token(t).label for t in new if map_.token(t).location is None]
        return (), [f"{', '.join(nowhere)} stands nowhere on the map: place the token"] if nowhere else []
    if isinstance(to, str):
        return tuple(map_.token(t).model_copy(update={"location": ZoneLocation(zone=to)}) for t in new), []
    grid = _arrival_grid(map_, conflict, new)
    row, col = to
    named = grid.name or grid.id
    if not grid.has_area(row, col):
        raise ValueError(f"{area_words(grid, row, col)} is off {named}: arrivals enter at its edges")
    notes = []
    if (row, col) not in set(arrival_areas(grid)):
        edges = ", ".join(arrival_edges(grid))
        notes.append(f"{area_words(grid, row, col)} is not on an arrival edge of {named} ({edges}): on the GM's word")
    where = AreaLocation(grid=grid.id, row=row, col=col)
    return tuple(map_.token(t).model_copy(update={"location": where}) for t in new), notes


def _arrival_grid(map_: Map, conflict: Conflict, new: list[str]) -> EncounterGrid:
    """The grid the arrivals enter: the encounter's own (where its participants stand), else
    the one an arrival stands on, else the map's first."""
    grids = grids_of(map_, conflict)
    if grids:
        return grids[0]
    for token in new:
        where = map_.token(token).location
        if isinstance(where, AreaLocation):
            return map_.grid(where.grid)
    if not map_.grids:
        raise ValueError("the map has no encounter grid to arrive on: name a zone instead")
    return map_.grids[0]
