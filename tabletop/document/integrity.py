"""The net under every edit: the document never holds a map the loader would refuse.

A map that saved and then would not open was the worst bug a new user met (a grid removed
with its tokens still standing on it). The loader's whole-map check is too slow for every
step of a drag on a big map, so each edit is checked here by the same checks (model/whole_map.py),
over the edited objects alone, against indexes of what refers to what: the cost is the edited
objects' own references, not the map's size.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from operator import attrgetter
from typing import Any

from tabletop.model import AreaLocation, EncounterGrid, Map, Token, ZoneLocation
from tabletop.model.base import MAX_MAP_POINTS
from tabletop.model.kinds import Key, Kind
from tabletop.model.map import points_in
from tabletop.model.whole_map import (
    count_problems,
    end_problems,
    grid_problems,
    points_problems,
    rows_among,
    token_problems,
)


class IntegrityError(ValueError):
    """An edit that would leave a broken reference; a bug in the command that tried it."""


def _place(token: Token) -> Key | None:
    """The zone or grid a token stands on (a zone and a grid may share an id)."""
    where = token.location
    if isinstance(where, ZoneLocation):
        return (Kind.ZONE, where.zone)
    if isinstance(where, AreaLocation):
        return (Kind.GRID, where.grid)
    return None


class Integrity:
    """Who refers to whom: tokens per zone or grid here; borders per zone from the layout's
    index (`borders_at` gives it: the document's one index of which borders touch a zone, in
    whatever layout the document holds now, one made afresh too); the zones on the map from the
    document's places by id (`placed`, current at every check: a set of its own slowed a big
    map's open)."""

    def __init__(
        self, map_: Map, borders_at: Callable[[], Mapping[str, set[str]]], placed: Mapping[Kind, Mapping[str, int]]
    ) -> None:
        self.map = map_  # its tile sets, few and replaced whole, are read where a grid names one
        self._placed = placed
        self.grids: dict[str, EncounterGrid] = {g.id: g for g in map_.grids}
        self._borders_at = borders_at
        self.tokens_on: dict[Key, set[str]] = {}
        self._token_place: dict[str, Key] = {}
        self._points_bound: int | None = None
        """At least as many points as the map's polygons hold together, once first counted."""
        self._on_grids: dict[str, Token] = {}
        """The tokens standing on an area of a grid, by id: a grid put is checked against them."""
        for token in map_.tokens:
            self._put_token(token)

    @property
    def border_ends(self) -> Mapping[str, set[str]]:
        return self._borders_at()

    @property
    def zones(self) -> Mapping[str, int]:
        return self._placed[Kind.ZONE]

    # -- checks, before anything changes -------------------------------------------------

    def check_put(self, kind: Kind, obj: Any, before: Any | None) -> None:
        self.check_put_many(kind, [obj], [before])

    def check_put_many(self, kind: Kind, objs: list[Any], befores: list[Any | None]) -> None:
        """Each object put (`befores`, what each replaces) checked by the whole map's own checks
        (model/whole_map.py) against the map as it is, all of a kind together: first the count
        the reader takes of the kind (a map past it would be saved but never open again), then
        what each names. The first problem is raised."""
        added = sum(before is None for before in befores)
        problems = count_problems({kind.value: len(self._placed[kind]) + added}, would=True) if added else []
        if problems:
            raise IntegrityError(problems[0])
        if kind is Kind.ZONE:
            added = points_in(objs) - points_in([before for before in befores if before is not None])
            problems = self._points_problems(added) if added > 0 else []
        elif kind is Kind.BORDER:
            ends = [list(map(attrgetter(end), objs)) for end in ("a", "b")]
            a, b = (rows_among(column, self.zones) for column in ends)
            named = lambda end, k: ends[end == "b"][k]  # noqa: E731 - the ends as the borders name them
            problems = end_problems(list(map(attrgetter("id"), objs)), a, b, None, named, would=True)
        elif kind is Kind.TOKEN:
            problems = token_problems(objs, self.zones, self.grids, would=True)
        elif kind is Kind.GRID:
            problems = grid_problems(objs, {s.id for s in self.map.tile_sets}, would=True)
            for grid in objs:
                on_it = map(self._on_grids.__getitem__, sorted(self.tokens_on.get((kind, grid.id), ())))
                problems += token_problems(on_it, (), {grid.id: grid}, would=True)
        if problems:
            raise IntegrityError(problems[0])

    def _points_problems(self, added: int) -> list[str]:
        """Whether `added` points more would take the map's polygons past their cap. The total
        is counted afresh only when the last count, with what was added since, comes near the
        cap: a vertex dragged adds none, and a dropped zone only lowers the true total, so the
        kept figure is never below it."""
        bound = self._points_bound
        if bound is None or bound + added > MAX_MAP_POINTS:
            bound = points_in(self.map.zones)
        self._points_bound = bound + added
        return points_problems(bound + added, would=True)

    def check_drop_many(self, kind: Kind, objs: list[Any]) -> None:
        """check_drop of each object, in their order; only zones and grids are checked, a zone's
        tokens and borders looked up for all of them together (Delete of a whole big map
        asked each zone's borders one by one, slowly)."""
        if kind is Kind.ZONE and objs:
            ids = list(map(attrgetter("id"), objs))
            occupied = {place for (held, place), tokens in self.tokens_on.items() if held is Kind.ZONE and tokens}
            failing = [k for k, zone_id in enumerate(ids) if zone_id in occupied] if occupied else []
            touched = getattr(self.border_ends, "first_touched", None)
            if touched is None:
                failing += [k for k, zone_id in enumerate(ids) if self.border_ends.get(zone_id)]
            elif (first := touched(ids)) is not None:
                failing.append(first)
            if failing:
                self.check_drop(kind, objs[min(failing)])  # says what the first one still holds
        elif kind is Kind.GRID:
            for obj in objs:
                self.check_drop(kind, obj)

    def check_drop(self, kind: Kind, obj: Any) -> None:
        if kind in (Kind.ZONE, Kind.GRID) and self.tokens_on.get((kind, obj.id)):
            token_id = sorted(self.tokens_on[(kind, obj.id)])[0]
            raise IntegrityError(f"token '{token_id}' still stands on {kind} '{obj.id}'")
        if kind is Kind.ZONE and self.border_ends.get(obj.id):
            border_id = sorted(self.border_ends[obj.id])[0]
            raise IntegrityError(f"border '{border_id}' still names zone '{obj.id}'")

    # -- keeping the indexes current, after a checked change -------------------------------

    def put(self, kind: Kind, obj: Any) -> None:
        if kind is Kind.GRID:
            self.grids[obj.id] = obj
        elif kind is Kind.TOKEN:
            self._drop_token(obj.id)
            self._put_token(obj)

    def drop(self, kind: Kind, obj: Any) -> None:
        if kind is Kind.GRID:
            self.grids.pop(obj.id, None)
        elif kind is Kind.TOKEN:
            self._drop_token(obj.id)

    def _put_token(self, token: Token) -> None:
        place = _place(token)
        if place is None:
            return
        self._token_place[token.id] = place
        self.tokens_on.setdefault(place, set()).add(token.id)
        if isinstance(token.location, AreaLocation):
            self._on_grids[token.id] = token

    def _drop_token(self, token_id: str) -> None:
        place = self._token_place.pop(token_id, None)
        if place is not None:
            self.tokens_on.get(place, set()).discard(token_id)
        self._on_grids.pop(token_id, None)
