"""AF encounter: where a maneuver, a hustle or a dive leaves the mover, past the grid's edge
included ("When you move off the edge of the zone either you exit the encounter or a new row of
tiles is placed to extend the zone").

Source: ../shared/rules/af-encounter.txt, "Movement", "Overlap", "Segment" and "Zone".
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import ValidationError

from tabletop.model import AreaLocation, Conflict, EncounterGrid, Map, Token, ZoneLocation
from tabletop.rules.af_exchange import EXITS
from tabletop.rules.af_turns import leaving
from tabletop.rules.area_names import area_words
from tabletop.rules.grid_movement import grid_reach
from tabletop.rules.growth import edges_toward, grow_to
from tabletop.rules.play import Question, Step, Unanswered
from tabletop.rules.sides import opponent_areas
from tabletop.rules.terrain import Terrain

Place = tuple[int, int] | str
"""Where a move ends: an area (row, col) of the token's grid, or a zone id on a zone map."""
PAST_EDGE = ("grow", "exit")
"""What a move past the grid's edge does, as the GM answers."""


@dataclass(frozen=True)
class Going:
    """Where a move leaves the mover: the tokens it changes, a grid it grew, notes for the GM,
    and whether the mover went past the edge and exited the encounter."""

    tokens: tuple[Token, ...] = ()
    grids: tuple[EncounterGrid, ...] = ()
    notes: tuple[str, ...] = ()
    exited: str = ""
    areas: int = 0
    """How far the mover went on its grid, in areas (what the log keeps of a move)."""

    def step(self, map_: Map, conflict: Conflict, text: str) -> Step:
        """The step of a snap, action or dive that made this move: an exit takes the mover
        out of the encounter at once (and the turn on, if it held it)."""
        if not self.exited:
            return Step(conflict, text, self.tokens, grids=self.grids)
        gone = leaving(map_, conflict, [self.exited], EXITS, self.tokens)
        return Step(gone.conflict, f"{text}; {gone.text}", gone.tokens, grids=gone.grids)


def going_to(
    map_: Map, token: Token, to: Place | None, facing: float | None, speed: int, move: str, past_edge: str | None
) -> Going:
    """A maneuver, hustle or dive to `to`: on the grid as moved() says; past its edge, "either
    you exit the encounter or a new row of tiles is placed to extend the zone" ("Zone"), as
    `past_edge` says ("grow" or "exit"), and asked (Unanswered) when it does not."""
    where = token.location
    if to is None or isinstance(to, str) or not isinstance(where, AreaLocation):
        moved_token, notes, areas = moved(map_, token, to, facing, speed, move)
        return Going((moved_token,), notes=tuple(notes), areas=areas)
    grid = map_.grid(where.grid)
    row, col = to
    if grid.has_area(row, col):
        moved_token, notes, areas = moved(map_, token, to, facing, speed, move)
        return Going((moved_token,), notes=tuple(notes), areas=areas)
    edge = " and ".join(dict.fromkeys(edges_toward(grid, row, col)))
    named = grid.name or grid.id
    if past_edge is None:
        prompt = f"{token.label} moves past the {edge} edge of {named}: grow the grid there, or exit the encounter?"
        raise Unanswered(Question("past_edge", prompt, "choice", PAST_EDGE))
    if past_edge == "exit":
        return Going((token.model_copy(update={"location": None}),), notes=(f"past the {edge} edge",), exited=token.id)
    if past_edge != "grow":
        raise ValueError(f"past_edge: '{past_edge}' is not one of {', '.join(PAST_EDGE)}")
    grown = grown_to(map_, grid, row, col)
    wider = map_.model_copy(update={"grids": [grown if g.id == grid.id else g for g in map_.grids]})
    moved_token, notes, areas = moved(wider, token, to, facing, speed, move)
    return Going((moved_token,), (grown,), (f"{named} grows to the {edge}", *notes), areas=areas)


def _out_of_reach(terrain: Terrain, token: Token, start, area, move: str, speed: int, opponents) -> str:
    """Why a move cannot end in an area, in the text's words: its ground, or how far it is."""
    named = area_words(terrain.bounds, *area)
    felt = terrain.felt(area, move)
    if "water" in felt and move != "swim":
        return f"{token.label} cannot {move} into {named}: water needs a swim"
    if "steep" in felt and move != "climb":
        return f"{token.label} cannot {move} into {named}: steep ground needs a climb"
    far = grid_reach(terrain, start, move, 10_000, opponents).costs.get(area)
    if far is None:
        closed = "water, steep ground or an opponent's overlap stops it"
        return f"{token.label} cannot {move} to {named}: the way there is closed ({closed})"
    return f"{named} costs {far} of {move} speed to reach; {token.label} has {speed} now"


def grown_to(map_: Map, grid: EncounterGrid, row: int, col: int) -> EncounterGrid:
    """The grid grown by rows or columns of tiles from its own tile set ("any new tiles are
    drawn from the same set") until area (row, col) is on it; one line when it cannot."""
    named = grid.name or grid.id
    if grid.tile_set is None or all(s.id != grid.tile_set for s in map_.tile_sets):
        raise ValueError(f"{named} has no tile set to grow from: exit the encounter there instead")
    try:
        grown = grow_to(grid, map_.tile_set(grid.tile_set), row, col)
        return EncounterGrid.model_validate(grown.model_dump())
    except ValidationError:
        raise ValueError(f"{named} cannot grow as far as {area_words(grid, row, col)}") from None


def moved(
    map_: Map, token: Token, to: Place | None, facing: float | None, speed: int, move: str
) -> tuple[Token, list[str], int]:
    """The token after a maneuver or hustle to `to` facing `facing`, and notes for the GM: a
    place the move cannot reach (beyond the speed, water without swim, steep ground without
    climb, past an opponent's overlap) or off the map is refused, saying why. Leaving an
    overlap needs a move check ("Overlap"); entering slippery ground a balance check ("Segment").
    The areas gone through come third."""
    notes: list[str] = []
    areas = 0
    where = token.location
    update: dict = {}
    if to is not None and isinstance(to, str):
        map_.zone(to)
        update["location"] = ZoneLocation(zone=to)
    elif to is not None:
        if not isinstance(where, AreaLocation):
            raise ValueError(f"{token.label} stands on no grid: move it to a zone instead")
        grid = map_.grid(where.grid)
        row, col = to
        if not grid.has_area(row, col):
            raise ValueError(f"{area_words(grid, row, col)} is off {grid.name or grid.id}: grow the grid first")
        terrain = Terrain(grid)
        opponents = opponent_areas(map_, grid.id, token.side, token.id)
        start = (where.row, where.col)
        if start in opponents:
            notes.append("leaving an overlap: a move check, opponents there may dodge or parry")
        reach = grid_reach(terrain, start, move, speed, opponents)
        if (row, col) not in reach.costs and (row, col) != start:
            raise ValueError(_out_of_reach(terrain, token, start, (row, col), move, speed, opponents))
        path = reach.path((row, col))
        areas = len(path) - 1
        if any("slippery" in terrain.felt(area, move) for area in path[1:]):
            notes.append("slippery ground entered: a balance check or fall down")
        update["location"] = AreaLocation(grid=grid.id, row=row, col=col)
    if facing is None:
        notes.append("pick a facing")
    else:
        update["facing"] = facing
    return token.model_copy(update=update), notes, areas
