"""AF encounter: the end of an exchange (the grid trimmed back, those left outside exiting,
arrivals, persevere) and a participant exiting the encounter.

Source: ../shared/rules/af-encounter.txt, "Exchange", "Zone", "Setup" and "Persevere".
"""

from __future__ import annotations

from tabletop.model import AreaLocation, Conflict, EncounterGrid, GridAtStart, Map, Token
from tabletop.rules.af_state import ROUNDS, lapsed
from tabletop.rules.growth import HOME_SIZE, exchange_window, trim
from tabletop.rules.names import name_of
from tabletop.rules.play import Step, leave, logged

STRENUOUS_PENALTY = -2
EXITS = "exits the encounter"
"""The log's word for a participant gone off the zone: "either you exit the encounter or a
new row of tiles is placed to extend the zone" ("Zone")."""


def grids_at_start(map_: Map) -> list[GridAtStart]:
    """Every grid of the map as the encounter begins: the tiles an exchange's end keeps."""
    starts = []
    for grid in map_.grids:
        top, left, bottom, right = grid.tile_bounds()
        starts.append(GridAtStart(grid=grid.id, top=top, left=left, bottom=bottom, right=right))
    return starts


def between_exchanges(conflict: Conflict) -> bool:
    """An exchange ended and the next not begun: no turn in hand, round 1, no turn of it logged."""
    if conflict.turn is not None or conflict.round != 1:
        return False
    return not any(e.action == "turn" and e.exchange == conflict.exchange for e in conflict.log)


def end_exchange(map_: Map, conflict: Conflict) -> Step:
    """End the exchange: the turn in hand ends (its unused snap and action lost); "tiles
    should be removed until the zone is a 3x3 grid again" ("Zone"), or until a grid prepared
    larger is its prepared size again ("some encounter zones may be pre-configured"), keeping
    the tiles with most tokens, and a participant left outside has exited the encounter (it
    leaves the map and the order); "new arrivals will enter at specified edges" ("Setup"); and
    "after an encounter that lasts more than an exchange" a persevere check, -2 as strenuous
    past two exchanges ("Persevere"). The next exchange starts at round 1 with Next Turn."""
    if conflict.ended is not None:
        raise ValueError("the encounter has ended")
    if between_exchanges(conflict):
        raise ValueError(f"exchange {conflict.exchange} has not begun: Next Turn begins it (an exchange has 5 rounds)")
    head = ""
    early = conflict.round < ROUNDS
    rounds = f"ended in round {conflict.round} of {ROUNDS}: on the GM's word"
    if conflict.turn is not None:
        actor = name_of(map_, conflict.turn)
        conflict, lost = lapsed(conflict)
        head = f"{actor}'s {lost}; " if lost else ""
    ended = conflict.exchange
    grids, tokens, notes = _trimmed(map_, conflict)
    taking = {p.token for p in conflict.participants}
    gone = [t.id for t in tokens if t.id in taking]
    notes = [rounds, *notes] if early else notes  # "exchanges of 5 rounds": the GM may cut one short
    notes += [f"{name_of(map_, t)} {EXITS}" for t in gone]
    notes.extend(arrivals_reminder(map_, conflict))
    persevere = persevere_penalty(ended)
    if persevere is not None:
        strenuous = f", strenuous: {persevere}" if persevere else ""
        notes.append(f"persevere when the encounter ends: a strength check{strenuous}")
    numbers = {"exchange": ended, **({"grids trimmed": len(grids)} if grids else {})}  # the story names them
    conflict = logged(conflict, action="end exchange", numbers=numbers, story="; ".join(notes))
    conflict = exits(conflict.model_copy(update={"turn": None}), gone)
    if conflict.ended is None:
        conflict = conflict.model_copy(update={"exchange": ended + 1, "round": 1})
    else:
        notes.append(conflict.story)
    tail = f": {'; '.join(notes)}" if notes else ""
    return Step(conflict, f"{head}End exchange {ended}{tail}", tokens, grids=grids)


def exits(conflict: Conflict, gone: list[str]) -> Conflict:
    """The conflict after these participants exited the encounter: each logged, then out of
    the participants and the order at once (with nobody left who can act, it ends)."""
    for token in gone:
        conflict = logged(conflict, actor=token, action=EXITS)
    return leave(conflict, set(gone)) if gone else conflict


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
    for grid in grids_of(map_, conflict):
        if grid.arrivals:
            edges = list(grid.arrivals)
            plural = "s" if len(edges) > 1 else ""
            notes.append(f"arrivals enter {grid.name or grid.id} at the {', '.join(edges)} edge{plural}")
    return notes or ["new arrivals enter at the zone's edges"]


def grids_of(map_: Map, conflict: Conflict) -> list[EncounterGrid]:
    """The grids on which participants stand, in map order."""
    standing = [map_.token(p.token) for p in conflict.participants]
    ids = {t.location.grid for t in standing if isinstance(t.location, AreaLocation)}
    return [grid for grid in map_.grids if grid.id in ids]


def _on_grid(token: Token) -> bool:
    return isinstance(token.location, AreaLocation)


def _trimmed(map_: Map, conflict: Conflict) -> tuple[tuple[EncounterGrid, ...], tuple[Token, ...], list[str]]:
    """Each grid of the encounter grown past the tiles it began with cut back to them (at least
    3x3), the tokens left outside moved off the map, and notes naming the grids and their size
    (a grid prepared larger than 3x3 and not grown is said to keep its prepared tiles)."""
    began = {start.grid: start for start in conflict.grids_at_start}
    grids: list[EncounterGrid] = []
    tokens: list[Token] = []
    notes: list[str] = []
    for grid in grids_of(map_, conflict):
        start = began.get(grid.id)
        (rows, cols), home = exchange_window(
            None if start is None else (start.top, start.left, start.bottom, start.right)
        )
        r0, c0, r1, c1 = grid.tile_bounds()
        if r1 - r0 < rows and c1 - c0 < cols:
            if (r1 - r0 + 1, c1 - c0 + 1) != (HOME_SIZE, HOME_SIZE):  # the GM expects 3x3: say why not
                notes.append(f"{grid.name or grid.id} kept {_size_words(grid, start)}")
            continue
        standing = [t for t in map_.tokens if _on_grid(t) and t.location.grid == grid.id]
        cut = trim(grid, [(t.location.row, t.location.col) for t in standing], (rows, cols), home)
        outside = [t for t in standing if not cut.has_area(t.location.row, t.location.col)]
        tokens += [t.model_copy(update={"location": None}) for t in outside]
        grids.append(cut)
        notes.append(f"{grid.name or grid.id} trimmed to {_size_words(cut, start)}")
        strangers = [t.label for t in outside if all(p.token != t.id for p in conflict.participants)]
        if strangers:
            notes.append(f"left the map with the cut tiles: {', '.join(strangers)}")
    return tuple(grids), tuple(tokens), notes


def _size_words(cut: EncounterGrid, start: GridAtStart | None) -> str:
    """The size a grid was trimmed to, rows by columns as `tabletop info` gives a grid: "3x3
    tiles" as the text has it, "its prepared 4x6 tiles" where the GM prepared that grid."""
    r0, c0, r1, c1 = cut.tile_bounds()
    rows, cols = r1 - r0 + 1, c1 - c0 + 1
    size = f"{rows}x{cols} tiles"
    if (rows, cols) == (HOME_SIZE, HOME_SIZE) or start is None or (start.rows, start.cols) != (rows, cols):
        return size
    return f"its prepared {size}"
